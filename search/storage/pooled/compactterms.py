"""The term table in fewer bytes: compact term infos and row lengths.

Owns `CompactTermsCodec`, the codec every onrecord writer writes segments with since sortedterms'
`SortedTermsCodec` (whose unhashed table it keeps). Whoosh 3's row is two 4-byte lengths, the key
and a 35-byte W3TermInfo (flags, weight, doc frequency, min and max length, max weight, min and max
id as fixed-size fields, then the postings' 8-byte offset and 4-byte length): 43 bytes of every ~57.
Here a row is its key's and value's lengths as varints (one byte each for every key and value of a
derived index), the key, and the term info as `compact_info` writes it: varints for the counts, ids
and offsets, a weight written as an integer when it is one, and for a term whose max weight, length
range and id range are one value (every term of one posting) that value once. Every field Whoosh 3's
term info holds is kept and read back equal (`read_info`), so a reader, matcher and scorer see the
same term infos; the postings file is Whoosh 3's.

A segment pickles its codec in the table of contents: a segment written by W3Codec or
SortedTermsCodec is read through its own (an index written before is read beside newer segments and
merged into them, no reindex). Code before this module cannot open a segment this codec wrote (the
pickled class; from this module on, search.storage.integrity.damage.newer_version_error turns such a
failure into NewerIndexError: upgrade onrecord, and `onrecord check` says the same); the class must
stay at this import path.
"""
from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import Any

from whoosh.codec.whoosh3 import W3FieldCursor, W3FieldWriter, W3TermInfo
from whoosh.reading import TermNotFound
from whoosh.util.numeric import byte_to_length

from onrecord.search.storage.pooled.sortedterms import FIELD_WRITERS as SORTED_FIELD_WRITERS
from onrecord.search.storage.pooled.sortedterms import (
    SortedKeysReader,
    SortedTermsCodec,
    SortedTermsReader,
    UnhashedWriter,
)

# W3TermInfo's fixed fields (its _struct): flags, weight, df, min/max length byte, max weight, min id, max id.
W3INFO = struct.Struct("!BfIBBfII")
_W3EXTENT = struct.Struct("!qi")  # after it: the postings' offset and length
_FLOAT = struct.Struct("!f")
_NO_ID = 0xffffffff  # Whoosh 3's None id
# A compact info's first byte: which form each field is written in.
RAW = 0x01  # the W3TermInfo bytes follow unchanged (inlined postings, or a value no form below holds)
ONE = 0x02  # max weight = weight, min length = max length, max id = min id: each written once
WEIGHT_INT = 0x04  # the weight is a varint (an integral float), else 4 bytes
MAXWEIGHT_INT = 0x08  # likewise the max weight (not ONE)
DF_ONE = 0x10  # a document frequency of 1, not written
# Rows walked in order (items, keys, a merge's and a facet's walks) are read this many bytes at a time.
ROWS_READ = 1 << 16
# The longest row header: two varints of up to 32 bits.
_HEAD_MAX = 10
_W3ALL = struct.Struct(W3INFO.format + _W3EXTENT.format[1:])  # a whole W3TermInfo of postings not inlined
_BYTES = tuple(bytes((byte,)) for byte in range(256))
_RAW = _BYTES[RAW]
W3STATS = struct.Struct(W3INFO.format[:7])  # W3TermInfo's fields before its ids
_W3TAIL = struct.Struct("!II" + _W3EXTENT.format[1:])  # its min and max id, the postings' offset and length
# compact_info's heads (but the ids) by W3TermInfo's fields before the ids, of terms whose min
# and max id differ ([False]) and are one ([True]), each cleared when this many.
_HEADS: tuple[dict[bytes, bytes], dict[bytes, bytes]] = ({}, {})
_HEADS_KEPT = 1 << 16
_MINUS_ZERO = _FLOAT.pack(-0.0)  # a weight of -0.0 reads back as 0.0 from a varint: kept as 4 bytes
_MAX_COUNT = float(1 << 32)


