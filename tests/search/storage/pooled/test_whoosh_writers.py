"""Tests for search.storage.pooled.whoosh_writers' commit shortcuts: a segment
finished without a commit and published later by another writer gives the
index Whoosh's own commit would, on small RamStorage indexes.  (BulkWriter's
segments are checked against Whoosh's writer in test_field_postings.py.)"""
from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from whoosh import columns, fields
from whoosh import index as whoosh_index
from whoosh.filedb.filestore import RamStorage
from whoosh.writing import SegmentWriter

from onrecord.search.storage.pooled import whoosh_writers as ww
from onrecord.search.storage.pooled.storedfields import CompactStoredCodec


def make_index(tags: list[str]) -> Any:
    """Return an index with one committed document per tag."""
    ix = RamStorage().create_index(fields.Schema(tag=fields.ID(stored=True)))
    with ix.writer() as writer:
        for tag in tags:
            writer.add_document(tag=tag)
    return ix


def stored_tags(ix: Any) -> list[str]:
    with ix.searcher() as searcher:
        return sorted(stored["tag"] for stored in searcher.all_stored_fields())


def unlocked(ix: Any) -> bool:
    lock = ix.lock("WRITELOCK")
    if not lock.acquire(blocking=False):
        return False
    lock.release()
    return True


def test_writer_has_documents_once_one_is_added() -> None:
    writer = make_index([]).writer()
    assert not ww.writer_has_documents(writer)
    writer.add_document(tag="a")
    assert ww.writer_has_documents(writer)
    writer.cancel()


@pytest.mark.parametrize("deleted, expected", [
    ((), ["a", "b", "c", "d", "e"]),
    (("a",), ["b", "c", "d", "e"]),
])
def test_segments_finished_elsewhere_commit_with_the_writers_own_changes(
        deleted: tuple[str, ...], expected: list[str]) -> None:
    ix = make_index(["a", "b"])
    segments = []
    for tags in (["c"], ["d", "e"]):  # as worker processes write them: no lock, no commit
        worker = ix.writer(_lk=False)
        for tag in tags:
            worker.add_document(tag=tag)
        segments.append(ww.finish_segment(worker))
    assert stored_tags(ix) == ["a", "b"]  # nothing published yet
    writer = ix.writer()
    for tag in deleted:
        writer.delete_by_term("tag", tag)
    ww.commit_with_segments(writer, segments)
    assert stored_tags(ix) == expected
    assert writer.is_closed and unlocked(ix)


def test_discarding_a_failed_writer_releases_its_lock() -> None:
    ix = make_index(["a"])
    writer = ix.writer()
    writer.add_document(tag="b")
    assert not unlocked(ix)
    ww.discard_writer_files(writer)
    assert writer.is_closed and unlocked(ix)
    assert stored_tags(ix) == ["a"]


def column_schema() -> fields.Schema:
    """Return a schema of numeric columns (signed, unsigned, a non-zero
    default, a date) beside a text field's length column."""
    return fields.Schema(
        tag=fields.ID(stored=True),
        words=fields.TEXT(),
        rank=fields.COLUMN(columns.NumericColumn("i")),
        group=fields.COLUMN(columns.NumericColumn("q")),
        score=fields.COLUMN(columns.NumericColumn("H", default=7)),
        when=fields.DATETIME(sortable=True))


def column_documents() -> list[dict[str, Any]]:
    """Return documents whose column values are missing, at the default,
    negative, large, and from Whoosh's own add_document (boosted)."""
    docs: list[dict[str, Any]] = []
    for n in range(15):
        doc: dict[str, Any] = {"tag": f"t{n}"}
        if n % 3 != 1:
            doc["words"] = "wren " * (1 + n % 5)
            doc["rank"] = (n - 7) * 1000 if n % 4 else 0
            doc["group"] = -(2 ** 62) + n if n % 2 else 0
        if n in (0, 4, 9):
            doc["score"] = 7 if n == 4 else 300 + n
            doc["when"] = datetime(2001, 1 + n % 12, 3)
        if n == 6:
            doc["_boost"] = 2.0
        docs.append(doc)
    return docs


def column_files(path: Path, writer_class: type, docs: list[dict[str, Any]]) -> dict[str, bytes]:
    """Write `docs` as one segment; return its files' bytes by name but the TOC's, the segment id cut."""
    path.mkdir()
    ix = whoosh_index.create_in(str(path), column_schema())
    writer = writer_class(ix, compound=False, codec=CompactStoredCodec())  # the codec BulkWriter takes
    segment_id = writer.newsegment.segment_id()
    for doc in docs:
        writer.add_document(**doc)
    writer.commit()
    return {name.replace(segment_id, "S"): (path / name).read_bytes()
            for name in os.listdir(path) if not name.endswith((".toc", ".lock"))}


def test_numeric_columns_kept_in_memory_write_whooshs_files(tmp_path: Path) -> None:
    docs = column_documents()
    expected = column_files(tmp_path / "whoosh", SegmentWriter, docs)
    assert any(name.endswith(".col") or "rank" in name for name in expected)
    assert column_files(tmp_path / "ours", ww.BulkWriter, docs) == expected
