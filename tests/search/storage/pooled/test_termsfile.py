"""The terms file's hash tables and their hash (search.storage.pooled.termsfile) against Whoosh's own."""
from __future__ import annotations

import random
import struct

import pytest
from whoosh.filedb.filestore import RamStorage
from whoosh.filedb.filetables import HashWriter, md5_hash

from onrecord.search.storage.pooled.compactterms import CompactWriter, compact_info
from onrecord.search.storage.pooled.termsfile import TermRows, md5_low_bits, write_hash_tables

_W3 = struct.Struct("!BfIBBfIIqi")  # a W3TermInfo of postings not inlined


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


def compact_rows(adds: list[tuple[bytes, list[bytes]]], by_field: bool) -> tuple[bytes, list[int], bytes]:
    """Return a compact terms file's (bytes, row positions, last key) after each
    field's (prefix, sorted keys) with W3TermInfo values: added one by one, or
    their compact infos by add_infos."""
    storage = RamStorage()
    tindex = CompactWriter(storage.create_file("t"))
    tindex.hashfn = None  # type: ignore[assignment]  # as CompactFieldWriter's
    rows = TermRows(tindex)
    assert rows.takes_infos
    for prefix, keys in adds:
        values = [_W3.pack(False, float(n % 5 + 1), n + 1, 3, 4, 2.0, n, n + n % 3, 1000 * n, 40 + n) for n in range(len(keys))]
        if by_field:
            rows.add_infos(prefix, keys, [compact_info(value) for value in values])
        else:
            for key, value in zip(keys, values, strict=True):
                rows.add(prefix + key, value)
    rows.flush()
    return tindex.dbfile.file.getvalue(), list(tindex.index), tindex.lastkey


@pytest.mark.parametrize("keylength", [1, 12, 126, 127, 200, 20_000])
def test_a_fields_compact_infos_make_adds_rows(keylength: int) -> None:
    rng = random.Random(keylength)
    adds = [(prefix, sorted({bytes(rng.randrange(256) for _ in range(rng.randint(1, keylength)))
                              for _ in range(300)})) for prefix in (b"\x00\x00", b"\x00\x01")]
    expected = compact_rows(adds, by_field=False)
    assert compact_rows(adds, by_field=True) == expected


def test_a_fields_rows_must_come_after_the_last_key() -> None:
    with pytest.raises(ValueError, match="Keys must increase"):
        compact_rows([(b"\x00\x01", [b"b"]), (b"\x00\x00", [b"a"])], by_field=True)
