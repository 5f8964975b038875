"""`onrecord index --cluster` on a real Dask scheduler and two `dask worker`
processes on loopback: the same paragraphs as a run in one process, and a
complete index when one worker is killed mid-run (Dask runs its tasks again
on the other).  The workers get the files' bytes from the indexer and build
segments in their own scratch folders: nothing is shared but the network."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from onrecord.indexer.distributed import client as cluster_module
from onrecord.indexer.errors import WorkerError
from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.opening import open_index
from tests.indexer.distributed.test_workers import write_corpus

BIN = Path(sys.executable).parent
ONRECORD, DASK = BIN / "onrecord", BIN / "dask"
pytestmark = pytest.mark.slow


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class DaskCluster:
    """A `dask scheduler` and its `dask worker` processes (each in its own
    session, with its nanny's worker process), all on 127.0.0.1."""

    def __init__(self, scratch: Path) -> None:
        self.address = f"tcp://127.0.0.1:{free_port()}"
        self.scratch = scratch
        self.scheduler = self._start([str(DASK), "scheduler", "--host", "127.0.0.1", "--port",
                                      self.address.rsplit(":", 1)[1], "--no-dashboard"])
        self.workers: list[subprocess.Popen[bytes]] = []

    def _start(self, command: list[str]) -> subprocess.Popen[bytes]:
        return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True, cwd=self.scratch)

    def add_worker(self, number: int) -> None:
        folder = self.scratch / f"worker{number}"
        folder.mkdir()
        self.workers.append(self._start([str(DASK), "worker", self.address, "--nthreads", "1",
                                         "--nworkers", "1", "--no-dashboard", "--host", "127.0.0.1",
                                         "--local-directory", str(folder)]))

    def wait_for_workers(self, count: int, seconds: float = 60) -> None:
        """Return once the scheduler is up with `count` workers (0: up)."""
        from distributed import Client

        with Client(self.address, timeout=seconds) as client:
            if count:
                client.wait_for_workers(count, timeout=seconds)

    def kill_worker(self, position: int) -> None:
        """SIGKILL a worker's whole session: its nanny and worker process."""
        os.killpg(self.workers[position].pid, signal.SIGKILL)
        self.workers[position].wait()

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


@pytest.fixture()
def dask_cluster(tmp_path: Path) -> Iterator[DaskCluster]:
    cluster = DaskCluster(tmp_path)
    try:
        for number in range(2):
            cluster.add_worker(number)
        cluster.wait_for_workers(2)
        yield cluster
    finally:
        cluster.stop()


def index_command(corpus: Path, index_dir: Path, *flags: str) -> subprocess.Popen[str]:
    return subprocess.Popen([str(ONRECORD), "index", str(corpus), "--index", str(index_dir), *flags],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def paragraphs(index_dir: Path) -> set[tuple[str, str, str]]:
    """Return every indexed document: a paragraph as (paragraph id, rev,
    text), a quote document (issue #33) as (its article and paragraph
    number with its quote number, rev, "quote")."""
    index = open_index(index_dir)
    try:
        with index.reading() as searcher:
            return {(f["paragraph_id"], f["rev"], f["text"]) if "paragraph_id" in f
                    else (f"{f['doc_id']}-p{f['n']}#q{f['qi']}", f["rev"], "quote")
                    for f in searcher.all_stored_fields()}
    finally:
        index.close()


def run(corpus: Path, index_dir: Path, *flags: str, status: int = 0) -> str:
    process = index_command(corpus, index_dir, *flags)
    out, err = process.communicate(timeout=600)
    assert process.returncode == status, err
    return out + err


def test_cluster_run_indexes_exactly_what_a_local_run_does(tmp_path: Path, dask_cluster: DaskCluster) -> None:
    write_corpus(tmp_path / "in", files=60, paragraphs=10)
    (tmp_path / "in" / "bad.txt").write_bytes(b"\x00\x01binary")
    local = run(tmp_path / "in", tmp_path / "local", "--workers", "1", status=1)
    on_cluster = run(tmp_path / "in", tmp_path / "remote", "--cluster", dask_cluster.address,
                     "--setting", "tasks_per_commit=4", status=1)  # several segments and commits
    assert "skipped " + str(tmp_path / "in" / "bad.txt") + ": binary file" in on_cluster
    assert paragraphs(tmp_path / "remote") == paragraphs(tmp_path / "local")
    # 600 paragraphs and, in write_corpus, one quote in each: 600 quote documents
    assert sum(text != "quote" for _, _, text in paragraphs(tmp_path / "local")) == 600
    assert len(paragraphs(tmp_path / "local")) == 1200
    assert on_cluster.split(" in ")[0] == local.split(" in ")[0]  # the same counts
    assert check_index(tmp_path / "remote").ok
    again = run(tmp_path / "in", tmp_path / "remote", "--cluster", dask_cluster.address, status=1)
    assert "60 unchanged" in again and paragraphs(tmp_path / "remote") == paragraphs(tmp_path / "local")


def test_a_worker_killed_mid_run_leaves_a_complete_index(tmp_path: Path, dask_cluster: DaskCluster) -> None:
    write_corpus(tmp_path / "in", files=240, paragraphs=30)
    process = index_command(tmp_path / "in", tmp_path / "remote", "--cluster", dask_cluster.address,
                            "--setting", "tasks_per_commit=8")  # small tasks: some are mid-way
    deadline = time.monotonic() + 120
    while not list((tmp_path / "remote").glob("*.toc")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(2)  # the workers are busy on their first tasks
    assert process.poll() is None, "the run ended before the kill"
    dask_cluster.kill_worker(0)
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    assert "Indexed 240 articles, 7,200 paragraphs" in out
    local = tmp_path / "local"
    run(tmp_path / "in", local, "--workers", "1")
    assert paragraphs(tmp_path / "remote") == paragraphs(local)
    assert check_index(tmp_path / "remote").ok


def test_an_unreachable_scheduler_or_one_without_workers_is_a_worker_error(tmp_path: Path) -> None:
    with pytest.raises(WorkerError, match="cannot reach the Dask scheduler"):
        with cluster_module.cluster_client(f"tcp://127.0.0.1:{free_port()}", 2, connect_seconds=1):
            pass
    lonely = DaskCluster(tmp_path)
    try:
        lonely.wait_for_workers(0)  # the scheduler is up
        with pytest.raises(WorkerError, match="has no workers after 1 s"):
            with cluster_module.cluster_client(lonely.address, 2, wait_seconds=1):
                pass
    finally:
        lonely.stop()
