"""HTML reading benchmark: main text, snippets and metadata on saved pages with gold.

Owns finding the htmleval set (--htmleval DIR, then $ONRECORD_HTMLEVAL, then
../shared/htmleval: a folder with score.py and wcxb-dev/), running its score.py
over this checkout's `onrecord` command, and timing two things:

- extraction: score.py runs `onrecord extract --json` once over every page (read,
  parse, chunk, annotate: one process), so its pages/s is single-process extraction
  speed, decompressing the pages included;
- ingest, the figure issue #13's speed target is about: `onrecord index` of the
  decompressed pages into a fresh temporary index with its default workers (one
  per core), as a user ingests a folder of saved pages (read, parse, chunk,
  annotate, index, commit); wall time, median of --ingest-runs runs;
- stages: where an ingest's CPU goes, in this process over every STAGE_EVERY-th
  page: extraction (read, parse, chunk, annotate) and indexing (write_articles
  of those articles into a fresh on-disk index, one commit), CPU ms a page;
- with --peer REV, the same ingest by the code of git revision REV of this
  repository (e.g. 1548fb9~1, the reader before #13) beside this checkout's,
  runs alternating, and the ratio of the two: on a shared machine whose speed
  drifts by 2x within a day, the ratio is the figure that holds.

CPU seconds are the child processes' user + system time: on a shared machine wall
time says little, and the load average at the start is printed beside it.  The data
is evaluation only and is never copied into the project.

Run from the repo root: `python -m bench.quality.htmleval [--htmleval DIR] [--limit N]
[--ingest-runs N] [--peer REV]`; `make bench-extraction` prints the same rows.
"""
from __future__ import annotations

import argparse
import gzip
import io
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGE_SET = "wcxb-dev"
INGEST_RUNS = 3
# The stages row samples every 4th page: the split is stable, a quarter of the time.
STAGE_EVERY = 4
# The project's packages: a peer revision's are linked under onrecord/ as installed.
PACKAGES = ("search", "indexer", "web", "cli")
# Runs `onrecord` (its cli.main) from whichever onrecord package PYTHONPATH gives.
_CLI = "import sys; from onrecord.cli import main; sys.argv[0] = 'onrecord'; main()"


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


def decompress_pages(root: Path, out: Path, limit: int = 0) -> int:
    """Write the set's pages (the first `limit`, 0: all) into `out` as
    <id>.html, as score.py does; return how many."""
    pages = sorted((root / PAGE_SET / "html").glob("*.html.gz"))
    pages = pages[:limit] if limit else pages
    for page in pages:
        (out / f"{page.name.split('.')[0]}.html").write_bytes(gzip.decompress(page.read_bytes()))
    return len(pages)


def time_one_ingest(pages_dir: Path, pythonpath: str | None = None,
                    index_dir: Path | None = None) -> tuple[float, float]:
    """Run `onrecord index pages_dir` once into a fresh index with the
    default workers, this checkout's code or (pythonpath) the onrecord
    package found there; return (wall seconds, child CPU seconds).  The
    index is temporary unless `index_dir` (a path not yet made) is given,
    where it is kept.  Exit status 1 (some pages skipped) is a run too,
    unless it is a traceback; another raises CalledProcessError."""
    command = [onrecord_command()] if pythonpath is None else [sys.executable, "-c", _CLI]
    env = None if pythonpath is None else {**os.environ, "PYTHONPATH": pythonpath}
    with tempfile.TemporaryDirectory(prefix="onrecord-htmleval-index-") as scratch:
        index = str(index_dir or scratch)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run([*command, "index", str(pages_dir), "--index", index], env=env,
                              cwd=scratch, capture_output=True, text=True, timeout=3600)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1) or "Traceback (most recent call last)" in done.stderr:
        raise subprocess.CalledProcessError(done.returncode, done.args, done.stdout, done.stderr)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def time_ingest(pages_dir: Path, runs: int = INGEST_RUNS) -> tuple[float, float]:
    """Time `runs` ingests of pages_dir (time_one_ingest); return the
    medians of (wall seconds, child CPU seconds)."""
    return _medians([time_one_ingest(pages_dir) for _ in range(runs)])


def _medians(timed: list[tuple[float, float]]) -> tuple[float, float]:
    """Return the medians of timed runs' (wall, CPU) seconds."""
    return statistics.median(wall for wall, _ in timed), statistics.median(cpu for _, cpu in timed)


def export_revision(rev: str, out: Path) -> str:
    """Write git revision `rev` of this repository under `out` and return a
    PYTHONPATH that makes `onrecord` that revision's code (and, for
    revisions before the one namespace, its bare `search`, `indexer`...).
    Raises CalledProcessError when git cannot (no such revision, no git
    checkout)."""
    archive = subprocess.run(["git", "archive", "--format=tar", rev], cwd=REPO,
                             capture_output=True, check=True, timeout=600).stdout
    tree = out / "tree"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tree, filter="data")
    package = out / "path" / "onrecord"
    package.mkdir(parents=True)
    for name in PACKAGES:
        (package / name).symlink_to(tree / name, target_is_directory=True)
    return f"{out / 'path'}{os.pathsep}{tree}"


