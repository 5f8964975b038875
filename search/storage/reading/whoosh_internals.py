"""Every read of Whoosh's private attributes on the reading side, in one place.

Owns the few shortcuts onrecord takes past Whoosh 3's public API to read an index, each
because the public way costs one Python call per posting or per document (seconds at a
million paragraphs): the postings block walk (a leaf matcher's decoded block of ids, weights
and values, `_ids`/`_read_ids`/`_next_block`/...), a segment's own term table
(`reader._terms`, its `_codec`, `_postfile`, `_tindex`, `_keycoder`: a term's count and
postings from one look-up, a prefix's words as one slice), a NumericColumn's bytes read
whole (`_dbfile`, `_basepos`, `_count`, `_typecode`, `_default`), the field-length columns
(`reader._perdoc`, `_lenfield`), the per-document stored fields, a fuzzy term's words
(`_btexts`).  A commit's table of contents and the manifest a segment carries in it are
whoosh_tocs.py's; the writing side's shortcuts are search.storage.pooled.whoosh_writers'.

It exists so that a Whoosh upgrade that renames or reshapes any of these
is fixed here (or there) and nowhere else: every other module calls the
typed functions below, and each function either says how it falls back or
returns None/False when an object is not the Whoosh 3 kind it knows
(tests/test_layers.py keeps private reads out of the rest of search/;
tests/search/storage/reading/test_whoosh_internals.py checks each against Whoosh's
public API).  The postings block walk is written once, in iter_blocks().
"""
from __future__ import annotations

import struct
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import partial
from itertools import accumulate
from pickle import loads
from typing import Any

from whoosh import columns, formats
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield
from whoosh.filedb.filetables import _lengths as _KEY_LENGTHS  # a term table entry's key, value lengths
from whoosh.matching import wrappers
from whoosh.reading import TermNotFound
from whoosh.util.numeric import byte_to_length

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
            _read_weights(matcher)
        return matcher._weights[self.start:]

    def values(self) -> Sequence[Any]:
        """Return this block's encoded values, aligned with `ids`."""
        matcher = self.matcher
        if matcher._values is None:
            matcher._read_values()
        return matcher._values[self.start:]

    def position_numbers(self) -> tuple[Any, Any] | None:
        """Return this block's positions as (each posting's count, the deltas
        of those postings in order) numpy arrays aligned with `ids`, when
        the block holds them as one stream (search.storage.pooled's
        positionstream), else None (read values())."""
        data = getattr(self.matcher, "_data", None)  # read with the block's ids
        numbers = getattr(data[2], "numbers", None) if data else None
        if numbers is None:
            return None
        counts, deltas = numbers()
        if self.start:
            deltas = deltas[int(counts[:self.start].sum()):]
            counts = counts[self.start:]
        return counts, deltas


def iter_blocks(matcher: Any, check: Callable[[], None] | None = None) -> Iterator[PostingBlock]:
    """Yield the blocks of a block matcher (see is_block_matcher) from its
    current position to the end of its postings, deleted documents
    included.  `check` runs before each block (it raises when the query's
    deadline has passed).  This is the one postings block walk."""
    while matcher.is_active():
        if check is not None:
            check()
        if matcher._ids is None:
            _read_ids(matcher)
        start = matcher._i
        yield PostingBlock(matcher, start, matcher._ids[start:])
        if matcher._lastblock:
            break
        matcher._next_block()


# Blocks decoded within one search_blocks() context, by (postings file, data offset): a
# phrase reads its words' blocks for their ids, again for positions and again to score them,
# and a facet's own count matches the words again (a third of a BBC search's block decodes
# were repeats within the search: zlib and a pickle per block).
_SEARCH_BLOCKS: ContextVar[dict[tuple[Any, int], Any] | None] = ContextVar("search_blocks", default=None)
# The most blocks one context keeps: a text block decoded with its positions is 6-13 KB (24k
# index), so a search holds at most ~13 MB; the bench's searches decode at most a few hundred.
SEARCH_BLOCKS = 1024


@contextmanager
def search_blocks() -> Iterator[None]:
    """Run the body with a memo of decoded postings blocks: within it (in this
    thread or task), a block the walk decodes once is not decoded again."""
    token = _SEARCH_BLOCKS.set({})
    try:
        yield
    finally:
        _SEARCH_BLOCKS.reset(token)


