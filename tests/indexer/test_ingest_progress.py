"""An ingest reports its progress (indexer.progress): from the first file,
per file on a cluster too, stage by stage; `onrecord index` shows it with
a time left counted from reading, and a local cluster prints no Dask
dashboard warning."""
from __future__ import annotations

import contextlib
import io
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.cli.progress import ProgressLine
from onrecord.indexer import pipeline
from onrecord.indexer.distributed import client as cluster
from onrecord.indexer.distributed import publishing
from onrecord.indexer.pipeline import ingest_paths
from onrecord.indexer.progress import COMMITTING, DONE, READING, STAGES, STARTING, WRITING, Progress
from onrecord.search.config import Config
from onrecord.search.storage.opening import open_index

STORY = "Harbour report {n}\n\nThe ferry ran late on day {n} again, said the operator.\n"


def _corpus(folder: Path, count: int) -> Path:
    folder.mkdir()
    for n in range(count):
        (folder / f"story{n:02d}.txt").write_text(STORY.format(n=n), encoding="utf-8")
    return folder


def _record_commits(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, log: list[Any]) -> None:
    """Append "committed" to `log` after each call of module.name (a commit)."""
    original = getattr(module, name)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        done = original(*args, **kwargs)
        log.append("committed")
        return done
    monkeypatch.setattr(module, name, wrapped)


def _check_run(log: list[Any], total: int, first: str) -> list[Progress]:
    """Check what every run's events must be; return them."""
    events = [entry for entry in log if isinstance(entry, Progress)]
    assert events[0] == Progress(first, 0, total)
    assert events[-1] == Progress(DONE, total, total)
    assert all(event.total == total for event in events)
    counts = [event.done for event in events]
    assert counts == sorted(counts)  # never back
    assert set(range(total + 1)) <= set(counts)  # file by file, not a task at a time
    # A file is counted before anything is committed.
    assert log.index("committed") > log.index(Progress(READING, 1, total))
    order = list(dict.fromkeys(event.stage for event in events))
    assert order == [stage for stage in STAGES if stage in order]
    assert {READING, WRITING, COMMITTING} <= set(order)
    for at, entry in enumerate(log):  # every commit is announced
        if entry == "committed":
            assert [e for e in log[:at] if isinstance(e, Progress)][-1].stage == COMMITTING
    return events


def test_a_run_in_this_process_reports_each_file_and_each_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _corpus(tmp_path / "in", 5)
    log: list[Any] = []
    _record_commits(monkeypatch, pipeline, "write_articles", log)
    index = open_index(tmp_path / "ix", create=True)
    summary = ingest_paths([folder], index, batch_articles=2, on_progress=log.append)
    index.close()
    assert summary.articles == 5
    events = _check_run(log, 5, READING)
    assert log.count("committed") == 3  # 2 + 2 + 1 articles
    assert [e.stage for e in events].count(COMMITTING) == 3


@contextlib.contextmanager
def _session_cluster(address: str) -> Iterator[Any]:
    """Stand-in for cluster.cluster_client(None, ...): a client of the
    session's cluster, which shares this machine's disk like a local one."""
    from distributed import Client

    with Client(address) as client:
        yield client


@pytest.mark.parametrize("way", ["portable", "local"])
def test_a_cluster_run_reports_each_file_as_its_worker_reads_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dask_address: str, way: str) -> None:
    folder = _corpus(tmp_path / "in", 8)
    log: list[Any] = []
    _record_commits(monkeypatch, publishing, "commit_batches", log)
    if way == "local":
        monkeypatch.setattr(cluster, "cluster_client", lambda _a, _w: _session_cluster(dask_address))
    index = open_index(tmp_path / "ix", create=True)
    summary = ingest_paths([folder], index, workers=2, on_progress=log.append,
                           cluster=dask_address if way == "portable" else "",
                           config=Config(cluster_min_bytes=0, task_min_bytes=300,
                                         task_max_bytes=300))  # tasks of a few files each
    index.close()
    assert summary.articles == 8
    events = _check_run(log, 8, STARTING)
    assert events[1] == Progress(READING, 0, 8)  # once the workers are there


def test_time_left_counts_from_reading_not_from_starting_workers() -> None:
    # The reporter's run: 23 s starting a cluster, then 148 of 2,226 files in 5 s.
    now = [0.0]
    out = io.StringIO()
    line = ProgressLine(out, interactive=True, clock=lambda: now[0])
    line(Progress(STARTING, 0, 2226))
    assert "starting workers" in out.getvalue() and "0/2,226" in out.getvalue()
    now[0] = 23.0
    line(Progress(READING, 0, 2226))
    now[0] = 28.0
    line(Progress(READING, 148, 2226))
    shown = out.getvalue().split("\r")[-1]
    assert "reading and annotating" in shown and "148/2,226" in shown
    assert shown.rstrip().endswith("1:10 left")  # 2,078 files at 29.6 a second
    assert line.seconds_left(Progress(READING, 148, 2226), 28.0) == pytest.approx(70.2, abs=0.1)
    line(Progress(DONE, 2226, 2226))
    assert out.getvalue().endswith("\n") and "left" not in out.getvalue().split("\r")[-1]


def test_the_command_names_each_stage(tmp_path: Path, cli_runner: CliRunner) -> None:
    folder = _corpus(tmp_path / "in", 2)
    result = cli_runner.invoke(main, ["index", str(folder), "--index", str(tmp_path / "ix")])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "Indexing: reading and annotating (0/2 files)",
        "Indexing: writing (2/2 files)",
        "Indexing: committing (2/2 files)",
    ]
    assert "Indexed 2 articles" in result.stdout


@pytest.mark.slow
def test_a_local_cluster_prints_no_dashboard_port_warning(tmp_path: Path) -> None:
    folder = _corpus(tmp_path / "in", 3)
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", 8787))  # Dask's dashboard port, taken
        holder.listen()
    except OSError:
        pass  # taken already: by another cluster
    with holder:
        with pytest.raises(OSError):
            socket.create_server(("127.0.0.1", 8787)).close()
        run = subprocess.run([sys.executable, "-c", "from onrecord.cli import main; main()", "index",
                              str(folder), "--index", str(tmp_path / "ix"), "--workers", "2",
                              "--setting", "cluster_min_bytes=0"],
                             capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "starting workers" in run.stderr  # the local cluster ran
    assert "8787" not in run.stderr and "already in use" not in run.stderr
    assert "Warning" not in run.stderr, run.stderr