def peer_row(pages_dir: Path, rev: str, runs: int = INGEST_RUNS) -> tuple[str, str]:
    """Return the row comparing this checkout's ingest of pages_dir with
    revision `rev`'s: runs alternate (the peer first), medians of each."""
    load = os.getloadavg()[0]
    pages = len(list(pages_dir.glob("*.html")))
    with tempfile.TemporaryDirectory(prefix="onrecord-htmleval-peer-") as tmp:
        path = export_revision(rev, Path(tmp))
        timed = [(time_one_ingest(pages_dir, path), time_one_ingest(pages_dir)) for _ in range(runs)]
    peer_wall, peer_cpu = _medians([peer for peer, _ in timed])
    this_wall, this_cpu = _medians([this for _, this in timed])
    return (f"htmleval ingest vs {rev}",
            f"this checkout {pages / max(this_wall, 1e-9):.1f} pages/s wall, {rev} "
            f"{pages / max(peer_wall, 1e-9):.1f}: ratio {peer_wall / max(this_wall, 1e-9):.2f} "
            f"(CPU ratio {peer_cpu / max(this_cpu, 1e-9):.2f}; `onrecord index` of {pages} pages, "
            f"runs alternating, median of {runs} each; load average {load:.1f} at start)")


def ingest_row(pages_dir: Path, runs: int = INGEST_RUNS) -> tuple[str, str]:
    """Return the ingest speed row over the decompressed pages in
    `pages_dir` (see the module docstring for the method)."""
    load = os.getloadavg()[0]
    pages = len(list(pages_dir.glob("*.html")))
    wall, cpu = time_ingest(pages_dir, runs)
    return ("htmleval ingest", f"{pages / max(wall, 1e-9):.1f} pages/s wall, {pages / max(cpu, 1e-9):.1f} "
                               f"pages per CPU second (`onrecord index` of {pages} pages into a fresh index, "
                               f"default workers: one per core, {os.cpu_count()} cores; median of {runs} runs; "
                               f"load average {load:.1f} at start)")


def stages_row(pages_dir: Path, every: int = STAGE_EVERY) -> tuple[str, str]:
    """Return the stages row: CPU milliseconds a page of extraction and of
    indexing, over every `every`-th page of `pages_dir`, in this process."""
    from onrecord.indexer.extraction import extract_outcome
    from onrecord.search import open_index, write_articles

    files = sorted(pages_dir.glob("*.html"))[::every]
    started = time.process_time()
    articles = [article for path in files for article in extract_outcome(path, None).articles]
    extracted = time.process_time()
    with tempfile.TemporaryDirectory(prefix="onrecord-htmleval-stages-") as index:
        write_articles(open_index(Path(index), create=True), articles)
    indexed = time.process_time()
    pages = max(len(files), 1)
    paragraphs = sum(len(article.paragraphs) for article in articles)
    return ("htmleval stages", f"extraction {1000 * (extracted - started) / pages:.0f} ms a page, indexing "
                               f"{1000 * (indexed - extracted) / pages:.0f} ms a page ({paragraphs / pages:.0f} "
                               f"paragraphs a page; CPU time in one process over one page in {every}: "
                               f"{len(files)} pages)")


def peer_row_or_failure(pages_dir: Path, rev: str, runs: int) -> tuple[str, str]:
    """Return peer_row, or a row saying why the peer could not run (no such
    revision, a clone without its history, its code failing): the other
    htmleval rows stand without it."""
    try:
        return peer_row(pages_dir, rev, runs)
    except subprocess.CalledProcessError as exc:
        err = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else (exc.stderr or "")
        last = err.strip().splitlines()[-1] if err.strip() else ""
        return (f"htmleval ingest vs {rev}",
                f"failed: {exc.cmd[0]} exited {exc.returncode}{': ' + last if last else ''}")


def htmleval_rows(flag: str | None, limit: int = 0, ingest_runs: int = INGEST_RUNS,
                  peer: str | None = None) -> list[tuple[str, str]]:
    """Return the (label, value) rows for the benchmark table: score.py's
    lines, the extraction speed, the ingest speed and its stages
    (ingest_runs=0: neither measured), the ingest beside revision `peer`'s
    if given, or one row saying why the section was skipped."""
    root = htmleval_dir(flag)
    if root is None:
        return [("htmleval", "skipped (no htmleval directory: --htmleval DIR or $ONRECORD_HTMLEVAL)")]
    try:
        lines, wall, cpu, pages = score_htmleval(root, limit)
        rows = [(f"htmleval {line.split()[0]}" if i else "htmleval", line) for i, line in enumerate(lines)
                if not line.startswith("low:")]
        rows.append(("htmleval extract", f"{pages / max(wall, 1e-9):.1f} pages/s wall, {pages / max(cpu, 1e-9):.1f} "
                                         f"pages per CPU second (`onrecord extract` of {pages} pages, one process)"))
        if ingest_runs:
            with tempfile.TemporaryDirectory(prefix="onrecord-htmleval-pages-") as tmp:
                decompress_pages(root, Path(tmp), limit)
                rows += [ingest_row(Path(tmp), ingest_runs), stages_row(Path(tmp))]
                if peer:
                    rows.append(peer_row_or_failure(Path(tmp), peer, ingest_runs))
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        return [("htmleval", f"failed: {exc}")]
    return rows


def main(argv: list[str] | None = None) -> int:
    """Print the htmleval rows; returns the process exit code."""
    ap = argparse.ArgumentParser(prog="python -m bench.quality.htmleval")
    ap.add_argument("--htmleval", help="folder with score.py and wcxb-dev/")
    ap.add_argument("--limit", type=int, default=0, help="score only the first N pages")
    ap.add_argument("--ingest-runs", type=int, default=INGEST_RUNS,
                    help="`onrecord index` runs timed for the ingest speed (median; 0: skip)")
    ap.add_argument("--peer", metavar="REV",
                    help="also time the ingest by git revision REV's code, alternating with this checkout's")
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    rows = htmleval_rows(args.htmleval, args.limit, args.ingest_runs, args.peer)
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
