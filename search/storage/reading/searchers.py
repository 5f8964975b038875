"""Searchers for concurrent reads: one pool and one set of caches per commit.

Owns Generation: the searchers of one commit of the index and the values
derived from it (facet tables, sort columns, parsers, result caches: a
BuildCache, keyed by search.features.commitview's CommitView).  A
Whoosh searcher is not thread-safe (its files are read by seek + read), so
each request thread checks one out for itself; every searcher of a
generation is opened on the same segments (the same table of contents),
so document numbers agree and the derived values are shared.  Searches
therefore never wait for one another: the only shared locks are held for
a dictionary operation, and a value being built (a facet table) is waited
for at most until the waiter's deadline.
"""
from __future__ import annotations

import math
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

from whoosh.scoring import BM25F, BM25FScorer, WeightScorer, bm25
from whoosh.searching import Searcher

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.errors import IndexUnavailableError
from onrecord.search.storage.integrity.damage import copy_error
from onrecord.search.storage.integrity.manifests import verify_sizes
from onrecord.search.storage.reading.reopening import latest_generation, open_retrying
from onrecord.search.storage.reading.whoosh_termids import term_docs
from onrecord.search.storage.reading.whoosh_tocs import open_toc_reader, read_toc
from onrecord.search.storage.schema import QUOTE_UNIT, SAID_EXACT_FIELD, SAID_FIELD, UNIT_FIELD, upgrade_schema

T = TypeVar("T")
# Idle searchers kept per generation (more than the server's threads are
# never busy at once); extra ones are closed when returned.
MAX_IDLE = 8
_MISSING = object()


class BuildCache:
    """Values computed once per generation.  Reads take no lock; a missing
    value is built by the first thread asking for it while others wait on
    that key alone, at most until their deadline."""

    def __init__(self) -> None:
        self._values: dict[str, Any] = {}
        self._building: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def get(self, key: str, build: Callable[[], T], deadline: Deadline | None = None) -> T:
        """Return the value under `key`, calling build() if there is none.
        Raises DeadlineExceeded if another thread's build of `key` is still
        running when `deadline` passes; build()'s own errors propagate (and
        nothing is kept, so the next caller builds again)."""
        try:
            return self._values[key]
        except KeyError:
            pass
        with self._guard:
            lock = self._building.setdefault(key, threading.Lock())
        remaining = None if deadline is None else deadline.remaining()
        if not lock.acquire(timeout=-1 if remaining is None else remaining):
            raise DeadlineExceeded
        try:
            value = self._values.get(key, _MISSING)
            if value is _MISSING:
                value = self._values[key] = build()
            return value
        finally:
            lock.release()


