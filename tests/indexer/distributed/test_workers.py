"""Worker processes of a local-cluster `onrecord index` die with their parent.

The OOM killer ends an indexer with SIGKILL: no handler runs, so nothing in
the parent can stop its local Dask cluster's worker processes.  They must
notice on their own (Dask's pipe to its parent, and search/lifeline.py)
instead of running on, re-parented to init."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ONRECORD = Path(sys.executable).with_name("onrecord")
_WORDS = ("council minister budget hospital police inquiry report school court river "
          "election housing contract audit tender mayor spokesperson ministry").split()


def write_corpus(folder: Path, files: int = 240, paragraphs: int = 30) -> None:
    """Write `files` articles of ~12 KB: with 2 workers, several seconds of work."""
    rng = random.Random(16)
    folder.mkdir(parents=True)
    for number in range(files):
        body = []
        for para in range(paragraphs):
            words = " ".join(rng.choice(_WORDS) for _ in range(40))
            body.append(f'Paragraph {para} of article {number}: {words}. "The {rng.choice(_WORDS)} '
                        f'is fine," said Mayor Ann {rng.choice(_WORDS).title()}.')
        (folder / f"a{number:04d}.txt").write_text("\n\n".join(body) + "\n")


def process_table() -> dict[int, tuple[int, str, str]]:
    """Return pid -> (parent pid, state, start time) for every process, from /proc."""
    table: dict[int, tuple[int, str, str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # exited meanwhile
            continue
        # The command name may hold spaces and parentheses: split after the last ')'.
        fields = stat[stat.rindex(")") + 2:].split()
        table[int(entry)] = (int(fields[1]), fields[0], fields[19])
    return table


def children_of(pid: int) -> dict[int, str]:
    """Return the live children of `pid` as pid -> start time (its identity)."""
    return {child: start for child, (ppid, state, start) in process_table().items()
            if ppid == pid and state != "Z"}


def descendants_of(pid: int) -> dict[int, str]:
    """Return every live descendant of `pid` (children, theirs, ...)."""
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        children = children_of(todo.pop())
        found.update(children)
        todo.extend(children)
    return found


def survivors(workers: dict[int, str]) -> list[int]:
    """Return the workers still running (a zombie has exited: in a container
    nobody may reap it; a reused pid has another start time)."""
    table = process_table()
    return [pid for pid, start in workers.items()
            if pid in table and table[pid][2] == start and table[pid][1] != "Z"]


@pytest.mark.slow
def test_workers_die_when_the_indexer_is_sigkilled(tmp_path: Path) -> None:
    write_corpus(tmp_path / "in")
    indexer = subprocess.Popen([str(ONRECORD), "index", str(tmp_path / "in"), "--index",
                                str(tmp_path / "ix"), "--workers", "2",
                                "--setting", "cluster_min_bytes=0"],  # a local cluster, however small
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: dict[int, str] = {}
    try:
        deadline = time.monotonic() + 60
        # Two workers and multiprocessing's resource tracker.
        while len(workers) < 3 and indexer.poll() is None and time.monotonic() < deadline:
            workers = children_of(indexer.pid)
            time.sleep(0.02)
        assert len(workers) == 3 and indexer.poll() is None, "the workers never ran"
        time.sleep(3)  # let them start and get into a task: the kill lands mid-segment
        assert indexer.poll() is None, "the run ended before the kill"
        workers = descendants_of(indexer.pid)
        indexer.send_signal(signal.SIGKILL)
        indexer.wait()
        assert wait_for_no_survivors(workers) == []
    finally:
        if indexer.poll() is None:
            indexer.kill()
            indexer.wait()
        for pid in survivors(workers):
            os.kill(pid, signal.SIGKILL)


def wait_for_no_survivors(processes: dict[int, str], seconds: float = 5.0) -> list[int]:
    """Return the pids of `processes` still alive after up to `seconds`."""
    deadline = time.monotonic() + seconds
    while survivors(processes) and time.monotonic() < deadline:
        time.sleep(0.05)
    return survivors(processes)


_FORKING_PARENT = """
import os, sys, time
from onrecord.search.lifeline import watch_parent
parent = os.getpid()
child = os.fork()
if child == 0:
    watch_parent(parent, interval=0.05)  # the fallback alone, no prctl
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
time.sleep(60)
"""


def test_fallback_watcher_ends_a_child_whose_parent_was_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", _FORKING_PARENT], stdout=subprocess.PIPE,
                              text=True)
    child_pid = int(parent.stdout.readline())  # type: ignore[union-attr]
    child = {child_pid: process_table()[child_pid][2]}
    try:
        assert survivors(child) == [child_pid]  # alive while its parent is
        time.sleep(0.3)
        assert survivors(child) == [child_pid]
        parent.kill()
        parent.wait()
        assert wait_for_no_survivors(child) == []
    finally:
        parent.stdout.close()  # type: ignore[union-attr]
        for pid in survivors(child):
            os.kill(pid, signal.SIGKILL)


def test_worker_started_after_its_parent_died_exits_at_once() -> None:
    # Our parent is this test process, not pid 1: as if the parent had died
    # between the fork and the initializer, and the orphan had gone to init.
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", "import time\n"
                           "from onrecord.search.lifeline import die_with_parent\n"
                           "die_with_parent(1)\ntime.sleep(30)"], timeout=20)
    assert done.returncode == -signal.SIGKILL and time.monotonic() - started < 15
