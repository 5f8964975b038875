"""Collecting a query's page of hits and its whole match set, within a deadline.

Owns collect(): the docnums of every match (for the total and the facets,
from search.docsets' unscored set algebra) plus the ranked top of the page.
Ranking by score uses search.ranking's bulk scorer, or else Whoosh's top-N
collector wrapped so a deadline stops it; date sorts and unranked (filter-only) queries rank the
match set directly from cached columns instead of walking matchers again.
"""
from __future__ import annotations

import heapq
from array import array
from dataclasses import dataclass, field
from typing import Any, Callable

from whoosh import collectors
from whoosh import query as wq

from search.docsets import Deadline, DeadlineExceeded, match_docnums
from search.ranking import Lengths, Scores, score_all, top_scored


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
    docnums: set[int] = field(default_factory=set)
    partial: bool = False
    scores: Scores | None = None
    keys: array | None = None
    sorted_by_keys: bool = False


def collect(searcher: Any, q: wq.Query, scored: bool, limit: int,
            sort_keys: Callable[[], array] | None, deadline: Deadline,
            lengths: Lengths | None = None) -> Collected:
    """Return the top `limit` matches of `q` and all its matching docnums.

    With `scored`, the top is by descending score (ties: lower docnum
    first); otherwise ascending by sort_keys()[docnum] (a cached column),
    or by docnum without one; those hits score 0.0.  `lengths` (cached
    field lengths per segment reader) enables bulk scoring."""
    if scored and lengths is not None:
        try:
            scores = score_all(searcher, q, lengths, deadline)
        except DeadlineExceeded:
            return Collected([], set(), partial=True)
        if scores is not None:
            return Collected(top_scored(scores, limit), set(scores), scores=scores)
    matched = match_docnums(searcher, q, deadline)
    if scored:
        ranked, cut = _top_scored(searcher, q, limit, deadline)
        return Collected(ranked, matched.docnums, matched.partial or cut)
    keys = sort_keys() if sort_keys else None
    return Collected(_top_by_keys(matched.docnums, keys, limit), matched.docnums,
                     matched.partial, keys=keys, sorted_by_keys=True)


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


def _top_by_keys(docnums: set[int], keys: array | None, limit: int) -> list[tuple[int, float]]:
    """Return the `limit` docnums smallest by (keys[docnum], docnum), score 0."""
    if keys is None:
        top = heapq.nsmallest(limit, docnums)
    else:
        key = keys.__getitem__
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


def build_sort_column(searcher: Any, fieldname: str) -> array:
    """Return the numeric column `fieldname` as an array indexed by docnum
    (0 for documents without a value)."""
    reader = searcher.reader()
    values = array("i", bytes(4 * reader.doc_count_all()))  # date keys fit 32 bits
    if reader.has_column(fieldname):
        for docnum, value in enumerate(reader.column_reader(fieldname)):
            values[docnum] = int(value or 0)
    return values


def restrict_query(q: wq.Query | None, flt: wq.Query | None) -> wq.Query:
    """Return `q` narrowed by the filter query `flt` (which adds no score);
    Every() when both are None."""
    if q is None:
        return wq.ConstantScoreQuery(flt, 1.0) if flt is not None else wq.Every()
    if flt is None:
        return q
    # An intersection lets the matcher skip ahead to filtered documents
    # instead of testing every match of q against a filter set.
    return wq.And([q, wq.ConstantScoreQuery(flt, 0.0)])
