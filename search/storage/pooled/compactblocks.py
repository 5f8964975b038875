"""Postings blocks in few bytes: varint framing, ids in byte planes, whole weights as bytes.

Owns `CompactBlockCodec`, the codec every onrecord writer writes segments
with: LearntStoredCodec's term table and stored fields, PositionStreamCodec's
positions streams, and every postings block in the compact form below.
Whoosh 3 frames each term with a 4-byte magic and each block with a 4-byte
length and a pickled info tuple (~30 bytes), and pickles a block's delta
ids as a tuple of ints: at 1M paragraphs the ids (498 MB) and the framing
(144 MB) were 70% of the postings (bench/RESULTS.md, speed62, who priced
this form).  A term written here starts with `COMPACT_TAG` (one byte; Whoosh
3's start with its magic, so a segment may hold terms of either form: Whoosh's
own postings writer, which the codec keeps for Whoosh's code paths, writes
Whoosh's), then per block:

| part | bytes |
|---|---|
| head | varint (count << 1 \\| last block), varint max id, flags byte, min and max length bytes |
| max weight | varint when a whole number >= 0, else an 8-byte double (`MAX_DOUBLE`) |
| size | varint: the bytes of the block after it |
| positions | PositionStreamCodec's stream (its own length first), when `STREAM` |
| values | varint length, then Whoosh's pickled values, when `PICKLED` (a field neither Counted nor streamed) |
| weights | one 32-bit float (`ONE`), every posting's (`FLOATS`) or a byte each (`WHOLE`: whole numbers 1-255) |
| ids | but the last (the max id): the first whole, then deltas, as numbers of the block's widest width in byte planes |

the values, weights and ids deflated together (raw) from 80 bytes (`ZIPPED`).
A weight every posting of a block shares at 1.0 is not written.  The ids
are fixed-width numbers, not varints, so a block decodes them with C calls
(a varint split in numpy cost more than the pickle it replaced on short
blocks), each number's low bytes first, then all their next bytes (a
plane a byte: deflate takes up the high planes' zeros; at 1M 609 MB of
postings against 727 with the bytes of each number together).  A block decodes into the tuple Whoosh 3's leaf matcher
decodes, (delta ids, weights, values), so every reader above it (the
block walk, the phrase path, the pooled merge) sees the same postings.

Older segments are read through their own codec.  The class must stay at
this import path (pickled in every table of contents:
tests/search/storage/test_pickled_paths.py).
"""
from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Iterator
from operator import sub
from pickle import dumps, loads
from typing import Any

from whoosh.codec.whoosh3 import COMPRESSION_MIN_SIZE, WHOOSH3_HEADER_MAGIC
from whoosh.util.numeric import byte_to_length

from onrecord.search.storage.pooled.compactterms import VARINTS, pack_varint, read_varint
from onrecord.search.storage.pooled.learntstored import LearntStoredCodec
from onrecord.search.storage.pooled.positionstream import (
    PositionStream,
    StreamLeafMatcher,
    WhooshValues,
    stream_bytes,
)

# A term's postings in compact blocks start with this byte (Whoosh 3's with its magic, b"W3Bl").
COMPACT_TAG = b"\x01"
# The flags byte: the weights' form in the low two bits, one bit each, and the ids' width in the top two.
ONE_WEIGHT, ONE, WHOLE, FLOATS = 0, 1, 2, 3  # all 1.0; one float for all; whole numbers 1-255; every float
WEIGHTS = 3
MAX_DOUBLE, ZIPPED, STREAM, PICKLED = 4, 8, 16, 32
# The ids (the first whole, then deltas) as fixed-width little-endian numbers of the block's
# widest, in byte planes, so they decode by C calls (slices, array.tolist), not a varint loop.
# (flags >> WIDTH_SHIFT) indexes WIDTHS.
WIDTH_SHIFT = 6
WIDTHS = ("B", "H", "I", "Q")
_LIMITS = (1 << 8, 1 << 16, 1 << 32)
# Each width's byte planes as slices of the packed numbers' bytes.
_PLANES = [[slice(plane, None, 1 << width) for plane in range(1 << width)] for width in range(len(WIDTHS))]
# Raw deflate: no zlib header and checksum (6 bytes a block; the segment's manifest checksums its files).
RAW_DEFLATE = -15
_VARINT_ONE = pack_varint(1)
_TABLED = len(VARINTS)  # numbers whose varint is in the table (pack_varint's, without a call)
# The most bytes a block's head, max weight and size take (read in one call).
HEAD_BYTES = 40
_DOUBLE = struct.Struct("<d")
_FLOAT = struct.Struct("<f")
_BIG_ENDIAN = sys.byteorder == "big"


