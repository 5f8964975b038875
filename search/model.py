"""The data model of onrecord: every dataclass that crosses a layer boundary.

Owns the shapes of a document as it flows through the indexer
(SourceFile -> ParsedArticle -> Article with Paragraphs and Quotes) and of a
query as it flows through search (SearchRequest -> SearchResult with Hits and
facet counts).  Nothing here imports Whoosh or Flask, so every layer may
import it.  Conversion to the public JSON contract lives here too, so the
CLI, the API and the tests all print the same field names.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from typing import Any, Literal

SourceKind = Literal["txt", "html", "json", "jsonl"]
BlockKind = Literal["body", "caption", "heading"]
# What a Block was in its page, finer than its kind (HTML input only; the
# kind is what paragraphs keep in the index).
BlockRole = Literal["paragraph", "heading", "item", "table_row", "quote", "code", "caption"]
QuoteKind = Literal["direct", "partial", "indirect"]
# How a quote's speaker was found (issue #12): named next to the cue, a
# pronoun or a nominal ("the minister") resolved to a name, or carried over
# from the quote before (a quote with no cue of its own).
Evidence = Literal["named", "pronoun", "nominal", "carried"]
EVIDENCE: tuple[Evidence, ...] = ("named", "pronoun", "nominal", "carried")
SpeakerType = Literal["person", "organisation"]
SPEAKER_TYPES: tuple[SpeakerType, ...] = ("person", "organisation")
# Quote.speaker_source of a speaker set or removed by the speakers file.
USER_SOURCE = "user"
SortOrder = Literal["relevance", "newest", "oldest"]
MAX_PER_PAGE = 100


def paragraph_permalink(doc_id: str, n: int) -> str:
    """Return the site-relative link to paragraph `n` of `doc_id`: ?p=N
    tells the server which window of a long article to send (a fragment
    never reaches it), #pN scrolls to the paragraph."""
    return f"/doc/{doc_id}?p={n}#p{n}"


@dataclass(frozen=True, slots=True)
class Metadata:
    """Article metadata as found in the input; unknown values stay None."""

    title: str | None = None
    outlet: str | None = None
    author: str | None = None
    url: str | None = None
    published: dt.date | None = None


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file as read from disk: decoded text plus any sidecar metadata."""

    path: str
    kind: SourceKind
    text: str
    sidecar: Metadata | None = None
    # The encoding the reader had to guess (no UTF-8, BOM or declared charset),
    # e.g. "windows-1252"; None when the file said what it is.
    guessed_encoding: str | None = None


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph-sized span of ParsedArticle.text found by the parser."""

    start: int
    end: int
    kind: BlockKind = "body"
    role: BlockRole = "paragraph"
    level: int = 0  # a heading's level (1-6); 0 for other blocks


@dataclass(frozen=True, slots=True)
class ParsedArticle:
    """One article's text and metadata, before chunking.

    For .txt input `text` is the file's text exactly as decoded and `blocks`
    is empty (the chunker splits on blank lines).  For HTML and JSON the
    parser builds `text` from the article's paragraphs and lists them in
    `blocks`.
    """

    source: str
    text: str
    meta: Metadata
    blocks: tuple[Block, ...] = ()
    record: str = ""  # where in a JSON/JSONL file: "line 5", "record 3"; "" for a whole file


@dataclass(frozen=True, slots=True)
class Mention:
    """A span of the article text: where a speaker or cue is written."""

    text: str
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "start": self.start, "end": self.end}


@dataclass(slots=True)
class Quote:
    """A quotation with its attribution; offsets are absolute into Article.text
    and the span includes the quote marks."""

    text: str
    start: int
    end: int
    kind: QuoteKind = "direct"
    speaker: str | None = None
    speaker_mention: Mention | None = None
    cue: str | None = None
    cue_mention: Mention | None = None
    role: str | None = None
    # The evidence for the speaker: how it was found, how sure the rule is
    # (0-1), what kind of speaker, and who set it: "rule:<name>" (the
    # attribution rule) or USER_SOURCE (the speakers file).
    evidence: Evidence | None = None
    confidence: float | None = None
    speaker_type: SpeakerType | None = None
    speaker_source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "kind": self.kind,
            "speaker": self.speaker,
            "speaker_mention": self.speaker_mention.to_dict() if self.speaker_mention else None,
            "cue": self.cue,
            "cue_mention": self.cue_mention.to_dict() if self.cue_mention else None,
            "role": self.role,
            "evidence": self.evidence,
            "confidence": self.confidence,
            "speaker_type": self.speaker_type,
            "speaker_source": self.speaker_source,
        }


