"""The terms file's hash tables and their hash (search.storage.pooled.termsfile) against Whoosh's own."""
from __future__ import annotations

import random

import pytest
from whoosh.filedb.filestore import RamStorage
from whoosh.filedb.filetables import HashWriter, md5_hash

from onrecord.search.storage.pooled.termsfile import md5_low_bits, write_hash_tables


@pytest.mark.parametrize("key", [b"", b"\x00\x01the", b"\x00\x07" + "İstanbul".encode(), bytes(range(256))])
def test_md5_low_bits_is_whooshs_hash(key: bytes) -> None:
    assert md5_low_bits(key) == md5_hash(key)


@pytest.mark.parametrize("count", [0, 1, 3, 700, 5000])
def test_hash_tables_are_whooshs_bytes(count: int) -> None:
    # Many keys per bucket: probing past taken slots and wrapping round a table.
    rng = random.Random(count)
    keys = [bytes(rng.randrange(256) for _ in range(rng.randint(0, 12))) for _ in range(count)]
    written = []
    for write in (HashWriter._write_hashes, write_hash_tables):
        storage = RamStorage()
        hashwriter = HashWriter(storage.create_file("t"))
        for n, key in enumerate(keys):
            hashwriter.add(key, b"v%d" % n)  # a key may repeat: Whoosh's writer allows it
        write(hashwriter)
        written.append((hashwriter.dbfile.file.getvalue(), hashwriter.directory))
    assert written[0] == written[1]
    assert len(written[0][1]) == 256
