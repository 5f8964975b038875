"""KeyTableColumn (search.storage.copies.keytables): a segment's table gives
each key's documents as a KEYWORD field's postings of the same keys gave
them (docnum order, deleted ones included), in memory and on disk, written
by Whoosh's writer and by onrecord's BulkWriter, and after a merge; a
document's own value reads back as written."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from whoosh import fields
from whoosh import index as whoosh_index
from whoosh.filedb.filestore import RamStorage
from whoosh.writing import SegmentWriter

from onrecord.search.storage.copies.keytables import KeyTableColumn, KeyTableReader, key_bytes, key_number
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
from onrecord.search.storage.reading.whoosh_internals import unfiltered_postings


def key_schema() -> fields.Schema:
    """Return a schema holding the same keys as a KEYWORD field and as a key table."""
    return fields.Schema(n=fields.ID(stored=True), words=fields.KEYWORD(), table=fields.COLUMN(KeyTableColumn()))


def invented_keys(rng: random.Random, shared: list[str]) -> list[str]:
    """Return 0-6 hex keys, some from `shared` (in several documents), some
    unique, one in every tenth document repeated."""
    keys = [rng.choice(shared) for _ in range(rng.randrange(3))]
    keys += [f"{rng.getrandbits(64):016x}" for _ in range(rng.randrange(4))]
    return keys + keys[:1] if rng.random() < 0.1 else keys


def add_documents(writer: Any, rng: random.Random, count: int, shared: list[str]) -> None:
    for n in range(count):
        keys = invented_keys(rng, shared)
        doc: dict[str, Any] = {"n": str(n), "words": " ".join(keys)}
        value = key_bytes(keys)
        if value is not None:
            doc["table"] = value
        writer.add_document(**doc)


def assert_tables_equal_postings(ix: Any) -> None:
    """Every key's table docnums equal its KEYWORD postings, segment by segment."""
    with ix.reader() as reader:
        for leaf, _offset in reader.leaf_readers():
            table = leaf.column_reader("table", translate=False)
            assert isinstance(table, KeyTableReader)
            keys = [term.decode() for term in leaf.lexicon("words")]
            assert keys, "no keys written"
            for key in keys:
                expected = list(unfiltered_postings(leaf, "words", key).all_ids())
                assert table.docnums(key_number(key)).tolist() == expected, key
            assert table.docnums(key_number("0" * 16)).tolist() == []


@pytest.mark.parametrize("writer_class", [SegmentWriter, BulkWriter])
@pytest.mark.parametrize("on_disk", [False, True])
def test_table_gives_each_keys_postings(tmp_path: Path, writer_class: type, on_disk: bool) -> None:
    rng = random.Random(7)
    shared = [f"{rng.getrandbits(64):016x}" for _ in range(12)] + ["ffffffffffffffff", "8000000000000000"]
    ix = (whoosh_index.create_in(str(tmp_path), key_schema()) if on_disk
          else RamStorage().create_index(key_schema()))
    for count in (150, 90):  # two segments
        writer = writer_class(ix, compound=False)
        add_documents(writer, rng, count, shared)
        writer.commit(merge=False)
    writer = ix.writer()
    for docnum in (0, 3, 151, 200):
        writer.delete_document(docnum)
    writer.commit(merge=False)
    assert_tables_equal_postings(ix)  # deleted documents still in both
    writer = BulkWriter(ix, compound=False)
    writer.commit(optimize=True)  # merged: deleted documents gone from both
    assert len(ix.reader().leaf_readers()) == 1
    assert_tables_equal_postings(ix)


def test_a_documents_value_reads_back_as_written() -> None:
    rng = random.Random(11)
    shared = [f"{rng.getrandbits(64):016x}" for _ in range(5)]
    ix = RamStorage().create_index(key_schema())
    written: list[bytes] = []
    writer = ix.writer()
    for n in range(60):
        keys = invented_keys(rng, shared)
        value = key_bytes(keys)
        written.append(value or b"")
        writer.add_document(n=str(n), **({"table": value} if value else {}))
    writer.commit()
    with ix.reader() as reader:
        table = reader.column_reader("table", translate=False)
        assert [table[d] for d in range(60)] == written


def test_key_bytes_keeps_each_key_once_sorted() -> None:
    assert key_bytes([]) is None
    assert key_bytes(["00000000000000ff", "0000000000000001", "00000000000000ff"]) == bytes.fromhex(
        "0000000000000001" "00000000000000ff")
    assert key_number("ffffffffffffffff") == 2**64 - 1
