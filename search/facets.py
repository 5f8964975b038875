"""Facet counts (speaker, institution, outlet, year) over a result set.

Owns the per-searcher FacetTable: for each facet, a compact column mapping
docnum -> value id (an array of 4-byte ints, 0 meaning "no value", plus a
small dict for the documents with several values), built once from the
postings of the case-preserving facet fields (no stored fields are read)
and cached on the Index until the searcher is refreshed.  Counting a
result set is then a C-speed Counter pass over its docnums, or over the
documents that have a value at all when those are fewer.
"""
from __future__ import annotations

import heapq
from array import array
from collections import Counter
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Any, Collection, Iterator

from search.docsets import iter_posting_ids
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


@dataclass(slots=True)
class FacetColumn:
    """One facet's values per docnum.

    `values[i]` is the value with id i (values[0] is a placeholder);
    `first[docnum]` its first value id (an array of bytes when there are
    fewer than 255 values, else of 4-byte ints); `more[docnum]` any further ids;
    `present` the docnums that have at least one value, kept only when
    they are under half of the index (a set costs ~60 bytes per entry)."""

    values: list[str] = field(default_factory=lambda: [""])
    first: array = field(default_factory=lambda: array("I"))
    more: dict[int, tuple[int, ...]] = field(default_factory=dict)
    present: frozenset[int] | None = None

    def value_ids(self, docnum: int) -> tuple[int, ...]:
        """Return the value ids of `docnum` (empty if it has none)."""
        head = self.first[docnum]
        return () if not head else (head,) + self.more.get(docnum, ())


@dataclass(frozen=True, slots=True)
class FacetTable:
    """Facet name -> FacetColumn over every docnum of one searcher."""

    columns: dict[str, FacetColumn]


def build_facet_table(searcher: Any) -> FacetTable:
    """Return the FacetTable of every document visible to `searcher`."""
    reader = searcher.reader()
    size = reader.doc_count_all()
    indexed = set(reader.indexed_field_names())
    columns = {facet: _build_column(reader, _SOURCE_FIELDS[facet], size, indexed)
               for facet in FACET_FIELDS}
    return FacetTable(columns)


def _build_column(reader: Any, fieldname: str, size: int, indexed: set[str]) -> FacetColumn:
    column = FacetColumn(first=array("I", bytes(4 * size)))
    if fieldname not in indexed:
        return column
    first, more = column.first, column.more
    value_ids: dict[str, int] = {}
    for value, docnums in _field_postings(reader, fieldname):
        value_id = value_ids.get(value)
        if value_id is None:
            column.values.append(value)
            value_id = value_ids[value] = len(column.values) - 1
        for docnum in docnums:
            if not first[docnum]:
                first[docnum] = value_id
            else:
                more[docnum] = more.get(docnum, ()) + (value_id,)
    if len(column.values) <= 255:  # one byte per document is enough
        column.first = array("B", column.first)
    having = size - column.first.count(0)
    if having < size // 2:
        column.present = frozenset(d for d, v in enumerate(column.first) if v)
    return column


def _field_postings(reader: Any, fieldname: str) -> Iterator[tuple[str, Iterator[int]]]:
    """Yield (value, its global docnums, deleted ones too: they never reach
    a count) for every term of `fieldname`, segment by segment.  A Whoosh 3
    segment's term file is read in order, each term's postings opened from
    the term info just read: looking every value up in every segment's
    hash table cost ~6x more (seconds at 64,000 paragraphs)."""
    for leaf, offset in reader.leaf_readers():
        terms = getattr(leaf, "_terms", None)
        if terms is None or not hasattr(terms, "items_from") or not hasattr(terms, "_codec"):
            for value in list(leaf.field_terms(fieldname)):
                matcher = leaf.postings(fieldname, value)
                yield value, (offset + d for d in iter_posting_ids(getattr(matcher, "child", matcher)))
            continue
        if fieldname not in terms.indexed_field_names():
            continue
        field = leaf.schema[fieldname]
        for (name, tbytes), info in terms.items_from(fieldname, b""):
            if name != fieldname:
                break
            matcher = terms._codec.postings_reader(terms._postfile, info, field.format)
            yield field.from_bytes(tbytes), (offset + d for d in iter_posting_ids(matcher))


def count_facets(table: FacetTable, docnums: Collection[int]) -> dict[str, list[FacetValue]]:
    """Return, for each facet, its TOP_VALUES most frequent values among
    `docnums` (a set, or any collection), by count descending then value
    ascending."""
    docs = docnums if isinstance(docnums, (set, frozenset)) else set(docnums)
    result: dict[str, list[FacetValue]] = {}
    for facet, column in table.columns.items():
        counts = _count_ids(column, docs)
        values = column.values
        top = heapq.nsmallest(TOP_VALUES, counts.items(),
                              key=lambda kv: (-kv[1], values[kv[0]]))
        result[facet] = [FacetValue(values[i], count) for i, count in top]
    return result


def _count_ids(column: FacetColumn, docs: set[int] | frozenset[int]) -> Counter[int]:
    # Most paragraphs name no speaker or institution: when fewer documents
    # have a value than matched, count only those.
    present = column.present
    having = present & docs if present is not None and len(present) < len(docs) else docs
    first = column.first
    if first.typecode == "B" and len(having) > 1:
        # Few distinct values (outlet, year): pick every document's value id
        # in one C call, then count each id with bytes.count.
        picked = bytes(itemgetter(*having)(first))
        counts = Counter({i: n for i in range(1, len(column.values))
                          if (n := picked.count(i))})
    else:
        counts = Counter(map(first.__getitem__, having))
        counts.pop(0, None)
    more = column.more
    if more:
        counts.update(chain.from_iterable(map(more.__getitem__, more.keys() & having)))
    return counts
