"""onrecord's search layer: the data model, the Whoosh index and the query
engine.  The only package that imports Whoosh.

This module is search/'s front door: web/, cli/ and indexer/ import what
they use from `onrecord.search`, never from a module below it
(tests/test_layers.py checks; tests/search/test_search_exports.py lists the
names).  search/'s own modules import their siblings directly.

Names resolve lazily, each time one is looked up, to the attribute of the
module that owns it: `import onrecord.search.model` (a worker parsing
pages) loads no Whoosh, and a test that patches
`onrecord.search.engine.search` patches what the web calls through here."""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

# Home module -> the names it exports, grouped by concern.  A new export is
# one name in one row here and in the TYPE_CHECKING imports below (which
# give mypy the types; tests/search/test_search_exports.py checks both agree).
EXPORTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # The data model: what the indexer builds and the engine answers with.
    ("onrecord.search.model", (
        "ALL_COLLECTIONS", "DEFAULT_COLLECTION", "Visibility", "is_collection_name",
        "Article", "Block", "BlockKind", "BlockRole", "CapturedPage", "DateBucket", "EntityList", "EntityProfile",
        "Evidence", "FacetValue", "Hit", "IngestSummary", "KIND_LABELS", "MAX_PER_PAGE", "Mention", "Metadata",
        "Paragraph",
        "ParsedArticle", "Quote", "SEARCH_MODES", "SPEAKER_TYPES", "SearchMode", "SearchRequest", "SearchResult",
        "Sighting", "SortOrder",
        "SourceFile", "SourceKind", "SpeakerType", "StoredArticle", "USER_SOURCE", "paragraph_permalink",
        "text_fragment"
    )),
    ("onrecord.search.partialdates", ("PartialDate", "format_partial", "parse_iso_partial")),
    # Configuration: the SETTINGS table and the Config read from it.
    ("onrecord.search.config", (
        "SETTINGS", "Config", "ConfigError", "Setting", "describe_settings", "load_config", "serve_port"
    )),
    ("onrecord.search.watchsettings", ("parse_rechecks",)),
    ("onrecord.search.addresses", ("is_loopback_host", "parse_networks")),
    # Errors every layer raises or maps (web/serving/errors.py gives each its status code).
    ("onrecord.search.errors", (
        "BusyError", "IndexUnavailableError", "NewerIndexError", "NotFoundError", "OnrecordError", "QueryError"
    )),
    # A time budget checked cooperatively: a search request's, an input file's (indexer.budget).
    ("onrecord.search.deadline", ("Clock", "Deadline", "DeadlineExceeded")),
    # Facets: the FACETS table of filterable fields.
    ("onrecord.search.facetdefs", ("FACETS", "FACETS_BY_NAME", "NAME_FACETS", "FacetDef")),
    # Reading: open an index, search it, fetch an article, check it.
    ("onrecord.search.storage.store", ("Index",)),
    ("onrecord.search.storage.opening", ("open_index", "ram_index")),
    ("onrecord.search.engine", ("search",)),
    ("onrecord.search.features.articleview", ("get_article",)),
    ("onrecord.search.storage.integrity.checking", ("check_index",)),
    # Writing: one writer at a time commits articles, or segments built elsewhere (the cluster's tasks).
    ("onrecord.search.writing.commits", ("commit_batches", "hold_write_lock", "write_articles")),
    ("onrecord.search.storage.integrity.durability", ("acquire_write_lock", "write_failure")),
    ("onrecord.search.writing.identity", (
        "ArticleDigest", "Resolution", "Resolver", "digest_of", "open_resolver", "resolver_for"
    )),
    ("onrecord.search.storage.articledb.records", ("VersionRecord",)),
    ("onrecord.search.writing.segments", (
        "LocalSegment", "PortableSegment", "SegmentBatch", "build_segment", "discard_segment",
        "drop_articles", "install_segment", "write_segment"
    )),
    ("onrecord.search.storage.integrity.leftovers", ("SCRATCH_DIR",)),
    # Features the web and the command line serve: exports, feeds, openings, speaker lookup, entity pages.
    ("onrecord.search.features.exporting", ("EXPORT_COLUMNS", "RowKind", "iter_export_rows")),
    ("onrecord.search.features.citations", ("cite_quote_dict",)),
    ("onrecord.search.features.feeds", ("Feed", "FeedEntry", "matching_in", "newest_changes", "newest_paragraphs")),
    ("onrecord.search.features.openings", ("article_openings",)),
    ("onrecord.search.features.lookup", ("MAX_NAMES", "LookupRow", "lookup_speakers", "name_tokens")),
    ("onrecord.search.features.entities", ("get_entity", "list_entities", "page_entities")),
    ("onrecord.search.warming", ("Warmed", "freeze_survivors", "warm_index")),
    # A watch's folder beside the index: written by indexer.watch, read by the web.
    ("onrecord.search.watchfiles", ("capture_readable", "captures_folder", "state_path", "watch_folder")),
    ("onrecord.search.watchstatus", ("AlertStatus", "SourceStatus", "WatchStatus", "read_watch_status")),
    # Child processes (the web's ingest desk, the cluster's workers) die with their parent.
    ("onrecord.search.lifeline", ("die_with_parent",)),
)
_HOMES: dict[str, str] = {name: module for module, names in EXPORTS for name in names}
__all__ = sorted(_HOMES)

