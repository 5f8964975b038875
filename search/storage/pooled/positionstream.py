"""A postings block's positions as one compressed number stream.

Owns `PositionStreamCodec` (the base of LearntStoredCodec, the codec every
onrecord writer writes segments with: pooled/learntstored):
CompactStoredCodec's term table and stored fields, and in the fields whose
format is Whoosh's `Positions` (the phrase fields `exact`, `said_exact`,
`quote_text`, `title`) each postings block's positions kept apart from
its ids and weights.  Whoosh 3 pickles a block as (ids,
weights, values) with one bytes value a posting (a 4-byte count and the
pickled deltas): the per-posting framing, not the integers, was half of a
24k index's postings (bench/RESULTS.md, speed55).  Here a block's values
are one varint stream, every posting's count and then every posting's
deltas, zlibbed once when long enough, written before the block's own
pickle of (ids, weights, None); the block's info tuple marks the form (its compression
number plus STREAM_FLAG), so a block of either form reads in the same
segment (Whoosh's own postings writer, which this codec keeps for
Whoosh's code paths, writes Whoosh's blocks).

The stream is decoded only when a reader asks: the phrase path as numpy
arrays (`PositionStream.numbers`, through whoosh_internals'
`PostingBlock.position_numbers`), every other reader of values
(`_read_values`: Whoosh's phrase and proximity matchers, highlighting,
the pooled merge) back into the bytes Whoosh's Positions format encodes
(`pack_uint(count) + pickle.dumps(deltas, 2)`), so it sees the values
Whoosh's reader would give.  A value that is not such bytes keeps
its whole block in Whoosh's form (`stream_bytes` returns None).  The
bulk writer's own analysis hands the flush each posting's deltas as a
tuple (`OWN_VALUE`), not pickled bytes to unpickle again; `WhooshValues`
turns them into Whoosh's bytes wherever a block keeps Whoosh's form.

Older segments are read through their own codec; any merge writes
LearntStoredCodec (this one's postings).  The class must stay at this import path (pickled in every table of
contents: tests/search/storage/test_pickled_paths.py).
"""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from itertools import accumulate, chain
from pickle import dumps, loads
from typing import Any

import numpy as np
from whoosh import formats
from whoosh.codec.whoosh3 import COMPRESSION_MIN_SIZE, W3LeafMatcher
from whoosh.system import pack_uint

from onrecord.search.storage.pooled.compactterms import VARINTS, pack_varint, read_varint
from onrecord.search.storage.pooled.storedfields import CompactStoredCodec
from onrecord.search.storage.textfields import ONE_DELTAS, ONE_POSITION, encode_positions

# Added to a block's compression number (Whoosh writes 0 or its level, 1-9) when its
# positions are a stream: a reader tells the two forms apart block by block.
STREAM_FLAG = 16
# The stream is zlibbed from this many bytes, as Whoosh compresses a block's pickle.
STREAM_MIN_SIZE = COMPRESSION_MIN_SIZE
# Values of one position are most of a phrase field's postings: their bytes are kept.
_ONE_POSITION_KEPT = 1 << 14


# A posting's value as the writer's analysis hands it to a stream codec's flush: its
# positions' deltas as a tuple (textfields.triples_of(deltas=True)), neither pickled there
# nor unpickled here (392,057 values of 3,000 derived paragraphs).  Any other value (Whoosh's
# generic path, an older segment's merged postings) is Whoosh's Positions bytes.
OWN_VALUE = tuple
_OWN_ONLY = {OWN_VALUE}


class _OneValues(dict[int, bytes]):
    """The encoded value of a single position (pack_uint(1) + the pickled [delta]), memoised."""

    def __missing__(self, delta: int) -> bytes:
        value = encode_value([delta])
        if delta < _ONE_POSITION_KEPT:
            self[delta] = value
        return value


_ONE_VALUES = _OneValues()


def encode_value(deltas: list[int]) -> bytes:
    """Return `deltas` as whoosh.formats.Positions encodes a posting's value."""
    return pack_uint(len(deltas)) + dumps(deltas, 2)


def value_deltas(value: Any) -> Any:
    """Return a Positions value's deltas, as Whoosh's decode reads them (a
    missing final STOP byte added), or None when the value is not a count
    and a list of that many items (stream_bytes checks the items); the
    writer's own deltas (a tuple: OWN_VALUE) as they are."""
    if type(value) is OWN_VALUE:
        return value
    known = _DELTAS.get(value)
    if known is not None:
        return known
    if len(value) < 5:
        return None
    try:
        deltas = loads(value[4:] if value.endswith(b".") else value[4:] + b".")
    except Exception:  # not a pickle Whoosh's decode reads either: keep the bytes as they are
        return None
    if type(deltas) is not list or len(deltas) != int.from_bytes(value[:4], "big"):
        return None
    if len(value) <= _KEPT_VALUE and len(_DELTAS) < _KEPT_VALUES:
        _DELTAS[value] = deltas
    return deltas