def pack_numbers(numbers: list[int]) -> tuple[bytes, int]:
    """Return `numbers` (each >= 0) as little-endian numbers of one width, their bytes
    in planes (every number's lowest byte, then every number's next: deflate finds the
    high planes' runs of zeros), and that width's index in WIDTHS."""
    top = max(numbers, default=0)
    width = 0 if top < 0x100 else 1 if top < 0x10000 else 2 if top < 1 << 32 else 3  # (_LIMITS, inline: a block each)
    packed = array(WIDTHS[width], numbers)
    if _BIG_ENDIAN:
        packed.byteswap()
    raw = packed.tobytes()
    return (b"".join(map(raw.__getitem__, _PLANES[width])) if width else raw), width


def unpack_numbers(raw: bytes, width: int) -> list[int]:
    """Return the numbers pack_numbers packed into `raw` at width index `width`
    (the planes put back by slice assignments, then one array: C calls only)."""
    size = 1 << width
    if size == 1:
        return list(raw)
    count = len(raw) >> width
    joined = bytearray(len(raw))
    for plane in range(size):
        joined[plane::size] = raw[plane * count:(plane + 1) * count]
    numbers = array(WIDTHS[width], joined)
    if _BIG_ENDIAN:
        numbers.byteswap()
    return numbers.tolist()


def weights_form(floats: array) -> int:
    """Return the flags of how a block's 32-bit weights are written (module table)."""
    count = len(floats)
    if floats.count(1.0) == count:
        return ONE_WEIGHT
    if floats.count(floats[0]) == count:
        return ONE
    whole = list(map(int, floats))
    if min(whole) < 1 or max(whole) > 255 or array("f", whole) != floats:  # (0 and -0.0 would read back alike)
        return FLOATS
    return WHOLE


def encode_block(ids: list[int], floats: array, maxweight: Any, minivalues: Any, lengths: tuple[int, int],
                 last: bool, level: int, streams: bool) -> bytes:
    """Return one block in the compact form: postings `ids` (sorted docnums),
    their 32-bit `floats` weights, the block's `maxweight` (as Whoosh keeps
    it), Whoosh's `minivalues` (None for a Counted field), its min and max
    length bytes; `streams`: the field keeps positions as a stream."""
    count = len(ids)
    stream = None
    if streams and minivalues is not None and len(minivalues) == count:
        stream = stream_bytes(minivalues, level)
    flags = ONE_WEIGHT if floats.count(1.0) == count else weights_form(floats)  # (most blocks: no call)
    parts: list[bytes] = []
    if stream is not None:
        flags |= STREAM
    elif minivalues is not None:
        pickled = dumps(tuple(map(WhooshValues(), minivalues)) if streams else minivalues, 2)
        parts += (pack_varint(len(pickled)), pickled)
        flags |= PICKLED
    form = flags & WEIGHTS
    if form == ONE:
        parts.append(_FLOAT.pack(floats[0]))
    elif form == FLOATS:
        parts.append((_swapped(floats) if _BIG_ENDIAN else floats).tobytes())
    elif form == WHOLE:
        parts.append(bytes(map(int, floats)))
    if count > 1:  # the first id, then the deltas but the last's (the max id is in the head)
        packed, width = pack_numbers([ids[0], *map(sub, ids[1:count - 1], ids)])
        parts.append(packed)
        flags |= width << WIDTH_SHIFT
    payload = b"".join(parts)
    if level and len(payload) >= COMPRESSION_MIN_SIZE:
        payload = zlib.compress(payload, level, wbits=RAW_DEFLATE)
        flags |= ZIPPED
    top, double = max_weight_bytes(maxweight)
    flags |= double
    body = stream + payload if stream else payload
    head, size = count << 1 | last, len(body)
    return b"".join((VARINTS[head] if head < _TABLED else pack_varint(head), pack_varint(ids[-1]),
                     bytes((flags, *lengths)), top, VARINTS[size] if size < _TABLED else pack_varint(size), body))


def max_weight_bytes(maxweight: Any) -> tuple[bytes, int]:
    """Return a block's max weight as written (a varint when whole and >= 0,
    else a double) and the flag a double adds (MAX_DOUBLE, else 0)."""
    if maxweight == 1.0:  # most blocks: no call (1 and 1.0 are written alike)
        return _VARINT_ONE, 0
    if isinstance(maxweight, int) or float(maxweight).is_integer() and maxweight >= 0:
        return pack_varint(int(maxweight)), 0
    return _DOUBLE.pack(maxweight), MAX_DOUBLE


def _swapped(floats: array) -> array:
    swapped = array("f", floats)
    swapped.byteswap()
    return swapped


