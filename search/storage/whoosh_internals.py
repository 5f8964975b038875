"""Every read of Whoosh's private attributes, in one place.

Owns the few shortcuts onrecord takes past Whoosh 3's public API, each
because the public way costs one Python call per posting or per document
(seconds at a million paragraphs): the postings block walk (a leaf
matcher's decoded block of ids, weights and values, `_ids`/`_read_ids`/
`_next_block`/...), a segment's own term table (`reader._terms`, with its
`_codec` and `_postfile`), a NumericColumn's bytes read whole (`_dbfile`,
`_basepos`, `_count`, `_typecode`, `_default`), the field-length columns
(`reader._perdoc`, `_lenfield`), the per-document stored fields, a
fuzzy term's words (`_btexts`); and on the writing side, a SegmentWriter's
segment finished without a commit and published later beside segments
written by other processes (`_added`, `_finalize_segment`,
`_merge_segments`, `_commit_toc`, ...), a segment's postings flushed with
each field's lengths read whole (`_flush_segment`, `perdocwriter`,
`fieldwriter`, `pool`), and a FileIndex's table of
contents read once and reopened per searcher (`_read_toc`, `_reader`),
and the manifest of its files a segment carries in the table of contents
(an attribute of our own on Whoosh's pickled Segment object).

It exists so that a Whoosh upgrade that renames or reshapes any of these
is fixed here and nowhere else: every other module calls the typed
functions below, and each function either says how it falls back or
returns None/False when an object is not the Whoosh 3 kind it knows
(tests/test_layers.py keeps private reads out of the rest of search/).
The postings block walk is written once, in iter_blocks().
"""
from __future__ import annotations

import marshal
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import islice
from typing import Any

from whoosh import columns
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield
from whoosh.matching import wrappers
from whoosh.util.numeric import byte_to_length
from whoosh.writing import PostingPool, SegmentWriter

# ------------------------------------------------------------ postings blocks

_BLOCK_ATTRS = ("_read_ids", "_next_block", "_i")


def is_block_matcher(matcher: Any, weights: bool = False) -> bool:
    """Return True if `matcher` is a Whoosh 3 on-disk leaf matcher whose
    postings iter_blocks() can walk (and, if `weights`, whose blocks hold
    weights)."""
    needed = _BLOCK_ATTRS + (("_read_weights",) if weights else ())
    return matcher is not None and all(hasattr(matcher, a) for a in needed)


def has_block_values(matcher: Any) -> bool:
    """Return True if the blocks of `matcher` carry encoded values
    (positions etc.) that PostingBlock.values() can read."""
    return hasattr(matcher, "_read_values")


@dataclass(slots=True)
class PostingBlock:
    """The postings of one block from the matcher's position on: `ids`
    always; weights() and values() decode their part only when asked (and
    must be asked before the walk moves to the next block)."""

    matcher: Any
    start: int
    ids: Sequence[int]

    def weights(self) -> Sequence[float]:
        """Return this block's weights, aligned with `ids`."""
        matcher = self.matcher
        if matcher._weights is None:
            matcher._read_weights()
        return matcher._weights[self.start:]

    def values(self) -> Sequence[Any]:
        """Return this block's encoded values, aligned with `ids`."""
        matcher = self.matcher
        if matcher._values is None:
            matcher._read_values()
        return matcher._values[self.start:]


def iter_blocks(matcher: Any, check: Callable[[], None] | None = None) -> Iterator[PostingBlock]:
    """Yield the blocks of a block matcher (see is_block_matcher) from its
    current position to the end of its postings, deleted documents
    included.  `check` runs before each block (it raises when the query's
    deadline has passed).  This is the one postings block walk."""
    while matcher.is_active():
        if check is not None:
            check()
        if matcher._ids is None:
            matcher._read_ids()
        start = matcher._i
        yield PostingBlock(matcher, start, matcher._ids[start:])
        if matcher._lastblock:
            break
        matcher._next_block()


# ------------------------------------------------------------ term tables

