"""A flush's postings file: each term's blocks encoded and appended, its term info returned.

Owns `BlockWriter`, which search.storage.pooled.flush drives term by term
(write_term, write_pieces) or a field at a time (write_field): each term's
docnums, weights and values arrive as one flat list already in docnum order
(search.storage.pooled.pool's TermPool), each block is encoded with a few
C-level calls (slices, map, array, pickle), or in compactblocks' form, and
the file is written in large chunks.  The format is W3PostingsWriter's:
per term the header magic, then per block of `blocklimit` postings its
signed length, its pickled info tuple and its pickled (delta ids,
minified weights, minified values), zlib-compressed from
COMPRESSION_MIN_SIZE bytes (a CompactBlockCodec segment's terms:
compactblocks' tag and blocks instead, a field's one-posting terms joined
from parts by search.storage.pooled.onepostings).  numpy is not used:
most terms have a handful of postings, where a numpy call costs more than
the whole block's Python.  tests/search/storage/test_field_postings.py,
pooled/test_flush.py and pooled/test_onepostings.py check the bytes.
"""
from __future__ import annotations

import zlib
from array import array
from collections.abc import Callable, Iterable
from operator import sub
from pickle import dumps
from typing import Any

from whoosh.codec.whoosh3 import COMPRESSION_MIN_SIZE, WHOOSH3_HEADER_MAGIC
from whoosh.system import emptybytes, pack_int, pack_long
from whoosh.util.numeric import length_to_byte

from onrecord.search.storage.pooled.compactblocks import encode_block
from onrecord.search.storage.pooled.compactterms import VARINTS, W3INFO, W3STATS, compact_info, pack_varint, stats_info
from onrecord.search.storage.pooled.onepostings import OneParts
from onrecord.search.storage.pooled.positionstream import WhooshValues, block_bytes

# A file's bytes are handed to it in chunks of about this size.
CHUNK_BYTES = 1 << 22


class _LengthBytes(dict[int | None, int]):
    """length_to_byte, memoised: a field length's byte (None's is 0) found
    by one dict lookup instead of a Python call (3% of the flush)."""

    def __missing__(self, length: int | None) -> int:
        self[length] = byte = length_to_byte(length)
        return byte


LENGTH_BYTE = _LengthBytes()  # also the writer's field length column (whoosh_writers)


