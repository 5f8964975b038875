"""The collector policy of writes (search.storage.pooled.collector): what
was in memory when a write starts is out of the collector's passes until
it ends, and the collector is left as it was found."""
from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from onrecord.search.storage.opening import open_index
from onrecord.search.storage.pooled.collector import collector_off, freeze_grown, heap_frozen
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
from onrecord.search.writing.commits import write_articles
from onrecord.search.writing.segments import write_segment
from tests.factories import make_article


def test_heap_frozen_freezes_for_the_block_only() -> None:
    before = gc.get_freeze_count()
    with heap_frozen():
        assert gc.get_freeze_count() > before
    assert gc.get_freeze_count() == 0


def test_heap_frozen_unfreezes_when_the_block_raises() -> None:
    with pytest.raises(RuntimeError), heap_frozen():
        raise RuntimeError("a failed write")
    assert gc.get_freeze_count() == 0


def test_freeze_grown_freezes_what_a_frozen_write_made_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # gc.freeze is counted, not gc.get_freeze_count(): a write ending in another test's
    # background thread unfreezes the whole process, so the count is not this test's alone
    calls: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
    freeze_grown()
    assert calls == []  # outside a write: nothing frozen for good
    with heap_frozen():
        freeze_grown()
        freeze_grown()
    assert calls == ["freeze", "freeze", "freeze", "unfreeze"]
    freeze_grown()
    assert calls[-1] == "unfreeze"


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_off_restores_the_collector(enabled: bool) -> None:
    try:
        (gc.enable if enabled else gc.disable)()
        with pytest.raises(RuntimeError), collector_off():
            assert not gc.isenabled()
            raise RuntimeError("a failed flush")
        assert gc.isenabled() == enabled
    finally:
        gc.enable()


def frozen_while_adding(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record gc.get_freeze_count() at each document a BulkWriter adds."""
    seen: list[int] = []
    add = BulkWriter.add_document

    def counting(self: Any, **fields: Any) -> None:
        seen.append(gc.get_freeze_count())
        add(self, **fields)
    monkeypatch.setattr(BulkWriter, "add_document", counting)
    return seen


def test_a_commit_adds_its_documents_with_the_heap_frozen(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    seen = frozen_while_adding(monkeypatch)
    index = open_index(tmp_path / "ix", create=True)
    write_articles(index, [make_article("a1", ["The mayor resigned.", "Rain fell."])])
    assert seen and min(seen) > 0
    assert gc.get_freeze_count() == 0


def test_a_worker_segment_adds_its_documents_with_the_heap_frozen(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    index_dir = tmp_path / "ix"
    open_index(index_dir, create=True)
    seen = frozen_while_adding(monkeypatch)
    assert write_segment(index_dir, [make_article("w1", ["The mayor resigned."])]) is not None
    assert seen and min(seen) > 0
    assert gc.get_freeze_count() == 0
