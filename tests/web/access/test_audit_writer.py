"""The audit log's writer thread (issue #36: no system call on the request
path): a request queues its record, one thread per process writes the
queue every FLUSH_INTERVAL seconds; a read of the log, the process's
normal exit and SIGTERM write what is queued first, and a forked child
gets a writer of its own."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from onrecord.web.access import audit
from onrecord.web.access.audit import FLUSH_INTERVAL, make_record, queue_record, read_records


def lines_of(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


def wait_for_lines(log: Path, count: int, seconds: float = 5.0) -> list[str]:
    """Return the log's lines once it has `count` (or after `seconds`)."""
    deadline = time.monotonic() + seconds
    while len(lines_of(log)) < count and time.monotonic() < deadline:
        time.sleep(FLUSH_INTERVAL / 5)
    return lines_of(log)


def test_a_queued_record_is_written_by_the_writer_thread_not_the_caller(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "audit.jsonl"
    writers: list[int] = []
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: writers.append(threading.get_ident()) or real_write(fd, data))
    queue_record(log, make_record("jane", "::1", "request", "/doc/a1", 200))
    assert threading.get_ident() not in writers  # the request's thread made no write
    assert len(wait_for_lines(log, 1)) == 1
    assert writers and threading.get_ident() not in writers


def test_a_read_sees_every_record_queued_before_it(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    for n in range(50):
        queue_record(log, make_record("jane", "::1", "request", f"/doc/{n}", 200))
    assert [record.url for record in read_records(log)] == [f"/doc/{n}" for n in range(50)]


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def test_a_normal_exit_writes_every_queued_record(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    done = run_python("from pathlib import Path\n"
                      "from onrecord.web.access.audit import make_record, queue_record\n"
                      "for n in range(200):\n"
                      f"    queue_record(Path({str(log)!r}), make_record('jane', '::1', 'request', f'/doc/{{n}}', 200))\n")
    assert done.returncode == 0, done.stderr
    assert len(lines_of(log)) == 200


def test_sigterm_to_a_server_writes_every_queued_record_then_ends_it(tmp_path: Path) -> None:
    """`onrecord serve` stopped by SIGTERM (systemd, the parent of
    --processes' children) writes its queue, then ends by the signal."""
    log = tmp_path / "audit.jsonl"
    done = run_python("import os, signal, time\n"
                      "from pathlib import Path\n"
                      "from onrecord.web.access.audit import flush_records, make_record, queue_record\n"
                      "from onrecord.web.serving.server import flush_on_stop\n"
                      "flush_on_stop(flush_records)\n"
                      "for n in range(200):\n"
                      f"    queue_record(Path({str(log)!r}), make_record('jane', '::1', 'request', f'/doc/{{n}}', 200))\n"
                      "os.kill(os.getpid(), signal.SIGTERM)\n"
                      "time.sleep(5)\n")
    assert done.returncode == -signal.SIGTERM, done.stderr
    assert len(lines_of(log)) == 200


def test_a_second_sigterm_during_the_flush_still_ends_the_server_with_every_record(tmp_path: Path) -> None:
    """`make run` stopped: make passes its SIGTERM on while the server gets
    one too.  The second arrives while the first's flush holds the audit
    write lock; its handler must not wait for that lock (the server hung)."""
    log = tmp_path / "audit.jsonl"
    done = run_python("import os, signal, time\n"
                      "from pathlib import Path\n"
                      "from onrecord.web.serving import server as serving\n"
                      "from onrecord.web.access import audit\n"
                      "from onrecord.web.access.audit import make_record, queue_record\n"
                      "real = audit.flush_records\n"
                      "def flush_under_a_second_signal():\n"
                      "    with audit._QUEUE.write_lock:\n"
                      "        os.kill(os.getpid(), signal.SIGTERM)\n"
                      "        time.sleep(0.2)\n"
                      "    real()\n"
                      "serving.flush_on_stop(flush_under_a_second_signal)\n"
                      "for n in range(200):\n"
                      f"    queue_record(Path({str(log)!r}), make_record('jane', '::1', 'request', f'/doc/{{n}}', 200))\n"
                      "os.kill(os.getpid(), signal.SIGTERM)\n"
                      "time.sleep(5)\n")
    assert done.returncode == -signal.SIGTERM, done.stderr
    assert len(lines_of(log)) == 200


def test_a_forked_child_writes_its_records_through_a_writer_of_its_own(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    queue_record(log, make_record("parent", "::1", "request", "/before", 200))
    assert len(wait_for_lines(log, 1)) == 1  # the parent's writer runs
    queue_record(log, make_record("parent", "::1", "request", "/at-fork", 200))
    pid = os.fork()
    if pid == 0:  # the child: no flush of its own, no atexit (os._exit)
        status = 1
        try:
            queue_record(log, make_record("child", "::1", "request", "/child", 200))
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and '"child"' not in log.read_text():
                time.sleep(FLUSH_INTERVAL / 5)
            status = 0 if '"child"' in log.read_text() else 1
        finally:
            os._exit(status)
    _pid, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    audit.flush_records()
    found = lines_of(log)
    assert len(found) == 3  # the record queued at the fork is the parent's, written once
    assert sum('"/at-fork"' in line for line in found) == 1
