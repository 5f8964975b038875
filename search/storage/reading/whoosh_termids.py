"""Every term of a field with its postings' docnums, read straight from a segment's files.

Owns field_term_ids(): the walk a facet column is built from (search.features.facets),
~200,000 terms a segment at a million paragraphs (speaker names), each with a few
postings.  Opening a Whoosh matcher a term (a W3TermInfo, a header read, a seek and a
pickled block header before the ids) cost ~13 us a term, half the CPU of a restarted
server's warm-up at 1M; here a row of the term table is read raw (a compact row through
its codec's `postings_head`, no W3TermInfo), a term of one posting takes its docnum from
the row itself (its min id), and a longer term's blocks are decoded from its postings
bytes as W3LeafMatcher decodes them.  Whoosh's private attributes (`_terms`, `_tindex`,
`_fieldmap`, `_postfile`) are read here and in whoosh_internals.py only
(tests/test_layers.py's PRIVATE_READERS); a table of another kind returns None (read it
through Whoosh's matchers).
"""
from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator, Sequence
from io import BytesIO
from itertools import accumulate, chain
from pickle import load, loads
from typing import Any

from whoosh import formats
from whoosh.codec.whoosh3 import WHOOSH3_HEADER_MAGIC, W3TermInfo
from whoosh.reading import CorruptIndexError
from whoosh.system import pack_ushort

from onrecord.search.storage.pooled.compactblocks import is_compact, iter_compact_blocks

_INT = struct.Struct("!i")  # a block's signed length (negative: the last block)
# (doc frequency, min id, postings offset, postings length) of a term-table row's value, or
# None where the row must be read as a W3TermInfo (inlined postings, a RAW compact row).
Head = tuple[int, int, int, int] | None
_TABLE_ATTRS = ("_tindex", "_fieldmap", "_postfile")


def field_term_ids(leaf: Any, fieldname: str) -> Iterator[tuple[bytes, list[Sequence[int]]]] | None:
    """Return an iterator of (term bytes, its docnums a block at a time, deleted documents
    included) over every term of `fieldname` in segment reader `leaf`, in term order, as
    Whoosh's matchers read them; or None if `leaf` has no Whoosh 3 term table to read raw
    or `fieldname` keeps positions (read those through Whoosh's matchers)."""
    terms = getattr(leaf, "_terms", None)
    if terms is None or not all(hasattr(terms, a) for a in _TABLE_ATTRS):
        return None
    # A phrase field's blocks may hold their positions in a codec's own form (a stream
    # before the pickle): only Whoosh's matcher of that codec reads them.
    field = leaf.schema[fieldname] if fieldname in leaf.schema else None
    if not hasattr(terms._tindex, "items_from") or isinstance(getattr(field, "format", None), formats.Positions):
        return None
    return _walk_rows(terms, fieldname)


def _walk_rows(terms: Any, fieldname: str) -> Iterator[tuple[bytes, list[Sequence[int]]]]:
    """Yield field_term_ids()'s pairs from a Whoosh 3 (or onrecord codec's) term table."""
    fieldid = terms._fieldmap.get(fieldname)
    if fieldid is None:
        return
    prefix = pack_ushort(fieldid)
    head = getattr(terms, "postings_head", None) or w3_head
    postfile = terms._postfile
    for key, value in terms._tindex.items_from(prefix):
        if not key.startswith(prefix):
            break
        found = head(value)
        if found is None:
            yield key[2:], _info_ids(terms.term_info(fieldname, key[2:]), postfile)
        elif found[0] == 1:  # one posting: its docnum is the row's min id
            yield key[2:], [(found[1],)]
        else:
            yield key[2:], block_ids(postfile.get(found[2], found[3]))


def w3_head(value: bytes) -> Head:
    """Return a W3TermInfo row's Head (None when its postings are inlined or it holds no id)."""
    if value[0]:  # flags: inlined postings
        return None
    info = W3TermInfo.from_bytes(value)
    if info.min_id() is None:
        return None
    offset, length = info.extent()
    return info.doc_frequency(), info.min_id(), offset, _first(length)


def _info_ids(info: Any, postfile: Any) -> list[Sequence[int]]:
    """Return the docnums of a term read through its W3TermInfo, inlined or not."""
    if info.is_inlined():
        return [tuple(info.inlined_postings()[0])]
    offset, length = info.extent()
    return block_ids(postfile.get(offset, _first(length)))


def _first(length: Any) -> int:
    """Return a term info's postings length (Whoosh's from_bytes leaves it a 1-tuple)."""
    return length[0] if isinstance(length, tuple) else length


def block_ids(data: bytes) -> list[Sequence[int]]:
    """Return the docnums of one term's postings bytes a block at a time, as
    W3LeafMatcher's _read_ids() decodes them (each block a pickled info tuple, then its
    pickled (ids, weights, values), zlibbed when its info says so; ids delta-coded).
    Raises CorruptIndexError if the bytes do not start with Whoosh 3's header."""
    if is_compact(data):  # search.storage.pooled's compact blocks
        return [tuple(accumulate(ids)) for _, (ids, _, _) in iter_compact_blocks(data)]
    if data[:4] != WHOOSH3_HEADER_MAGIC:
        raise CorruptIndexError(f"Bad postings block tag {data[:4]!r} (expected {WHOOSH3_HEADER_MAGIC!r})")
    blocks: list[Sequence[int]] = []
    f = BytesIO(data)
    pos, end = 4, len(data)
    while pos < end:
        size = _INT.unpack_from(data, pos)[0]
        f.seek(pos + 4)
        compression = load(f)[3]  # the block's info: (count, max id, max weight, compression, ...)
        pos += 4 + abs(size)
        raw = data[f.tell():pos]
        blocks.append(tuple(accumulate(loads(zlib.decompress(raw) if compression else raw)[0])))
        if size < 0:  # the last block
            break
    return blocks



def term_docs(reader: Any, fieldname: str, text: str) -> frozenset[int]:
    """Return the docnums reader.postings(fieldname, text).all_ids() yields for
    segment reader `reader` (its deleted documents left out, as Whoosh's filter
    leaves them), read a block at a time: Whoosh's all_ids(), a step a posting,
    took ~1 s for the ~700,000 quote documents of a segment at 1M.  Raises
    TermNotFound for a term `reader` lacks, as postings() does."""
    terms = getattr(reader, "_terms", None)
    if terms is None or not all(hasattr(terms, a) for a in _TABLE_ATTRS) or not hasattr(reader, "deleted_docs_set"):
        return frozenset(reader.postings(fieldname, text).all_ids())  # not a Whoosh 3 segment reader
    info = terms.term_info(fieldname, reader.schema[fieldname].to_bytes(text))
    found = frozenset(chain.from_iterable(_info_ids(info, terms._postfile)))
    deleted = reader.deleted_docs_set
    return found - deleted if deleted else found
