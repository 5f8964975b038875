"""Collecting a query's matches in ONE pass: the top hits plus every docnum.

Owns the Whoosh collector setup for search(): a top-N collector (by score,
or by a sort column) wrapped in a collector that records the global number
of every matching document, so facets and the total come from the same
pass that ranks the page instead of a second docs_for_query() pass (which
roughly doubled query time on broad queries).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whoosh import collectors
from whoosh import query as wq
from whoosh.sorting import FieldFacet


class RecordingCollector(collectors.WrappingCollector):
    """Passes every match to its child and records its global docnum."""

    def __init__(self, child: Any) -> None:
        super().__init__(child)
        self.docnums: list[int] = []

    def collect_matches(self) -> None:
        child = self.child
        record = self.docnums.append
        offset = self.offset
        for sub_docnum in child.matches():
            record(offset + sub_docnum)
            child.collect(sub_docnum)


@dataclass(slots=True)
class Collected:
    """The ranked top of a result set and the docnums of all of it."""

    results: Any  # whoosh.searching.Results, ranked, at most `limit` long
    docnums: list[int]


def collect_matches(searcher: Any, q: wq.Query, limit: int, sort_field: str | None) -> Collected:
    """Return the top `limit` matches of `q` (by score, or ascending by the
    numeric column `sort_field`) and the docnums of every match."""
    if sort_field:
        child: Any = collectors.SortingCollector(FieldFacet(sort_field), limit=limit)
    else:
        # Block-quality skipping and matcher replacement (which prunes
        # branches that cannot beat the current minimum score) would both
        # hide matching documents from the recorder.
        child = collectors.TopCollector(limit=limit, usequality=False, replace=0)
    recorder = RecordingCollector(child)
    searcher.search_with_collector(q, recorder)
    return Collected(results=recorder.results(), docnums=recorder.docnums)


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
