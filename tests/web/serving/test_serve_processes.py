"""`onrecord serve --processes N`: N waitress processes on one port over the
same index, stopped by SIGTERM, and gone with their parent when it is
SIGKILLed (web/serving/processes.py)."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.indexer.distributed.test_cluster import free_port
from tests.indexer.distributed.test_workers import children_of, wait_for_no_survivors

ONRECORD = Path(sys.executable).with_name("onrecord")
pytestmark = pytest.mark.slow


@pytest.fixture()
def seeded_index(tmp_path: Path) -> Path:
    seeds = Path(__file__).resolve().parents[3] / "seeds"
    subprocess.run([str(ONRECORD), "index", str(seeds), "--index", str(tmp_path / "ix")],
                   check=True, capture_output=True, timeout=300)
    return tmp_path / "ix"


@pytest.fixture()
def server(seeded_index: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    port = free_port()
    process = subprocess.Popen([str(ONRECORD), "serve", "--index", str(seeded_index), "--port",
                                str(port), "--processes", "2"], stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        yield process, base
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_two_processes_answer_on_one_port(server: tuple[subprocess.Popen[bytes], str]) -> None:
    process, base = server
    assert len(children_of(process.pid)) == 2
    totals = set()
    for _ in range(20):
        with urllib.request.urlopen(base + "/api/search?q=minister", timeout=10) as reply:
            totals.add(json.loads(reply.read())["total"])
    assert len(totals) == 1 and totals.pop() > 0  # every process reads the same index
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=20) == 0
    assert children_of(process.pid) == {}


def test_serving_processes_die_with_a_sigkilled_parent(server: tuple[subprocess.Popen[bytes], str]) -> None:
    process, _base = server
    children = children_of(process.pid)
    assert len(children) == 2
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert wait_for_no_survivors(children) == []