def pack_varint(number: int) -> bytes:
    """Return `number` (>= 0) as an unsigned LEB128 varint."""
    if number < _SMALL:
        return VARINTS[number]
    if number < 1 << 21:  # a postings offset: three or four bytes, without a loop
        return bytes(((number & 0x7F) | 0x80, (number >> 7 & 0x7F) | 0x80, number >> 14))
    if number < 1 << 28:
        return bytes(((number & 0x7F) | 0x80, (number >> 7 & 0x7F) | 0x80, (number >> 14 & 0x7F) | 0x80, number >> 21))
    return _pack_varint_slowly(number)


def _pack_varint_slowly(number: int) -> bytes:
    """Return pack_varint's bytes computed (the table below is built from it)."""
    out = bytearray()
    while number >= 0x80:
        out.append((number & 0x7F) | 0x80)
        number >>= 7
    out.append(number)
    return bytes(out)


# Every varint of up to two bytes, made once: most counts, ids, lengths and offset steps of a table are below.
_SMALL = 1 << 14
VARINTS = tuple(_pack_varint_slowly(number) for number in range(_SMALL))


def read_varint(data: bytes, at: int) -> tuple[int, int]:
    """Return (the varint at `at` in `data`, the position after it)."""
    byte = data[at]
    if byte < 0x80:
        return byte, at + 1
    number, shift = byte & 0x7F, 7
    while True:
        at += 1
        byte = data[at]
        number |= (byte & 0x7F) << shift
        if byte < 0x80:
            return number, at + 1
        shift += 7


def compact_info(w3info: bytes) -> bytes:
    """Return W3TermInfo bytes `w3info` as a compact info (read_info reads it back equal): the
    part before the ids memoised (compact_head: terms mostly share it), the ids and extent varints."""
    if len(w3info) != _W3ALL.size or w3info[0]:
        return _RAW + w3info
    minid, maxid, offset, length = _W3TAIL.unpack_from(w3info, W3STATS.size)
    if maxid < minid or offset < 0 or length < 0:
        return _RAW + w3info
    return stats_info(w3info[:W3STATS.size], minid, maxid, offset, length)


def stats_info(stats: bytes, minid: int, maxid: int, offset: int, length: int) -> bytes:
    """Return compact_info's bytes of the W3TermInfo of fields before the ids `stats`,
    ids `minid` to `maxid` (>= minid), postings at `offset` (>= 0) of `length` bytes."""
    head = compact_head(stats, minid == maxid)
    ids = VARINTS[minid] if minid < _SMALL else pack_varint(minid)
    end = VARINTS[length] if length < _SMALL else pack_varint(length)
    if head[0] & ONE:
        return b"".join((head, ids, pack_varint(offset), end))
    span = maxid - minid
    return b"".join((head, ids, VARINTS[span] if span < _SMALL else pack_varint(span), pack_varint(offset), end))


def compact_head(stats: bytes, one_id: bool) -> bytes:
    """Return a compact info's bytes before its ids for W3TermInfo's fields before
    the ids, `stats`, of a term whose min and max id are one when `one_id` (memoised)."""
    heads = _HEADS[one_id]
    head = heads.get(stats)
    if head is not None:
        return head
    if len(heads) >= _HEADS_KEPT:
        heads.clear()
    _, weight, df, minlen, maxlen, maxweight = W3STATS.unpack(stats)
    one = one_id and minlen == maxlen and stats[1:5] == stats[11:15]  # max weight = weight, bit for bit
    form = (ONE if one else 0) | (DF_ONE if df == 1 else 0)
    parts = [b"", b"" if df == 1 else pack_varint(df)]
    form |= _add_weight(parts, weight, stats[1:5], WEIGHT_INT)
    parts.append(_BYTES[minlen] if one else _BYTES[minlen] + _BYTES[maxlen])
    if not one:
        form |= _add_weight(parts, maxweight, stats[11:15], MAXWEIGHT_INT)
    parts[0] = _BYTES[form]
    head = heads[stats] = b"".join(parts)
    return head


