"""Every way an ingest can fail to write gives one readable line and exit
status 2, in one process or on a cluster: a full disk, a read-only index
directory, a file size limit.  A file whose task kills its worker is
skipped with a reason.  `onrecord check` tells a read-only index from a
damaged one.

Tests run as root, for whom chmod does not block writes: faults are
injected at the file-creation layer (in this process, the only one that
writes the index: cluster workers write in scratch folders), and the
end-to-end runs use what binds root too (a file size limit) or run the
command as the unprivileged user `nobody`."""
from __future__ import annotations

import ctypes
import errno
import os
import resource
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from distributed.diagnostics.plugin import WorkerPlugin
from whoosh.util import filelock

from onrecord.cli import main as cli_main
from onrecord.indexer.distributed import tasks
from onrecord.indexer.distributed.client import KILLED_FILE, cluster_client, ingest_cluster
from onrecord.indexer.distributed.tasks import index_inputs
from onrecord.indexer.pipeline import ingest_paths
from onrecord.indexer.read.reader import load_input
from onrecord.search.config import Config
from onrecord.search.errors import IndexWriteError
from onrecord.search.storage.integrity.checking import check_index
from onrecord.search.storage.integrity.durability import DurableStorage, acquire_write_lock
from onrecord.search.storage.integrity.leftovers import SCRATCH_DIR, classify_files
from onrecord.search.storage.opening import open_index
from onrecord.search.writing.segments import install_segment
from tests.indexer.distributed.test_workers import write_corpus
from tests.search.storage.integrity.test_durability import total

ONRECORD = Path(sys.executable).with_name("onrecord")
FAULTS = {  # errno -> the fix the message must give
    errno.ENOSPC: "Free disk space",
    errno.EROFS: "is not writable",
    errno.EACCES: "is not writable",
    errno.EIO: "Fix the disk",
}


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for n in range(6):
        (folder / f"{n}.txt").write_text(f"The mayor met the council on day {n}.\n\n"
                                         f'"It went well," said Ann Lee.\n')
    return folder