class Generation:
    """The pooled searchers of one commit and its BuildCache.

    Opening one checks the commit's files against their manifests
    (search.storage.integrity.manifests: sizes; raises FileNotFoundError or
    DamagedFileError); verify() checks again.  `damage`, once set by the
    handle, is raised by every checkout: a commit found damaged stays so."""

    def __init__(self, ix: Any) -> None:
        self._ix = ix
        self._info = read_toc(ix)
        # An index built before an optional field (the collection) reads it
        # as empty in every document, rather than as an unknown field.
        upgrade_schema(self._info.schema)
        self.number: int = self._info.generation
        folder = getattr(ix.storage, "folder", None)  # None in memory
        self._folder = Path(folder) if isinstance(folder, str) else None
        self.verify()  # before any searcher reads a truncated file as a short one
        self.damage: IndexUnavailableError | None = None
        self.cache = BuildCache()
        self._lock = threading.Lock()
        self._idle: list[Searcher] = []
        self._busy = 0
        self._retired = False
        first = self._open()
        self.schema = first.schema  # one schema object: analyzers keep their stem cache
        self._idle.append(first)

    def verify(self) -> None:
        """Check this commit's files against their manifests (one stat per
        file; nothing in memory).  Raises FileNotFoundError if one is gone,
        DamagedFileError if one has another size than its commit wrote."""
        if self._folder is not None:
            verify_sizes(self._folder, self._info.segments)

    def raise_damage(self) -> None:
        """Raise (a copy of) `damage` if the handle found this commit
        damaged: a new object each time, since one raised again and again
        by many threads would keep growing its traceback."""
        if self.damage is not None:
            raise copy_error(self.damage)

    def checkout(self) -> Searcher:
        """Return a searcher for the caller's thread alone (an idle one, or a
        newly opened one on the same segments); give it back with checkin().
        Raises OSError if the generation's files are gone (a newer commit
        removed them): the caller refreshes and retries; raises `damage`
        if the handle found this commit damaged."""
        self.raise_damage()
        with self._lock:
            self._busy += 1
            if self._idle:
                return self._idle.pop()
        try:
            return self._open()  # outside the lock: opening reads files
        except BaseException:
            with self._lock:
                self._busy -= 1
            raise

    def checkin(self, searcher: Searcher) -> None:
        """Take back a searcher from checkout(); closes it if the generation
        was retired meanwhile or enough are idle."""
        with self._lock:
            self._busy -= 1
            keep = not self._retired and len(self._idle) < MAX_IDLE
            if keep:
                self._idle.append(searcher)
        if not keep:
            searcher.close()

    def retire(self) -> None:
        """Close the idle searchers now and busy ones when they come back."""
        with self._lock:
            self._retired = True
            idle, self._idle = self._idle, []
        for searcher in idle:
            searcher.close()
        # The cache goes with the last search still using this generation.

    @property
    def busy(self) -> int:
        """Return how many searchers are checked out."""
        return self._busy

    def _open(self) -> Searcher:
        return Searcher(open_toc_reader(self._ix, self._info), fromindex=self._ix,
                        weighting=UnitBM25F())


class Slots:
    """A fixed number of places for costly requests (exports): taken
    without waiting, so a request that finds none can be told to retry."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._free = threading.BoundedSemaphore(max(1, count))

    def take(self) -> bool:
        """Return True if a place was free (and is now taken), else False."""
        return self._free.acquire(blocking=False)

    def give_back(self) -> None:
        """Free a place taken by take()."""
        self._free.release()


def open_generation(ix: Any) -> Generation:
    """Return a Generation over the latest commit of `ix`, retrying
    (search.storage.reading.reopening) when a concurrent commit deletes the files of the
    one being opened.  Raises the last FileNotFoundError, and at once any
    other error or a missing file of the latest commit (damage)."""
    return open_retrying(lambda _attempt: Generation(ix), latest_generation(ix))


def open_searcher(ix: Any) -> Any:
    """Return a new searcher over the latest commit of `ix` ranking with
    UnitBM25F, retrying (open_retrying) when a concurrent commit deletes the
    files of the generation being opened.  Raises the last
    FileNotFoundError, and at once any other error or a missing file of
    the latest commit."""
    searcher = open_retrying(lambda _attempt: ix.searcher(weighting=UnitBM25F()),
                             latest_generation(ix))
    upgrade_schema(searcher.schema)  # as Generation does
    return searcher


Unit = Literal["paragraph", "quote"]
# Fields only quote documents hold, and scorable fields only paragraph
# documents hold (tests/search/storage/reading/test_unit_weighting.py checks both against
# the documents the schema writes); any other field is both units'.
QUOTE_ONLY_FIELDS = frozenset({UNIT_FIELD, SAID_FIELD, SAID_EXACT_FIELD})
PARAGRAPH_ONLY_FIELDS = frozenset({"text", "exact", "title", "quote_text"})


def field_unit(fieldname: str) -> Unit | None:
    """Return the unit whose documents alone hold `fieldname`, or None when
    both paragraph and quote documents do."""
    if fieldname in QUOTE_ONLY_FIELDS:
        return "quote"
    if fieldname in PARAGRAPH_ONLY_FIELDS:
        return "paragraph"
    return None


# A segment's quote docnums, kept while the segment lives: a segment never
# changes, and decoding the postings per search took about half of a
# search's time on the BBC index (profiled).
_QUOTE_DOCS: weakref.WeakKeyDictionary[Any, frozenset[int]] = weakref.WeakKeyDictionary()


def quote_docs(reader: Any) -> frozenset[int]:
    """Return the segment-local docnums of `reader`'s quote documents
    (deleted ones included)."""
    # Keyed by the Segment, which every pooled reader of it shares; a
    # reader without one (a multi-segment or empty reader) is its own key.
    owner = (reader.segment() if hasattr(reader, "segment") else None) or reader
    found = _QUOTE_DOCS.get(owner)
    if found is None:
        found = term_docs(reader, UNIT_FIELD, QUOTE_UNIT) if (UNIT_FIELD, QUOTE_UNIT) in reader else frozenset()
        _QUOTE_DOCS[owner] = found
    return found


_PARAGRAPH_DOCS: weakref.WeakKeyDictionary[Any, frozenset[int]] = weakref.WeakKeyDictionary()


def paragraph_docs(reader: Any) -> frozenset[int]:
    """Return the segment-local docnums of `reader`'s paragraph documents,
    every document but its quote documents (deleted ones included): what
    paragraph mode's "every document" is, built once per segment."""
    owner = (reader.segment() if hasattr(reader, "segment") else None) or reader
    found = _PARAGRAPH_DOCS.get(owner)
    if found is None:
        found = _PARAGRAPH_DOCS[owner] = frozenset(range(reader.doc_count_all())) - quote_docs(reader)
    return found