# The deltas of short values (one or two small positions: most of a phrase field's postings),
# kept by their bytes: a flush unpickles each distinct one once (their number is bounded by
# the positions a paragraph has; the cap keeps odd inputs from growing the table).
_DELTAS: dict[bytes, list[int]] = {}
_KEPT_VALUE, _KEPT_VALUES = 16, 1 << 15


class WhooshValues:
    """Called on a pooled value: returns it as Whoosh's Positions format encodes it,
    the writer's own deltas (OWN_VALUE) as the bytes the analysis gives without
    `deltas`, any other value as it is.  Pickle writes an object met twice in a
    block once, so one bytes object stands for one deltas object (identity is
    part of a Whoosh 3 block's bytes): the analysis's shared one-position deltas
    become its shared bytes (textfields.ONE_POSITION), copies a spilled run read
    back a new object each (kept by identity: this object's life), a longer
    value's deltas (never shared) a new object each."""

    def __init__(self) -> None:
        self._made: dict[int, tuple[Any, bytes]] = {}

    def __call__(self, value: Any) -> Any:
        if type(value) is not OWN_VALUE:
            return value
        if len(value) > 1:
            return encode_positions(list(accumulate(value)))
        first = value[0]
        if value is ONE_DELTAS.get(first):
            return ONE_POSITION[first]
        known = self._made.get(id(value))
        if known is not None:
            return known[1]
        made = encode_value(list(value))
        self._made[id(value)] = (value, made)
        return made


def pack_varints(numbers: list[int]) -> bytes:
    """Return `numbers` (not empty, each >= 0) as consecutive varints."""
    if max(numbers) < 0x80:
        return bytes(numbers)
    try:  # two bytes at most, each from the table (a delta of 128 or more is rare)
        return b"".join(map(VARINTS.__getitem__, numbers))
    except IndexError:
        return b"".join(map(pack_varint, numbers))


def stream_bytes(values: Sequence[Any], level: int) -> bytes | None:
    """Return a block's positions stream (its length varint, shifted left
    one with the low bit set when zlibbed, then the stream: every posting's
    count, then every posting's deltas), or None when a value is neither the
    writer's own (OWN_VALUE) nor a Positions value, a count and that many
    int deltas >= 0 (the block is written Whoosh's way)."""
    if set(map(type, values)) == _OWN_ONLY:  # the writer's own: deltas as they are
        numbers = [*map(len, values), *chain.from_iterable(values)]
    else:
        found = list(map(value_deltas, values))
        if None in found:
            return None
        deltas = list(chain.from_iterable(found))
        if deltas and (set(map(type, deltas)) != {int} or min(deltas) < 0):
            return None
        numbers = [*map(len, found), *deltas]
    raw = bytes(numbers) if max(numbers) < 0x80 else pack_varints(numbers)  # (most blocks: no call)
    zipped = level and len(raw) >= STREAM_MIN_SIZE
    if zipped:
        raw = zlib.compress(raw, level)
    head = len(raw) << 1 | bool(zipped)
    return (VARINTS[head] if head < len(VARINTS) else pack_varint(head)) + raw


def decode_numbers(raw: bytes) -> list[int]:
    """Return the unsigned varints of `raw` (numpy when any takes two bytes or more)."""
    if raw.isascii():  # every number under 128: one byte each
        return list(raw)
    return decode_number_array(raw).tolist()


def decode_number_array(raw: bytes) -> np.ndarray:
    """Return the unsigned varints of `raw` as an int64 array."""
    data = np.frombuffer(raw, dtype=np.uint8)
    if raw.isascii():  # every number under 128: one byte each
        return data.astype(np.int64)
    more = data >= 0x80  # a byte with more of its number after it
    if not more[-1] and not (more[:-1] & more[1:]).any():
        # Every number under 16,384 (a position stream's deltas nearly always): each
        # two-byte number's high byte added to its low one, then the low ones kept.
        numbers = (data & 0x7F).astype(np.int64)
        numbers[:-1] += more[:-1] * (data[1:].astype(np.int64) << 7)
        opening = np.ones(len(data), dtype=bool)
        opening[1:] = ~more[:-1]
        return numbers[opening]
    ends = np.flatnonzero(data < 0x80)
    starts = np.concatenate(([0], ends[:-1] + 1))
    owner = np.repeat(np.arange(len(ends)), ends - starts + 1)
    shifts = 7 * (np.arange(len(data)) - starts[owner])
    return np.add.reduceat((data & 0x7F).astype(np.int64) << shifts, starts)


def decode_values(stream: bytes, zipped: bool, count: int) -> list[bytes]:
    """Return the `count` encoded values (Whoosh's Positions bytes) of a block's stream."""
    numbers = decode_numbers(zlib.decompress(stream) if zipped else stream)
    counts, deltas = numbers[:count], numbers[count:]
    if len(counts) != count or sum(counts) != len(deltas):
        raise ValueError("a positions stream does not line up with its block's postings")
    values, at = [], 0
    one, small = _ONE_VALUES, _SMALL_INTS
    for size in counts:
        part = deltas[at:at + size]
        if size == 1:
            values.append(one[part[0]])
        elif 1 < size <= _LIST_BATCH:
            try:  # pickle's bytes for a list of 2-1,000 ints under 256, without a Pickler
                values.append(b"".join((_COUNTS[size], *map(small.__getitem__, part), _LIST_CLOSE)))
            except KeyError:
                values.append(encode_value(part))
        else:
            values.append(encode_value(part))
        at += size
    return values


