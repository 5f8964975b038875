"""Facet counts (speaker, institution, outlet, year) over a result set.

Owns the per-searcher FacetTable: for every document number, the tuple of
its facet values, built once from the postings of the case-preserving facet
fields (cheap: no stored fields are read) and cached on the Index until the
searcher is refreshed.  Counting a result set is then a pass over its
document numbers.
"""
from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import dataclass
from itertools import chain
from typing import Any, Iterable

from search.model import FACET_FIELDS, FacetValue

TOP_VALUES = 20
# Facet name -> index field whose terms are the facet's display values.
_SOURCE_FIELDS = {
    "speaker": "speaker_facet",
    "institution": "institution_facet",
    "outlet": "outlet_facet",
    "year": "year",
}
CACHE_KEY = "facet-table"


@dataclass(frozen=True, slots=True)
class FacetTable:
    """Facet name -> list indexed by docnum of that document's values."""

    columns: dict[str, list[tuple[str, ...]]]


def build_facet_table(searcher: Any) -> FacetTable:
    """Return the FacetTable of every document visible to `searcher`."""
    reader = searcher.reader()
    size = reader.doc_count_all()
    columns: dict[str, list[tuple[str, ...]]] = {}
    for facet in FACET_FIELDS:
        fieldname = _SOURCE_FIELDS[facet]
        column: list[tuple[str, ...]] = [()] * size
        if fieldname in reader.indexed_field_names():
            for value in reader.field_terms(fieldname):
                for docnum in reader.postings(fieldname, value).all_ids():
                    column[docnum] = column[docnum] + (value,)
        columns[facet] = column
    return FacetTable(columns)


def count_facets(table: FacetTable, docnums: Iterable[int]) -> dict[str, list[FacetValue]]:
    """Return, for each facet, its TOP_VALUES most frequent values among
    `docnums`, by count descending then value ascending."""
    docs = list(docnums)
    result: dict[str, list[FacetValue]] = {}
    for facet, column in table.columns.items():
        counts = Counter(chain.from_iterable(map(column.__getitem__, docs)))
        top = heapq.nsmallest(TOP_VALUES, counts.items(), key=lambda kv: (-kv[1], kv[0]))
        result[facet] = [FacetValue(value, count) for value, count in top]
    return result