def search_memo() -> dict[Any, Any] | None:
    """Return the memo of the search_blocks() context the caller runs in
    (None outside one), for what else one search decodes more than once
    (search.query.postings keeps a term's decoded arrays in it)."""
    return _SEARCH_BLOCKS.get()


def _read_block(matcher: Any) -> None:
    """Set matcher._data to its current block's decoded tuple, as Whoosh's
    _read_data() does, from the search_blocks() memo when it holds it."""
    kept = _SEARCH_BLOCKS.get()
    if kept is None:
        matcher._read_data()
        return
    key = (matcher._postfile, matcher._dataoffset)
    data = kept.get(key)
    if data is not None:
        matcher._data = data
        return
    matcher._read_data()
    if len(kept) < SEARCH_BLOCKS:
        kept[key] = matcher._data


def _block_data(matcher: Any, whoosh_read: str) -> tuple[Any, ...] | None:
    """Return the current block's decoded tuple (read through _read_block),
    or None once Whoosh's own `whoosh_read` method has done the reading for
    a matcher that is not a Whoosh 3 block matcher."""
    if not hasattr(matcher, "_byteids"):
        getattr(matcher, whoosh_read)()
        return None
    if matcher._data is None:
        _read_block(matcher)
    return matcher._data


def _read_ids(matcher: Any) -> None:
    """Decode the current block's ids into matcher._ids, as W3LeafMatcher's
    _read_ids() does, with its per-id Python generator (delta_decode)
    replaced by itertools.accumulate: the same tuple, several times faster
    (a common word's walk reads hundreds of thousands of ids)."""
    data = _block_data(matcher, "_read_ids")
    if data is not None:
        matcher._ids = data[0] if matcher._byteids else tuple(accumulate(data[0]))


def _read_weights(matcher: Any) -> None:
    """Set matcher._weights as W3LeafMatcher's _read_weights() does: the same
    array, repeated whole when the block stores one weight for all its
    postings (Whoosh fills it a generator step per posting)."""
    data = _block_data(matcher, "_read_weights")
    if data is None:
        return
    weights = 1.0 if data[1] is None else data[1]
    if isinstance(weights, float):
        weights = array("f", (weights,)) * matcher._blocklength
    matcher._weights = weights


def iter_blocks_holding(matcher: Any, wanted: Sequence[int],
                        check: Callable[[], None] | None = None) -> Iterator[PostingBlock]:
    """Yield the blocks of a block matcher (from its position on) whose id
    range holds one of the sorted docnums `wanted`; the others are passed
    by their header's last id, never decompressed."""
    i, count = 0, len(wanted)
    while i < count and matcher.is_active():
        if check is not None:
            check()
        last = matcher._maxid
        if wanted[i] <= last:  # earlier blocks took every wanted id up to theirs
            if matcher._ids is None:
                _read_ids(matcher)
            yield PostingBlock(matcher, matcher._i, matcher._ids[matcher._i:])
            i = bisect_right(wanted, last, i)
        if matcher._lastblock:
            break
        matcher._next_block()


def positions_decoder(fmt: Any) -> Callable[[bytes], Iterable[int]]:
    """Return a function from a posting's encoded value to its positions:
    for whoosh.formats.Positions, the same numbers as its decode_positions()
    by C-level calls (its Python loop is most of a common-word phrase's
    time); any other format's own decode_positions()."""
    if type(fmt) is not formats.Positions:
        return fmt.decode_positions

    def decode(value: bytes) -> Iterable[int]:
        # the value is a 4-byte count, then the pickled deltas (Whoosh may
        # have stripped the pickle's final STOP byte)
        return accumulate(loads(value[4:] if value.endswith(b".") else value[4:] + b"."))

    return decode

# ------------------------------------------------------------ term tables

def unfiltered_postings(reader: Any, fieldname: str, text: Any) -> Any:
    """Return a leaf matcher over a term's postings in a segment reader,
    deleted documents included: straight from the segment's term table
    when it has one, else the public postings() with Whoosh's deletion
    filter unwrapped.  A missing term raises TermNotFound (callers catch
    it rather than look the term up twice); an unknown field or
    untranslatable value raises as Whoosh does."""
    terms = getattr(reader, "_terms", None)
    if terms is None:
        matcher = reader.postings(fieldname, text)
        return matcher.child if isinstance(matcher, wrappers.FilterMatcher) else matcher
    field = reader.schema[fieldname]
    return terms.matcher(fieldname, field.to_bytes(text), field.format)