# Terms whose idf one commit's UnitStats keeps.
IDF_MEMO = 50_000


class UnitStats:
    """One commit's BM25 statistics per unit, computed when first asked
    and kept (the commit never changes under its searcher)."""

    def __init__(self, parent: Any) -> None:
        self.quotes = parent.doc_frequency(UNIT_FIELD, QUOTE_UNIT)  # deleted ones included
        self.paragraphs = parent.doc_count_all() - self.quotes
        self._df: dict[tuple[str, str], int] = {}
        self._lengths: dict[str, int] = {}
        # Each scored term's idf, asked once per segment per search: a document frequency summed
        # over the segments through their hash tables (a tenth of a BBC search, profiled).
        self._idf: dict[tuple[str, str, Unit], float] = {}

    def count(self, unit: Unit) -> int:
        """Return the documents of `unit`, deleted ones included."""
        return self.quotes if unit == "quote" else self.paragraphs

    def idf(self, parent: Any, fieldname: str, text: str, unit: Unit) -> float:
        """Return Whoosh's idf of the term among the documents of `unit`
        (kept: IDF_MEMO terms, then it starts over)."""
        key = (fieldname, text, unit)
        found = self._idf.get(key)
        if found is None:
            if len(self._idf) >= IDF_MEMO:
                self._idf.clear()
            found = self._idf[key] = self._count_idf(parent, fieldname, text, unit)
        return found

    def _count_idf(self, parent: Any, fieldname: str, text: str, unit: Unit) -> float:
        """Return idf() from the document frequencies."""
        df = parent.doc_frequency(fieldname, text)
        if field_unit(fieldname) is None:
            quoted = self._quoted_df(parent, fieldname, text)
            df = quoted if unit == "quote" else df - quoted
        return math.log(max(self.count(unit), 1) / (df + 1)) + 1

    def avgfl(self, parent: Any, fieldname: str, unit: Unit) -> float:
        """Return the average length of `fieldname` over `unit`'s documents
        (Whoosh's `or 1` for none)."""
        total = parent.field_length(fieldname)
        if field_unit(fieldname) is None:
            quoted = self._quoted_length(parent, fieldname)
            total = quoted if unit == "quote" else total - quoted
        return total / (self.count(unit) or 1) or 1

    def _quoted_df(self, parent: Any, fieldname: str, text: str) -> int:
        key = (fieldname, text)
        if key not in self._df:
            reader = parent.reader()
            quotes = quote_docs(reader)
            self._df[key] = (sum(1 for d in reader.postings(fieldname, text).all_ids() if d in quotes)
                             if quotes and (fieldname, text) in reader else 0)
        return self._df[key]

    def _quoted_length(self, parent: Any, fieldname: str) -> int:
        # Per-document lengths are stored quantised (exact up to 10 words,
        # which a quote's speaker, outlet or author fits); totals are exact.
        if fieldname not in self._lengths:
            reader = parent.reader()
            self._lengths[fieldname] = sum(reader.doc_field_length(d, fieldname, 0) or 0
                                           for d in quote_docs(reader))
        return self._lengths[fieldname]


