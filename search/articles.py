"""The data model of a document as it flows through the indexer
(SourceFile -> ParsedArticle -> Article with Paragraphs and Quotes) and of
an ingest's counts (IngestSummary).  Nothing here imports Whoosh or Flask,
so every layer may import it (through search.model or onrecord.search).
Conversion to the public JSON contract lives here too, so the CLI, the API
and the tests all print the same field names.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace
from typing import Any, Literal

SourceKind = Literal["txt", "html", "json", "jsonl", "warc"]
BlockKind = Literal["body", "caption", "heading"]
# What a Block was in its page, finer than its kind (HTML input only; the
# kind is what paragraphs keep in the index).
BlockRole = Literal["paragraph", "heading", "item", "table_row", "quote", "code", "caption"]
QuoteKind = Literal["direct", "partial", "indirect"]
# What a reader is told each kind is: the speaker's own words, a paraphrase
# holding some of them, a paraphrase only.
# One row per kind: the kind facet's values and every page's, export's and
# feed's label.
KIND_LABELS: dict[str, str] = {
    "direct": "verbatim",    # all of it inside quote marks
    "partial": "partial",    # a reported clause holding quoted words
    "indirect": "reported",  # reported speech: paraphrase, no quote marks
}
# How a quote's speaker was found (issue #12): named next to the cue, a
# pronoun or a nominal ("the minister") resolved to a name, or carried over
# from the quote before (a quote with no cue of its own).
Evidence = Literal["named", "pronoun", "nominal", "carried"]
EVIDENCE: tuple[Evidence, ...] = ("named", "pronoun", "nominal", "carried")
SpeakerType = Literal["person", "organisation"]
SPEAKER_TYPES: tuple[SpeakerType, ...] = ("person", "organisation")
# Quote.speaker_source of a speaker set or removed by the speakers file.
USER_SOURCE = "user"
# Collections (issue #36): every article belongs to one, named as a word of
# COLLECTION_NAME; an article indexed without one (and every article of an
# index built before collections) is in DEFAULT_COLLECTION.  A grant of
# ALL_COLLECTIONS reads every collection.
DEFAULT_COLLECTION = "default"
ALL_COLLECTIONS = "*"
COLLECTION_NAME = re.compile(r"[a-z0-9_-]{1,40}")
# The collections a reader may read: a set of names, or None for every one
# (access control off).
Visibility = frozenset[str] | None


def is_collection_name(name: str) -> bool:
    """Return whether `name` is a valid collection name ([a-z0-9_-]{1,40})."""
    return isinstance(name, str) and COLLECTION_NAME.fullmatch(name) is not None


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
    # When the page was fetched, as a web archive states it (a WARC record's
    # WARC-Date, UTC): provenance, never a publication date.  None for files
    # saved by hand, which do not say.  Not part of an article's version: the
    # same page fetched again unchanged is the same version.
    fetched: dt.datetime | None = None
    # The web archive the page was read from (its path, absolute) and the
    # byte offset of its record there: the evidence of what the page said
    # when fetched.  Provenance too, not part of the version.
    capture_file: str | None = None
    capture_offset: int | None = None
    # Which collection the article is in (`onrecord index --collection`):
    # who may read it, not part of its version either (a move is no edit).
    collection: str = DEFAULT_COLLECTION


@dataclass(frozen=True, slots=True)
class CapturedPage:
    """One HTML page a web archive holds: its decoded text, the URL it was
    fetched from (WARC-Target-URI), when (WARC-Date, UTC), and which record
    of the archive it is ("record 3") and where its record starts (byte
    offset in the archive file, None when unknown)."""

    url: str
    fetched: dt.datetime | None
    text: str
    record: str
    offset: int | None = None

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
    # A web archive (kind "warc"): its HTML pages (`text` is then empty) and
    # what its reading passed over or lost (records skipped, damage).
    captures: tuple[CapturedPage, ...] = ()
    notes: tuple[str, ...] = ()


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
    """A quotation with its attribution; offsets are absolute into Article.text.

    A direct quote's span includes its quote marks; a partial quote's span is
    the reported clause its quoted fragments sit in (never its attribution);
    an indirect quote's span is the reported clause.  `pieces` are the
    absolute [start, end) offsets of the words inside quote marks (marks
    excluded): one for a direct quote, one per quoted fragment of a partial
    quote, none for an indirect one; only these are the speaker's own words."""

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
    pieces: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "kind": self.kind,
            "pieces": [[lo, hi] for lo, hi in self.pieces],
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
        # every field named in a dict display, not dataclasses.replace nor getattr over the field
        # names: every stage copies every paragraph (an unknown name is a TypeError either way;
        # test_paragraph_copy fails when a field is added and not named here)
        fields: dict[str, Any] = {
            "id": self.id, "n": self.n, "start": self.start, "end": self.end, "text": self.text,
            "kind": self.kind, "quotes": [replace(q) for q in self.quotes], "speakers": list(self.speakers),
            "institutions": list(self.institutions), "dates": list(self.dates),
        }
        if changes:
            fields.update(changes)
        return Paragraph(**fields)

    def with_quotes(self, quotes: list[Quote]) -> Paragraph:
        """Return this paragraph with `quotes` and their sorted unique
        speakers, its other fields shared (what dataclasses.replace(para,
        quotes=..., speakers=...) returns, at a fifth of its cost: the
        attribution passes rebuild every paragraph)."""
        return Paragraph(self.id, self.n, self.start, self.end, self.text, self.kind, quotes,
                         sorted({q.speaker for q in quotes if q.speaker}), self.institutions, self.dates)




@dataclass(slots=True)
class Article:
    """A chunked (and, after annotation, annotated) article."""

    id: str
    source: str
    text: str
    meta: Metadata
    paragraphs: list[Paragraph] = field(default_factory=list)

    def with_paragraphs(self, paragraphs: list[Paragraph]) -> Article:
        """Return this article with `paragraphs`, its other fields shared (what
        dataclasses.replace(article, paragraphs=...) returns, without walking the
        field definitions: each annotation stage ends with it)."""
        return Article(self.id, self.source, self.text, self.meta, paragraphs)

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
            "fetched": m.fetched.isoformat() if m.fetched else None,
            "source": self.source,
            "paragraphs": [p.to_dict() for p in self.paragraphs],
        }


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
    # The id (as kept) of every article read, whatever it was: what a watch's
    # alerts are matched against (unchanged ones too: a run killed before its
    # alerts were recorded finds them again).
    doc_ids: list[str] = field(default_factory=list)
