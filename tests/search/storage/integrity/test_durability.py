"""Tests for durable, one-writer-at-a-time indexing: failed commits, the
write lock, orphan cleanup, `onrecord check`, readers during commits, and a
short run of the SIGKILL crash trials (bench/ingest/crash_trials.py)."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from bench.ingest.crash_trials import run_trials
from onrecord.cli import main as cli_main
from onrecord.search.engine import search
from onrecord.search.errors import IndexBusyError, IndexWriteError
from onrecord.search.model import SearchRequest
from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.integrity.durability import acquire_write_lock
from onrecord.search.storage.integrity.leftovers import SCRATCH_DIR, list_orphans
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import commit_batches, hold_write_lock, write_articles
from onrecord.search.writing.segments import write_segment
from tests.factories import make_article


def total(index: Index, query: str = "") -> int:
    return search(index, SearchRequest(query=query)).total


def fail_fsync(_fd: int) -> None:
    raise OSError(errno.EIO, "Input/output error")


def fail_rename(_src: str, _dst: str) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("target,broken", [(os, "fsync"), (os, "rename")])
def test_failed_commit_keeps_previous_state_and_releases_lock(
        index_dir: Path, monkeypatch: pytest.MonkeyPatch, target: object, broken: str) -> None:
    index = open_index(index_dir)
    with monkeypatch.context() as patch:
        patch.setattr(target, broken, fail_fsync if broken == "fsync" else fail_rename)
        with pytest.raises(IndexWriteError, match="still serves its last complete commit"):
            write_articles(index, [make_article("a2", ["Hospital beds were cut."])])
    assert total(index) == 2 and total(index, "hospital") == 0
    fresh = open_index(index_dir)
    assert fresh.doc_count() == 2
    acquire_write_lock(fresh._ix, "x", timeout=0).release()  # lock was released at once
    write_articles(fresh, [make_article("a2", ["Hospital beds were cut."])])
    assert total(fresh, "hospital") == 1 and fresh.doc_count() == 3
    assert list_orphans(index_dir) == []  # the failed commit's segment files went
    fresh.close()
    index.close()


def test_failed_parallel_commit_keeps_previous_state(index_dir: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    batch = write_segment(index_dir, [make_article("a3", ["Mayor resigned today."])])
    assert batch is not None
    index = open_index(index_dir)
    monkeypatch.setattr(os, "fsync", fail_fsync)
    with pytest.raises(IndexWriteError, match="commit to .* failed"):
        commit_batches(index, [batch])
    monkeypatch.undo()
    assert total(index, "mayor") == 0 and index.doc_count() == 2
    acquire_write_lock(index._ix, "x", timeout=0).release()
    index.close()


def test_second_writer_waits_bounded_then_says_busy(index_dir: Path) -> None:
    first, second = open_index(index_dir), open_index(index_dir)
    second.lock_timeout = 0.3
    with hold_write_lock(first):
        started = time.monotonic()
        with pytest.raises(IndexBusyError, match="index busy: another onrecord index is writing"):
            write_articles(second, [make_article("a2", ["Hospital beds were cut."])])
        assert 0.3 <= time.monotonic() - started < 3
        write_articles(first, [make_article("a2", ["Hospital beds were cut."])])  # holder writes
    write_articles(second, [make_article("a4", ["Court ruled."])])  # free again
    assert second.doc_count() == 4
    first.close()
    second.close()


def test_cli_index_busy_exits_2_with_message(index_dir: Path, tmp_path: Path, cli_runner: CliRunner) -> None:
    (tmp_path / "a.txt").write_text("The council met on Monday.\n")
    holder = open_index(index_dir)
    with hold_write_lock(holder):
        result = cli_runner.invoke(cli_main, ["index", str(tmp_path / "a.txt"),
                                               "--index", str(index_dir), "--wait", "0.2"])
    holder.close()
    assert result.exit_code == 2
    assert f"index busy: another onrecord index is writing to {index_dir}" in result.output


def test_orphans_are_removed_only_by_the_lock_holder(index_dir: Path) -> None:
    holder, other = open_index(index_dir), open_index(index_dir)
    other.lock_timeout = 0.1
    with hold_write_lock(holder):
        # As a running writer's uncommitted files look: not in the TOC yet.
        for name in ("MAIN_deadbeef0001.trm", "_MAIN_99.toc.1234.5"):
            (index_dir / name).write_bytes(b"junk")
        assert len(list_orphans(index_dir)) == 2
        with pytest.raises(IndexBusyError):
            write_articles(other, [make_article("a2", ["x y z."])])
        assert len(list_orphans(index_dir)) == 2
    write_articles(other, [make_article("a2", ["x y z."])])
    assert list_orphans(index_dir) == []
    holder.close()
    other.close()


def test_commits_leave_the_scratch_folder_and_the_next_writer_removes_it(index_dir: Path) -> None:
    # A local cluster's workers build segments in SCRATCH_DIR while the
    # lock holder commits: its own commits must not remove it; after a
    # crash, the next lock holder does.
    building = index_dir / SCRATCH_DIR / "onrecord-segment-1"
    building.mkdir(parents=True)
    (building / "MAIN_deadbeef0002.trm").write_bytes(b"half written")
    holder = open_index(index_dir)
    with hold_write_lock(holder):
        assert not (index_dir / SCRATCH_DIR).exists()  # the crashed run's, removed on taking the lock
        building.mkdir(parents=True)
        write_articles(holder, [make_article("a2", ["x y z."])])
        assert building.is_dir()  # the holder's own commit left it
        assert list_orphans(index_dir, include_temp=False) == []
        assert list_orphans(index_dir) == [SCRATCH_DIR]
    holder.close()


@pytest.mark.parametrize("damage,code,expected", [
    ("none", 0, "OK"),
    ("orphan", 1, "orphan files"),
    ("toc", 1, "delete"),
])
def test_check_command_reports_and_says_how_to_repair(index_dir: Path, damage: str, code: int,
                                                      expected: str, cli_runner: CliRunner) -> None:
    if damage == "orphan":
        (index_dir / "MAIN_deadbeef0001.seg").write_bytes(b"junk")
    elif damage == "toc":
        toc = max(index_dir.glob("_MAIN_*.toc"), key=lambda f: int(f.stem.split("_")[-1]))
        toc.write_bytes(toc.read_bytes()[:20])
    result = cli_runner.invoke(cli_main, ["check", "--index", str(index_dir)])
    assert result.exit_code == code, result.output
    assert expected in result.output
    assert "repair:" in result.output or code == 0


def test_check_index_counts_segments_and_facets(index_dir: Path) -> None:
    report = check_index(index_dir)
    assert report.ok and report.doc_count == 2
    assert sum(live for _, live, _ in report.segments) == 2


_COMMITTER = """
import datetime as dt, sys
from pathlib import Path
from onrecord.search.model import Article, Metadata, Paragraph
from onrecord.search.storage.opening import open_index
from onrecord.search.writing.commits import write_articles
index = open_index(Path(sys.argv[1]))
for n in range(20):
    # a new article, and article a1 replaced (its paragraphs deleted and re-added)
    for doc_id, text in ((f"n{n}", f"Commit {n} added this."), ("a1", f"Budget talks {n}.")):
        para = Paragraph(id=doc_id + "-p1", n=1, start=0, end=len(text), text=text)
        write_articles(index, [Article(id=doc_id, source="s", text=text, paragraphs=[para],
                        meta=Metadata(title="T", published=dt.date(2023, 3, 1)))])
