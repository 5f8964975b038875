"""The tutorial works as written: #30's acceptance is that a newcomer
following only README.md and docs/tutorial.md indexes the seeds, finds a
quote, corrects its speaker with the speakers file and sees the correction
after re-indexing.

In a fresh folder holding what a checkout gives the tutorial (the Makefile,
seeds/ and the installed .venv), `make run` starts as the README says; then
every ```sh block of docs/tutorial.md runs in order, in one shell, exactly as
written but for the port (a free one instead of 5000).  The ```text blocks
are the outputs the tutorial promises: each of their lines (but the elided
ones, ending in "...", and the seconds a run took) must be in what the
commands printed."""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
DOCUMENTED_URL = "127.0.0.1:5000"
SECONDS = re.compile(r" in \d+(\.\d+)? s ")


def blocks(kind: str) -> list[str]:
    """Return the tutorial's fenced blocks of one kind (sh, text, ...), in order."""
    return [body for info, body in BLOCK.findall(TUTORIAL.read_text(encoding="utf-8")) if info == kind]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def make_checkout(folder: Path) -> None:
    """Give `folder` what the tutorial uses of a checkout.  copy2 keeps the
    files' times, so make sees the running venv as installed from them."""
    for name in ("Makefile", "pyproject.toml", "requirements.lock"):
        shutil.copy2(ROOT / name, folder / name)
    shutil.copytree(ROOT / "seeds", folder / "seeds")
    (folder / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)


def wait_until_served(port: int, server: subprocess.Popen[bytes], limit: float = 90) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        assert server.poll() is None, "make run stopped before serving"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"make run served nothing on port {port} within {limit} s")


def test_the_tutorial_runs_as_written_and_the_correction_shows(tmp_path: Path) -> None:
    make_checkout(tmp_path)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("ONRECORD_") and k not in ("PORT", "VIRTUAL_ENV")}
    # The server looks for new commits every 0.1 s instead of 1 s: the
    # script types faster than a person.  -o: the running venv counts as installed.
    server = subprocess.Popen(["make", "-o", ".venv/.installed", "run", f"PORT={port}"], cwd=tmp_path,
                              env={**env, "ONRECORD_STALE_CHECK_SECONDS": "0.1"}, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_served(port, server)
        commands = blocks("sh")
        assert commands and all(DOCUMENTED_URL not in c or "curl" in c for c in commands)
        script = "set -eo pipefail\n" + "\n".join(
            f"echo '### step {n}'\n{c.replace(DOCUMENTED_URL, f'127.0.0.1:{port}')}"
            for n, c in enumerate(commands))
        run = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True,
                             text=True, timeout=600)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    printed = run.stdout + run.stderr
    assert run.returncode == 0, printed
    # The correction, before and after re-indexing with the speakers file.
    fixed = next(n for n, c in enumerate(commands) if "export ONRECORD_SPEAKERS=" in c)
    before, _, after = run.stdout.partition(f"### step {fixed}")
    assert "Jamie Lewis named rule:cue 0.95" in before
    assert "None None user None" in after and "Jamie Lewis" not in after
    assert "6 paragraphs match" in after
    assert (tmp_path / "rowley.csv").read_text(encoding="utf-8-sig").count("Sir Mark Rowley,") == 7
    # Every promised line of output was printed.
    for expected in blocks("text"):
        for line in expected.splitlines():
            if line.strip() and not line.rstrip().endswith("..."):
                assert SECONDS.sub(" in N s ", line) in SECONDS.sub(" in N s ", printed), line
