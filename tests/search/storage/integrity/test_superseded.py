"""Files of superseded commits: kept for readers in other processes for
READER_GRACE_SECONDS, then removed by the next writer or by any opening
(without the lock, best effort); `onrecord check` reports them as normal,
and tells them from real orphans left by crashed writers."""
from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import main as cli_main
from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.integrity.leftovers import READER_GRACE_SECONDS, Leftovers, classify_files
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import commit_batches, hold_write_lock, write_articles
from onrecord.search.writing.segments import write_segment
from tests.search.storage.integrity.test_durability import make_article, total

MERGING_COMMITS = 6  # Whoosh's merge policy folds the small segments in on the sixth


def age(path: Path, seconds: float = READER_GRACE_SECONDS + 60) -> None:
    """Make every file in `path` look `seconds` older, as if that time had passed."""
    for entry in path.iterdir():
        stat = entry.stat()
        os.utime(entry, (stat.st_atime - seconds, stat.st_mtime - seconds))


def commit_articles(index: Index, commits: int) -> None:
    for n in range(commits):
        write_articles(index, [make_article(f"a{n}", [f"Budget talks {n}.", "Rain fell."])])


def segment_files(names: list[str]) -> list[str]:
    return [name for name in names if not name.endswith(".toc")]


def test_check_long_after_an_index_run_is_ok(tmp_path: Path, cli_runner: CliRunner) -> None:
    """The reported case: `onrecord check` > 5 min after `onrecord index`."""
    corpus = tmp_path / "in"
    corpus.mkdir()
    for n in range(4):
        (corpus / f"{n}.txt").write_text(f"The council met on day {n}.\n\nIt rained.\n")
    index_dir = tmp_path / "ix"
    ran = cli_runner.invoke(cli_main, ["index", str(corpus), "--index", str(index_dir),
                                        "--workers", "2"])
    assert ran.exit_code == 0, ran.output
    age(index_dir)
    result = cli_runner.invoke(cli_main, ["check", "--index", str(index_dir)])
    assert result.exit_code == 0, result.output
    assert "PROBLEM" not in result.output and "orphan" not in result.output
    assert "_MAIN_0.toc" in result.output and "no longer needed" in result.output


def test_merged_segments_expire_with_their_commit_and_opening_removes_them(
        tmp_path: Path) -> None:
    index = open_index(tmp_path / "ix", create=True)
    commit_articles(index, MERGING_COMMITS)
    index.close()
    found = classify_files(tmp_path / "ix")
    assert found.expired == [] and found.orphans == []
    assert segment_files(found.kept)  # the merged-away segments wait for readers
    assert open_index(tmp_path / "ix").doc_count() == 2 * MERGING_COMMITS
    assert all((tmp_path / "ix" / name).exists() for name in found.kept)  # within grace
    age(tmp_path / "ix")
    found = classify_files(tmp_path / "ix")
    assert found.kept == [] and found.orphans == [] and segment_files(found.expired)
    reopened = open_index(tmp_path / "ix")  # no lock taken, no writer ran
    assert not any((tmp_path / "ix" / name).exists() for name in found.expired)
    assert classify_files(tmp_path / "ix", grace=0) == Leftovers()  # only the commit is left
    assert reopened.doc_count() == 2 * MERGING_COMMITS and total(reopened, "budget") == 6
    assert check_index(tmp_path / "ix").ok
    reopened.close()


def test_next_writer_removes_expired_files(tmp_path: Path) -> None:
    index = open_index(tmp_path / "ix", create=True)
    commit_articles(index, 3)
    old = classify_files(tmp_path / "ix").kept
    age(tmp_path / "ix")
    commit_articles(index, 1)
    assert not any((tmp_path / "ix" / name).exists() for name in old)
    index.close()


def test_real_orphans_are_told_from_superseded_files(tmp_path: Path) -> None:
    index_dir = tmp_path / "ix"
    index = open_index(index_dir, create=True)
    commit_articles(index, MERGING_COMMITS)
    index.close()
    crashed = ["MAIN_deadbeef0001.trm", "MAIN_deadbeef0001.pst", "_MAIN_9.toc.1234.5"]
    for name in crashed:
        (index_dir / name).write_bytes(b"junk")
    age(index_dir)
    found = classify_files(index_dir)
    assert found.orphans == sorted(crashed)
    assert segment_files(found.expired) and not set(found.expired) & set(crashed)
    report = check_index(index_dir)
    assert report.problems == ["3 orphan files from crashed or failed writers"]
    assert report.superseded_expired == found.expired
    open_index(index_dir).close()  # a reader removes expired files, never orphans
    assert all((index_dir / name).exists() for name in crashed)
    assert classify_files(index_dir).expired == []
    write_articles(open_index(index_dir), [make_article("z", ["Court ruled."])])
    assert classify_files(index_dir).orphans == []  # the lock holder does
    assert check_index(index_dir).ok


def test_opening_spares_a_running_writers_uncommitted_segments(tmp_path: Path) -> None:
    index_dir = tmp_path / "ix"
    writer = open_index(index_dir, create=True)
    commit_articles(writer, MERGING_COMMITS)
    with hold_write_lock(writer):
        batch = write_segment(index_dir, [make_article("w", ["Mayor resigned today."])])
        assert batch is not None
        age(index_dir)
        reader = open_index(index_dir)  # removes expired files beside the running writer
        assert classify_files(index_dir).expired == []
        assert commit_batches(writer, [batch]) == 1
    assert total(writer, "mayor") == 1
    reader.refresh()
    assert total(reader, "mayor") == 1 and check_index(index_dir).ok
    reader.close()
    writer.close()


def test_a_reader_on_a_removed_commit_moves_to_the_latest(tmp_path: Path) -> None:
    index_dir = tmp_path / "ix"
    writer = open_index(index_dir, create=True)
    commit_articles(writer, 1)
    reader = open_index(index_dir)
    assert total(reader, "budget") == 1
    commit_articles(writer, MERGING_COMMITS)  # the reader's segment is merged away
    age(index_dir)
    open_index(index_dir).close()  # removes the reader's commit: expired
    assert total(reader, "budget") == MERGING_COMMITS
    reader.close()
    writer.close()


def test_a_read_only_directory_keeps_expired_files_and_still_opens(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index_dir = tmp_path / "ix"
    index = open_index(index_dir, create=True)
    commit_articles(index, MERGING_COMMITS)
    index.close()
    age(index_dir)
    expired = classify_files(index_dir).expired

    def read_only(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(Path, "unlink", read_only)
    monkeypatch.setattr(shutil, "rmtree", read_only)
    monkeypatch.setattr(os, "unlink", read_only)
    reader = open_index(index_dir)
    assert total(reader, "budget") == MERGING_COMMITS
    assert classify_files(index_dir).expired == expired
    reader.close()
