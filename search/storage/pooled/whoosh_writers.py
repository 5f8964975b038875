"""Every use of Whoosh's private attributes on the writing side, in one place.

Owns the shortcuts onrecord's writer takes past Whoosh 3's public API:
BulkWriter, a SegmentWriter that pools a document's postings in one step,
per term (`pool`, `perdocwriter`, `_added`: search.storage.pooled.pool),
its numeric columns kept in memory and written whole (`_colwriters`),
and flushes a segment from them with each field's lengths read whole
(`_flush_segment`, `fieldwriter`: search.storage.pooled.flush);
a segment finished without a commit and published later beside segments
written by other processes (`_finalize_segment`, `_merge_segments`,
`_commit_toc`, `_finish`); and a failed writer's files removed
(`_cleanup_on_error`).  The reading side's shortcuts, and the manifest a
segment carries in the table of contents, are
search.storage.reading.whoosh_internals'.

Like that module it exists so that a Whoosh upgrade is fixed here and
nowhere else: the write path (search.writing) calls the typed functions
and the writer class below and reads no private attribute itself
(tests/test_layers.py); tests/search/storage/test_field_postings.py and
test_whoosh_writers.py check them against Whoosh's own writer.
"""
from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from functools import partial
from itertools import repeat
from typing import Any

from whoosh import formats
from whoosh.codec.whoosh3 import _lenfield
from whoosh.columns import NumericColumn
from whoosh.writing import SegmentWriter

from onrecord.search.storage.analyzers import Counted
from onrecord.search.storage.pooled.collector import collector_off
from onrecord.search.storage.pooled.compactblocks import CompactBlockCodec
from onrecord.search.storage.pooled.flush import (
    LENGTH_BYTE,
    can_write_pooled,
    write_merged_terms,
    write_pooled_terms,
)
from onrecord.search.storage.pooled.keywords import keyword_indexer
from onrecord.search.storage.pooled.merge import CannotPool, copy_documents, merge_can_pool, reader_term_records
from onrecord.search.storage.pooled.pool import Columns, TermPool
from onrecord.search.storage.pooled.positionstream import OWN_VALUE, WhooshValues, writes_streams
from onrecord.search.storage.pooled.storedfields import PER_DOC_WRITERS
from onrecord.search.storage.reading.whoosh_internals import BYTE_LENGTHS, numeric_block, perdoc_length_column

# ------------------------------------------------------------ the bulk writer

