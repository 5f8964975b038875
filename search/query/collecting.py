"""Collecting a query's page of hits and its whole match set, within a deadline.

Owns collect(): the docnums of every match (for the total and the facets,
from onrecord.search.query.docsets' unscored set algebra) plus the ranked top of the page.
Ranking by score uses search.query.ranking's bulk scorer, or else Whoosh's top-N
collector wrapped so a deadline stops it; date sorts and unranked (filter-only) queries rank the
match set directly from cached columns instead of walking matchers again.
"""
from __future__ import annotations

import heapq
from array import array
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from whoosh import collectors
from whoosh import query as wq

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.query.columns import order_by_value, read_int_column
from onrecord.search.query.docarrays import SortedDocs, match_sorted
from onrecord.search.query.docsets import Matched, match_docnums
from onrecord.search.query.postings import PostingsCache
from onrecord.search.query.ranking import Lengths, Scores, score_all, top_scored
from onrecord.search.query.units import (
    is_paragraph_restriction,
    is_quote_restriction,
    only_paragraphs,
    only_quotes,
    other_filter,
)

# Walk the sort order when limit * N <= _WALK_FACTOR * matches^2 (see _top_by_keys).
_WALK_FACTOR = 4


class DeadlineCollector(collectors.WrappingCollector):
    """Passes matches to its child until the deadline, then stops the run."""

    def __init__(self, child: Any, deadline: Deadline) -> None:
        super().__init__(child)
        self.deadline = deadline

    def collect_matches(self) -> None:
        child = self.child
        check = self.deadline.check
        for count, sub_docnum in enumerate(child.matches()):
            if not count & 255:
                check()
            child.collect(sub_docnum)


@dataclass(slots=True)
class Collected:
    """One page's (docnum, score) pairs in rank order, every matching docnum,
    and whether the deadline cut either short.  `scores` (every match's
    score, from the bulk ranking) and `keys` (the sort column) let
    extend() rank further down without running the query again."""

    ranked: list[tuple[int, float]]
    docnums: AbstractSet[int] = field(default_factory=set)
    partial: bool = False
    scores: Scores | None = None
    keys: SortColumn | None = None
    sorted_by_keys: bool = False


@dataclass(frozen=True, slots=True)
class SortColumn:
    """A numeric sort key per global docnum, and every docnum in ascending
    (key, docnum) order: the top of a large match set is then the first
    members met walking `order`, not a key lookup per match."""

    keys: array
    order: array


def collect(searcher: Any, q: wq.Query, scored: bool, limit: int,
            sort_keys: Callable[[], SortColumn] | None, deadline: Deadline,
            lengths: Lengths | None = None, cache: PostingsCache | None = None) -> Collected:
    """Return the top `limit` matches of `q` and all its matching docnums.

    With `scored`, the top is by descending score (ties: lower docnum
    first); otherwise ascending by the key of sort_keys() (a cached
    column), or by docnum without one; those hits score 0.0.  `lengths` (cached
    field lengths per segment reader) enables bulk scoring; `cache` (the
    Index's postings_cache) keeps frequent terms' postings.  When `deadline`
    passes (or waiting for a cached column outlasts it), returns what it
    has with partial=True."""
    if scored and lengths is not None:
        try:
            scores = score_all(searcher, q, lengths, deadline, cache)
        except DeadlineExceeded:
            return Collected([], set(), partial=True)
        if scores is not None:
            return Collected(top_scored(scores, limit), set(scores), scores=scores)
    matched = match_all(searcher, q, deadline, cache)
    if scored:
        ranked, cut = _top_scored(searcher, q, limit, deadline)
        return Collected(ranked, matched.docnums, matched.partial or cut)
    try:
        keys = sort_keys() if sort_keys else None
    except DeadlineExceeded:  # another thread is still building the sort column
        return Collected([], matched.docnums, partial=True)
    return Collected(_top_by_keys(matched.docnums, keys, limit), matched.docnums,
                     matched.partial, keys=keys, sorted_by_keys=True)