def unfiltered_postings(reader: Any, fieldname: str, text: Any) -> Any:
    """Return a leaf matcher over a term's postings in a segment reader,
    deleted documents included: straight from the segment's term table
    when it has one, else the public postings() with Whoosh's deletion
    filter unwrapped.  The caller checks that the term exists; an unknown
    field or untranslatable value raises as Whoosh does."""
    terms = getattr(reader, "_terms", None)
    if terms is None:
        matcher = reader.postings(fieldname, text)
        return matcher.child if isinstance(matcher, wrappers.FilterMatcher) else matcher
    field = reader.schema[fieldname]
    return terms.matcher(fieldname, field.to_bytes(text), field.format)


def field_term_matchers(leaf: Any, fieldname: str) -> Iterator[tuple[bytes, Any]] | None:
    """Return an iterator of (term bytes, leaf matcher, deleted documents
    included) over every term of `fieldname` in a Whoosh 3 segment reader,
    reading its term file in order and opening each term's postings from
    the term info just read (no hash lookup per term), or None if `leaf`
    has no such term table."""
    terms = getattr(leaf, "_terms", None)
    if terms is None or not hasattr(terms, "items_from") or not hasattr(terms, "_codec"):
        return None
    return _walk_term_table(terms, fieldname, leaf.schema[fieldname].format)


def _walk_term_table(terms: Any, fieldname: str, fmt: Any) -> Iterator[tuple[bytes, Any]]:
    """Yield field_term_matchers()'s pairs from a Whoosh 3 term table."""
    for (name, tbytes), info in terms.items_from(fieldname, b""):
        if name != fieldname:
            break
        yield tbytes, terms._codec.postings_reader(terms._postfile, info, fmt)


def fuzzy_words(query: Any, leaf: Any) -> Iterator[Any]:
    """Return the words a MultiTerm query (a FuzzyTerm or a subclass that
    overrides `_btexts`) expands to in segment reader `leaf`."""
    return query._btexts(leaf)


# ------------------------------------------------------------ columns

@dataclass(frozen=True, slots=True)
class NumericBlock:
    """A NumericColumn's stored values as raw big-endian bytes: the first
    `count` documents' values, and the `default` of the documents after."""

    raw: bytes
    count: int
    default: Any


def numeric_block(column: Any, typecode: str, size: int) -> NumericBlock | None:
    """Return the values of the first (at most) `size` documents of a
    NumericColumn reader storing `typecode` values, read in one call, or
    None if `column` is another kind of column (read it the public way)."""
    if not isinstance(column, columns.NumericColumn.Reader) or column._typecode != typecode:
        return None
    count = min(column._count, size)
    width = struct.calcsize("!" + typecode)
    return NumericBlock(column._dbfile.get(column._basepos, width * count), count,
                        column._default)


def length_column(reader: Any, fieldname: str) -> Any | None:
    """Return the column of `fieldname`'s quantised lengths (one byte per
    document) of a Whoosh 3 segment reader, or None when the reader is not
    one or the segment has no such column."""
    return _perdoc_length_column(getattr(reader, "_perdoc", None), fieldname)


def _perdoc_length_column(perdoc: Any, fieldname: str) -> Any | None:
    """Return a per-document reader's column of `fieldname`'s lengths, or None."""
    try:
        return perdoc._cached_reader(_lenfield(fieldname), LENGTHS_COLUMN)
    except AttributeError:
        return None


def stored_fields_reader(leaf: Any) -> Callable[[int], dict[str, Any]]:
    """Return the function reading a document's stored fields in segment
    reader `leaf`: its stored-fields column direct when it has one
    (SegmentReader.stored_fields also checks every field name against the
    schema, a third of the cost), else the public stored_fields."""
    perdoc = getattr(leaf, "_perdoc", None)
    return perdoc.stored_fields if perdoc is not None else leaf.stored_fields


# ------------------------------------------------------------ writers and commits