_STATS: weakref.WeakKeyDictionary[Any, UnitStats] = weakref.WeakKeyDictionary()
_STATS_LOCK = threading.Lock()


def unit_stats(parent: Any) -> UnitStats:
    """Return the UnitStats of the top-level searcher `parent` (built once
    per searcher, forgotten with it)."""
    with _STATS_LOCK:
        stats = _STATS.get(parent)
        if stats is None:
            stats = _STATS[parent] = UnitStats(parent)
        return stats


class UnitScorer(BM25FScorer):
    """Whoosh's BM25F scorer with the figures of the scored document's unit:
    `idf`/`avgfl` for the field's unit (paragraphs for a field both hold),
    `quote_idf`/`quote_avgfl` for the documents in `quote_docs` (segment
    docnums) when the field is both units'."""

    def __init__(self, searcher: Any, fieldname: str, text: str, B: float, K1: float,
                 qf: int = 1, matching: bool = True) -> None:
        parent = searcher.get_parent()
        stats = unit_stats(parent)
        unit = field_unit(fieldname)
        self.B, self.K1, self.qf = B, K1, qf
        self.idf = stats.idf(parent, fieldname, text, unit or "paragraph")
        self.avgfl = stats.avgfl(parent, fieldname, unit or "paragraph")
        self.quote_docs: frozenset[int] = frozenset()
        self.quote_idf, self.quote_avgfl = self.idf, self.avgfl
        if unit is None:
            self.quote_docs = quote_docs(searcher.reader())
            self.quote_idf = stats.idf(parent, fieldname, text, "quote")
            self.quote_avgfl = stats.avgfl(parent, fieldname, "quote")
        if matching:  # a matcher's scorer: Whoosh's setup looks the term up for its best block score
            self.setup(searcher, fieldname, text)

    def supports_block_quality(self) -> bool:
        # A block's best score may be a quote's: no bound without reading it.
        return not self.quote_docs

    def score(self, matcher: Any) -> float:
        docnum = matcher.id()
        if docnum in self.quote_docs:
            return bm25(self.quote_idf, matcher.weight(), self.dfl(docnum), self.quote_avgfl,
                        self.B, self.K1)
        return self._score(matcher.weight(), self.dfl(docnum))


class UnitBM25F(BM25F):
    """BM25F (Whoosh's B and K1) scoring each document with its own unit's
    statistics (UnitScorer)."""

    def idf(self, searcher: Any, fieldname: str, text: str) -> float:
        parent = searcher.get_parent()
        return unit_stats(parent).idf(parent, fieldname, text, field_unit(fieldname) or "paragraph")

    def scorer(self, searcher: Any, fieldname: str, text: str, qf: int = 1) -> Any:
        if not searcher.schema[fieldname].scorable:
            return WeightScorer.for_(searcher, fieldname, text)
        return UnitScorer(searcher, fieldname, text, self.B, self.K1, qf=qf)

    def figures(self, searcher: Any, fieldname: str, text: str) -> Any:
        """Return scorer()'s scorer with only its figures (B, K1, idf,
        avgfl and the quote unit's), not set up to score a matcher: for
        scoring postings in bulk (search.query.ranking), one term-table
        look-up less a term and segment."""
        if not searcher.schema[fieldname].scorable:
            return WeightScorer.for_(searcher, fieldname, text)
        return UnitScorer(searcher, fieldname, text, self.B, self.K1, matching=False)