def break_file_creation(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Make every index file creation fail with `code`, here and in workers
    forked from now on."""
    def fail(*_args: object, **_kwargs: object) -> None:
        raise OSError(code, os.strerror(code))
    monkeypatch.setattr(DurableStorage, "create_file", fail)


def one_line_error(output: str) -> str:
    """Return the single 'onrecord: ...' line of `output`; fail on a traceback."""
    assert "Traceback" not in output and 'File "' not in output, output
    lines = [line for line in output.splitlines() if line.startswith("onrecord: ")]
    assert len(lines) == 1, output
    return lines[0]


@pytest.mark.parametrize("code", list(FAULTS))
def test_a_segment_that_cannot_be_installed_raises_index_write_error(
        index_dir: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch, code: int, tmp_path: Path) -> None:
    result = index_inputs([load_input(path) for path in sorted(corpus.iterdir())], scratch=str(tmp_path))
    assert result.segment is not None
    break_file_creation(monkeypatch, code)
    with pytest.raises(IndexWriteError) as raised:
        install_segment(index_dir, result.segment)
    message = str(raised.value)
    assert message.startswith(f"writing a segment to {index_dir} failed ({os.strerror(code)})")
    assert "still serves its last complete commit" in message and FAULTS[code] in message
    assert "\n" not in message


@pytest.mark.slow
def test_a_failed_cluster_run_keeps_the_index_and_frees_the_lock(
        index_dir: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index = open_index(index_dir)
    on_cluster = Config(cluster_min_bytes=0)
    with monkeypatch.context() as patch:
        break_file_creation(patch, errno.ENOSPC)
        with pytest.raises(IndexWriteError, match="No space left on device"):
            ingest_paths([corpus], index, workers=2, config=on_cluster)
    assert index.doc_count() == 2 and total(index, "mayor") == 0
    acquire_write_lock(index._ix, "x", timeout=0).release()
    summary = ingest_paths([corpus], index, workers=2, config=on_cluster)  # the disk has room again
    assert summary.articles == 6 and total(index, "mayor") == 6
    assert classify_files(index_dir).orphans == [] and check_index(index_dir).ok
    index.close()


@pytest.mark.slow
def test_local_workers_that_cannot_write_the_scratch_folder_fail_the_run_cleanly(
        index_dir: Path, corpus: Path) -> None:
    # A local cluster's workers write their segments beside the index (the
    # same disk): a full disk there fails the run with one line, the index
    # keeps its last commit, and the next run (room again) completes it.
    index = open_index(index_dir)
    files = sorted(corpus.iterdir())
    with cluster_client(None, 2) as client:
        client.register_plugin(_DiskFull(), name="disk-full")
        with pytest.raises(IndexWriteError) as raised:
            ingest_cluster(files, index, client, local=True)
        client.unregister_worker_plugin("disk-full")
        client.restart()  # workers without the fault
        assert index.doc_count() == 2 and total(index, "mayor") == 0
        summary = ingest_cluster(files, index, client, local=True)
    message = str(raised.value)
    assert "No space left on device" in message and SCRATCH_DIR in message and "\n" not in message
    assert summary.articles == 6 and total(index, "mayor") == 6
    assert classify_files(index_dir).orphans == [] and check_index(index_dir).ok
    index.close()


class _DiskFull(WorkerPlugin):
    """Makes every fsynced file creation fail with ENOSPC in each worker."""

    def setup(self, worker: object) -> None:
        def fail(*_args: object, **_kwargs: object) -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        DurableStorage.create_file = fail  # type: ignore[method-assign,assignment]


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_cli_index_that_cannot_write_says_why_and_exits_2(
        index_dir: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch, workers: str,
        code: int, cli_runner: CliRunner) -> None:
    break_file_creation(monkeypatch, code)
    result = cli_runner.invoke(cli_main, ["index", str(corpus), "--index", str(index_dir),
                                           "--workers", workers])
    assert result.exit_code == 2, result.output
    line = one_line_error(result.output)
    assert f"failed ({os.strerror(code)})" in line and FAULTS[code] in line, line
    assert str(index_dir) in line
    monkeypatch.undo()
    assert open_index(index_dir).doc_count() == 2


def kill_on_poison() -> None:
    """Run in each worker: a task reading a file named poison* kills its
    worker process, as the OOM killer would."""
    extract = tasks.extract_outcome

    def deadly(path: Path, *args: object) -> object:
        if Path(path).name.startswith("poison"):
            os.kill(os.getpid(), signal.SIGKILL)
        return extract(path, *args)  # type: ignore[arg-type]

    tasks.extract_outcome = deadly  # type: ignore[assignment]


@pytest.mark.slow
def test_a_file_that_kills_its_workers_is_skipped_and_the_rest_indexed(
        index_dir: Path, corpus: Path) -> None:
    (corpus / "poison.txt").write_text("The mayor said nothing.\n")
    import dask

    index = open_index(index_dir)
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            cluster_client(None, 2) as client:
        client.register_plugin(_Poisoner(), name="poison")
        files = sorted(corpus.iterdir())
        summary = ingest_cluster(files, index, client)
    assert summary.skipped == [(str(corpus / "poison.txt"), KILLED_FILE)]
    assert summary.articles == 6 and total(index, "mayor") == 6
    index.close()


class _Poisoner(WorkerPlugin):
    """Installs kill_on_poison in every worker, restarted ones included."""

    def setup(self, worker: object) -> None:
        kill_on_poison()


def test_cli_index_on_a_read_only_lock_file_exits_2(index_dir: Path, corpus: Path,
                                                     monkeypatch: pytest.MonkeyPatch, cli_runner: CliRunner) -> None:
    def read_only(*_args: object, **_kwargs: object) -> bool:
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(filelock.FcntlLock, "acquire", read_only)
    result = cli_runner.invoke(cli_main, ["index", str(corpus), "--index", str(index_dir)])
    assert result.exit_code == 2, result.output
    line = one_line_error(result.output)
    assert "taking the write lock" in line and "is not writable" in line


def test_check_tells_a_read_only_index_from_a_damaged_one(
        index_dir: Path, monkeypatch: pytest.MonkeyPatch, cli_runner: CliRunner) -> None:
    def read_only(*_args: object, **_kwargs: object) -> bool:
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(filelock.FcntlLock, "acquire", read_only)
    report = check_index(index_dir)
    assert report.ok and report.writer_active is False and not report.damaged
    result = cli_runner.invoke(cli_main, ["check", "--index", str(index_dir)])
    assert result.exit_code == 0 and "repair" not in result.output, result.output
    assert f"delete {index_dir}" not in result.output


# End to end, with nothing injected.

def run_index(corpus: Path, index: Path, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """Return `onrecord index` of `corpus` into `index` with two cluster
    workers, under a file size limit of `limit` bytes if given (binding
    the command and the workers it starts)."""
    def limit_file_size() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([str(ONRECORD), "index", str(corpus), "--index", str(index), "--workers", "2",
                           "--setting", "cluster_min_bytes=0"], preexec_fn=limit_file_size,
                          capture_output=True, text=True, timeout=300)


def largest_files(index: Path) -> tuple[int, int]:
    """Return (the largest file of `index` that is no segment's: a table of
    contents or articles.db, the largest segment file) in bytes."""
    sizes = {path.name: path.stat().st_size for path in index.iterdir() if path.is_file()}
    others = [size for name, size in sizes.items() if name.startswith("_MAIN_") or name.startswith("articles.db")]
    segments = [size for name, size in sizes.items() if name.startswith("MAIN_") and name != "MAIN_WRITELOCK"]
    return max(others), max(segments)


@pytest.mark.slow
def test_cli_index_past_a_file_size_limit_exits_2(tmp_path: Path, index_dir: Path) -> None:
    """A limit on file size binds root too: the workers' segments outgrow
    it (EFBIG) while the lock file, the TOCs and articles.db fit.  The
    limit is read off the same ingest into a copy of the index without one
    (halfway between its largest other file and its largest segment
    file), so the premise holds whatever size the codecs write."""
    write_corpus(tmp_path / "big", files=40, paragraphs=20)
    free = tmp_path / "free"
    shutil.copytree(index_dir, free)
    assert run_index(tmp_path / "big", free).returncode == 0
    fits, outgrows = largest_files(free)
    # twice over: the limited run's workers share the files out a little differently
    assert 2 * fits < outgrows, f"no limit between the other files ({fits} B) and the segments' ({outgrows} B)"
    done = run_index(tmp_path / "big", index_dir, (fits + outgrows) // 2)
    assert done.returncode == 2, done.stderr
    line = one_line_error(done.stderr)
    assert "failed (File too large)" in line and "ulimit" in line, line
    assert open_index(index_dir).doc_count() == 2


# <linux/capability.h>, <linux/prctl.h>: without these, root obeys file modes.
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, PR_CAPBSET_DROP = 1, 2, 24


def obey_file_modes() -> None:
    """In a child before exec: drop root's power to override file modes
    from the capability bounding set, so the command (and its workers)
    meets a mode-0555 directory as truly unwritable."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "PR_CAPBSET_DROP failed")


@pytest.fixture()
def read_only_index(index_dir: Path) -> Iterator[Path]:
    """Yield `index_dir` made read-only: mode 0555, its files 0444."""
    for entry in index_dir.iterdir():
        entry.chmod(0o444)
    index_dir.chmod(0o555)
    try:
        yield index_dir
    finally:
        index_dir.chmod(0o755)


def run_obeying_file_modes(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ONRECORD), *args], preexec_fn=obey_file_modes,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_read_only_index_directory_end_to_end(read_only_index: Path, corpus: Path) -> None:
    path = str(read_only_index)
    for workers in ("1", "2"):
        indexed = run_obeying_file_modes("index", str(corpus), "--index", path,
                                         "--workers", workers, "--wait", "0")
        assert indexed.returncode == 2, indexed.stderr
        line = one_line_error(indexed.stderr)
        assert "(Permission denied)" in line and f"{path} is not writable" in line, line
    checked = run_obeying_file_modes("check", "--index", path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "read-only for this user" in checked.stdout and "repair" not in checked.stdout
    searched = run_obeying_file_modes("search", "budget", "--index", path)
    assert searched.returncode == 0 and "1 paragraph matches" in searched.stdout, searched.stderr
