"""A segment's postings (.pst) and terms (.trm) files written from postings
pooled per term, byte for byte what Whoosh 3's W3FieldWriter writes.

Whoosh's FieldWriter.add_postings takes one sorted posting at a time and
makes ~10 calls per term (start_term, finish_term, finish_postings,
_write_block, W3TermInfo.add_block and to_bytes, the terms file's add) and
three per posting: 44% of the CPU of a one-process BBC ingest.  Here each
term's docnums, weights and values arrive as one list already in docnum
order (search.storage.pooled.pool's TermPool) and a field's terms are
written BATCH_TERMS at a time: their blocks encoded together by
search.storage.pooled.blocks, their W3TermInfo rows packed, keyed, hashed
and placed in the terms file's OrderedHashWriter by map() and numpy over
the batch, and the files written in large chunks.  A pool that spilled
runs gives each term's list in pieces, one per run and record
(write_merged_terms), joined per term.

Like search.storage.whoosh_writers (whose BulkWriter calls it) this module reads Whoosh's private
attributes (the field writer's files and its codec's settings), so that a
Whoosh upgrade is fixed here; tests/search/storage/test_field_postings.py and
pooled/test_flush.py check the files against Whoosh's own writer.
"""
from __future__ import annotations

import struct
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from hashlib import md5
from itertools import accumulate, chain, groupby, islice, repeat
from operator import and_, itemgetter, lt, methodcaller
from typing import Any

import numpy as np
from whoosh.codec.whoosh3 import W3FieldWriter, W3TermInfo
from whoosh.filedb.filetables import _lengths as hash_entry_lengths
from whoosh.filedb.filetables import _pointer as hash_slot
from whoosh.filedb.filetables import md5_hash
from whoosh.system import emptybytes, pack_int, pack_long, pack_ushort

from onrecord.search.storage.pooled.blocks import LENGTH_BYTE, BlockSpec, encode_terms
from onrecord.search.storage.pooled.pool import TermRecord

# Pooled postings: per field name, per term bytes, the flat list
# [docnum, weight, value bytes, docnum, weight, value bytes, ...].
PooledTerms = Mapping[str, Mapping[bytes, list[Any]]]
# A file's bytes are handed to it in chunks of about this size.
CHUNK_BYTES = 1 << 22
_TERMINFO = W3TermInfo._struct
# A hash table slot of the terms file (filetables' _pointer): hash, position.
_SLOT = hash_slot.format.lstrip("!")
_KEY, _FLAT = itemgetter(0, 1), itemgetter(2)
# A term's statistics (blocks.Stats): weight total, min and max length, max weight.
_TOTAL, _MIN_LENGTH, _MAX_LENGTH, _MAX_WEIGHT = itemgetter(0), itemgetter(1), itemgetter(2), itemgetter(3)
_DIGEST = methodcaller("digest")
# A flush's terms are encoded this many at a time (search.storage.pooled.blocks).
BATCH_TERMS = 4096


def hash_keys(hashfn: Callable[[bytes], int], keys: list[bytes]) -> np.ndarray:
    """Return `hashfn` of each key.  Whoosh's md5_hash (an md5 digest's low
    32 bits, by way of its hex digest) is made in bulk: every digest in C,
    their low words read by numpy (a Python call per key was 6% of the flush)."""
    if hashfn is not md5_hash:
        return np.fromiter(map(hashfn, keys), np.int64, len(keys))
    digests = emptybytes.join(map(_DIGEST, map(partial(md5, usedforsecurity=False), keys)))
    return np.frombuffer(digests, ">u4")[3::4].astype(np.int64)


def can_write_pooled(fieldwriter: Any) -> bool:
    """Return True if `fieldwriter` is Whoosh 3's own, with settings this
    module reproduces.  Whoosh 3 inlines a term of fewer than `inlinelimit`
    postings through a method its TermInfo lacks (AttributeError), so a
    codec asking for inlining (inlinelimit > 1) keeps Whoosh's path."""
    codec = getattr(fieldwriter, "_codec", None)
    return type(fieldwriter) is W3FieldWriter and codec is not None and codec._inlinelimit <= 1


def write_pooled_terms(fieldwriter: Any, schema: Any, lengths: Any, fields: PooledTerms) -> None:
    """Write every pooled term of `fields` (field names and terms in sorted
    order, as Whoosh sorts them) into `fieldwriter`'s postings and terms
    files, BATCH_TERMS terms at a time; `lengths` gives each document's
    field length (or is None, every length 0).  The caller closes the
    field writer."""
    out = _Terms(fieldwriter, schema, lengths)
    for fieldname in sorted(fields):
        terms = fields[fieldname]
        if not terms:
            continue
        out.start_field(fieldname)
        keys = sorted(terms)
        for at in range(0, len(keys), BATCH_TERMS):
            batch = keys[at:at + BATCH_TERMS]
            out.write_terms(batch, list(map(terms.__getitem__, batch)))
    out.finish()


def write_merged_terms(fieldwriter: Any, schema: Any, lengths: Any, records: Iterable[TermRecord]) -> None:
    """Write the terms of `records`, (field name, term bytes, flat postings)
    sorted by field name and term, a term's records in a row and in docnum
    order (TermPool.iter_terms: a spilled pool's runs merged), as
    write_pooled_terms writes the joined lists, holding about BATCH_TERMS
    terms at a time.  Raises ValueError if the terms do not increase."""
    out = _Terms(fieldwriter, schema, lengths)
    current = None
    keys: list[bytes] = []
    flats: list[list[Any]] = []
    for (fieldname, tbytes), group in groupby(records, key=_KEY):
        if fieldname != current or len(keys) >= BATCH_TERMS:
            out.write_terms(keys, flats)
            keys, flats = [], []
            if fieldname != current:
                current = fieldname
                out.start_field(fieldname)
        keys.append(tbytes)
        flats.append(list(chain.from_iterable(map(_FLAT, group))))
    out.write_terms(keys, flats)
    out.finish()