def _add_weight(parts: list[bytes], weight: float, weightbytes: bytes, flag: int) -> int:
    """Append a weight (a varint when it is a count, else its 4 bytes); return `flag` when a varint."""
    if weight.is_integer() and 0 <= weight < _MAX_COUNT and weightbytes != _MINUS_ZERO:
        parts.append(pack_varint(int(weight)))
        return flag
    parts.append(weightbytes)
    return 0


def read_info(data: bytes) -> W3TermInfo:
    """Return the W3TermInfo compact info `data` holds (what
    W3TermInfo.from_bytes makes of the bytes compact_info was given)."""
    form = data[0]
    if form & RAW:
        return W3TermInfo.from_bytes(data[1:])
    df, at = (1, 1) if form & DF_ONE else read_varint(data, 1)
    weight, at = _read_weight(data, at, form & WEIGHT_INT)
    minlen = data[at]
    if form & ONE:
        maxlen, maxweight, at = minlen, weight, at + 1
    else:
        maxlen = data[at + 1]
        maxweight, at = _read_weight(data, at + 2, form & MAXWEIGHT_INT)
    minid, at = read_varint(data, at)
    maxid = minid
    if not form & ONE:
        span, at = read_varint(data, at)
        maxid += span
    offset, at = read_varint(data, at)
    info = W3TermInfo(weight, df, byte_to_length(minlen), byte_to_length(maxlen), maxweight,
                      None if minid == _NO_ID else minid, None if maxid == _NO_ID else maxid)
    # Whoosh's from_bytes leaves the length a 1-tuple (unpack's): kept so, the info the same (no matcher reads it).
    info.set_extent(offset, (read_varint(data, at)[0],))
    return info


def _read_weight(data: bytes, at: int, is_count: int) -> tuple[float, int]:
    """Return (the weight at `at`, a varint when `is_count`, else 4 bytes; the position after it)."""
    if is_count:
        number, at = read_varint(data, at)
        return float(number), at
    return _FLOAT.unpack_from(data, at)[0], at + 4


def info_extent(data: bytes) -> tuple[int, int] | None:
    """Return a compact info's postings (offset, length), or None when they are inlined."""
    info = read_info(data)
    if info.is_inlined():
        return None
    offset, length = info.extent()
    return offset, length[0]


def info_postings(data: bytes) -> tuple[int, int, int, int] | None:
    """Return a compact info's (doc frequency, min id, postings offset,
    postings length) without making its W3TermInfo (a facet's walk reads
    ~100,000 infos a segment), or None when it is RAW or holds no id (read_info reads it)."""
    form = data[0]
    if form & RAW:
        return None
    df, at = (1, 1) if form & DF_ONE else read_varint(data, 1)
    at = (read_varint(data, at)[1] if form & WEIGHT_INT else at + 4) + 1  # the weight, the min length byte
    if not form & ONE:  # the max length byte, the max weight
        at = read_varint(data, at + 1)[1] if form & MAXWEIGHT_INT else at + 5
    minid, at = read_varint(data, at)
    if minid == _NO_ID:
        return None
    if not form & ONE:
        at = read_varint(data, at)[1]  # the id span
    offset, at = read_varint(data, at)
    return df, minid, offset, read_varint(data, at)[0]


def row_bytes(key: bytes, value: bytes) -> bytes:
    """Return a compact row: the key's and the W3TermInfo `value`'s compact lengths, the key, its compact info."""
    info = compact_info(value)
    keylen, infolen = len(key), len(info)  # (one-byte varints in every row of a derived index: no call)
    return b"".join((VARINTS[keylen] if keylen < _SMALL else pack_varint(keylen),
                     VARINTS[infolen] if infolen < _SMALL else pack_varint(infolen), key, info))