index.close()
"""


@pytest.mark.slow
def test_searching_while_another_process_commits_never_fails(index_dir: Path) -> None:
    writer = subprocess.Popen([sys.executable, "-c", _COMMITTER, str(index_dir)])
    seen: list[int] = []
    budget: list[int] = []  # a1 is replaced every commit: never 0 or 2 copies
    reader = open_index(index_dir)
    try:
        while writer.poll() is None or len(seen) < 3:
            fresh = open_index(index_dir)
            seen.append(total(fresh))
            fresh.close()
            reader.refresh()
            seen.append(total(reader))
            budget.append(total(reader, "budget"))
    finally:
        writer.wait(timeout=120)
        reader.close()
    assert writer.returncode == 0
    assert seen[-1] == 21  # 20 new articles + the replaced one, once each
    assert all(1 <= n <= 21 for n in seen)
    assert set(budget) == {1}
    assert check_index(index_dir).ok


@pytest.mark.slow
def test_crash_trials_short_run(tmp_path: Path) -> None:
    tally = run_trials(5, seed=7, root=tmp_path)
    assert tally.trials == 5
    assert tally.failures == []
    assert tally.lock_waits and max(tally.lock_waits) < 5


_FORKING_HOLDER = """
import multiprocessing, sys, time
from pathlib import Path
from onrecord.search.storage.opening import open_index
from onrecord.search.writing.commits import hold_write_lock
index = open_index(Path(sys.argv[1]))
with hold_write_lock(index):
    child = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,))
    child.start()
    print(child.pid, flush=True)
    time.sleep(60)
"""


def test_forked_worker_of_a_killed_writer_does_not_keep_the_lock(index_dir: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", _FORKING_HOLDER, str(index_dir)],
                              stdout=subprocess.PIPE, text=True)
    child_pid = int(holder.stdout.readline())  # type: ignore[union-attr]
    index = open_index(index_dir)
    try:
        with pytest.raises(IndexBusyError):
            acquire_write_lock(index._ix, "x", timeout=0.2)  # the parent holds it
        holder.kill()
        holder.wait()
        acquire_write_lock(index._ix, "x", timeout=2).release()  # child still alive
    finally:
        os.kill(child_pid, 9)
        index.close()


@pytest.mark.parametrize("unique_ids", [False, True])
def test_segments_from_a_stream_commit_like_lists(index_dir: Path, unique_ids: bool) -> None:
    def stream():  # a generator: unique_ids=True must not need a list
        yield make_article("s1", ["Mayor resigned today.", "Council met."])
        yield make_article("s2", ["Court ruled on the budget."])
    index = open_index(index_dir)
    with hold_write_lock(index):
        batches = [b for b in (write_segment(index_dir, stream(), unique_ids=unique_ids),
                               write_segment(index_dir, [make_article("s3", ["Rain fell."])],
                                             unique_ids=unique_ids)) if b is not None]
        assert commit_batches(index, batches) == 4
    assert index.doc_count() == 6 and total(index, "mayor") == 1 and total(index, "rain") == 2
    assert check_index(index_dir).ok
    index.close()
