"""The term table in compact rows (search.storage.pooled.compactterms)."""
from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest
from whoosh import fields
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3TermInfo
from whoosh.filedb.filestore import FileStorage

from onrecord.search.storage.pooled import compactterms, whoosh_writers
from onrecord.search.storage.pooled.compactterms import (
    CompactKeysReader,
    CompactTermsCodec,
    CompactWriter,
    compact_info,
    info_extent,
    info_postings,
    pack_varint,
    read_info,
    read_varint,
)
from onrecord.search.storage.pooled.sortedterms import SAMPLE_EVERY

W3 = struct.Struct("!BfIBBfIIqi")  # a W3TermInfo's bytes: its fixed fields, then the postings' offset and length


@pytest.mark.parametrize("number", [0, 1, 127, 128, 300, 16383, 16384, 2**32 - 1, 2**40])
def test_a_varint_reads_back(number: int) -> None:
    data = b"\x07" + pack_varint(number) + b"\x09"
    assert read_varint(data, 1) == (number, len(data) - 1)


# One row per form a term info takes: (flags, weight, df, min/max length byte, max weight, min id, max id,
# postings offset, length); each must read back as W3TermInfo.from_bytes reads Whoosh's bytes.
INFOS = [
    (0, 1.0, 1, 7, 7, 1.0, 42, 42, 1000, 30),  # one posting: one length, id and weight
    (0, 3.0, 1, 0, 0, 3.0, 0, 0, 0, 25),  # one posting of no length at docnum 0
    (0, 12.0, 5, 3, 60, 4.0, 10, 900, 2**33, 300),  # several postings, integral weights, a long offset
    (0, 1.5, 2, 9, 9, 0.75, 4, 4, 77, 40),  # a fractional weight, max weight apart (not one posting's form)
    (0, -0.0, 1, 2, 2, -0.0, 3, 3, 5, 6),  # -0.0 is no count: kept as 4 bytes
    (0, 2.0, 1, 4, 5, 2.0, 8, 8, 9, 10),  # one posting whose lengths differ: both kept
    (0, 1.0, 1, 0, 0, 1.0, 0xffffffff, 0xffffffff, 11, 12),  # no id (Whoosh's None)
    (0, 2.0**40, 3, 1, 1, 1.0, 1, 2, 3, 4),  # a weight past 32 bits: 4 bytes
    (0, 2.0, 3, 1, 4, 2.0, 20_000, 50_000, 5, 70_000),  # an id, an id span and a length past two varint bytes
]


def attributes(info: W3TermInfo) -> dict[str, Any]:
    """Return every field of a term info."""
    return dict(vars(info))


@pytest.mark.parametrize("row", INFOS)
def test_a_compact_info_reads_back_as_whooshs(row: tuple[Any, ...]) -> None:
    w3 = W3.pack(*row)
    compact = compact_info(w3)
    assert attributes(read_info(compact)) == attributes(W3TermInfo.from_bytes(w3))
    assert info_extent(compact) == row[-2:]
    assert len(compact) < len(w3)


@pytest.mark.parametrize("row", INFOS)
def test_a_compact_infos_postings_head_is_its_df_min_id_and_extent(row: tuple[Any, ...]) -> None:
    info = W3TermInfo.from_bytes(W3.pack(*row))
    offset, (length,) = info.extent()
    head = None if info.min_id() is None else (info.doc_frequency(), info.min_id(), offset, length)
    assert info_postings(compact_info(W3.pack(*row))) == head


