"""Facet counts (the facets of search.facetdefs.FACETS) over a result set.

Owns the per-searcher FacetTable: for each facet, a compact column mapping
docnum -> value id (a numpy array of 1- or 4-byte ints, 0 meaning "no
value", plus flat arrays for the documents with several values), kept per
commit by search.features.commitview.  It is joined from per-segment
columns read from the postings of the case-preserving facet fields (no
stored fields are read) and kept by segment id in the Index's
facet_columns, so after a commit only the new segments are read.  Also
owns count_values(): every value of a facet field with its paragraph
count (the entity lists).
Counting a result set is then one numpy gather and bincount per facet
(numpy: a Python loop cost ~0.3 s per query over 350,000 matches).
"""
from __future__ import annotations

import heapq
from array import array
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from onrecord.search.deadline import Deadline
from onrecord.search.facetdefs import FACETS
from onrecord.search.features.quotegroups import DocLookup, GroupPairs, QuoteGroups, count_pairs, kept_pairs
from onrecord.search.model import FacetValue
from onrecord.search.query.docarrays import SortedDocs
from onrecord.search.query.docsets import hidden_docs, iter_posting_id_blocks, iter_posting_ids, open_postings
from onrecord.search.storage.reading.segmentcache import SegmentCache
from onrecord.search.storage.reading.whoosh_termids import field_term_ids

TOP_VALUES = 20
# The most values of one facet a "show all" lists.
ALL_VALUES = 2000


@dataclass(slots=True)
class FacetColumn:
    """One facet's values per docnum (of a segment, or of a whole searcher).

    `values[i]` is the value with id i (values[0] is a placeholder);
    `first[docnum]` its first value id; a document's further ids are the
    `more_ids` entries whose `more_docs` entry is that docnum."""

    values: list[str] = field(default_factory=lambda: [""])
    first: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint32))
    more_docs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.intp))
    more_ids: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.intp))


@dataclass(frozen=True, slots=True)
class FacetTable:
    """Facet name -> FacetColumn over every docnum of one searcher; and,
    for the facets with a verbatim field (search.facetdefs), that field's
    column under `verbatim`."""

    columns: dict[str, FacetColumn]
    verbatim: dict[str, FacetColumn] = field(default_factory=dict)
    # (facet, verbatim) -> value -> id, and casefolded value -> its values;
    # built on first use (resolve_value, pinned values), kept with the table.
    ids: dict[tuple[str, bool], dict[str, int]] = field(default_factory=dict)
    folded: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    # (facet, verbatim, unit, grouped) -> the facet's counts over every live
    # document of the unit: a selected facet's own count with no other
    # filter, the same on every search of the commit (tally_facets).
    unit_counts: dict[tuple[str, bool, str, bool], np.ndarray] = field(default_factory=dict)
    # (facet, verbatim) -> the copy groups and the column's GroupPairs: made on first use.
    by_group: dict[tuple[str, bool], tuple[QuoteGroups, GroupPairs]] = field(default_factory=dict)

    def columns_for(self, verbatim: bool) -> dict[str, FacetColumn]:
        """Return facet name -> the column counted: under the verbatim
        switch, a facet's verbatim column where it has one."""
        return {**self.columns, **self.verbatim} if verbatim else self.columns


FacetColumns = SegmentCache[FacetColumn]  # keyed by (field,) within a segment


def build_facet_table(searcher: Any, deadline: Deadline | None = None,
                      columns: FacetColumns | None = None) -> FacetTable:
    """Return the FacetTable of every document visible to `searcher`, made
    from each segment's columns, kept in `columns` (the Index's
    facet_columns) if given: segments never change (deletions do not
    matter: counts only see live docnums), so after a commit only the new
    segments are read.  Raises DeadlineExceeded if `deadline` passes before
    a column not yet kept is read (the columns read so far stay kept, so
    the next try resumes there)."""
    leaves = searcher.reader().leaf_readers()

    def column(fieldname: str) -> FacetColumn:
        return _combine([(offset, _segment_column(leaf, fieldname, deadline, columns))
                         for leaf, offset in leaves])

    # count_field: the terms are the facet's display values
    return FacetTable({facet.name: column(facet.count_field) for facet in FACETS},
                      {facet.name: column(facet.verbatim_field) for facet in FACETS
                       if facet.verbatim_field})


