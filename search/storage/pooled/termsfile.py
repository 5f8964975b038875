"""The terms file (.trm) of a flush, byte for byte what Whoosh 3's OrderedHashWriter writes.

Owns TermRows, a flush's rows of the terms file (each term's key and
W3TermInfo bytes, or compactterms' compact row) handed to the file in
chunks, their positions to its ordered index and their hashes to its
buckets; and write_hash_tables, the file's 256 hash tables written a table
at a time in bulk, and md5_low_bits, the hash they are keyed by.
search.storage.pooled.flush writes the postings file and calls these for
the terms file (the field writer's close writes the hash tables through
the write_hash_tables flush puts in its place).  A term's key is its
field's number then its bytes; `row_bytes` of a compact table writes its
rows, Whoosh's w3_row otherwise.  Reads no private attribute (the terms
writer's `dbfile`, `index`, `buckets`, `hashfn` and `lastkey` are public)
but imports one private name, filetables' `_pointer` (a hash slot's
struct), so it is inside tests/test_layers.py's fence, PRIVATE_READERS.
"""
from __future__ import annotations

import hashlib
import struct
from functools import partial
from itertools import accumulate
from typing import Any

from whoosh.filedb.filetables import _pointer as hash_slot
from whoosh.filedb.filetables import md5_hash
from whoosh.system import emptybytes

from onrecord.search.storage.pooled.compactterms import VARINTS, pack_varint, row_bytes
from onrecord.search.storage.pooled.sortedterms import w3_row

try:  # CPython's own MD5, without OpenSSL's per-object setup: 0.25 us a key beside 0.67
    from _md5 import md5  # type: ignore[import-not-found]
except ImportError:  # an interpreter built without it: OpenSSL's, allowed where FIPS mode forbids md5 for security
    md5 = partial(hashlib.md5, usedforsecurity=False)

# A hash table slot of the terms file (filetables' _pointer): hash, position.
_SLOT = hash_slot.format.lstrip("!")
_LOW_BITS = struct.Struct(">I").unpack_from  # an md5 digest's low 32 bits, from its 12th byte


def md5_low_bits(key: bytes) -> int:
    """Return Whoosh's md5_hash of `key` (its digest's low 32 bits) without
    the hex digest's round trip through a string (6% of the flush), read
    straight from the digest's last four bytes."""
    return _LOW_BITS(md5(key).digest(), 12)[0]


def write_hash_tables(hashwriter: Any) -> None:
    """Write `hashwriter`'s 256 hash tables as Whoosh's HashWriter._write_hashes
    does (each bucket's entries placed by linear probing in twice as many slots,
    an empty slot (0, 0)), byte for byte, each table packed and written in one call:
    Whoosh packs and writes each slot on its own (two Python calls a slot, two slots a term)."""
    dbfile, directory = hashwriter.dbfile, hashwriter.directory
    for entries in hashwriter.buckets:
        numslots = 2 * len(entries)
        directory.append((dbfile.tell(), numslots))
        if not numslots:
            continue
        hashes, positions = [0] * numslots, [0] * numslots
        for hashval, position in entries:
            slot = (hashval >> 8) % numslots
            # A taken slot has a position: none is 0 (the header is there).
            while positions[slot]:
                slot = (slot + 1) % numslots
            hashes[slot], positions[slot] = hashval, position
        slots: list[int] = [0] * (2 * numslots)
        slots[0::2], slots[1::2] = hashes, positions
        dbfile.write(struct.pack(hash_slot.format[0] + _SLOT * numslots, *slots))


class TermRows:
    """Rows of the terms file, written in chunks: its add's bytes, positions and hash buckets."""

    def __init__(self, tindex: Any) -> None:
        self._tindex = tindex
        self._hash = md5_low_bits if tindex.hashfn is md5_hash else tindex.hashfn  # None: no key hashed
        self._buckets = tindex.buckets
        self._positions: list[int] = []
        self._parts: list[bytes] = []
        self._offset = tindex.dbfile.tell()
        self._lastkey = tindex.lastkey
        self._row = getattr(tindex, "row_bytes", w3_row)  # a compact table's rows (compactterms), else Whoosh's
        # A compact table whose keys are not hashed takes rows of compact infos made before (add_infos).
        self.takes_infos = self._row is row_bytes and self._hash is None

    def add(self, key: bytes, value: bytes) -> None:
        """Queue one term's row (its position and hash noted); raise ValueError when `key` does
        not increase (Whoosh's OrderedHashWriter refuses the same), flush every 65,536 rows."""
        if key <= self._lastkey:
            raise ValueError(f"Keys must increase: {self._lastkey!r}..{key!r}")
        self._lastkey = key
        position = self._offset
        self._positions.append(position)
        row = self._row(key, value)
        self._parts.append(row)
        self._offset += len(row)
        if self._hash is not None:
            hashed = self._hash(key)
            self._buckets[hashed & 255].append((hashed, position))
        if len(self._parts) >= 65536:
            self.flush()

    def add_infos(self, prefix: bytes, keys: list[bytes], infos: list[bytes]) -> None:
        """Queue a field's rows (compactterms' row_bytes) of keys `prefix` + each of `keys`
        (sorted, distinct) and their compact infos `infos`, for a table that `takes_infos`;
        raise ValueError when the first key does not increase, as add does."""
        first = prefix + keys[0]
        if first <= self._lastkey:
            raise ValueError(f"Keys must increase: {self._lastkey!r}..{first!r}")
        short = len(prefix) + max(map(len, keys)) < len(VARINTS) and max(map(len, infos)) < len(VARINTS)
        varint = VARINTS.__getitem__ if short else pack_varint
        size = len(prefix)
        rows = [b"".join((varint(size + len(key)), varint(len(info)), prefix, key, info))
                for key, info in zip(keys, infos, strict=True)]
        positions = list(accumulate(map(len, rows), initial=self._offset))
        self._offset = positions.pop()
        self._positions += positions
        self._parts += rows
        self._lastkey = prefix + keys[-1]
        if len(self._parts) >= 65536:
            self.flush()

    def flush(self) -> None:
        """Hand the rows to the terms file and their positions to its index."""
        tindex = self._tindex
        tindex.dbfile.write(emptybytes.join(self._parts))
        tindex.index.extend(self._positions)
        tindex.lastkey = self._lastkey
        self._parts.clear()
        self._positions.clear()
