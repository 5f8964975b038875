"""A merged segment's documents and postings taken into the bulk writer
in bulk, with what Whoosh 3's SegmentWriter.add_reader writes.

Whoosh's add_reader (called by its merge policies at commit) re-adds every
posting of a merged segment one Python call at a time (iter_postings,
_process_posts, the pool's add: about ten calls per posting), and every
document's length in every field through a chain of calls per field.
Here a segment's term table is walked raw, each term's postings read in
one call and decoded a block at a time (as W3LeafMatcher decodes them,
without a TermInfo and a matcher per term: most terms have one posting),
their docnums moved to the new segment's with one C-level map per block
(deleted documents skipped, as Whoosh's add_reader skips them) and
handed to search.storage.pooled.pool's TermPool block by block;
a document's stored fields, lengths and column values are copied with
the lengths read a whole column at a time.

Like search.storage.pooled.flush this module reads Whoosh's private
attributes (a Whoosh 3 segment's term table, postings file and
per-document reader, and the per-document writer),
so that a Whoosh upgrade is fixed here; merge_can_pool says when it does
not apply and BulkWriter (search.storage.pooled.whoosh_writers) then calls
Whoosh's own add_reader.  tests/search/storage/pooled/test_merge.py checks
the segment files against Whoosh's own add_reader, byte for byte.
"""
from __future__ import annotations

import struct
import zlib
from array import array
from collections.abc import Iterator
from io import BytesIO
from itertools import accumulate
from pickle import load, loads
from typing import Any

from whoosh import columns
from whoosh.codec.whoosh3 import STORED_COLUMN, WHOOSH3_HEADER_MAGIC, W3TermInfo, W3TermsReader
from whoosh.system import pack_ushort

from onrecord.search.storage.pooled.compactblocks import is_compact, iter_compact_blocks
from onrecord.search.storage.pooled.compactterms import CompactTermsReader
from onrecord.search.storage.pooled.pool import TermRecord
from onrecord.search.storage.pooled.positionstream import STREAM_FLAG, PositionStream, split_block
from onrecord.search.storage.pooled.sortedterms import SortedTermsReader
from onrecord.search.storage.pooled.storedfields import PER_DOC_READERS
from onrecord.search.storage.reading.whoosh_internals import (
    BYTE_LENGTHS,
    is_numeric_column,
    numeric_block,
    perdoc_length_column,
)

# A term row's W3TermInfo: its fixed part, then (postings offset, length).
_TERMINFO_SIZE = W3TermInfo._struct.size
# The term tables pooled: Whoosh 3's, onrecord's found by order (same rows), and its compact rows.
TERMS_READERS = (W3TermsReader, SortedTermsReader, CompactTermsReader)
_EXTENT = struct.Struct("!qi")
_INT = struct.Struct("!i")


class CannotPool(Exception):
    """A merged segment holds postings this module does not pool as
    Whoosh's add_reader would (its caller pools them Whoosh's way)."""


def merge_can_pool(reader: Any) -> bool:
    """Return True if `reader` is a Whoosh 3 segment reader whose
    documents copy_documents copies and whose term table
    reader_term_records walks (a MultiReader, another codec, a schema
    with glob fields: False)."""
    perdoc = getattr(reader, "_perdoc", None)
    if type(perdoc) not in PER_DOC_READERS or type(getattr(reader, "_terms", None)) not in TERMS_READERS:
        return False
    if getattr(reader.schema, "_dyn_fields", True):  # glob fields: a document's names vary
        return False
    # The type only: copy_documents reads the columns (once).
    return all(column is None or is_numeric_column(column, "B")
               for column in (perdoc_length_column(perdoc, name) for name in reader.schema.names()))


def merged_field_names(schema: Any, reader: Any) -> set[str]:
    """Return the field names whose per-document parts Whoosh's add_reader
    copies, built as it builds them (their order is the stored fields')."""
    ndxnames = {fname for fname in reader.indexed_field_names() if fname in schema}
    return set(schema.names()) | ndxnames