if TYPE_CHECKING:
    from onrecord.search.addresses import is_loopback_host, parse_networks
    from onrecord.search.config import (
        SETTINGS,
        Config,
        ConfigError,
        Setting,
        describe_settings,
        load_config,
        serve_port,
    )
    from onrecord.search.deadline import Clock, Deadline, DeadlineExceeded
    from onrecord.search.engine import search
    from onrecord.search.errors import (
        BusyError,
        IndexUnavailableError,
        NewerIndexError,
        NotFoundError,
        OnrecordError,
        QueryError,
    )
    from onrecord.search.facetdefs import FACETS, FACETS_BY_NAME, NAME_FACETS, FacetDef
    from onrecord.search.features.articleview import get_article
    from onrecord.search.features.citations import cite_quote_dict
    from onrecord.search.features.entities import get_entity, list_entities, page_entities
    from onrecord.search.features.exporting import EXPORT_COLUMNS, RowKind, iter_export_rows
    from onrecord.search.features.feeds import Feed, FeedEntry, matching_in, newest_changes, newest_paragraphs
    from onrecord.search.features.lookup import MAX_NAMES, LookupRow, lookup_speakers, name_tokens
    from onrecord.search.features.openings import article_openings
    from onrecord.search.lifeline import die_with_parent
    from onrecord.search.model import (
        ALL_COLLECTIONS,
        DEFAULT_COLLECTION,
        KIND_LABELS,
        MAX_PER_PAGE,
        SEARCH_MODES,
        SPEAKER_TYPES,
        USER_SOURCE,
        Article,
        Block,
        BlockKind,
        BlockRole,
        CapturedPage,
        DateBucket,
        EntityList,
        EntityProfile,
        Evidence,
        FacetValue,
        Hit,
        IngestSummary,
        Mention,
        Metadata,
        Paragraph,
        ParsedArticle,
        Quote,
        SearchMode,
        SearchRequest,
        SearchResult,
        Sighting,
        SortOrder,
        SourceFile,
        SourceKind,
        SpeakerType,
        StoredArticle,
        Visibility,
        is_collection_name,
        paragraph_permalink,
        text_fragment,
    )
    from onrecord.search.partialdates import PartialDate, format_partial, parse_iso_partial
    from onrecord.search.storage.articledb.records import VersionRecord
    from onrecord.search.storage.integrity.checking import check_index
    from onrecord.search.storage.integrity.durability import acquire_write_lock, write_failure
    from onrecord.search.storage.integrity.leftovers import SCRATCH_DIR
    from onrecord.search.storage.opening import open_index, ram_index
    from onrecord.search.storage.store import Index
    from onrecord.search.warming import Warmed, freeze_survivors, warm_index
    from onrecord.search.watchfiles import capture_readable, captures_folder, state_path, watch_folder
    from onrecord.search.watchsettings import parse_rechecks
    from onrecord.search.watchstatus import AlertStatus, SourceStatus, WatchStatus, read_watch_status
    from onrecord.search.writing.commits import commit_batches, hold_write_lock, write_articles
    from onrecord.search.writing.identity import (
        ArticleDigest,
        Resolution,
        Resolver,
        digest_of,
        open_resolver,
        resolver_for,
    )
    from onrecord.search.writing.segments import (
        LocalSegment,
        PortableSegment,
        SegmentBatch,
        build_segment,
        discard_segment,
        drop_articles,
        install_segment,
        write_segment,
    )
else:
    def __getattr__(name: str) -> object:
        """Return the exported `name` from its home module, imported on
        first use; raise AttributeError for a name this door does not export."""
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module 'onrecord.search' exports no {name!r}")
        return getattr(import_module(home), name)


def __dir__() -> list[str]:
    """Return the exported names and this module's own."""
    return sorted({*globals(), *__all__})