class BulkWriter(SegmentWriter):
    """A SegmentWriter that pools a document's postings in one step, per
    term, and flushes them a term at a time (search.storage.pooled.flush)
    with each field's length column read whole.

    Whoosh's add_document pools postings one call at a time, each sized
    and checked; its flush sorts every posting, then makes several calls
    per posting and ~10 per term, and looks up the document's field length
    once per posting (1.5 million column reads for the BBC corpus).  Documents
    with boosts, vectors or separate spelling words (none of onrecord's) take
    Whoosh's own add_document into the same pool; a pool that spilled runs
    is flushed from its runs merged per term; postings out of docnum order,
    or a codec the flush does not reproduce, take Whoosh's flush.  The
    segment files are the same (tests/search/storage/test_field_postings.py,
    pooled/test_flush.py)."""

    def __init__(self, ix: Any, **kwargs: Any) -> None:
        # Every segment onrecord writes has a term table without hash tables, in compact rows, and its
        # phrase fields' positions as one stream a postings block (pooled/positionstream), and its
        # stored fields slim, against a dictionary learnt from the segment (pooled/learntstored), and
        # every postings block in few bytes (pooled/compactblocks).
        kwargs.setdefault("codec", CompactBlockCodec())
        super().__init__(ix, **kwargs)
        self._bulk_pool = TermPool(self._tempstorage, self.newsegment)
        self._bulk_pool.limit = self.pool.limit  # the size Whoosh gave its own pool
        self.pool = self._bulk_pool
        # Fields whose postings this writer pools itself (the schema is fixed).
        self._bulk_fields = frozenset(name for name, field in self.schema.items()
                                      if not field.vector and not field.separate_spelling())
        # Their field objects by name: Schema's __getitem__ is a Python call per field value.
        self._field_of = {name: self.schema[name] for name in self._bulk_fields}
        # Per field: values indexed lately -> (value, its postings, its length).
        self._indexed: dict[str, dict[Any, tuple[Any, Columns, int]]] = {}
        # Per field: its function giving a value's postings without Whoosh's analysis, or None.
        self._fast_index: dict[str, Any] = {}
        self._perdoc_fields = _PerDocFields(self.perdocwriter)

    def add_document(self, **fields: Any) -> None:
        field_of = self._field_of
        names = sorted(fields)
        if not self._bulk_fields.issuperset(names):  # "_boost" etc., or an unknown field
            super().add_document(**fields)  # raises UnknownFieldError as Whoosh does
            return
        self._check_state()
        docnum, perdoc = self.docnum, self.perdocwriter
        postings: list[tuple[str, Columns]] = []
        perdoc.start_doc(docnum)
        try:
            for name in names:
                value = fields[name]
                if value is not None:
                    columns = self._add_field(perdoc, name, field_of[name], value)
                    if columns[0]:
                        postings.append((name, columns))
        except ValueError:
            perdoc.cancel_doc()
            raise
        perdoc.finish_doc()
        self._bulk_pool.add_document(docnum, postings)
        self._added = True
        self.docnum += 1

    def _add_field(self, perdoc: Any, name: str, field: Any, value: Any) -> Columns:
        """Write one field's stored value, length and column value; return
        its postings' term bytes, weights and value bytes (Columns)."""
        length = 0
        if field.indexed:
            postings, length = self._index_field(name, field, value)
            if not field.scorable:
                length = 0
        else:
            postings = _NO_POSTINGS
        self._perdoc_fields.add_field(perdoc, name, field, value if field.stored else None, length)
        if field.column_type:
            self._perdoc_fields.add_column_value(perdoc, name, field, value)
        return postings

    def _index_field(self, name: str, field: Any, value: Any) -> tuple[Columns, int]:
        """Return (the postings of `value` in field `name` as Columns: term
        bytes, weights, value bytes; the field's length).  A value indexed lately
        in the field is not analysed again: an article's paragraphs repeat
        its doc_id, outlet, author, date and year, and the flags, kinds and
        speakers of quote and paragraph documents take a few values each
        (for the 711 htmleval pages Whoosh's field.index ran 1.08 million
        times, 9 of 154 profiled seconds; of 1,000 derived paragraphs'
        13,500 field values only the previous document's repeated 5,900,
        any recent one 11,800).  Only immutable values are kept, and only
        in fields whose encoded values are joined, not pickled
        (_MEMO_FORMATS): pickle writes an object met twice in a block as a
        reference, so a shared positions value would change the bytes."""
        seen = self._indexed.get(name)
        if seen is None:
            seen = self._indexed[name] = {} if type(field.format) in _MEMO_FORMATS else _NO_MEMO
        known = seen.get(value) if type(value) in _IMMUTABLE else None
        if known is not None and type(known[0]) is type(value):
            return known[1], known[2]
        fast = self._fast_index.get(name, _UNKNOWN)
        if fast is _UNKNOWN:  # textfields' one-pass fields, pooled.keywords' fields
            fast = self._fast_index[name] = self._fast_indexer(field)
        done = fast(value) if fast is not None else None
        if done is not None:
            postings, length = done
        else:
            postings, length = ([], [], []), 0
            for tbytes, freq, weight, vbytes in field.index(value):
                length += freq
                postings[0].append(tbytes)
                postings[1].append(weight * 1.0)  # * 1.0: Whoosh multiplies by the (absent) field boost
                postings[2].append(vbytes)
        if seen is not _NO_MEMO and type(value) in _IMMUTABLE:
            if len(seen) >= MEMO_VALUES:
                seen.clear()  # a field of unique values (keys, texts) keeps few
            seen[value] = (value, postings, length)
        return postings, length

    def _fast_indexer(self, field: Any) -> Any:
        """Return `field`'s function giving a value's postings without Whoosh's
        analysis (textfields' triples, with positions as deltas where this
        writer's flush writes them as a stream), or None."""
        triples = getattr(field, "triples", None)
        if triples is None:
            return keyword_indexer(field)
        if writes_streams(self.codec, field.format) and can_write_pooled(self.fieldwriter):
            return partial(triples, deltas=True)
        return triples

    def add_reader(self, reader: Any) -> None:
        """Add the undeleted documents of `reader` (a segment Whoosh's merge
        policy folds into this one at commit) with their postings, pooled a
        term and a block at a time (search.storage.pooled.merge) instead of
        Whoosh's one call per posting: the single writer merges small
        segments again and again, so that cost grew with the index.  A
        schema with vectors, spelling words or glob fields, a pool out of docnum order,
        a codec the flush does not reproduce or a reader that is not a
        Whoosh 3 segment's takes Whoosh's own add_reader; postings Whoosh
        would read differently are pooled Whoosh's way.  The segment files
        are the same (tests/search/storage/pooled/test_merge.py)."""
        self._check_state()
        if not (self._bulk_fields.issuperset(self.schema.names()) and self._bulk_pool.in_order
                and can_write_pooled(self.fieldwriter) and merge_can_pool(reader)):
            super().add_reader(reader)
            return
        first = self.docnum
        remap = copy_documents(self.perdocwriter, self.schema, reader, first)
        self.docnum = first + len(remap) - remap.count(-1)
        self._added = True
        try:
            self._bulk_pool.add_terms(reader_term_records(reader, self.schema, remap, first), first, self.docnum - 1)
        except CannotPool:  # nothing of this reader was pooled
            docmap = {old: new for old, new in enumerate(remap) if new >= 0} if reader.has_deletions() else None
            self.add_postings_to_pool(reader, first, docmap)

    def _flush_segment(self) -> None:
        self.perdocwriter.close()
        pdr = self.per_document_reader() if self.codec.length_stats else None
        lengths = _WholeLengths(pdr, self.docnum) if pdr is not None else None
        pool = self._bulk_pool
        # The flush makes no reference cycles, but its millions of lists and
        # records set off full collections that walk the whole pool: a
        # 24k-paragraph segment's flush took 20.7 CPU s with the collector
        # off (for the whole process, one run), 28.5-29.0 with it on.
        with collector_off():
            if pool.in_order and can_write_pooled(self.fieldwriter):
                if pool.runs:  # each term's runs joined, in docnum order
                    write_merged_terms(self.fieldwriter, self.schema, lengths, pool.iter_terms())
                else:  # each term's postings are in hand, in docnum order
                    write_pooled_terms(self.fieldwriter, self.schema, lengths, pool.terms)
            else:  # Whoosh's writer: the pooled deltas as the Positions bytes it pickles
                self.fieldwriter.add_postings(self.schema, lengths, _whoosh_postings(pool.iter_postings()))
        self.fieldwriter.close()
        if pdr is not None:
            pdr.close()