def copy_documents(pdw: Any, schema: Any, reader: Any, first: int) -> list[int]:
    """Copy the undeleted documents of segment reader `reader` (see
    merge_can_pool) into per-document writer `pdw` as documents `first`,
    `first` + 1, ...: their stored fields, field lengths and column values,
    the bytes Whoosh's write_per_doc writes.  Return each old docnum's new
    one (-1: deleted).  Raises CannotPool, before writing, if a length
    column is not a byte column (merge_can_pool checks it first)."""
    perdoc = reader._perdoc
    count = reader.doc_count_all()
    deleted = reader.deleted_docs_set
    fieldnames = merged_field_names(schema, reader)
    # Whoosh walks `fieldnames | {the document's stored names in the
    # schema}`: without glob fields, the same set in the same order.
    order = list(fieldnames | set())
    lengths = _length_bytes(perdoc, schema, order, count)
    cols = _column_readers(reader, schema, fieldnames)
    stored_of = perdoc.stored_fields
    start, add_field, add_value, finish = pdw.start_doc, pdw.add_field, pdw.add_column_value, pdw.finish_doc
    remap = [-1] * count
    docnum = first
    for old in range(count):
        if old in deleted:
            continue
        remap[old] = docnum
        start(docnum)
        stored = stored_of(old)
        kept = {name: value for name in order if (value := stored.get(name)) is not None}
        if kept:  # finish_doc adds the dict add_field builds; ours is built whole
            add_value("_stored", STORED_COLUMN, kept)
        for name, field, raw in lengths:
            if raw[old]:
                add_field(name, field, None, BYTE_LENGTHS[raw[old]])
        for name, coltype, creader in cols:
            add_value(name, coltype, creader[old])
        finish()
        docnum += 1
    return remap


def _length_bytes(perdoc: Any, schema: Any, order: list[str], count: int) -> list[tuple[str, Any, bytes]]:
    """Return (name, field, a length byte per document) for each field of
    `order` with a length column holding a length (Whoosh reads each
    document's length of every field; a field without the column has
    none)."""
    found = []
    for name in order:
        column = perdoc_length_column(perdoc, name)
        if column is None:
            continue
        block = numeric_block(column, "B", count)
        if block is None:
            raise CannotPool(f"the length column of {name!r} is not a byte column")
        raw = block.raw + bytes([block.default or 0]) * (count - block.count)
        if raw.count(0) < count:
            found.append((name, schema[name], raw))
    return found


def _column_readers(reader: Any, schema: Any, fieldnames: set[str]) -> list[tuple[str, Any, Any]]:
    """Return (name, column type, column reader) for each field with a
    column in `reader`, opened as Whoosh's write_per_doc opens them."""
    cols = []
    for fieldname in fieldnames:
        coltype = schema[fieldname].column_type
        if coltype and reader.has_column(fieldname):
            creader = reader.column_reader(fieldname, coltype)
            if isinstance(creader, columns.TranslatingColumnReader):
                creader = creader.raw_column()
            cols.append((fieldname, coltype, creader))
    return cols


def reader_term_records(reader: Any, schema: Any, remap: list[int], first: int) -> Iterator[TermRecord]:
    """Yield every term of segment reader `reader` in a field of `schema`
    as (field name, term bytes, flat [docnum, weight, value, ...]) records
    with the new docnums of `remap` (copy_documents'; `first` the first),
    sorted by field name and term, a record per block of the segment (a
    term's records in a row); a term whose documents are all deleted is
    left out.  Raises CannotPool, before yielding its term, at a term
    whose postings Whoosh would read differently (inlined postings, a
    damaged header, a block whose values do not line up with its ids)."""
    deleted = reader.deleted_docs_set
    shift = first.__add__ if not deleted else None
    names = sorted(name for name in reader.indexed_field_names() if name in schema and name in reader.schema)
    for name in names:
        fixedsize = reader.schema[name].format.fixed_value_size()
        for tbytes, data in _term_postings(reader._terms, name):
            for flat in _block_postings(data, fixedsize, remap, shift):
                yield name, tbytes, flat