def _segment_column(leaf: Any, fieldname: str, deadline: Deadline | None,
                    columns: FacetColumns | None) -> FacetColumn:
    # Not an on-disk segment: nothing to key a cache on.
    kept = columns if hasattr(leaf, "segment") and leaf.segment() is not None else None
    found = kept.get(leaf, (fieldname,)) if kept is not None else None
    if found is not None:
        return found
    if deadline is not None:
        deadline.check()
    column = _read_column(leaf, fieldname)
    if kept is not None:
        kept.put(leaf, (fieldname,), column, _nbytes(column))
    return column


def _nbytes(column: FacetColumn) -> int:
    return column.first.nbytes + column.more_docs.nbytes + column.more_ids.nbytes


def _read_column(leaf: Any, fieldname: str) -> FacetColumn:
    """Return a segment's column, reading its facet field's postings: a
    document's first value (in term order) in `first`, its others in
    `more_docs`/`more_ids` in term order.  The postings are gathered a
    block at a time and split with numpy (a Python step per posting was
    a sixth of building a 250k-paragraph index's facet table)."""
    column = FacetColumn()
    value_ids: dict[str, int] = {}
    docs = array("I")
    term_ids: list[int] = []
    counts: list[int] = []
    for value, blocks in _field_postings(leaf, fieldname):
        value_id = value_ids.get(value)
        if value_id is None:
            column.values.append(value)
            value_id = value_ids[value] = len(column.values) - 1
        before = len(docs)
        for ids in blocks:
            docs.extend(ids)
        term_ids.append(value_id)
        counts.append(len(docs) - before)
    docnums = np.frombuffer(docs, dtype=np.uint32).astype(np.intp)
    values = np.repeat(np.array(term_ids, dtype=np.intp), counts)
    leads = _first_of_each(docnums)
    column.first = np.zeros(leaf.doc_count_all(), dtype=np.uint32)
    column.first[docnums[leads]] = values[leads]
    if len(column.values) <= 256:  # kept per segment: one byte per document if enough
        column.first = column.first.astype(np.uint8)
    if not leads.all():
        column.more_docs, column.more_ids = docnums[~leads], values[~leads]
    return column


def _first_of_each(docnums: np.ndarray) -> np.ndarray:
    """Return a mask of `docnums`: True where a docnum occurs for the first
    time (earlier entries win)."""
    order = np.argsort(docnums, kind="stable")
    ordered = docnums[order]
    lead = np.ones(len(order), dtype=bool)
    lead[1:] = ordered[1:] != ordered[:-1]
    leads = np.empty(len(order), dtype=bool)
    leads[order] = lead
    return leads


def _combine(parts: list[tuple[int, FacetColumn]]) -> FacetColumn:
    """Return one column over segments given as (docnum offset, column), in
    order: value ids are renumbered into one shared list."""
    column = FacetColumn()
    ids: dict[str, int] = {}
    firsts, more_docs, more_ids = [], [], []
    for offset, part in parts:
        remap = np.zeros(len(part.values), dtype=np.uint32)
        for local, value in enumerate(part.values[1:], 1):
            found = ids.get(value)
            if found is None:
                column.values.append(value)
                found = ids[value] = len(column.values) - 1
            remap[local] = found
        firsts.append(remap[part.first])
        more_docs.append(part.more_docs + offset)
        more_ids.append(remap[part.more_ids].astype(np.intp))
    if parts:
        column.first = np.concatenate(firsts)
        column.more_docs, column.more_ids = np.concatenate(more_docs), np.concatenate(more_ids)
    if len(column.values) <= 256:  # one byte per document is enough
        column.first = column.first.astype(np.uint8)
    return column


def _field_postings(leaf: Any, fieldname: str) -> Iterator[tuple[str, Iterator[Sequence[int]]]]:
    """Yield (value, its segment docnums a block at a time, deleted ones too:
    they never reach a count) for every term of `fieldname` in segment reader `leaf`.  A
    Whoosh 3 segment's term file is read in order, each term's postings
    read from the row just read (field_term_ids): looking every value up in
    the segment's hash table cost ~6x more (seconds at 64,000 paragraphs), and
    a matcher opened a term ~1.5x more (a restarted server's warm-up at 1M)."""
    if fieldname not in leaf.indexed_field_names():
        return
    field = leaf.schema[fieldname]
    walked = field_term_ids(leaf, fieldname)
    if walked is not None:
        for tbytes, ids in walked:
            yield field.from_bytes(tbytes), iter(ids)
        return
    for value in list(leaf.field_terms(fieldname)):  # not a Whoosh 3 term table
        matcher = leaf.postings(fieldname, value)
        yield value, iter_posting_id_blocks(getattr(matcher, "child", matcher))


