"""The term table without its hash tables: a term found by its order alone.

Owns `SortedTermsCodec`, the Whoosh 3 codec onrecord's writers wrote
segments with before compactterms' (which keeps its unhashed table and
reader).  Whoosh 3's terms file (`.trm`, an OrderedHashWriter) has
two ways to a term's row: the rows in key order with an index of their
positions (the cursor, prefix expansion and merges read that), and 256 hash
tables of two 12-byte slots a term (exact look-ups read those): 30% of the
file, 24 bytes a term, for what the order already answers.  This codec
writes the rows and the ordered index only (its 256 tables empty) and
finds a term among the rows between two sampled keys (every
SAMPLE_EVERY-th, kept in memory per segment), read in two calls and
searched in memory.  The rows, term infos and postings are Whoosh 3's.

A segment pickles its codec in the table of contents, so each segment is
read by its own: an older segment (Whoosh's W3Codec) keeps its hash tables
and is read through them, beside and merged with newer ones.  Code before
this module cannot open a segment it wrote (the pickled class), nor can
Whoosh without onrecord importable: it must stay at this import path.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from typing import Any

from whoosh.codec.whoosh3 import W3Codec, W3FieldWriter, W3TermsReader
from whoosh.filedb.filetables import OrderedHashReader, OrderedHashWriter, _lengths

# One key in memory per this many rows: a look-up then reads at most
# 33 rows' positions and bytes in two reads (a hash look-up read one or two rows).
SAMPLE_EVERY = 32


def w3_row(key: bytes, value: bytes) -> bytes:
    """Return a Whoosh 3 terms file row: the key's and value's 4-byte lengths, the key, the value."""
    return _lengths.pack(len(key), len(value)) + key + value


class UnhashedWriter(OrderedHashWriter):
    """An OrderedHashWriter that hashes no key: its 256 hash tables are
    written empty (each directory entry a position and 0 slots)."""

    def add(self, key: bytes, value: bytes) -> None:
        if key <= self.lastkey:
            raise ValueError(f"Keys must increase: {self.lastkey!r}..{key!r}")
        dbfile = self.dbfile
        self.index.append(dbfile.tell())
        dbfile.write(w3_row(key, value))
        self.lastkey = key


class SortedKeysReader(OrderedHashReader):
    """An OrderedHashReader finding a key by binary search over the ordered
    position index (the writer left its hash tables empty)."""

    _sample: list[bytes] | None = None

    @staticmethod
    def parse_row(data: bytes, at: int) -> tuple[int, int, int]:
        """Return (where its key starts, key length, value length) of the row at `at` in `data`."""
        keylen, datalen = _lengths.unpack_from(data, at)
        return at + _lengths.size, keylen, datalen

    def _sampled_keys(self) -> list[bytes]:
        """Return every SAMPLE_EVERY-th key (read once, on the first look-up)."""
        if self._sample is None:
            get_pos, base, size = self._get_pos, self.indexbase, self.indexsize
            self._sample = [self.key_at(get_pos(base + i * size))
                            for i in range(0, self.indexlen, SAMPLE_EVERY)]
        return self._sample

    def closest_key_pos(self, key: bytes) -> int | None:
        """Return the position of `key`'s row or the next greater key's
        (None past the last), as Whoosh's OrderedHashReader does."""
        return self._find(key)[0]

    def ranges_for_key(self, key: bytes) -> Iterator[tuple[int, int]]:
        """Yield `key`'s (data position, data length), or nothing: every
        exact look-up of Whoosh's HashReader goes through here."""
        found = self._find(key)[1]
        if found is not None:
            yield found

    def _find(self, key: bytes) -> tuple[int | None, tuple[int, int] | None]:
        """Return the position of the first row whose key is at least `key`
        (None: none is) and, when its key is `key`, its value's (position,
        length).  The sampled keys narrow it to at most SAMPLE_EVERY rows,
        read in two calls (their positions, their bytes) and searched in
        memory: a read per step would cost three calls a step."""
        if not isinstance(key, bytes):
            raise TypeError(f"Key {key!r} should be bytes")
        sample, count = self._sampled_keys(), self.indexlen
        at = bisect_left(sample, key)  # sample[at - 1] < key <= sample[at]
        first = (at - 1) * SAMPLE_EVERY + 1 if at else 0
        last = at * SAMPLE_EVERY if at < len(sample) else count - 1
        if first > last:
            return None, None
        positions = self.dbfile.get_array(self.indexbase + first * self.indexsize, self.extras["indextype"],
                                          min(last + 2, count) - first)
        if last + 1 == count:
            positions.append(self.endofdata)
        base = positions[0]
        data = self.dbfile.get(base, positions[-1] - base)
        lo, hi = 0, last - first + 1
        parse_row = self.parse_row
        while lo < hi:
            mid = (lo + hi) // 2
            start, keylen, _ = parse_row(data, positions[mid] - base)
            if data[start:start + keylen] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo == last - first + 1:
            return None, None
        start, keylen, datalen = parse_row(data, positions[lo] - base)
        exact = (base + start + keylen, datalen) if data[start:start + keylen] == key else None
        return positions[lo], exact


class UnhashedFieldWriter(W3FieldWriter):
    """Whoosh 3's field writer over an UnhashedWriter (the header Whoosh's
    writer wrote is the same)."""

    def __init__(self, codec: Any, storage: Any, segment: Any) -> None:
        super().__init__(codec, storage, segment)
        self._tindex.__class__ = UnhashedWriter
        self._tindex.hashfn = None  # type: ignore[assignment]  # no key is hashed (the pooled flush reads it)


# The field writers whose files the pooled flush writes: Whoosh 3's and this module's.
FIELD_WRITERS = (W3FieldWriter, UnhashedFieldWriter)


class SortedTermsReader(W3TermsReader):
    """Whoosh 3's terms reader over a SortedKeysReader."""

    def __init__(self, codec: Any, dbfile: Any, length: int, postfile: Any) -> None:
        super().__init__(codec, dbfile, length, postfile)
        self._tindex.__class__ = SortedKeysReader  # the file is read once, as Whoosh reads it


class SortedTermsCodec(W3Codec):
    """Whoosh 3's codec writing the term table without hash tables
    (UnhashedWriter) and reading it by order (SortedTermsReader)."""

    def field_writer(self, storage: Any, segment: Any) -> UnhashedFieldWriter:
        """Return Whoosh 3's field writer, its terms file unhashed."""
        return UnhashedFieldWriter(self, storage, segment)

    def terms_reader(self, storage: Any, segment: Any) -> SortedTermsReader:
        """Return the segment's terms reader, found by order."""
        tiname = segment.make_filename(self.TERMS_EXT)
        tilen = storage.file_length(tiname)
        return SortedTermsReader(self, storage.open_file(tiname), tilen,
                                 segment.open_file(storage, self.POSTS_EXT))