class _PerDocFields:
    """W3PerDocWriter's add_field and add_column_value for the bulk writer:
    each column's writer found once, a length's byte by a dict lookup,
    numeric columns kept in memory (_NumericColumn), and a field with
    nothing to store or count skipped (Whoosh's add_field does nothing for
    it).  Four to six Python calls per field value fewer (about 20 fields
    a document).  Another codec's per-document writer gets Whoosh's calls."""

    def __init__(self, perdoc: Any) -> None:
        self._own = type(perdoc) in PER_DOC_WRITERS
        self._lengths: dict[str, Callable[[int, int], None]] = {}  # field -> its length column's add
        self._columns: dict[str, Callable[[int, Any], None]] = {}  # field -> its column's add

    def add_field(self, perdoc: Any, name: str, field: Any, stored: Any, length: int) -> None:
        """Store `stored` (unless None) and count `length` for field `name`."""
        if not self._own:
            perdoc.add_field(name, field, stored, length)
            return
        if stored is not None:
            perdoc._storedfields[name] = stored
        if not length:
            return
        add = self._lengths.get(name)
        if add is None:  # Whoosh makes the column; it is kept in memory from then on
            perdoc.add_field(name, field, None, length)
            column = _NumericColumn.replacing(perdoc._colwriters, _lenfield(name))
            self._lengths[name] = column.add if column is not None else perdoc._get_column(_lenfield(name)).add
            return
        add(perdoc._docnum, LENGTH_BYTE[length])
        perdoc._fieldlengths[name] += length

    def add_column_value(self, perdoc: Any, name: str, field: Any, value: Any) -> None:
        """Add `value` to field `name`'s column (its to_column_value)."""
        add = self._columns.get(name) if self._own else None
        if add is None:  # Whoosh makes the column
            perdoc.add_column_value(name, field.column_type, field.to_column_value(value))
            if self._own:
                column = _NumericColumn.replacing(perdoc._colwriters, name)
                self._columns[name] = column.add if column is not None else perdoc._get_column(name).add
            return
        add(perdoc._docnum, field.to_column_value(value))