def parse_row(data: bytes, at: int) -> tuple[int, int, int]:
    """Return (where its key starts, key length, value length) of the compact row at `at` in `data`."""
    keylen, datalen = data[at], data[at + 1]
    if keylen < 0x80 and datalen < 0x80:  # every row of a derived index
        return at + 2, keylen, datalen
    keylen, at = read_varint(data, at)
    datalen, at = read_varint(data, at)
    return at, keylen, datalen


class CompactWriter(UnhashedWriter):
    """An unhashed terms file whose rows are compact (`row_bytes`): the
    pooled flush writes its rows through `row_bytes` too."""

    row_bytes = staticmethod(row_bytes)

    def add(self, key: bytes, value: bytes) -> None:
        if key <= self.lastkey:
            raise ValueError(f"Keys must increase: {self.lastkey!r}..{key!r}")
        self.index.append(self.dbfile.tell())
        self.dbfile.write(row_bytes(key, value))
        self.lastkey = key


class CompactKeysReader(SortedKeysReader):
    """A SortedKeysReader over compact rows (their values compact infos)."""

    parse_row = staticmethod(parse_row)

    def _head(self, pos: int) -> tuple[bytes, int]:
        """Return (the bytes from row position `pos`, up to a header's worth; its offset 0)."""
        return self.dbfile.get(pos, min(_HEAD_MAX, self.endofdata - pos)), 0

    def key_at(self, pos: int) -> bytes:
        start, keylen, _ = parse_row(*self._head(pos))
        return self.dbfile.get(pos + start, keylen)

    def key_and_range_at(self, pos: int) -> tuple[bytes, int, int] | None:
        if pos >= self.endofdata:
            return None
        start, keylen, datalen = parse_row(*self._head(pos))
        return self.dbfile.get(pos + start, keylen), pos + start + keylen, datalen

    def _ranges(self, pos: int | None = None, eod: int | None = None) -> Iterator[tuple[int, int, int, int]]:
        """Yield (key position, key length, value position, value length) of each row from `pos`."""
        pos = pos or self.startofdata
        eod = eod or self.endofdata
        while pos < eod:
            start, keylen, datalen = parse_row(*self._head(pos))
            keypos = pos + start
            yield keypos, keylen, keypos + keylen, datalen
            pos = keypos + keylen + datalen

    def _rows(self, pos: int | None = None) -> Iterator[tuple[bytes, bytes]]:
        """Yield (key, value) of each row from row position `pos` (the first row's when None), read
        ROWS_READ bytes at a time: a read per row and two more for its key and value cost more."""
        pos = pos or self.startofdata
        eod = self.endofdata
        while pos < eod:
            chunk = self.dbfile.get(pos, min(ROWS_READ, eod - pos))
            at, size = 0, len(chunk)
            while at < size:
                if at + _HEAD_MAX > size and pos + size < eod:
                    break  # its lengths may run past the chunk
                start, keylen, datalen = parse_row(chunk, at)
                end = start + keylen + datalen
                if end > size:
                    break
                yield chunk[start:start + keylen], chunk[start + keylen:end]
                at = end
            if at == 0:  # a row longer than ROWS_READ: read on its own
                start, keylen, datalen = parse_row(*self._head(pos))
                at = start + keylen + datalen
                yield self.dbfile.get(pos + start, keylen), self.dbfile.get(pos + start + keylen, datalen)
            pos += at

    def items(self) -> Iterator[tuple[bytes, bytes]]:
        return self._rows()

    def keys(self) -> Iterator[bytes]:
        return (key for key, _ in self._rows())

    def items_from(self, key: bytes) -> Iterator[tuple[bytes, bytes]]:
        pos = self.closest_key_pos(key)
        return iter(()) if pos is None else self._rows(pos)

    def keys_from(self, key: bytes) -> Iterator[bytes]:
        return (found for found, _ in self.items_from(key))


