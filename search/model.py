"""The data model of onrecord: every dataclass that crosses a layer boundary.

Owns no shape itself: the document as it flows through the indexer lives
in search.articles, the query and the pages built from the index in
search.answers; both are named here, so `from onrecord.search.model import
X` (search/'s own modules) and `from onrecord.search import X` (every other
layer) find them.  Nothing here imports Whoosh or Flask.
"""
from onrecord.search.answers import (
    MAX_PER_PAGE,
    SEARCH_MODES,
    DateBucket,
    EntityList,
    EntityProfile,
    FacetValue,
    Hit,
    ParagraphChange,
    QuoteRecord,
    SearchMode,
    SearchRequest,
    SearchResult,
    Sighting,
    SortOrder,
    StoredArticle,
    VersionInfo,
)
from onrecord.search.articles import (
    ALL_COLLECTIONS,
    DEFAULT_COLLECTION,
    EVIDENCE,
    KIND_LABELS,
    SPEAKER_TYPES,
    USER_SOURCE,
    Article,
    Block,
    BlockKind,
    BlockRole,
    CapturedPage,
    Evidence,
    IngestSummary,
    Mention,
    Metadata,
    Paragraph,
    ParsedArticle,
    Quote,
    QuoteKind,
    SourceFile,
    SourceKind,
    SpeakerType,
    Visibility,
    is_collection_name,
    paragraph_permalink,
)
from onrecord.search.fragments import text_fragment

__all__ = [
    "ALL_COLLECTIONS", "DEFAULT_COLLECTION", "Visibility", "is_collection_name",
    "Article", "Block", "BlockKind", "BlockRole", "CapturedPage", "DateBucket", "EVIDENCE", "EntityList",
    "EntityProfile",
    "Evidence", "FacetValue", "Hit", "IngestSummary", "KIND_LABELS", "MAX_PER_PAGE", "Mention", "Metadata", "Paragraph",
    "ParagraphChange", "ParsedArticle", "Quote", "QuoteKind", "QuoteRecord", "SPEAKER_TYPES", "SearchRequest",
    "SEARCH_MODES", "SearchMode", "SearchResult", "Sighting", "SortOrder", "SourceFile", "SourceKind",
    "SpeakerType", "StoredArticle",
    "USER_SOURCE", "VersionInfo", "paragraph_permalink", "text_fragment",
]
