"""What a reading of one commit sees, and every value derived from it.

Owns CommitView: one reading's searcher with typed methods for the values
built once per commit of the index (the query parser, sort columns, field
lengths, the facet table, quotes mode's copy groups and their dated members, entity lists, the
result cache, the feeds' order,
the sightings' memo, entity outlines) and the Index's caches of segment
reads kept across commits (postings_cache, facet_columns).  Each method
owns its value's key in the commit's BuildCache (search.storage.reading.searchers,
through Index.commit_cache): the first thread asking builds it while the
others wait, at most until their deadline, and a commit brings a new
cache.  open_view() is how the engine and the features read the index.
"""
from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
from whoosh.qparser import QueryParser
from whoosh.searching import Searcher

from onrecord.search.deadline import Deadline
from onrecord.search.features.facets import (
    FacetAsk,
    FacetColumns,
    FacetCounts,
    FacetTable,
    build_facet_table,
    count_values,
    tally_facets,
)
from onrecord.search.features.histogram import DatedCopies, dated_copies
from onrecord.search.features.outlines import OutlineCache
from onrecord.search.features.quotegroups import QuoteGroups, build_quote_groups
from onrecord.search.model import FacetValue, Visibility
from onrecord.search.query.collecting import SortColumn, build_sort_column
from onrecord.search.query.postings import PostingsCache
from onrecord.search.query.querying import build_parser
from onrecord.search.query.ranking import build_lengths
from onrecord.search.query.resultcache import ResultCache
from onrecord.search.query.visibility import hidden_mask, visibility_key
from onrecord.search.storage.articledb.records import ArticleRecords
from onrecord.search.storage.reading.segmentcache import segment_key
from onrecord.search.storage.store import Index


@contextmanager
def open_view(index: Index) -> Iterator[CommitView]:
    """Yield the CommitView of the commit this thread reads (index.reading():
    nested calls in one thread see the same commit).  Raises
    IndexUnavailableError if the index is closed or damaged."""
    with index.reading() as searcher:
        yield CommitView(index, searcher)