class _Terms:
    """The files of one flush: the postings file, the terms file's rows,
    and how the field being written encodes its blocks."""

    def __init__(self, fieldwriter: Any, schema: Any, lengths: Any) -> None:
        codec = fieldwriter._codec
        self._blocklimit, self._compression = codec._blocklimit, codec._compression
        self._postings = _Chunks(fieldwriter._postfile)
        self._rows = _TermsOut(fieldwriter._tindex)
        # The field writer's close writes the terms file's hash tables:
        # in bulk, a bucket at a time, instead of a write call per slot.
        fieldwriter._tindex._write_hashes = partial(write_hash_tables, fieldwriter._tindex)
        self._fieldmap = fieldwriter._fieldmap
        self._schema = schema
        self._lengths = lengths
        self._prefix = b""
        self._spec = BlockSpec(self._blocklimit, self._compression, None, None)

    def start_field(self, fieldname: str) -> None:
        """Start writing field `fieldname`'s terms."""
        fieldid = self._fieldmap.setdefault(fieldname, len(self._fieldmap))
        dfl = self._lengths.doc_field_length_reader(fieldname) if self._lengths else None
        self._spec = BlockSpec(self._blocklimit, self._compression,
                               self._schema[fieldname].format.fixed_value_size(), dfl)
        self._prefix = pack_ushort(fieldid)

    def write_terms(self, tbytes: list[bytes], flats: list[list[Any]]) -> None:
        """Write the field's terms `tbytes` (increasing), each of its flat
        postings list in `flats`: their blocks to the postings file, their
        rows to the terms file.  Raises ValueError if a term is not above
        the one before it."""
        if not tbytes:
            return
        encoded = encode_terms(flats, self._spec, self._postings.offset)
        self._postings.write(encoded.data)
        lengths = LENGTH_BYTE.__getitem__
        minlengths = map(lengths, map(_MIN_LENGTH, encoded.stats))
        maxlengths = map(lengths, map(_MAX_LENGTH, encoded.stats))
        infos = map(_TERMINFO.pack, repeat(False), map(_TOTAL, encoded.stats), encoded.counts, minlengths, maxlengths,
                    map(_MAX_WEIGHT, encoded.stats), encoded.firsts, encoded.lasts)
        self._rows.add_many(list(map(self._prefix.__add__, tbytes)), list(map(
            emptybytes.join, zip(infos, map(pack_long, encoded.starts), map(pack_int, encoded.sizes), strict=True))))

    def finish(self) -> None:
        """Hand what is left to the files."""
        self._postings.flush()
        self._rows.flush()


class _Chunks:
    """A file written in chunks of about CHUNK_BYTES, and where its next byte goes."""

    def __init__(self, file: Any) -> None:
        self._file = file
        self._parts: list[bytes] = []
        self._size = 0
        self.offset = file.tell()

    def write(self, data: bytes) -> None:
        self._parts.append(data)
        self._size += len(data)
        self.offset += len(data)
        if self._size >= CHUNK_BYTES:
            self.flush()

    def flush(self) -> None:
        """Hand the appended bytes to the file."""
        self._file.write(emptybytes.join(self._parts))
        self._parts.clear()
        self._size = 0


def write_hash_tables(hashwriter: Any) -> None:
    """Write `hashwriter`'s 256 hash tables as Whoosh's HashWriter._write_hashes
    does (each bucket's entries placed by linear probing in twice as many
    slots, an empty slot (0, 0)), byte for byte, each table packed and
    written in one call: Whoosh packs and writes each slot on its own (two
    Python calls per slot, two slots per term of the segment)."""
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


class _TermsOut:
    """Rows of the terms file's OrderedHashWriter, written in chunks:
    HashWriter.add's bytes, positions and hash buckets."""

    def __init__(self, tindex: Any) -> None:
        self._tindex = tindex
        self._hash = tindex.hashfn
        self._buckets = tindex.buckets
        self._positions: list[int] = []
        self._parts: list[bytes] = []
        self._offset = tindex.dbfile.tell()
        self._lastkey = tindex.lastkey

    def add_many(self, keys: list[bytes], values: list[bytes]) -> None:
        """Add the rows of `keys` and their `values`, as HashWriter.add adds
        each.  Raises ValueError if a key is not above the one before it."""
        if not keys:
            return
        if keys[0] <= self._lastkey or not all(map(lt, keys, islice(keys, 1, None))):
            before, key = next((a, b) for a, b in zip([self._lastkey, *keys], keys, strict=False) if b <= a)
            raise ValueError(f"Keys must increase: {before!r}..{key!r}")
        rows = list(map(emptybytes.join, zip(map(hash_entry_lengths.pack, map(len, keys), map(len, values)),
                                              keys, values, strict=True)))
        positions = list(accumulate(map(len, rows), initial=self._offset))
        self._offset = positions.pop()
        hashes = hash_keys(self._hash, keys).tolist()
        buckets = map(self._buckets.__getitem__, map(and_, hashes, repeat(255)))
        deque(map(list.append, buckets, zip(hashes, positions, strict=True)), maxlen=0)  # in C
        self._positions += positions
        self._parts += rows
        self._lastkey = keys[-1]
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
