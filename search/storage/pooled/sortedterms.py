"""The term table without its hash tables: a term found by its order alone.

Owns `SortedTermsCodec`, the Whoosh 3 codec every onrecord writer writes
segments with.  Whoosh 3's terms file (`.trm`, an OrderedHashWriter) keeps
each term row twice over: in key order, with an index of the rows'
positions (the cursor, prefix expansion and merges read that), and in 256
hash tables of two 12-byte slots a term (exact look-ups read those): 30% of
the file, 24 bytes a term.  This codec writes the rows and the ordered
index only (its 256 tables empty) and finds a term by binary search over
the ordered index, narrowed first by every SAMPLE_EVERY-th key kept in
memory per segment.  The rows, term infos and postings are Whoosh 3's.

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
# log2(64) = 6 keys from the file (a hash look-up read one or two).
SAMPLE_EVERY = 64


class UnhashedWriter(OrderedHashWriter):
    """An OrderedHashWriter that hashes no key: its 256 hash tables are
    written empty (each directory entry a position and 0 slots)."""

    def add(self, key: bytes, value: bytes) -> None:
        if key <= self.lastkey:
            raise ValueError(f"Keys must increase: {self.lastkey!r}..{key!r}")
        dbfile = self.dbfile
        self.index.append(dbfile.tell())
        dbfile.write(_lengths.pack(len(key), len(value)) + key + value)
        self.lastkey = key


class SortedKeysReader(OrderedHashReader):
    """An OrderedHashReader finding a key by binary search over the ordered
    position index (the writer left its hash tables empty)."""

    _sample: list[bytes] | None = None

    def _sampled_keys(self) -> list[bytes]:
        """Return every SAMPLE_EVERY-th key (read once, on the first look-up)."""
        if self._sample is None:
            get_pos, base, size = self._get_pos, self.indexbase, self.indexsize
            self._sample = [self.key_at(get_pos(base + i * size))
                            for i in range(0, self.indexlen, SAMPLE_EVERY)]
        return self._sample

    def closest_key_pos(self, key: bytes) -> int | None:
        """Return the position of `key`'s row or the next greater key's
        (None past the last): Whoosh's binary search, started between two
        sampled keys."""
        if not isinstance(key, bytes):
            raise TypeError(f"Key {key!r} should be bytes")
        sample = self._sampled_keys()
        at = bisect_left(sample, key)
        lo = (at - 1) * SAMPLE_EVERY + 1 if at else 0
        hi = min(at * SAMPLE_EVERY, self.indexlen)
        get_pos, base, size, key_at = self._get_pos, self.indexbase, self.indexsize, self.key_at
        while lo < hi:
            mid = (lo + hi) // 2
            if key_at(get_pos(base + mid * size)) < key:
                lo = mid + 1
            else:
                hi = mid
        return None if lo == self.indexlen else get_pos(base + lo * size)

    def ranges_for_key(self, key: bytes) -> Iterator[tuple[int, int]]:
        """Yield `key`'s (data position, data length), or nothing: every
        exact look-up of Whoosh's HashReader goes through here."""
        pos = self.closest_key_pos(key)
        if pos is None:
            return
        keylen, datalen = _lengths.unpack(self.dbfile.get(pos, _lengths.size))
        start = pos + _lengths.size
        if keylen == len(key) and self.dbfile.get(start, keylen) == key:
            yield start + keylen, datalen


class SortedTermsReader(W3TermsReader):
    """Whoosh 3's terms reader over a SortedKeysReader."""

    def __init__(self, codec: Any, dbfile: Any, length: int, postfile: Any) -> None:
        super().__init__(codec, dbfile, length, postfile)
        self._tindex.__class__ = SortedKeysReader  # the file is read once, as Whoosh reads it


class SortedTermsCodec(W3Codec):
    """Whoosh 3's codec writing the term table without hash tables
    (UnhashedWriter) and reading it by order (SortedTermsReader)."""

    def field_writer(self, storage: Any, segment: Any) -> W3FieldWriter:
        """Return Whoosh 3's field writer, its terms file unhashed (the
        header written by Whoosh's writer is the same)."""
        writer = W3FieldWriter(self, storage, segment)
        writer._tindex.__class__ = UnhashedWriter
        return writer

    def terms_reader(self, storage: Any, segment: Any) -> SortedTermsReader:
        """Return the segment's terms reader, found by order."""
        tiname = segment.make_filename(self.TERMS_EXT)
        tilen = storage.file_length(tiname)
        return SortedTermsReader(self, storage.open_file(tiname), tilen,
                                 segment.open_file(storage, self.POSTS_EXT))
