"""A segment's integer columns (date keys, copy groups) read whole and
kept while the segment lives: by docnum, and sorted with the docnum of
each value, so a whole-day date range is two bisections, or one lookup
per document when it narrows other matches (search.query.docsets)."""
from __future__ import annotations

import datetime as dt
import sys
import weakref
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Set as AbstractSet
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.storage.reading.whoosh_internals import numeric_block
from onrecord.search.storage.schema import UNDATED_KEY


def date_range_ids(q: wq.DateRange, reader: Any) -> set[int] | None:
    """Return the docnums published within a whole-day range, from the
    oldest_key column (a date ordinal per paragraph), or None for another
    kind of range.  Whoosh would union one posting list per date term."""
    bounds = day_bounds(q)
    column = _sorted_column(reader, "oldest_key") if bounds else None
    if bounds is None or column is None:
        return None
    keys, docnums = column
    return set(docnums[bisect_left(keys, bounds[0]):bisect_right(keys, bounds[1])])


def day_bounds(q: wq.Query) -> tuple[int, int] | None:
    """Return the (first, last) date ordinals of a whole-day range on the
    published date, or None for any other query."""
    if not isinstance(q, wq.DateRange):
        return None
    start, end = q.startdate, q.enddate
    if (q.fieldname != "published" or q.startexcl or q.endexcl
            or (start and start.time() != dt.time.min)
            or (end and end.time() != dt.time(23, 59, 59))):
        return None
    return (start.toordinal() if start else 0), (end.toordinal() if end else UNDATED_KEY - 1)


def within_days(docs: AbstractSet[int], bounds: tuple[int, int], reader: Any) -> set[int] | None:
    """Return the `docs` of segment `reader` published within `bounds`
    (first, last date ordinal), each looked up in the oldest_key column,
    or None if the segment has none."""
    values = _column_values(reader, "oldest_key")
    if values is None:
        return None
    low, high = bounds
    dates = np.frombuffer(values, dtype=np.dtype(values.typecode))
    if not docs or not len(dates):
        return set()
    # A range around every date of the segment ("since 2004" over a
    # 2004-2019 archive) leaves `docs` as they are, one outside them all
    # none; others look each document up, in numpy (a Python comparison
    # per document was a quarter of a combined query at 250k paragraphs).
    first, last = int(dates.min()), int(dates.max())
    if low <= first and last <= high:
        return set(docs)
    if high < first or last < low:
        return set()
    wanted = np.fromiter(docs, dtype=np.int64, count=len(docs))
    found = dates[wanted]
    return set(wanted[(found >= low) & (found <= high)].tolist())


# Per segment, keyed by its Segment, which every pooled reader of one
# commit shares (search.storage.reading.searchers), so a column is read once, not once per
# thread: each column by docnum, and sorted with the docnum of each value.
_VALUES: weakref.WeakKeyDictionary[Any, dict[str, array]] = weakref.WeakKeyDictionary()
_SORTED: weakref.WeakKeyDictionary[Any, dict[str, tuple[array, array]]] = (
    weakref.WeakKeyDictionary())


def _kept(store: weakref.WeakKeyDictionary[Any, dict[str, Any]], reader: Any) -> dict[str, Any]:
    """Return the columns `store` keeps for `reader`'s segment."""
    owner = reader.segment() if hasattr(reader, "segment") else None
    return store.setdefault(reader if owner is None else owner, {})


def _column_values(reader: Any, fieldname: str) -> array | None:
    """Return a segment's integer column by docnum, kept while the segment
    lives (None if the segment has no such column)."""
    columns = _kept(_VALUES, reader)
    found = columns.get(fieldname)
    if found is None:
        if not reader.has_column(fieldname):
            return None
        found = columns[fieldname] = read_int_column(reader, fieldname)
    return found


def _sorted_column(reader: Any, fieldname: str) -> tuple[array, array] | None:
    """Return a segment's integer column as (sorted values, the docnum of
    each), kept while the segment lives (None if the segment has no such
    column): a range is then two bisections, not a scan."""
    columns = _kept(_SORTED, reader)
    found = columns.get(fieldname)
    if found is None:
        values = _column_values(reader, fieldname)
        if values is None:
            return None
        order = order_by_value(values)
        ordered = _as_numpy(values)[np.frombuffer(order, dtype=np.uint32)]
        found = columns[fieldname] = (array("i", ordered.astype(np.int32).tobytes()), order)
    return found


def order_by_value(values: array) -> array:
    """Return the indexes of `values` sorted by (value, index): numpy's stable
    sort keeps equal values in index order (the Python sort of (value << 32 |
    index) ints it replaces took ~0.4 s CPU a million values, a restarted
    server's warm-up sorting ~4.8M at 1M)."""
    return array("I", np.argsort(_as_numpy(values), kind="stable").astype(np.uint32).tobytes())


def _as_numpy(values: array) -> np.ndarray:
    """Return an array module array's integers as a numpy array (no copy)."""
    return np.frombuffer(values, dtype=np.dtype(values.typecode)) if len(values) else np.zeros(0, dtype=np.int64)


def read_int_column(reader: Any, fieldname: str, typecode: str = "i") -> array:
    """Return the integer column `fieldname` (NumericColumn `typecode`:
    "i" 32-bit, "q" 64-bit) of every docnum of `reader` (all its segments;
    0 where a segment has no value).  Whoosh's
    own reader unpacks one value per Python call (seconds at a million
    documents); a NumericColumn's block of big-endian ints is read whole."""
    out = array(typecode)
    for leaf, _offset in reader.leaf_readers():  # offsets are contiguous, in order
        size = leaf.doc_count_all()
        column = (leaf.column_reader(fieldname, translate=False)
                  if leaf.has_column(fieldname) else None)
        block = numeric_block(column, typecode, size)
        if block is not None:
            values = array(typecode, block.raw)
            if sys.byteorder == "little":
                values.byteswap()
            values.extend(array(typecode, [int(block.default or 0)]) * (size - block.count))
        elif column is not None:
            values = array(typecode, (int(v or 0) for v in column))
        else:
            values = array(typecode, bytes(out.itemsize * size))
        out.extend(values)
    return out