# Pickle protocol 2's bytes of a list of 2 to 1,000 ints (one MARK ... APPENDS batch; one int:
# the int then APPEND) each 0-255 (BININT1), as Whoosh's Positions.encode pickles them, with the
# value's 4-byte count before them (search.storage.textfields writes them so too).
_LIST_OPEN, _LIST_CLOSE, _LIST_BATCH = b"\x80\x02]q\x00(", b"e.", 1000
_SMALL_INTS = {number: b"K" + bytes((number,)) for number in range(256)}
_COUNTS = [b""] * 2 + [pack_uint(count) + _LIST_OPEN for count in range(2, _LIST_BATCH + 1)]


class PositionStream:
    """A block's positions stream, decoded once, when first asked: into
    Whoosh's values (values) or as arrays (numbers: the phrase path)."""

    __slots__ = ("_stream", "_zipped", "_count", "_values", "_numbers")

    def __init__(self, stream: bytes, zipped: bool, count: int) -> None:
        self._stream = stream
        self._zipped = zipped
        self._count = count
        self._values: list[bytes] | None = None
        self._numbers: tuple[np.ndarray, np.ndarray] | None = None

    def values(self) -> list[bytes]:
        """Return the block's values, aligned with its ids."""
        if self._values is None:
            self._values = decode_values(self._stream, self._zipped, self._count)
        return self._values

    def numbers(self) -> tuple[np.ndarray, np.ndarray]:
        """Return (each posting's count of positions, every posting's deltas
        in order) as int64 arrays; raises ValueError as decode_values does."""
        if self._numbers is None:
            raw = zlib.decompress(self._stream) if self._zipped else self._stream
            numbers = decode_number_array(raw)  # no list between (a phrase reads ~1,000 blocks a word at 1M)
            counts, deltas = numbers[:self._count], numbers[self._count:]
            if len(counts) != self._count or int(counts.sum()) != len(deltas):
                raise ValueError("a positions stream does not line up with its block's postings")
            self._numbers = counts, deltas
        return self._numbers


def split_block(raw: bytes, compression: int, count: int) -> tuple[Any, Any, PositionStream]:
    """Return a stream-form block's data (after its info tuple) as Whoosh's
    decoded tuple: (delta ids, minified weights, the PositionStream)."""
    head, at = read_varint(raw, 0)
    end = at + (head >> 1)
    rest = raw[end:]
    ids, weights, _ = loads(zlib.decompress(rest) if compression else rest)
    return ids, weights, PositionStream(raw[at:end], bool(head & 1), count)


def block_bytes(deltas: Any, miniweights: Any, values: list[bytes], level: int) -> tuple[bytes, int] | None:
    """Return (a block's data in the stream form, its info's compression
    number) or None when its values keep Whoosh's form."""
    stream = stream_bytes(values, level)
    if stream is None:
        return None
    data = dumps((deltas, miniweights, None), 2)
    comp = level if len(data) >= COMPRESSION_MIN_SIZE else 0
    if comp:
        data = zlib.compress(data, comp)
    return stream + data, comp + STREAM_FLAG


class StreamLeafMatcher(W3LeafMatcher):
    """Whoosh 3's leaf matcher reading both block forms: a stream block's
    ids and weights as Whoosh's, its values decoded only when asked."""

    def _read_data(self) -> None:
        compression: Any = self._compression
        if compression < STREAM_FLAG:
            super()._read_data()
            return
        raw = self._postfile.get(self._dataoffset, self._nextoffset - self._dataoffset)
        self._data = split_block(raw, compression - STREAM_FLAG, self._blocklength)  # type: ignore[arg-type]

    def _read_values(self) -> None:
        if self._data is None:
            self._read_data()
        data: Any = self._data
        stream = data[2]
        if isinstance(stream, PositionStream):
            self._values = stream.values()
        else:
            super()._read_values()


def writes_streams(codec: Any, fmt: Any) -> bool:
    """Return True if segments of `codec` keep a field of format `fmt`'s positions as streams."""
    return isinstance(codec, PositionStreamCodec) and type(fmt) is formats.Positions


class PositionStreamCodec(CompactStoredCodec):
    """CompactStoredCodec whose pooled flush writes the Positions fields'
    blocks in the stream form, and whose matchers read either form."""

    # The matcher over a term's postings on disk: a codec whose blocks take another form
    # names its own reader here (compactblocks).
    leaf_matcher: type = StreamLeafMatcher

    def postings_reader(self, dbfile: Any, terminfo: Any, format_: Any, term: Any = None,
                        scorer: Any = None) -> Any:
        """Return a matcher over a term's postings (inlined ones: Whoosh's ListMatcher)."""
        if terminfo.is_inlined():
            return super().postings_reader(dbfile, terminfo, format_, term=term, scorer=scorer)
        offset, length = terminfo.extent()
        return self.leaf_matcher(dbfile, offset, length, format_, term=term, scorer=scorer)
