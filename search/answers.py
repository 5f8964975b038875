"""The data model of a query as it flows through search (SearchRequest ->
SearchResult with Hits and facet counts) and of the pages built from the
index (StoredArticle with its versions, EntityProfile, EntityList).
Nothing here imports Whoosh or Flask.  Conversion to the public JSON
contract lives here too.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal

from onrecord.search.articles import KIND_LABELS, Evidence, Metadata, Paragraph, QuoteKind, paragraph_permalink
from onrecord.search.fragments import quote_fragment, quote_words

SortOrder = Literal["relevance", "newest", "oldest"]
# What a search matches and counts: paragraphs, or quotes as units of their
# own (issue #33: the words and the speaker in the same quote).
SearchMode = Literal["paragraphs", "quotes"]
SEARCH_MODES: tuple[SearchMode, ...] = ("paragraphs", "quotes")
MAX_PER_PAGE = 100

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
    kinds: tuple[str, ...] = ()  # quote kinds as users name them: verbatim, partial, reported
    evidences: tuple[str, ...] = ()  # how the speaker is known: Quote.evidence values
    excluded: tuple[tuple[str, str], ...] = ()
    facet_all: str = ""
    facet_filter: str = ""
    since: dt.date | None = None
    until: dt.date | None = None
    quotes_only: bool = False
    named_only: bool = False  # only paragraphs with a quote whose speaker is named beside it
    # Keep to verbatim (direct and partial) quotes: quotes_only and the
    # speaker facet and filter leave reported speech out (search.facetdefs).
    verbatim: bool = False
    sort: SortOrder = "relevance"
    page: int = 1
    per_page: int = 10
    # "quotes": match, list and count quotes (search.engine), not paragraphs
    mode: SearchMode = "paragraphs"
    # The collections the reader may read (None: all): what it counts and hits (search.query.visibility)
    collections: frozenset[str] | None = None


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
    # Quotes mode: the quote matched (an item of `quotes`); the rest of the
    # hit is its paragraph, the quote's context.
    quote: dict[str, Any] | None = None
    # When the version found was read, if it is not the article's first
    # (ISO UTC): the article changed after publication.
    changed_at: str | None = None

    @property
    def permalink(self) -> str:
        return paragraph_permalink(self.doc_id, self.n)

    @property
    def quote_permalink(self) -> str | None:
        """Return the permalink opening at the quote (a text fragment of its
        first and last words), or None when not in quotes mode."""
        if self.quote is None:
            return None
        return self.permalink + quote_fragment(quote_words(self.quote))

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
            "changed_after_publication": self.changed_at is not None, "changed_at": self.changed_at,
            **({"quote": self.quote, "quote_permalink": self.quote_permalink}
               if self.quote is not None else {}),
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
    mode: SearchMode = "paragraphs"  # what the hits, total and facet counts count

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
            "mode": self.mode,
            # what "total" and the facet counts count
            "counts": "quotes" if self.mode == "quotes" else "paragraphs",
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
    # `paragraph_count` paragraphs (search.storage.reading.windows).
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
    # the quote as shown and cited: quote marks around its verbatim words only
    # (search.features.citations.cite_quote); "" when not built from the index
    cited: str = ""
    pieces: tuple[tuple[int, int], ...] = ()  # Quote.pieces: absolute offsets of its verbatim words

    @property
    def permalink(self) -> str:
        return paragraph_permalink(self.doc_id, self.n)

    @property
    def label(self) -> str:
        """The kind as a reader is told it: verbatim, partial or reported."""
        return KIND_LABELS[self.kind]

    def to_dict(self) -> dict[str, Any]:
        return {"quote": self.text, "kind": self.kind, "speaker": self.speaker,
                "role": self.role, "cue": self.cue, "evidence": self.evidence,
                "confidence": self.confidence, "speaker_source": self.speaker_source,
                "institutions": list(self.institutions),
                "outlet": self.outlet, "title": self.title, "published": self.published,
                "permalink": self.permalink, "url": self.url, "paragraph_id": self.paragraph_id,
                # after the older columns, so an export read by position keeps them where they were
                "label": self.label, "cited": self.cited, "pieces": [[lo, hi] for lo, hi in self.pieces],
                "also_in": [x.to_dict() for x in self.also_in]}


@dataclass(slots=True)
class EntityProfile:
    """What the index knows about one speaker or institution."""

    kind: Literal["speaker", "institution"]
    name: str
    quote_count: int  # verbatim and partial quotes
    paragraph_count: int
    quotes: list[QuoteRecord]  # one page of them and of the reported statements, date order, undated last
    timeline: list[tuple[str, int]]  # (YYYY-MM, count) ascending, months with none omitted
    undated: int  # quotes (speaker) or paragraphs (institution) with no date
    roles: list[FacetValue] = field(default_factory=list)  # speaker: roles seen
    institutions: list[FacetValue] = field(default_factory=list)  # speaker: named most
    speakers_for: list[FacetValue] = field(default_factory=list)  # institution: its voices
    speakers_about: list[FacetValue] = field(default_factory=list)  # institution: others on it
    page: int = 1  # `quotes` is page `page` of `pages`, `per_page` quotes each
    pages: int = 1
    per_page: int = 100
    # copies of a quote already on this page, left out: the same speaker and
    # words (quotes mode's copy groups, counted once) or, `folded_apart` of
    # them, near copies quotes mode counts as quotes of their own
    folded: int = 0
    reported_count: int = 0  # reported speech (kind indirect), listed with the quotes
    folded_apart: int = 0

    @property
    def statement_count(self) -> int:
        """Return how many entries the pages list: quotes and reported statements."""
        return self.quote_count + self.reported_count


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