class BulkWriter(SegmentWriter):
    """A SegmentWriter that pools a document's postings in one step and
    reads each field's length column whole when it flushes.

    Whoosh's add_document pools postings one call at a time, each sized
    and checked; its flush looks up the document's field length once per
    posting (1.5 million column reads for the BBC corpus).  Together a
    sixth of indexing time.  Documents with boosts, vectors or separate
    spelling words (none of onrecord's) take Whoosh's own path.  The
    segment files are the same (tests/search/storage/test_field_postings.py)."""

    def __init__(self, ix: Any, **kwargs: Any) -> None:
        super().__init__(ix, **kwargs)
        self._bulk_pool = _BulkPool(self._tempstorage, self.newsegment)
        self._bulk_pool.limit = self.pool.limit  # the size Whoosh gave its own pool
        self.pool = self._bulk_pool
        # Fields whose postings this writer pools itself (the schema is fixed).
        self._bulk_fields = frozenset(name for name, field in self.schema.items()
                                      if not field.vector and not field.separate_spelling())
        # Per field: the last value indexed, its postings and its length.
        self._last_values: dict[str, tuple[Any, list[tuple[Any, ...]], int]] = {}

    def add_document(self, **fields: Any) -> None:
        schema = self.schema
        names = sorted(fields)
        if not self._bulk_fields.issuperset(names):  # "_boost" etc., or an unknown field
            super().add_document(**fields)  # raises UnknownFieldError as Whoosh does
            return
        self._check_state()
        docnum, perdoc, postings = self.docnum, self.perdocwriter, []
        perdoc.start_doc(docnum)
        try:
            for name in names:
                value = fields[name]
                if value is not None:
                    postings.extend(self._add_field(perdoc, docnum, name, schema[name], value))
        except ValueError:
            perdoc.cancel_doc()
            raise
        perdoc.finish_doc()
        self._bulk_pool.add_all(postings)
        self._added = True
        self.docnum += 1

    def _add_field(self, perdoc: Any, docnum: int, name: str, field: Any, value: Any) -> list[tuple[Any, ...]]:
        """Write one field's stored value, length and column value; return its postings."""
        length = 0
        if field.indexed:
            postings, length = self._index_field(docnum, name, field, value)
            if not field.scorable:
                length = 0
        else:
            postings = []
        perdoc.add_field(name, field, value if field.stored else None, length)
        if field.column_type:
            perdoc.add_column_value(name, field.column_type, field.to_column_value(value))
        return postings

    def _index_field(self, docnum: int, name: str, field: Any, value: Any) -> tuple[list[tuple[Any, ...]], int]:
        """Return (the postings of `value` in field `name` for document
        `docnum`, the field's length).  A value equal to the previous
        document's is not analysed again: the paragraphs of an article come
        in a row and repeat its doc_id, outlet, author, date and year (for
        the 711 htmleval pages Whoosh's field.index ran 1.08 million times,
        9 of 154 profiled seconds).  Only immutable values are kept."""
        last = self._last_values.get(name)
        if last is not None and type(last[0]) is type(value) and last[0] == value:
            return [(name, tbytes, docnum, weight, vbytes) for _, tbytes, _, weight, vbytes in last[1]], last[2]
        postings = []
        length = 0
        for tbytes, freq, weight, vbytes in field.index(value):
            length += freq
            # * 1.0: Whoosh multiplies by the (absent) field boost.
            postings.append((name, tbytes, docnum, weight * 1.0, vbytes))
        if type(value) in _IMMUTABLE:
            self._last_values[name] = (value, postings, length)
        return postings, length

    def _flush_segment(self) -> None:
        self.perdocwriter.close()
        pdr = self.per_document_reader() if self.codec.length_stats else None
        lengths = _WholeLengths(pdr, self.docnum) if pdr is not None else None
        self.fieldwriter.add_postings(self.schema, lengths, self.pool.iter_postings())
        self.fieldwriter.close()
        if pdr is not None:
            pdr.close()


# Postings per marshal record of a spilled run: big enough that per-record
# costs vanish, small enough that a merge holds one record per run.
RUN_BATCH = 8192