def test_terms_apart_only_in_their_ids_share_one_head(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every term of one posting has ids of its own (over half a segment's terms): the info
    # before the ids is made once for them all, the ids written after it.
    monkeypatch.setattr(compactterms, "_HEADS", ({}, {}))
    rows = [(0, 1.0, 1, 7, 7, 1.0, docnum, docnum, 1000 + docnum, 30) for docnum in range(0, 40_000, 7)]
    rows += [(0, 2.0, 2, 1, 9, 1.0, docnum, docnum + 3, docnum, 50) for docnum in range(0, 40_000, 7)]
    for row in rows:
        assert attributes(read_info(compact_info(W3.pack(*row)))) == attributes(W3TermInfo.from_bytes(W3.pack(*row)))
    assert [len(heads) for heads in compactterms._HEADS] == [1, 1]


def test_inlined_postings_are_kept_raw() -> None:
    info = W3TermInfo(weight=2.0, df=1, minlength=3, maxlength=3, maxweight=2.0, minid=5, maxid=5)
    info.set_inlined((5,), (2.0,), (b"",))
    w3 = info.to_bytes()
    assert attributes(read_info(compact_info(w3))) == attributes(W3TermInfo.from_bytes(w3))
    assert info_extent(compact_info(w3)) is None and info_postings(compact_info(w3)) is None


def one_posting_info(number: int) -> bytes:
    """Return a W3TermInfo's bytes for a term of one posting at docnum `number`."""
    return W3.pack(0, 1.0, 1, 3, 3, 1.0, number, number, 100 * number, 20)


def write_table(path: Path, keys: list[bytes]) -> CompactKeysReader:
    """Write `keys` (sorted, the i-th valued by one_posting_info(i)) compact; return the table read by order."""
    storage = FileStorage(str(path))
    writer = CompactWriter(storage.create_file("t.trm"))
    for number, key in enumerate(keys):
        writer.add(key, one_posting_info(number))
    writer.close()
    return CompactKeysReader(storage.open_file("t.trm"), storage.file_length("t.trm"))


def keys_of(count: int) -> list[bytes]:
    """Return `count` sorted keys of several lengths (one past a one-byte length), a gap between each two."""
    return sorted(b"k%05d" % (3 * i) + b"x" * (i % 3) + (b"y" * 130 if i % 7 == 6 else b"") for i in range(count))


SIZES = [0, 1, SAMPLE_EVERY - 1, SAMPLE_EVERY, SAMPLE_EVERY + 1, 5 * SAMPLE_EVERY + 7]


@pytest.mark.parametrize("count", SIZES)
def test_every_key_is_found_with_its_info(tmp_path: Path, count: int) -> None:
    keys = keys_of(count)
    table = write_table(tmp_path, keys)
    assert [table.get(key) for key in keys] == [compact_info(one_posting_info(n)) for n in range(count)]
    assert list(table.keys()) == keys
    assert [table.key_and_range_at(table.closest_key_pos(key))[0] for key in keys] == keys  # type: ignore[index]


@pytest.mark.parametrize("rows_read", [compactterms.ROWS_READ, 40, 11])  # 40, 11: rows and lengths cut by reads
def test_rows_walked_in_order_are_every_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rows_read: int) -> None:
    monkeypatch.setattr(compactterms, "ROWS_READ", rows_read)
    keys = keys_of(5 * SAMPLE_EVERY + 7)
    table = write_table(tmp_path, keys)
    values = [compact_info(one_posting_info(n)) for n in range(len(keys))]
    assert list(table.items()) == list(zip(keys, values, strict=True))
    assert list(table.keys_from(keys[40][:-1])) == keys[40:]
    assert list(table.items_from(keys[-1] + b"z")) == []


@pytest.mark.parametrize("count", SIZES)
def test_a_missing_key_is_not_found_and_its_closest_is_the_next(tmp_path: Path, count: int) -> None:
    keys = keys_of(count)
    table = write_table(tmp_path, keys)
    for missing in [b"", b"a", b"zz"] + [key[:-1] for key in keys] + [key + b"\x00" for key in keys]:
        if missing in keys:
            continue
        assert missing not in table and table.get(missing) is None
        following = [key for key in keys if key > missing]
        assert table.closest_key(missing) == (following[0] if following else None)


def test_a_bulk_writer_writes_with_the_compact_codec(tmp_path: Path) -> None:
    ix = whoosh_index.create_in(str(tmp_path), fields.Schema(words=fields.TEXT))
    writer = whoosh_writers.BulkWriter(ix, compound=False)
    assert isinstance(writer.codec, CompactTermsCodec)  # CompactStoredCodec: its stored fields (storedfields)
    writer.cancel()