def _term_postings(terms: Any, fieldname: str) -> Iterator[tuple[bytes, bytes]]:
    """Yield (term bytes, its postings' bytes) for every term of
    `fieldname` in a Whoosh 3 term table, in order: its rows read raw (a
    W3TermInfo and a matcher per term cost more than most terms' postings).
    Raises CannotPool at inlined postings."""
    fieldid = terms._fieldmap.get(fieldname)
    if fieldid is None:
        return
    prefix = pack_ushort(fieldid)
    postfile = terms._postfile
    extent = getattr(terms, "postings_extent", _w3_extent)  # a compact table reads its own infos
    for key, info in terms._tindex.items_from(prefix):
        if not key.startswith(prefix):
            break
        found = extent(info)
        if found is None:
            raise CannotPool(f"the postings of {fieldname}:{key[2:]!r} are inlined")
        yield key[2:], postfile.get(*found)


def _w3_extent(info: bytes) -> tuple[int, int] | None:
    """Return a W3TermInfo's postings (offset, length), or None when they are inlined (its flags)."""
    return None if info[0] else _EXTENT.unpack_from(info, _TERMINFO_SIZE)


def _block_postings(data: bytes, fixedsize: int | None, remap: list[int], shift: Any) -> Iterator[list[Any]]:
    """Yield one term's postings (`data`, as W3LeafMatcher reads them), a
    flat list per block, with the new docnums: `shift` moves a block's ids
    when no document is deleted, else `remap` (-1: left out).

    A block's list is not cut later (a run's record holds it whole,
    TermPool's run_batch being at least the block limit): Whoosh pickles a
    block's values with pickle's memo, so values that were one object in
    the merged block are written again by reference, and only one marshal
    record keeps them one object."""
    for ids, weights, values in _decode_blocks(data, fixedsize):
        if shift is not None:
            new = list(map(shift, ids))
        else:
            new = list(map(remap.__getitem__, ids))
            if -1 in new:
                kept = [x for posting in zip(new, weights, values, strict=True) if posting[0] >= 0 for x in posting]
                if kept:
                    yield kept
                continue
        flat: list[Any] = [None] * (3 * len(new))
        flat[0::3] = new
        flat[1::3] = weights
        flat[2::3] = values
        yield flat


def _decode_blocks(data: bytes, fixedsize: int | None) -> Iterator[tuple[list[int], Any, Any]]:
    """Yield each block of a term's postings bytes as (ids, weights,
    values), what W3LeafMatcher's _read_ids, _read_weights and
    _read_values make of it.  Raises CannotPool if the header is neither
    Whoosh 3's nor compactblocks' or a block's values do not line up with its ids."""
    for count, (ids, weights, values) in _raw_blocks(data):
        if isinstance(values, PositionStream):
            values = values.values()
        if weights is None or isinstance(weights, float):
            weights = array("f", [1.0 if weights is None else weights]) * count
        if fixedsize == 0:
            values = (None,) * count
        elif fixedsize is not None and fixedsize > 0:
            values = [values[at:at + fixedsize] for at in range(0, len(values), fixedsize)]
        if len(values) != count:  # Whoosh keeps only non-empty values
            raise CannotPool("a block's values do not line up with its ids")
        yield list(accumulate(ids)), weights, values


def _raw_blocks(data: bytes) -> Iterator[tuple[int, tuple[Any, Any, Any]]]:
    """Yield each block of a term's postings bytes as (its count, its
    decoded tuple: delta ids, weights, values or a PositionStream), in
    either form; raises CannotPool if the header is neither's."""
    if is_compact(data):
        yield from iter_compact_blocks(data)
        return
    if data[:4] != WHOOSH3_HEADER_MAGIC:
        raise CannotPool("not a Whoosh 3 postings header")
    f = BytesIO(data)
    pos, end = 4, len(data)
    while pos < end:
        size = _INT.unpack_from(data, pos)[0]
        f.seek(pos + 4)
        count, _, _, compression, _, _ = load(f)  # the block's info
        pos += 4 + abs(size)
        raw = data[f.tell():pos]
        if compression >= STREAM_FLAG:  # its positions a stream (positionstream)
            yield count, split_block(raw, compression - STREAM_FLAG, count)
        else:
            yield count, loads(zlib.decompress(raw) if compression else raw)
        if size < 0:  # the last block
            break