def open_term(reader: Any, fieldname: str, text: Any) -> tuple[int, Callable[[], Any]] | None:
    """Return (a term's document frequency in segment reader `reader`, deleted
    documents included; a function opening its postings as unfiltered_postings()
    does) from ONE term-table look-up (doc_frequency() then postings() take two), or
    None when the term or field is missing (with no Whoosh 3 table: by those calls)."""
    terms = getattr(reader, "_terms", None)
    if terms is None or not hasattr(terms, "_codec"):
        count = reader.doc_frequency(fieldname, text) if fieldname in reader.indexed_field_names() else 0
        return (count, partial(unfiltered_postings, reader, fieldname, text)) if count else None
    field: Any = reader.schema[fieldname] if fieldname in terms.indexed_field_names() else None
    try:
        info = terms.term_info(fieldname, tbytes := field.to_bytes(text)) if field else None
    except TermNotFound:
        return None
    return None if info is None else (info.doc_frequency(), partial(
        terms._codec.postings_reader, terms._postfile, info, field.format, term=(fieldname, tbytes)))


def prefix_terms(leaf: Any, fieldname: str, prefix: bytes) -> list[bytes] | None:
    """Return `fieldname`'s terms starting with `prefix` (not empty) in a Whoosh 3 segment reader, in
    order, read as ONE slice of its term table (expand_prefix: two file reads each); None: no table."""
    terms: Any = getattr(leaf, "_terms", None)
    table = getattr(terms, "_tindex", None)
    if not prefix or table is None or not hasattr(table, "closest_key_pos"):
        return None
    low = terms._keycoder(fieldname, prefix)
    start = table.closest_key_pos(low) if fieldname in terms.indexed_field_names() else None
    stem = low.rstrip(b"\xff")  # the entries end at the next key past the prefix's, else the data's
    after = table.closest_key_pos(stem[:-1] + bytes([stem[-1] + 1])) if stem else None
    data = b"" if start is None else table.dbfile.get(start, (after or table.endofdata) - start)
    at, found = 0, []  # each entry: its key's and value's lengths (a compact table's parse_row), the key, the value
    parse = getattr(table, "parse_row", None) or (lambda d, i: (i + _KEY_LENGTHS.size, *_KEY_LENGTHS.unpack_from(d, i)))
    while at < len(data):
        key_at, keylen, datalen = parse(data, at)
        if not (key := data[key_at:key_at + keylen]).startswith(low):
            break
        found.append(key[len(low) - len(prefix):])
        at = key_at + keylen + datalen
    return found


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


# A stored length byte's length, as Whoosh's byte_to_length; a zero byte
# reads as None, as in Whoosh.
BYTE_LENGTHS: list[int | None] = [None] + [byte_to_length(b) for b in range(1, 256)]


def is_numeric_column(column: Any, typecode: str) -> bool:
    """Return True if `column` is a NumericColumn reader storing `typecode`
    values (numeric_block reads it whole), without reading it."""
    return isinstance(column, columns.NumericColumn.Reader) and column._typecode == typecode


def numeric_block(column: Any, typecode: str, size: int) -> NumericBlock | None:
    """Return the values of the first (at most) `size` documents of a
    NumericColumn reader storing `typecode` values, read in one call, or
    None if `column` is another kind of column (read it the public way)."""
    if not is_numeric_column(column, typecode):
        return None
    count = min(column._count, size)
    width = struct.calcsize("!" + typecode)
    return NumericBlock(column._dbfile.get(column._basepos, width * count), count,
                        column._default)


def length_column(reader: Any, fieldname: str) -> Any | None:
    """Return the column of `fieldname`'s quantised lengths (one byte per
    document) of a Whoosh 3 segment reader, or None when the reader is not
    one or the segment has no such column."""
    return perdoc_length_column(getattr(reader, "_perdoc", None), fieldname)


def perdoc_length_column(perdoc: Any, fieldname: str) -> Any | None:
    """Return a per-document reader's (a segment reader's `_perdoc`, or a
    writer's per_document_reader()) column of `fieldname`'s lengths, or None."""
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