def match_all(searcher: Any, q: wq.Query, deadline: Deadline,
              cache: PostingsCache | None = None) -> Matched:
    """Return every match of `q`: a filter-only query's as one sorted array
    (search.query.docarrays: 0.5-1M quote documents of a kind or evidence
    filter, no Python set of them), anything else as match_docnums' set."""
    found = match_sorted(searcher, q, deadline, cache)
    return Matched(found) if found is not None else match_docnums(searcher, q, deadline, cache)


def extend(collected: Collected, limit: int) -> Collected | None:
    """Return `collected` ranked down to `limit` from what it already holds,
    or None if only running the query again can (Whoosh's collector)."""
    if collected.scores is not None:
        ranked = top_scored(collected.scores, limit)
    elif collected.sorted_by_keys:
        ranked = _top_by_keys(collected.docnums, collected.keys, limit)
    else:
        return None
    return Collected(ranked, collected.docnums, collected.partial, collected.scores,
                     collected.keys, collected.sorted_by_keys)


def _top_by_keys(docnums: AbstractSet[int], column: SortColumn | None,
                 limit: int) -> list[tuple[int, float]]:
    """Return the `limit` docnums smallest by (key, docnum), score 0."""
    if isinstance(docnums, SortedDocs):
        return [(d, 0.0) for d in docnums.smallest_by(column.keys if column else None, limit)]
    if column is None:
        top = heapq.nsmallest(limit, docnums)
    elif limit * len(column.order) <= _WALK_FACTOR * len(docnums) ** 2:
        # Dense matches: expected walk ~ limit * N / matches steps, each a
        # set lookup, against one key lookup per match for the heap.
        top = list(islice((d for d in column.order if d in docnums), limit))
    else:
        key = column.keys.__getitem__
        top = heapq.nsmallest(limit, docnums, key=lambda d: (key(d), d))
    return [(d, 0.0) for d in top]


def _top_scored(searcher: Any, q: wq.Query, limit: int,
                deadline: Deadline) -> tuple[list[tuple[int, float]], bool]:
    # No block-quality skipping or matcher replacement: whoosh3's
    # replacement drops matching documents (seen with AND NOT), so the
    # fallback scores every match, as the bulk ranking does.
    top = collectors.TopCollector(limit=limit, usequality=False, replace=0)
    cut = False
    try:
        searcher.search_with_collector(q, DeadlineCollector(top, deadline))
    except DeadlineExceeded:
        cut = True
    # TopCollector keeps (score, -docnum) so ties rank the lower docnum first.
    items = sorted(getattr(top, "items", []), reverse=True)  # none if stopped early
    return [(0 - negated, float(score)) for score, negated in items], cut


def build_sort_column(searcher: Any, fieldname: str) -> SortColumn:
    """Return the numeric column `fieldname` by docnum (0 for documents
    without a value) with its (key, docnum) order."""
    keys = read_int_column(searcher.reader(), fieldname)  # date keys fit 32 bits
    return SortColumn(keys, order_by_value(keys))


def restrict_query(q: wq.Query | None, flt: wq.Query | None) -> wq.Query:
    """Return `q` narrowed by the filter query `flt` (which adds no score);
    Every() when both are None."""
    if q is None:
        return wq.ConstantScoreQuery(flt, 1.0) if flt is not None else wq.Every()
    if flt is None:
        return q
    if is_paragraph_restriction(flt):
        # Paragraph mode's unit restriction: nothing to take away when q's
        # words are paragraph words (search.query.units.only_paragraphs),
        # else taken from q's matches, not intersected with every document.
        assert isinstance(flt, wq.AndNot)
        if only_paragraphs(q):
            return q if isinstance(flt.a, wq.Every) else wq.And([q, wq.ConstantScoreQuery(flt.a, 0.0)])
        if isinstance(flt.a, wq.Every) and not flt.a.fieldname:
            return wq.AndNot(q, flt.b)
    if is_quote_restriction(flt) and only_quotes(q):
        # Quotes mode's mirror: q's words are a quote's own words, which
        # only quote documents hold, so no intersection with all of them.
        rest = other_filter(flt)
        return q if rest is None else wq.And([q, wq.ConstantScoreQuery(rest, 0.0)])
    # An intersection lets the matcher skip ahead to filtered documents
    # instead of testing every match of q against a filter set.
    return wq.And([q, wq.ConstantScoreQuery(flt, 0.0)])
