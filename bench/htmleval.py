"""HTML reading benchmark: main text, snippets and metadata on saved pages with gold.

Owns finding the htmleval set (--htmleval DIR, then $ONRECORD_HTMLEVAL, then
../shared/htmleval: a folder with score.py and wcxb-dev/), running its score.py
over this checkout's `onrecord` command, and timing that run.  score.py runs
`onrecord extract --json` once over every page (read, parse, chunk, annotate: one
process), so its pages/s is single-process extraction speed, decompressing the
pages included; the CPU seconds are the child processes' user + system time
(the machine may be shared: wall time then says little).  The data is evaluation
only and is never copied into the project.

Run from the repo root: `python -m bench.htmleval [--htmleval DIR] [--limit N]`;
`make bench-extraction` prints the same row.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PAGE_SET = "wcxb-dev"


def htmleval_dir(flag: str | None) -> Path | None:
    """Return the htmleval directory from flag, $ONRECORD_HTMLEVAL or ../shared/htmleval."""
    for candidate in (flag, os.environ.get("ONRECORD_HTMLEVAL"), str(REPO.parent / "shared" / "htmleval")):
        if candidate and (Path(candidate) / "score.py").exists():
            return Path(candidate)
    return None


def onrecord_command() -> str:
    """Return the `onrecord` command beside this Python (the project's venv)."""
    return str(Path(sys.executable).with_name("onrecord"))


def score_htmleval(root: Path, limit: int = 0) -> tuple[list[str], float, float, int]:
    """Run score.py over the page set; return (its summary lines, wall
    seconds, child CPU seconds, pages).  Raises CalledProcessError when
    score.py fails."""
    pages = len(list((root / PAGE_SET / "html").glob("*.html.gz")))
    pages = min(pages, limit) if limit else pages
    command = [sys.executable, str(root / "score.py"), onrecord_command(), "--set", PAGE_SET]
    if limit:
        command += ["--limit", str(limit)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    out = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=3600, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return [line.strip() for line in out.stdout.splitlines() if line.strip()], wall, cpu, pages


def htmleval_rows(flag: str | None, limit: int = 0) -> list[tuple[str, str]]:
    """Return the (label, value) rows for the benchmark table: score.py's
    lines and the speed, or one row saying why the section was skipped."""
    root = htmleval_dir(flag)
    if root is None:
        return [("htmleval", "skipped (no htmleval directory: --htmleval DIR or $ONRECORD_HTMLEVAL)")]
    try:
        lines, wall, cpu, pages = score_htmleval(root, limit)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        return [("htmleval", f"failed: {exc}")]
    rows = [(f"htmleval {line.split()[0]}" if i else "htmleval", line) for i, line in enumerate(lines)
            if not line.startswith("low:")]
    rows.append(("htmleval speed", f"{pages / max(wall, 1e-9):.1f} pages/s wall, "
                                   f"{pages / max(cpu, 1e-9):.1f} pages per CPU second ({pages} pages, one process)"))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print the htmleval rows; returns the process exit code."""
    ap = argparse.ArgumentParser(prog="python -m bench.htmleval")
    ap.add_argument("--htmleval", help="folder with score.py and wcxb-dev/")
    ap.add_argument("--limit", type=int, default=0, help="score only the first N pages")
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    rows = htmleval_rows(args.htmleval, args.limit)
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
