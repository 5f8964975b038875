"""Tests for search.storage.whoosh_writers' commit shortcuts: a segment
finished without a commit and published later by another writer gives the
index Whoosh's own commit would, on small RamStorage indexes.  (BulkWriter's
segments are checked against Whoosh's writer in test_field_postings.py.)"""
from __future__ import annotations

from typing import Any

import pytest
from whoosh import fields
from whoosh.filedb.filestore import RamStorage

from onrecord.search.storage import whoosh_writers as ww


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