class CompactFieldCursor(W3FieldCursor):
    """Whoosh 3's field cursor reading compact infos."""

    def term_info(self) -> W3TermInfo | None:
        if self._pos is None:
            return None
        return read_info(self._tindex.dbfile.get(self._datapos, self._datalen))


class CompactFieldWriter(W3FieldWriter):
    """Whoosh 3's field writer over a CompactWriter (the header Whoosh's writer wrote is the same)."""

    def __init__(self, codec: Any, storage: Any, segment: Any) -> None:
        super().__init__(codec, storage, segment)
        self._tindex.__class__ = CompactWriter
        self._tindex.hashfn = None  # type: ignore[assignment]  # no key is hashed (the pooled flush reads it)


class CompactTermsReader(SortedTermsReader):
    """Whoosh 3's terms reader over a CompactKeysReader: every term info
    it returns is read_info's."""

    postings_extent = staticmethod(info_extent)
    postings_head = staticmethod(info_postings)  # search.storage.reading.whoosh_termids' walk

    def __init__(self, codec: Any, dbfile: Any, length: int, postfile: Any) -> None:
        super().__init__(codec, dbfile, length, postfile)
        self._tindex.__class__ = CompactKeysReader

    def cursor(self, fieldname: str, fieldobj: Any) -> CompactFieldCursor:
        return CompactFieldCursor(self._tindex, fieldname, self._keycoder, self._keydecoder, fieldobj)

    def items(self) -> Iterator[tuple[tuple[str, bytes], W3TermInfo]]:
        decode = self._keydecoder
        return ((decode(key), read_info(value)) for key, value in self._tindex.items())

    def items_from(self, fieldname: str, prefix: bytes) -> Iterator[tuple[tuple[str, bytes], W3TermInfo]]:
        decode = self._keydecoder
        return ((decode(key), read_info(value))
                for key, value in self._tindex.items_from(self._keycoder(fieldname, prefix)))

    def term_info(self, fieldname: str, tbytes: bytes) -> W3TermInfo:
        try:
            return read_info(self._tindex[self._keycoder(fieldname, tbytes)])
        except KeyError:
            raise TermNotFound(f"No term {fieldname}:{tbytes!r}") from None

    def _info(self, fieldname: str, tbytes: bytes) -> W3TermInfo:
        """Return the term's info; a missing term raises KeyError (as W3TermsReader's reads by position)."""
        datapos, datalen = self._range_for_key(fieldname, tbytes)
        return read_info(self._dbfile.get(datapos, datalen))

    def frequency(self, fieldname: str, tbytes: bytes) -> float:
        return self._info(fieldname, tbytes).weight()

    def doc_frequency(self, fieldname: str, tbytes: bytes) -> int:
        return self._info(fieldname, tbytes).doc_frequency()


class CompactTermsCodec(SortedTermsCodec):
    """Whoosh 3's codec writing the unhashed term table in compact rows
    (CompactWriter) and reading it by order (CompactTermsReader)."""

    def field_writer(self, storage: Any, segment: Any) -> CompactFieldWriter:  # type: ignore[override]
        """Return Whoosh 3's field writer, its terms file compact."""
        return CompactFieldWriter(self, storage, segment)

    def terms_reader(self, storage: Any, segment: Any) -> CompactTermsReader:
        """Return the segment's terms reader, its rows compact."""
        tiname = segment.make_filename(self.TERMS_EXT)
        return CompactTermsReader(self, storage.open_file(tiname), storage.file_length(tiname),
                                  segment.open_file(storage, self.POSTS_EXT))


# The field writers whose files the pooled flush writes: Whoosh 3's, sortedterms' and this module's.
FIELD_WRITERS = (*SORTED_FIELD_WRITERS, CompactFieldWriter)