def count_values(searcher: Any, fieldname: str, hidden: np.ndarray | None = None) -> list[FacetValue]:
    """Return every value of facet field `fieldname` with the number of
    (undeleted) paragraphs holding it, but for those `hidden` marks by global
    docnum (another collection's), count descending then value; none with no paragraph."""
    counts: Counter[str] = Counter()
    for sub, offset in searcher.leaf_searchers():
        reader = sub.reader()
        if fieldname not in reader.indexed_field_names():
            continue
        deleted = hidden_docs(reader)  # paragraphs only: not their quotes
        if hidden is not None:
            local = np.flatnonzero(hidden[offset:offset + reader.doc_count_all()])
            deleted = deleted | set(local.tolist())
        for value in reader.field_terms(fieldname):
            if not deleted:
                counts[value] += reader.doc_frequency(fieldname, value)
                continue
            matcher = open_postings(reader, fieldname, value)
            ids = iter_posting_ids(matcher) if matcher is not None else ()
            counts[value] += sum(1 for d in ids if d not in deleted)
    return [FacetValue(v, c) for v, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
            if c]


@dataclass(frozen=True, slots=True)
class FacetCounts:
    """Each facet's values shown (name -> FacetValues, most frequent first)
    and how many distinct values it has in the result set (name -> count,
    after the filter of the facet listed whole)."""

    values: dict[str, list[FacetValue]]
    sizes: dict[str, int]


@dataclass(frozen=True, slots=True)
class FacetAsk:
    """What a facet count is asked for beyond the top values: the facet
    `expand` listed whole (up to ALL_VALUES), narrowed to the values
    containing `contains`; per facet, the docnums to count it over instead
    of the result set (`own`: the matches without that facet's own
    selection, so its other values can be added with OR) and the values
    always listed (`pinned`: the selected and excluded ones); `verbatim`,
    the verbatim switch: the facets' verbatim columns counted where they
    have one; `groups`, quotes mode's copies (search.features.quotegroups),
    each group counted once per value."""

    expand: str = ""
    contains: str = ""
    own: dict[str, Collection[int]] = field(default_factory=dict)
    pinned: dict[str, tuple[str, ...]] = field(default_factory=dict)
    verbatim: bool = False
    groups: QuoteGroups | None = None
    # Facet -> the unit whose every live document its `own` docnums are.
    units: dict[str, str] = field(default_factory=dict)


def tally_facets(table: FacetTable, docnums: Collection[int] | DocLookup,
                 ask: FacetAsk | None = None) -> FacetCounts:
    """Return the FacetCounts of `docnums` (any collection, or their
    DocLookup under ask.groups, the search's): TOP_VALUES values per facet
    by count descending then value ascending, widened and narrowed as `ask` says."""
    ask = ask or FacetAsk()
    shared = docnums if isinstance(docnums, DocLookup) else DocLookup(as_docnum_array(docnums), ask.groups)
    values: dict[str, list[FacetValue]] = {}
    sizes: dict[str, int] = {}
    for facet, column in table.columns_for(ask.verbatim).items():
        own = ask.own.get(facet)
        key = (facet, ask.verbatim, ask.units.get(facet, ""), ask.groups is not None)
        counts = table.unit_counts.get(key) if key[2] else None
        if counts is None:
            lookup = shared if own is None else DocLookup(as_docnum_array(own), ask.groups)
            counts = count_lookup(column, lookup, table.by_group, (facet, ask.verbatim))
            if key[2]:  # 1.4M quote documents at 1M paragraphs: counted once a commit
                table.unit_counts[key] = counts
        listed = counts
        if facet == ask.expand and ask.contains:
            listed = _keep_containing(counts, column.values, ask.contains)
        sizes[facet] = int(np.count_nonzero(listed))
        limit = ALL_VALUES if facet == ask.expand else TOP_VALUES
        ids = _top_ids(listed, column.values, limit)
        ids += _pinned_ids(table, (facet, ask.verbatim), ask.pinned.get(facet, ()), ids)
        # Pinned (selected, excluded) values keep their true counts even
        # when the filter box leaves them out of the list proper.
        values[facet] = [FacetValue(column.values[i], int(counts[i])) for i in ids]
    return FacetCounts(values, sizes)