def read_head(raw: bytes) -> tuple[int, bool, int, int, int, int, Any, int, int]:
    """Return a compact block's head from its first bytes: (count, last,
    max id, flags, min length byte, max length byte, max weight, the offset
    of its body in `raw`, the body's size)."""
    head = raw[0]  # (one byte: a block of under 64 postings; the common short varints read inline, no call)
    head, at = (head, 1) if head < 0x80 else read_varint(raw, 0)
    maxid, at = read_varint(raw, at)
    flags, minbyte, maxbyte = raw[at], raw[at + 1], raw[at + 2]
    at += 3
    if flags & MAX_DOUBLE:
        maxweight: Any = _DOUBLE.unpack_from(raw, at)[0]
        at += 8
    elif raw[at] < 0x80:
        maxweight, at = float(raw[at]), at + 1
    else:
        number, at = read_varint(raw, at)
        maxweight = float(number)
    size = raw[at]
    size, at = (size, at + 1) if size < 0x80 else read_varint(raw, at)
    return head >> 1, bool(head & 1), maxid, flags, minbyte, maxbyte, maxweight, at, size


def decode_body(body: bytes, flags: int, count: int, maxid: int) -> tuple[list[int], Any, Any]:
    """Return a compact block's body as Whoosh 3's decoded tuple: (delta
    ids, the first whole; weights: None for all 1.0, one float, or one a
    posting; values: a PositionStream, Whoosh's pickled values, or None)."""
    values: Any = None
    if flags & STREAM:
        head, at = read_varint(body, 0)
        end = at + (head >> 1)
        values = PositionStream(body[at:end], bool(head & 1), count)
        body = body[end:]
    if flags & ZIPPED:
        body = zlib.decompress(body, wbits=RAW_DEFLATE)
    at = 0
    if flags & PICKLED:
        size, at = read_varint(body, 0)
        values = loads(body[at:at + size])
        at += size
    form, weights = flags & WEIGHTS, None
    if form == ONE:
        weights = _FLOAT.unpack_from(body, at)[0]
        at += 4
    elif form == FLOATS:
        floats = array("f", body[at:at + 4 * count])
        weights = tuple(_swapped(floats) if _BIG_ENDIAN else floats)
        at += 4 * count
    elif form == WHOLE:
        weights = tuple(map(float, body[at:at + count]))
        at += count
    if count == 1:
        return [maxid], weights, values
    ids = unpack_numbers(body[at:], flags >> WIDTH_SHIFT)
    ids.append(maxid - sum(ids))
    return ids, weights, values


def iter_compact_blocks(data: bytes) -> Iterator[tuple[int, tuple[list[int], Any, Any]]]:
    """Yield each block of a term's compact postings bytes (COMPACT_TAG
    first) as (its count, its decoded tuple, as decode_body's)."""
    pos, end = len(COMPACT_TAG), len(data)
    while pos < end:
        count, last, maxid, flags, _, _, _, at, size = read_head(data[pos:pos + HEAD_BYTES])
        start = pos + at
        pos = start + size
        yield count, decode_body(data[start:pos], flags, count, maxid)
        if last:
            break


def is_compact(data: bytes) -> bool:
    """Return True if a term's postings bytes are in compact blocks (else Whoosh 3's)."""
    return data[:1] == COMPACT_TAG


class CompactLeafMatcher(StreamLeafMatcher):
    """A leaf matcher reading a term in compact blocks, or in Whoosh 3's
    (either positions form) through StreamLeafMatcher."""

    _compact = False

    def _read_header(self) -> None:
        if self._postfile.get(self._startoffset, 1) != COMPACT_TAG:
            super()._read_header()  # Whoosh's magic, checked as Whoosh checks it
            return
        self._compact = True
        self._baseoffset = self._startoffset + len(COMPACT_TAG)

    def _goto(self, position: int) -> None:
        if not self._compact:
            super()._goto(position)
            return
        self._data = self._ids = self._weights = self._values = None
        self._i = 0
        count, last, maxid, flags, minbyte, maxbyte, maxweight, at, size = read_head(
            self._postfile.get(position, HEAD_BYTES))
        self._lastblock = last
        self._dataoffset = position + at
        self._nextoffset = self._dataoffset + size
        self._blocklength, self._maxid, self._maxweight, self._compression = count, maxid, maxweight, flags
        self._minlength, self._maxlength = byte_to_length(minbyte), byte_to_length(maxbyte)

    def _read_data(self) -> None:
        if not self._compact:
            super()._read_data()
            return
        body = self._postfile.get(self._dataoffset, self._nextoffset - self._dataoffset)
        self._data = decode_body(body, self._compression, self._blocklength, self._maxid)  # type: ignore[arg-type]


def writes_compact(codec: Any) -> bool:
    """Return True if segments of `codec` hold their postings in compact blocks."""
    return isinstance(codec, CompactBlockCodec)


def term_magic(codec: Any) -> bytes:
    """Return the bytes a term's postings start with in segments of `codec`."""
    return COMPACT_TAG if writes_compact(codec) else WHOOSH3_HEADER_MAGIC


class CompactBlockCodec(LearntStoredCodec):
    """LearntStoredCodec whose pooled flush writes compact postings blocks,
    and whose matchers read them beside Whoosh 3's."""

    leaf_matcher = CompactLeafMatcher