class BlockWriter:
    """Encodes each term's blocks into the postings file; returns its
    W3TermInfo bytes."""

    def __init__(self, blocklimit: int, compression: int, postfile: Any,
                 magic: bytes = WHOOSH3_HEADER_MAGIC) -> None:
        self._blocklimit = self.blocklimit = blocklimit
        # What a term starts with: Whoosh 3's magic, or compactblocks' tag (its blocks then compact).
        self._magic = magic
        self._compact = magic != WHOOSH3_HEADER_MAGIC
        self._compression = compression
        self._file = postfile
        self._parts: list[bytes] = []
        self._size = 0
        self._offset = postfile.tell()  # where the next byte goes
        self._fixedsize: int | None = None
        self._dfl: Callable[[int], int | None] | None = None
        self._streams = False  # the field's positions as one stream a block (positionstream)
        # The field's one-posting terms encoded: (docnum, weight, value) -> _encode_one's.
        self._ones: dict[tuple[int, float, Any], tuple[bytes, bytes]] | None = None

    def start_field(self, fixedsize: int | None, dfl: Callable[[int], int | None] | None,
                    streams: bool = False) -> None:
        self._fixedsize = fixedsize
        self._dfl = dfl
        self._streams = streams
        # A fixed-size field's one-posting terms of a document mostly encode alike: of 1,000 derived
        # paragraphs' 15,900 such terms 3,700 differ (a positions field's values almost never repeat).
        self._ones = {} if fixedsize is not None and fixedsize >= 0 else None
        # Or, in compact blocks without pickled values, their parts by weight and length (onepostings).
        self._one_parts = OneParts(streams, dfl, LENGTH_BYTE.__getitem__) \
            if self._compact and (streams or fixedsize == 0) else None

    def write_field(self, flats: list[list[Any]]) -> list[bytes]:
        """Write a field's terms (flat lists, in term order) as write_term
        writes each; return each one's compact term info (compactterms').
        A term of one posting is joined from its field's parts (OneParts) in
        this loop, without write_term's chain of calls and a W3TermInfo."""
        one = self._one_parts.block if self._one_parts is not None else None
        blocks, varints = self._parts, VARINTS
        infos: list[bytes] = []
        offset = self._offset
        for flat in flats:
            found = one(*flat) if one is not None and len(flat) == 3 else None
            if found is None:
                self._offset = offset
                infos.append(self._compact_term(flat))
                offset = self._offset
                continue
            block, head = found  # (the info's head and docnum)
            blocks.append(block)
            infos.append(b"".join((head, pack_varint(offset), varints[len(block)])))
            offset += len(block)
            self._size += len(block)
        self._offset = offset
        if self._size >= CHUNK_BYTES:
            self.flush()
        return infos

    def write_term(self, flat: list[Any]) -> bytes:
        """Write one term's postings (a flat [docnum, weight, value, ...]
        list in docnum order); return its terminfo bytes."""
        if len(flat) == 3:  # over half of a segment's terms
            return self._write_one(*flat)
        ids, weights, values = flat[0::3], flat[1::3], flat[2::3]
        start = self._offset
        limit = self._blocklimit
        self._parts.append(self._magic)
        self._offset += len(self._magic)
        if len(ids) <= limit:
            stats = self._write_block(ids, weights, values, True)
        else:
            stats = None
            for at in range(0, len(ids), limit):
                end = at + limit
                stats = _merge_stats(stats, self._write_block(
                    ids[at:end], weights[at:end], values[at:end], end >= len(ids)))
        return self._finish_term(stats, len(ids), ids[0], ids[-1], start)  # type: ignore[arg-type]

    def _compact_term(self, flat: list[Any]) -> bytes:
        """Write one term's postings (write_term's bytes); return its compact
        info, compact_info's of write_term's W3TermInfo, for a term of one
        block of several postings without making the W3TermInfo."""
        count = len(flat) // 3
        if count == 1 or count > self._blocklimit:
            return compact_info(self.write_term(flat))
        start = self._offset
        ids = flat[0::3]
        self._parts.append(self._magic)
        self._offset += len(self._magic)
        total, minlength, maxlength, maxweight = self._write_block(ids, flat[1::3], flat[2::3], True)
        if self._size >= CHUNK_BYTES:
            self.flush()
        stats = W3STATS.pack(False, total, count, LENGTH_BYTE[minlength], LENGTH_BYTE[maxlength], maxweight)
        return stats_info(stats, ids[0], ids[-1], start, self._offset - start)

    def write_pieces(self, pieces: Iterable[list[Any]]) -> bytes:
        """Write one term's postings given as flat lists (pieces) that
        joined are its list in docnum order, as write_term writes the
        joined list, holding at most a block and a piece; return its
        terminfo bytes."""
        step = 3 * self._blocklimit
        held: list[Any] = []
        start = -1  # the term's offset, once its first block is out
        stats: tuple[float, int | None, int, Any] | None = None
        count = first = 0
        for piece in pieces:
            held += piece
            if len(held) <= step:
                continue
            if start < 0:
                start, first = self._offset, held[0]
                self._parts.append(self._magic)
                self._offset += len(self._magic)
            cut = (len(held) - 1) // step * step  # leaves the last block, 1 to step items
            for at in range(0, cut, step):
                stats = _merge_stats(stats, self._write_block(
                    held[at:at + step:3], held[at + 1:at + step:3], held[at + 2:at + step:3], False))
            count += cut // 3
            del held[:cut]
        if start < 0:  # one block in all
            return self.write_term(held)
        stats = _merge_stats(stats, self._write_block(held[0::3], held[1::3], held[2::3], True))
        return self._finish_term(stats, count + len(held) // 3, first, held[-3], start)

    def _finish_term(self, stats: tuple[float, int | None, int, Any], count: int, first: int,
                     last: int, start: int) -> bytes:
        """Return the W3TermInfo bytes of the term written from `start`:
        its blocks' folded `stats`, `count` postings from docnum `first`
        to `last`; the appended bytes go to the file past CHUNK_BYTES."""
        total, minlength, maxlength, maxweight = stats
        if self._size >= CHUNK_BYTES:
            self.flush()
        return W3INFO.pack(False, total, count, LENGTH_BYTE[minlength],
                              LENGTH_BYTE[maxlength], maxweight, first, last) \
            + pack_long(start) + pack_int(self._offset - start)

    def _write_one(self, docnum: int, weight: Any, value: Any) -> bytes:
        """Write a term of one posting (write_term's bytes); return its
        terminfo bytes."""
        start = self._offset
        ones = self._ones
        if ones is None or type(weight) is not float or not weight > 0:  # 1 and 1.0, 0.0 and -0.0 pickle apart
            block, head = self._encode_one(docnum, weight, value)
        else:
            key = (docnum, weight, value)
            known = ones.get(key)
            if known is None:
                known = ones[key] = self._encode_one(docnum, weight, value)
            block, head = known
        self._parts.append(block)
        self._offset += len(block)
        self._size += len(block)
        if self._size >= CHUNK_BYTES:
            self.flush()
        return head + pack_long(start) + pack_int(len(block))

    def _encode_one(self, docnum: int, weight: Any, value: Any) -> tuple[bytes, bytes]:
        """Return a term of one posting as the postings file holds it (the
        term's header and its one block, as _write_block encodes one posting,
        without its lists and their folds) and its terminfo bytes but the
        offset and size that end them."""
        # Whoosh keeps weights as 32-bit floats: 1.0 is one, others may round.
        single = 1.0 if weight == 1.0 else array("f", (weight,))[0]
        fixedsize = self._fixedsize
        if fixedsize is None or fixedsize < 0:
            minivalues: Any = (value,) if value else ()  # Whoosh keeps only non-empty values
        elif fixedsize == 0:
            minivalues = None
        else:
            minivalues = value or emptybytes
        maxweight = weight if weight > 0 else 0  # Whoosh's running maximum starts at 0
        length = self._dfl(docnum) if self._dfl is not None else None
        minbyte, maxbyte = (LENGTH_BYTE[length], LENGTH_BYTE[length]) if length else (LENGTH_BYTE[None], LENGTH_BYTE[0])
        head = W3INFO.pack(False, single, 1, minbyte, maxbyte, maxweight, docnum, docnum)
        if self._compact:
            return self._magic + encode_block([docnum], array("f", (weight,)), maxweight, minivalues,
                                              (minbyte, maxbyte), True, self._compression, self._streams), head
        data, comp = self._encode_data((docnum,), None if single == 1.0 else single, minivalues)
        info = dumps((1, docnum, maxweight, comp, minbyte, maxbyte), 2)
        size = len(info) + len(data)
        return WHOOSH3_HEADER_MAGIC + pack_int(-size) + info + data, head

    def _write_block(self, ids: list[int], weights: list[Any], values: list[Any],
                     last: bool) -> tuple[float, int | None, int, Any]:
        """Append one block (W3PostingsWriter._write_block's bytes); return
        (its weight total, min length or None, max length, max weight)."""
        count = len(ids)
        floats = array("f", weights)  # Whoosh keeps weights as 32-bit floats
        fixedsize = self._fixedsize
        if fixedsize is None or fixedsize < 0:
            minivalues: Any = tuple(filter(None, values))  # Whoosh keeps only non-empty values
        elif fixedsize == 0:
            minivalues = None
        else:
            minivalues = emptybytes.join(filter(None, values))
        maxweight = max(weights)
        if not maxweight > 0:
            maxweight = 0  # Whoosh's running maximum starts at 0
        found = list(filter(None, map(self._dfl, ids))) if self._dfl is not None else None
        minlength, maxlength = (min(found), max(found)) if found else (None, 0)
        if self._compact:
            block = encode_block(ids, floats, maxweight, minivalues, (LENGTH_BYTE[minlength], LENGTH_BYTE[maxlength]),
                                 last, self._compression, self._streams)
            self._parts.append(block)
            self._offset += len(block)
            self._size += len(block)
            return sum(floats), minlength, maxlength, maxweight
        deltas = (ids[0],) + tuple(map(sub, ids[1:], ids)) if count > 1 else (ids[0],)
        data, comp = self._encode_data(deltas, _miniweights(floats), minivalues)
        info = dumps((count, ids[-1], maxweight, comp,
                      LENGTH_BYTE[minlength], LENGTH_BYTE[maxlength]), 2)
        size = len(info) + len(data)
        self._parts.append(pack_int(-size if last else size) + info + data)
        self._offset += size + 4
        self._size += size + 4
        return sum(floats), minlength, maxlength, maxweight

    def _encode_data(self, deltas: Any, miniweights: Any, minivalues: Any) -> tuple[bytes, int]:
        """Return a block's data and its info's compression number: Whoosh's
        (zlibbed from COMPRESSION_MIN_SIZE bytes), or in a stream field the
        positions as one stream before it (positionstream.block_bytes)."""
        if self._streams and len(minivalues) == len(deltas) and (
                found := block_bytes(deltas, miniweights, list(minivalues), self._compression)):
            return found  # (an empty value, which Whoosh leaves out, keeps Whoosh's form)
        if self._streams:  # the writer's own deltas beside a value that is not Positions bytes
            minivalues = tuple(map(WhooshValues(), minivalues))
        data = dumps((deltas, miniweights, minivalues), 2)
        comp = self._compression if len(data) >= COMPRESSION_MIN_SIZE else 0
        return (zlib.compress(data, comp) if comp else data), comp

    def flush(self) -> None:
        """Hand the appended bytes to the postings file."""
        self._file.write(emptybytes.join(self._parts))
        self._parts.clear()
        self._size = 0


def _miniweights(floats: array) -> Any:
    """Return a block's weights as Whoosh 3 pickles them: None when all are 1.0, one float when all are equal."""
    count = len(floats)
    if floats.count(1.0) == count:
        return None
    if floats.count(floats[0]) == count:
        return floats[0]
    return tuple(floats)


def _merge_stats(before: tuple[float, int | None, int, Any] | None,
                 block: tuple[float, int | None, int, Any]) -> tuple[float, int | None, int, Any]:
    """Return a term's statistics with one more block's, as W3TermInfo.add_block
    folds them (its weight starts at 0, its min length at None)."""
    if before is None:
        before = (0, None, 0, 0)
    total, minlength, maxlength, maxweight = before
    return (total + block[0], block[1] if minlength is None else min(minlength, block[1]),  # type: ignore[type-var]
            max(maxlength, block[2]), max(maxweight, block[3]))