class _BulkPool(PostingPool):
    """Whoosh's PostingPool with add_all(): a document's postings at once,
    sized at POSTING_BYTES each (the pool's spill limit is an estimate);
    and sorted runs spilled run_batch (RUN_BATCH) postings to a marshal record.

    Whoosh pickles each posting into a run and loads each back one call at
    a time: with 711 saved pages (3.7 million postings, three runs) that
    was 34 of 154 profiled seconds of indexing.  The runs are the same postings in the same
    order, merged the same way."""

    run_batch = RUN_BATCH  # per pool, like its limit: a test spills records of a few postings

    def add_all(self, postings: list[tuple[Any, ...]]) -> None:
        self.currentsize += len(postings) * POSTING_BYTES
        if self.currentsize > self.limit:
            self.save()
        self.current.extend(postings)

    def _write_run(self, f: Any, items: Iterable[tuple[Any, ...]]) -> None:
        stream = iter(items)
        while batch := list(islice(stream, self.run_batch)):
            record = marshal.dumps(batch)
            f.write(_RECORD_SIZE.pack(len(record)) + record)
        f.close()

    def _read_run(self, path: str) -> Iterator[tuple[Any, ...]]:
        f = self._open_run(path)
        try:
            # Sized records read whole: marshal.load(f) reads a file object a
            # few bytes per call (11 s for 456 records under the profiler).
            while header := f.read(_RECORD_SIZE.size):
                yield from marshal.loads(f.read(_RECORD_SIZE.unpack(header)[0]))
        finally:
            f.close()
            self._remove_run(path)


# Value types whose postings may be reused: equal now, equal later.
_IMMUTABLE = frozenset({str, bytes, int, float, bool, datetime})
# A posting's size as Whoosh's PostingPool estimates it (for a 6-letter
# field, 7-letter term, 8-byte value).
POSTING_BYTES = 190
_RECORD_SIZE = struct.Struct("<Q")
# A stored length byte's length; a zero byte reads as None, as in Whoosh.
_BYTE_LENGTHS: list[int | None] = [None] + [byte_to_length(b) for b in range(1, 256)]


class _WholeLengths:
    """Field lengths for FieldWriter.add_postings, each column read whole."""

    def __init__(self, pdr: Any, doc_count: int) -> None:
        self._pdr = pdr
        self._doc_count = doc_count

    def doc_field_length_reader(self, fieldname: str, default: int = 0) -> Callable[[int], int | None]:
        column = _perdoc_length_column(self._pdr, fieldname)
        if column is None:
            return self._pdr.doc_field_length_reader(fieldname, default)
        block = numeric_block(column, "B", self._doc_count)
        if block is None:
            return self._pdr.doc_field_length_reader(fieldname, default)
        lengths = [_BYTE_LENGTHS[b] for b in block.raw]
        lengths += [_BYTE_LENGTHS[block.default or 0]] * (self._doc_count - block.count)
        return lengths.__getitem__


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


# ------------------------------------------------------------ tables of contents

def read_toc(ix: Any) -> Any:
    """Return the latest TOC of a FileIndex (schema, segments, generation)."""
    return ix._read_toc()


def open_toc_reader(ix: Any, toc: Any) -> Any:
    """Return a new reader over exactly the segments of `toc` (an earlier
    read_toc()), even if a later commit has landed since."""
    return ix._reader(ix.storage, toc.schema, list(toc.segments), toc.generation)


def index_segments(ix: Any) -> list[Any]:
    """Return the Segments of a FileIndex's latest commit."""
    return ix._segments()


# ------------------------------------------------------------ segment manifests

# The attribute holding a segment's manifest (search.storage.manifests):
# Whoosh pickles Segment objects whole into the TOC, so it is written (and
# fsynced, and published) atomically with the commit, and read back with it.
_MANIFEST_ATTR = "_onrecord_files"


def segment_manifest(segment: Any) -> dict[str, tuple[int, int]] | None:
    """Return the manifest recorded on `segment` (file suffix -> (size,
    CRC-32)), None if it has none (written before manifests, or in memory)."""
    manifest = getattr(segment, _MANIFEST_ATTR, None)
    return manifest if isinstance(manifest, dict) else None


def set_segment_manifest(segment: Any, manifest: dict[str, tuple[int, int]]) -> None:
    """Record `manifest` on `segment`, to be pickled with it into the next TOC."""
    setattr(segment, _MANIFEST_ATTR, manifest)