def as_docnum_array(docnums: Collection[int]) -> np.ndarray:
    """Return `docnums` as a numpy array (itself if it is one already: the
    engine converts a result set once for the facets and the histogram)."""
    if isinstance(docnums, np.ndarray):
        return docnums
    if isinstance(docnums, SortedDocs):  # a filter's matches, already an array
        return docnums.array
    return np.fromiter(docnums, dtype=np.intp, count=len(docnums))


def count_lookup(column: FacetColumn, lookup: DocLookup,
                 kept: dict[Any, tuple[QuoteGroups, GroupPairs]], key: Any) -> np.ndarray:
    """Return the count of each value id of `column` among `lookup`'s docnums
    (id 0, "no value", counted as 0); with its groups, a group of copies
    counts once per value its matching members have, through the column's
    GroupPairs (kept in `kept`, a FacetTable's by_group, under `key`)."""
    size = len(column.values)
    if size == 1:  # no document has a value (an index without authors): ~4 ms of a quote filter's at 1M
        return np.zeros(1, dtype=np.intp)
    if lookup.groups is not None:
        pairs = kept_pairs(kept, key, lookup.groups, column.first, size,
                           column.more_docs, column.more_ids)
        counts = count_pairs(lookup, column.first, size, pairs)
        counts[0] = 0
        return counts
    more_ids = column.more_ids
    if len(column.more_docs):
        more = lookup.mask(len(column.first))[column.more_docs]
        more_ids = column.more_ids[more]
    counts = np.bincount(column.first[lookup.docs], minlength=size)
    counts[0] = 0
    return counts + np.bincount(more_ids, minlength=size)


def _pinned_ids(table: FacetTable, key: tuple[str, bool], pinned: tuple[str, ...],
                shown: list[int]) -> list[int]:
    """Return the ids of the `pinned` values not already `shown` (a selected
    value stays listed with its count, even at 0 or beyond the top) in the
    column of `key` (facet, verbatim switch)."""
    if not pinned:
        return []
    ids = _value_ids(table, key)
    found = dict.fromkeys(ids[v] for v in pinned if v in ids)
    return [i for i in found if i not in shown]


def _value_ids(table: FacetTable, key: tuple[str, bool]) -> dict[str, int]:
    """Return the value -> id map of the column of `key` (facet, verbatim
    switch), built once per table."""
    ids = table.ids.get(key)
    if ids is None:
        facet, verbatim = key
        values = table.columns_for(verbatim)[facet].values
        ids = table.ids[key] = {value: i for i, value in enumerate(values) if i}
    return ids


def resolve_value(table: FacetTable, facet: str, value: str) -> tuple[str, ...]:
    """Return the facet values equal to `value` ignoring case and runs of
    spaces (a typed "ann  smallman" selects "Ann Smallman"); `value` itself
    when none is."""
    if facet not in table.columns:
        return (value,)
    folded = table.folded.get(facet)
    if folded is None:
        folded = {}
        for name in _value_ids(table, (facet, False)):
            folded.setdefault(name.casefold(), []).append(name)
        table.folded[facet] = folded
    # Spacing as the index holds values (search.storage.schema.join_names).
    return tuple(folded.get(" ".join(value.split()).casefold(), [value]))


def _keep_containing(counts: np.ndarray, values: list[str], contains: str) -> np.ndarray:
    """Return `counts` with the values not containing `contains` zeroed."""
    needle = contains.casefold()
    kept = counts.copy()
    for i in np.flatnonzero(counts).tolist():
        if needle not in values[i].casefold():
            kept[i] = 0
    return kept


def _top_ids(counts: np.ndarray, values: list[str], limit: int = TOP_VALUES) -> list[int]:
    """Return the ids of the `limit` highest counts (ties: value ascending)."""
    present = np.flatnonzero(counts)
    if len(present) <= limit:
        return sorted(present.tolist(), key=lambda i: (-int(counts[i]), values[i]))
    # The ids above the limit-th largest count, then the ties at it first by value (a
    # facet over a whole index ties hundreds of values at a small count: no key call each).
    floor = np.partition(counts[present], len(present) - limit)[len(present) - limit]
    above = present[counts[present] > floor].tolist()
    tied = heapq.nsmallest(limit - len(above), present[counts[present] == floor].tolist(),
                           key=values.__getitem__)
    return sorted(above, key=lambda i: (-int(counts[i]), values[i])) + sorted(tied, key=values.__getitem__)