@dataclass(slots=True)
class Paragraph:
    """One paragraph: 1-based number, stable id, absolute offsets, annotations."""

    id: str
    n: int
    start: int
    end: int
    text: str
    kind: BlockKind = "body"
    quotes: list[Quote] = field(default_factory=list)
    speakers: list[str] = field(default_factory=list)
    institutions: list[str] = field(default_factory=list)
    dates: list[str] = field(default_factory=list)  # ISO: YYYY-MM-DD, YYYY-MM or YYYY

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "n": self.n,
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "kind": self.kind,
            "quotes": [q.to_dict() for q in self.quotes],
            "speakers": list(self.speakers),
            "institutions": list(self.institutions),
            "dates": list(self.dates),
        }

    def copy(self, **changes: Any) -> Paragraph:
        """Return a copy sharing no mutable list with this paragraph, with
        `changes` applied: how pure annotation stages build their output."""
        fields: dict[str, Any] = {
            "quotes": [replace(q) for q in self.quotes],
            "speakers": list(self.speakers),
            "institutions": list(self.institutions),
            "dates": list(self.dates),
        }
        fields.update(changes)
        return replace(self, **fields)


@dataclass(slots=True)
class Article:
    """A chunked (and, after annotation, annotated) article."""

    id: str
    source: str
    text: str
    meta: Metadata
    paragraphs: list[Paragraph] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return the `onrecord extract --json` contract for this article."""
        m = self.meta
        return {
            "id": self.id,
            "title": m.title,
            "outlet": m.outlet,
            "author": m.author,
            "url": m.url,
            "published": m.published.isoformat() if m.published else None,
            "source": self.source,
            "paragraphs": [p.to_dict() for p in self.paragraphs],
        }


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """What a user asked for.  Validated by search.engine, not here.  The
    name filters are the request_attr columns of search.facetdefs.FACETS;
    `excluded` holds (facet name, value) pairs whose paragraphs are left
    out; `facet_all` names the facet whose every value is listed (not only
    the top ones), narrowed to the values containing `facet_filter`."""

    query: str = ""
    speakers: tuple[str, ...] = ()
    institutions: tuple[str, ...] = ()
    outlets: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    excluded: tuple[tuple[str, str], ...] = ()
    facet_all: str = ""
    facet_filter: str = ""
    since: dt.date | None = None
    until: dt.date | None = None
    quotes_only: bool = False
    named_only: bool = False  # only paragraphs with a quote whose speaker is named beside it
    sort: SortOrder = "relevance"
    page: int = 1
    per_page: int = 10


@dataclass(frozen=True, slots=True)
class FacetValue:
    value: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "count": self.count}


@dataclass(frozen=True, slots=True)
class Sighting:
    """Another paragraph where the same quote or text appeared."""

    doc_id: str
    n: int
    title: str | None
    outlet: str | None
    published: str | None  # YYYY-MM-DD or None

    @property
    def permalink(self) -> str:
        return paragraph_permalink(self.doc_id, self.n)

    def to_dict(self) -> dict[str, Any]:
        return {"doc_id": self.doc_id, "n": self.n, "title": self.title,
                "outlet": self.outlet, "published": self.published,
                "permalink": self.permalink}


@dataclass(slots=True)
class Hit:
    """One matching paragraph, ready to render."""

    paragraph_id: str
    doc_id: str
    n: int
    title: str | None
    outlet: str | None
    published: str | None
    text: str
    snippet: str  # safe HTML: <mark> around matches, everything else escaped
    speakers: list[str]
    institutions: list[str]
    quotes: list[dict[str, Any]]
    url: str | None
    score: float
    # Other articles carrying one of this paragraph's quotes (quote clusters).
    also_in: list[Sighting] = field(default_factory=list)
    # Near-duplicate paragraphs (syndicated copies) grouped under this hit.
    duplicates: list[Sighting] = field(default_factory=list)

    @property
    def permalink(self) -> str:
        return paragraph_permalink(self.doc_id, self.n)

    def to_dict(self) -> dict[str, Any]:
        return {
            "paragraph_id": self.paragraph_id,
            "doc_id": self.doc_id,
            "n": self.n,
            "title": self.title,
            "outlet": self.outlet,
            "published": self.published,
            "text": self.text,
            "snippet": self.snippet,
            "speakers": list(self.speakers),
            "institutions": list(self.institutions),
            "quotes": list(self.quotes),
            "permalink": self.permalink,
            "url": self.url,
            "score": self.score,
            "also_in": [x.to_dict() for x in self.also_in],
            "duplicates": [x.to_dict() for x in self.duplicates],
        }


@dataclass(frozen=True, slots=True)
class DateBucket:
    """One bar of a result set's date histogram: a month ("2021-03") or a
    year ("2021"), its first and last day, and its matching paragraphs."""

    label: str
    since: dt.date
    until: dt.date
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "since": self.since.isoformat(),
                "until": self.until.isoformat(), "count": self.count}


@dataclass(slots=True)
class SearchResult:
    """The answer to a SearchRequest: one page of hits plus facet counts over
    the whole filtered result set."""

    query: str
    total: int
    page: int
    per_page: int
    hits: list[Hit]
    facets: dict[str, list[FacetValue]]
    suggestion: str | None = None
    partial: bool = False  # True when the query timed out: counts cover part of the index
    note: str | None = None  # why the result is partial, for the user
    # facet name -> its distinct values in the result set ("show all N")
    facet_sizes: dict[str, int] = field(default_factory=dict)
    histogram: list[DateBucket] = field(default_factory=list)  # dated matches by month or year
    # The pages that have hits (search.engine counts them: near copies fold
    # into one hit, and pages end at the result window); None: every page
    # of `total` paragraphs.  `pages_exact` is False when more pages may
    # follow the last one counted; `paging_note` says why pages stop short.
    reachable_pages: int | None = None
    pages_exact: bool = True
    paging_note: str | None = None

    @property
    def pages(self) -> int:
        """Return the number of pages with hits (at least 1)."""
        if self.reachable_pages is not None:
            return max(1, self.reachable_pages)
        return max(1, -(-self.total // self.per_page))

    def to_dict(self) -> dict[str, Any]:
        """Return the `/api/search` JSON contract ("partial" and "note" are
        present only when the query timed out; "paging_note" is None unless
        the pages stop short of the matches)."""
        out: dict[str, Any] = {
            "query": self.query,
            "total": self.total,
            "page": self.page,
            "per_page": self.per_page,
            "hits": [h.to_dict() for h in self.hits],
            "facets": {k: [v.to_dict() for v in vs] for k, vs in self.facets.items()},
            "suggestion": self.suggestion,
            "facet_sizes": dict(self.facet_sizes),
            "histogram": [b.to_dict() for b in self.histogram],
            "pages": self.pages,
            "pages_exact": self.pages_exact,
            "paging_note": self.paging_note,
        }
        if self.partial:
            out.update(partial=True, note=self.note)
        return out


@dataclass(frozen=True, slots=True)
class VersionInfo:
    """One retrievable version of an article (/doc/<id>?version=N)."""

    number: int
    indexed_at: str  # when it was first indexed: ISO date-time, UTC
    current: bool


@dataclass(slots=True)
class ParagraphChange:
    """A difference from the version compared with.  inserted/changed: shown
    paragraph `n`, `inserted` spans in its text; changed/removed: the older
    `old_text` with `removed` spans (a removed one stood after shown
    paragraph `n`, 0 = before the first)."""

    kind: Literal["changed", "inserted", "removed"]
    n: int
    inserted: list[tuple[int, int]] = field(default_factory=list)
    old_text: str = ""
    removed: list[tuple[int, int]] = field(default_factory=list)


@dataclass(slots=True)
class StoredArticle:
    """An article as read back from the index for the article page."""

    id: str
    meta: Metadata
    paragraphs: list[Paragraph]
    # paragraph n -> (start, end) offsets, relative to that paragraph's text,
    # of the words the user's query matched; the web layer renders the marks.
    term_spans: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    # `paragraphs` may be one window: page `page` of `pages` of the article's
    # `paragraph_count` paragraphs (search.windows).
    paragraph_count: int = 0
    page: int = 1
    pages: int = 1
    version: int = 1  # the version shown
    versions: list[VersionInfo] = field(default_factory=list)  # oldest first
    compared_to: int | None = None  # the version `changes` are measured against
    changes: list[ParagraphChange] = field(default_factory=list)
    claims: str | None = None  # the article whose URL it claimed, when kept apart


@dataclass(slots=True)
class QuoteRecord:
    """A quote with everything a citation needs (entity pages, exports)."""

    text: str
    kind: QuoteKind
    speaker: str | None
    role: str | None
    cue: str | None
    paragraph_id: str
    doc_id: str
    n: int
    title: str | None
    outlet: str | None
    published: str | None  # YYYY-MM-DD or None (undated)
    url: str | None
    institutions: list[str] = field(default_factory=list)
    also_in: list[Sighting] = field(default_factory=list)
    evidence: Evidence | None = None  # how the speaker was found (Quote.evidence)
    confidence: float | None = None
    speaker_source: str | None = None

    @property
    def permalink(self) -> str:
        return paragraph_permalink(self.doc_id, self.n)

    def to_dict(self) -> dict[str, Any]:
        return {"quote": self.text, "kind": self.kind, "speaker": self.speaker,
                "role": self.role, "cue": self.cue, "evidence": self.evidence,
                "confidence": self.confidence, "speaker_source": self.speaker_source,
                "institutions": list(self.institutions),
                "outlet": self.outlet, "title": self.title, "published": self.published,
                "permalink": self.permalink, "url": self.url, "paragraph_id": self.paragraph_id,
                "also_in": [x.to_dict() for x in self.also_in]}


@dataclass(slots=True)
class EntityProfile:
    """What the index knows about one speaker or institution."""

    kind: Literal["speaker", "institution"]
    name: str
    quote_count: int
    paragraph_count: int
    quotes: list[QuoteRecord]  # one page of them, date order, undated last
    timeline: list[tuple[str, int]]  # (YYYY-MM, count) ascending, months with none omitted
    undated: int  # quotes (speaker) or paragraphs (institution) with no date
    roles: list[FacetValue] = field(default_factory=list)  # speaker: roles seen
    institutions: list[FacetValue] = field(default_factory=list)  # speaker: named most
    speakers_for: list[FacetValue] = field(default_factory=list)  # institution: its voices
    speakers_about: list[FacetValue] = field(default_factory=list)  # institution: others on it
    page: int = 1  # `quotes` is page `page` of `pages`, `per_page` quotes each
    pages: int = 1
    per_page: int = 100
    folded: int = 0  # copies of a quote already on this page (another outlet's), left out


@dataclass(slots=True)
class EntityList:
    """One page of the speakers or institutions in the index, most named first."""

    kind: Literal["speaker", "institution"]
    values: list[FacetValue]  # this page's names, each with the paragraphs naming it
    total: int  # names on every page (those matching `name_filter`)
    page: int = 1  # `values` is page `page` of `pages`, `per_page` names each
    pages: int = 1
    per_page: int = 200
    name_filter: str = ""  # only names containing it, ignoring case ("": every name)
    known: int = 0  # names of this kind in the index, filtered or not


@dataclass(slots=True)
class IngestSummary:
    """Counts reported by `onrecord index`.  Each article counts once, as
    new, updated, unchanged (not rewritten) or conflicting (kept apart)."""

    files: int = 0
    articles: int = 0
    paragraphs: int = 0
    quotes: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    seconds: float = 0.0
    duplicates: int = 0  # article copies met again in the run (same id): written once
    guessed_encodings: list[tuple[str, str]] = field(default_factory=list)  # (path, encoding)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (path, what was cut or left out)
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    # (path, id it is kept under, id it claimed, why it was not merged)
    conflicts: list[tuple[str, str, str, str]] = field(default_factory=list)
    # (path, what it is): files a folder walk left out as plainly not articles ("a README")
    left_out: list[tuple[str, str]] = field(default_factory=list)