class _NumericColumn:
    """The writer of a numeric column (Whoosh's NumericColumn: the field
    length columns, a byte each, and the key and date columns) keeping its
    values in an array and writing them once, at finish, big-endian as
    Whoosh packs them: Whoosh's writes each document's value, and each
    default value a document without one leaves, in calls of their own
    through the file's layers (four to six Python calls a value; 26,000
    values in 1,000 derived paragraphs).  The same bytes: every document's
    up to the last one not at the default."""

    def __init__(self, dbfile: Any, count: int, typecode: str, default: Any) -> None:
        self._dbfile = dbfile
        self._first = count  # values before this docnum are in the file already
        self._values = array(typecode)
        self._default = default

    @classmethod
    def replacing(cls, writers: dict[str, Any], name: str) -> _NumericColumn | None:
        """Return a _NumericColumn put in place of column `name`'s writer in
        `writers` (it goes on where that one stopped), or None if that writer
        is not Whoosh's NumericColumn writer of a type an array holds alike
        (it is left)."""
        writer = writers[name]
        if type(writer) is not NumericColumn.Writer:
            return None
        pack: Any = writer._pack  # a struct.Struct's pack: its format is "!" and one type code
        typecode = pack.__self__.format[1:]
        if typecode not in _ARRAY_TYPES or array(typecode).itemsize != writer._fixedlen:
            return None
        writers[name] = column = cls(writer._dbfile, writer._count, typecode, writer._default)
        return column

    def add(self, docnum: int, value: Any) -> None:
        """Set document `docnum`'s value (above any set before)."""
        if value != self._default:
            values = self._values
            gap = docnum - self._first - len(values)
            if gap:
                values.extend(repeat(self._default, gap))
            values.append(value)

    def finish(self, doccount: int) -> None:
        """Write the kept values to the column's file."""
        values = self._values
        if sys.byteorder == "little":
            values.byteswap()
        self._dbfile.write(values.tobytes())


# struct type codes whose array has the same meaning (its size is checked).
_ARRAY_TYPES = frozenset("bBhHiIlLqQfd")


# Value types whose postings may be reused: equal now, equal later.
_IMMUTABLE = frozenset({str, bytes, int, float, bool, datetime})
# Formats whose encoded values are fixed-size and joined in a block (never
# pickled one by one): postings of theirs may be shared between documents.
_MEMO_FORMATS = frozenset({formats.Frequency, formats.Existence, Counted})
# Values remembered per field before its memo starts again.
MEMO_VALUES = 256
# The postings of a field not indexed (the pool reads, never changes, them).
_NO_POSTINGS: Columns = ([], [], [])
# The memo of a field whose postings are not shared: never filled.
_NO_MEMO: dict[Any, Any] = {}
_UNKNOWN = object()


def _whoosh_postings(postings: Iterable[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    """Yield pooled (field, term, docnum, weight, value) postings with each value
    as Whoosh's format encodes it (positionstream.WhooshValues)."""
    whoosh_value = WhooshValues()
    for posting in postings:
        yield (*posting[:4], whoosh_value(posting[4])) if type(posting[4]) is OWN_VALUE else posting


class _WholeLengths:
    """Field lengths for FieldWriter.add_postings, each column read whole."""

    def __init__(self, pdr: Any, doc_count: int) -> None:
        self._pdr = pdr
        self._doc_count = doc_count

    def doc_field_length_reader(self, fieldname: str, default: int = 0) -> Callable[[int], int | None]:
        column = perdoc_length_column(self._pdr, fieldname)
        if column is None:
            return self._pdr.doc_field_length_reader(fieldname, default)
        block = numeric_block(column, "B", self._doc_count)
        if block is None:
            return self._pdr.doc_field_length_reader(fieldname, default)
        lengths = [BYTE_LENGTHS[b] for b in block.raw]
        lengths += [BYTE_LENGTHS[block.default or 0]] * (self._doc_count - block.count)
        return lengths.__getitem__


# ------------------------------------------------------------ segments and commits

def writer_has_documents(writer: Any) -> bool:
    """Return True if a SegmentWriter has added documents to its new segment."""
    return bool(writer._added)


def finish_segment(writer: Any) -> Any:
    """Return the Segment a SegmentWriter has written (its files closed),
    without committing it: the parent process commits it later."""
    return writer._finalize_segment()


def commit_with_segments(writer: Any, segments: Sequence[Any]) -> None:
    """Commit a SegmentWriter's own changes (its deletions, and old
    segments its merge policy folds into a new one) together with
    `segments` written elsewhere, as one new TOC; the writer is finished
    (lock released) after."""
    committed = writer._merge_segments(None, None, None)
    if writer._added:  # the merge policy folded small old segments in
        committed.append(writer._finalize_segment())
    else:
        writer._close_segment()
    committed.extend(segments)
    writer._commit_toc(committed)
    writer._finish()


def discard_writer_files(writer: Any) -> None:
    """Remove a failed SegmentWriter's files and release its lock, the
    cleanup Whoosh runs when cancel() itself failed."""
    writer._cleanup_on_error()