class CommitView:
    """One thread's reading of one commit (create it inside index.reading(),
    or with open_view()); its values are shared by every reading of the
    commit."""

    def __init__(self, index: Index, searcher: Searcher) -> None:
        self.index = index
        self.searcher = searcher
        self._cache = index.commit_cache()

    @property
    def records(self) -> ArticleRecords:
        """The index's article records (search.storage.articledb.records)."""
        return self.index.records

    @property
    def postings(self) -> PostingsCache:
        """The Index's decoded postings of frequent terms, kept across commits."""
        return self.index.postings_cache

    @property
    def facet_columns(self) -> FacetColumns:
        """The Index's per-segment facet columns, kept across commits."""
        return self.index.facet_columns

    def parser(self) -> QueryParser:
        """Return the query parser of this commit's schema: one for the
        searches, exports, feeds and the article page's marks."""
        return self._cache.get("parser", lambda: build_parser(self.index.schema))

    def sort_column(self, field: str, deadline: Deadline | None = None) -> SortColumn:
        """Return the integer column `field` (newest_key, oldest_key) and its
        order.  Raises DeadlineExceeded if another thread's build outlasts
        `deadline`."""
        return self._cache.get(f"sort:{field}", lambda: build_sort_column(self.searcher, field),
                               deadline)

    def lengths(self, reader: Any, fieldname: str, deadline: Deadline | None = None) -> array:
        """Return segment `reader`'s lengths of `fieldname` (per segment, so
        every pooled reader of it shares them).  Raises DeadlineExceeded if
        another thread's build outlasts `deadline`."""
        return self._cache.get(f"lengths:{segment_key(reader)}:{fieldname}",
                               lambda: build_lengths(reader, fieldname), deadline)

    def facet_table(self, deadline: Deadline | None = None) -> FacetTable:
        """Return the FacetTable of every document of the commit.  Raises
        DeadlineExceeded if `deadline` passes while it is built (by this
        thread or another)."""
        return self._cache.get(
            "facet-table", lambda: build_facet_table(self.searcher, deadline, self.facet_columns),
            deadline)

    def quote_groups(self, deadline: Deadline | None = None) -> QuoteGroups:
        """Return the commit's groups of quote copies (search.features.quotegroups).
        Raises DeadlineExceeded if another thread's build outlasts `deadline`."""
        return self._cache.get("quote-groups", lambda: build_quote_groups(self.searcher),
                               deadline)

    def dated_copies(self, keys: Sequence[int], groups: QuoteGroups,
                     deadline: Deadline | None = None) -> DatedCopies:
        """Return the commit's dated copies (search.features.histogram) of
        `groups` by the date column `keys` (the oldest_key sort column's).
        Raises DeadlineExceeded if another thread's build outlasts `deadline`."""
        return self._cache.get("dated-copies", lambda: dated_copies(keys, groups), deadline)

    def browse_counts(self, table: FacetTable, docnums: np.ndarray, expand: str,
                      contains: str, verbatim: bool = False, mode: str = "paragraphs",
                      groups: QuoteGroups | None = None) -> FacetCounts:
        """Return the facet counts of `docnums`, every live document of
        `mode` (the browse page: no words, no filters), with facet `expand`
        listed whole narrowed to `contains`, of the verbatim columns under
        `verbatim`, each of quotes mode's `groups` counted once: the same
        answer until the next commit (not kept when quotes mode came
        without its groups: the deadline cut them)."""
        ask = FacetAsk(expand, contains, verbatim=verbatim, groups=groups)
        if mode == "quotes" and groups is None:
            return tally_facets(table, docnums, ask)
        return self._cache.get(f"facets:all:{expand}:{contains}:{verbatim}:{mode}",
                               lambda: tally_facets(table, docnums, ask))

    def entity_counts(self, fieldname: str, collections: Visibility = None) -> list[FacetValue]:
        """Return every value of facet field `fieldname` (the speakers or
        the institutions) with its paragraph count (facets.count_values),
        over the documents of `collections` only (None: all)."""
        return self._cache.get(f"entities:{fieldname}:{visibility_key(collections)}",
                               lambda: count_values(self.searcher, fieldname,
                                                    self.hidden_docs(collections)))

    def hidden_docs(self, collections: Visibility) -> np.ndarray | None:
        """Return the mask of docnums hidden from a reader of `collections`
        (search.query.visibility.hidden_mask; None for None: nothing), once
        per commit and set of collections."""
        if collections is None:
            return None
        mask: np.ndarray | None = self._cache.get(f"hidden:{visibility_key(collections)}",
                                                  lambda: hidden_mask(self.searcher, collections))
        return mask

    def result_cache(self) -> ResultCache | None:
        """Return the commit's cache of finished results, holding at most
        index.result_cache_size of them; None when that setting is 0 (off).
        A result's page count depends on the paging settings: one cache each."""
        size, window, lookahead = (self.index.result_cache_size, self.index.max_result_window,
                                   self.index.page_lookahead)
        if size <= 0:
            return None
        return self._cache.get(f"results:{size}:{window}:{lookahead}", lambda: ResultCache(size))

    def feed_order(self) -> tuple[np.ndarray, dict[str, str]]:
        """Return (the rank of each document's article by when it was
        indexed, by docnum; {doc_id: indexed_at}): the feeds' order."""
        return self._cache.get("feed-order", self._indexed_order)

    def changed_articles(self) -> dict[str, tuple[int, str]]:
        """Return {doc_id: (version, changed_at)} of the articles changed
        after publication (records.changed_articles), read once per commit."""
        return self._cache.get("changed-articles", self.records.changed_articles)

    def sighting_memo(self, collections: Visibility = None) -> dict[tuple[Any, ...], Any]:
        """Return the commit's memo of sightings' answers (search.features.sightings)
        for readers of `collections`: each set of them has its own."""
        memo: dict[tuple[Any, ...], Any] = self._cache.get(
            f"sightings:{visibility_key(collections)}", dict)
        return memo

    def outlines(self) -> OutlineCache:
        """Return the commit's most recently used entity outlines."""
        return self._cache.get("outlines", OutlineCache)

    def _indexed_order(self) -> tuple[np.ndarray, dict[str, str]]:
        times = self.records.latest_indexed()
        rank = {stamp: i + 1 for i, stamp in enumerate(sorted(set(times.values())))}
        keys = np.zeros(self.searcher.doc_count_all(), dtype=np.int64)
        reader = self.searcher.reader()
        for term in reader.lexicon("doc_id"):
            doc_id = term.decode("utf-8") if isinstance(term, bytes) else str(term)
            ids = np.fromiter(reader.postings("doc_id", term).all_ids(), dtype=np.int64)
            keys[ids] = rank.get(times.get(doc_id, ""), 0)
        return keys, times
