"""Export memory check: a CSV export of 20,000+ hits streams completely
with constant memory.

Owns `python -m bench.web.export_memory [--index DIR] [--query Q]`.  Without
--index it builds (once, in a child process, so the build's garbage does not
pollute the measurement) a derived corpus of --size paragraphs from the BBC
corpus with bench.engines.corpus's recipe.  It then serves the real app with
waitress in a background thread, downloads /export.csv?rows=paragraphs with
urllib in 64 KiB reads, parses the CSV as it arrives, and samples this
process's resident memory (VmRSS) every 1,000 rows.  Exits 1 if fewer rows
arrive than the query has hits, or if the peak RSS exceeds the RSS before
the request by more than --max-growth-mb (growth after the first 1,000 rows,
past the warm-up of searcher, sort column and first batch, is printed too).

The default (every paragraph of a 24k derived index) exports in index
order; `--size 64000 --query said` (20,915 hits) checks a relevance-ranked
export too.
"""
from __future__ import annotations

import argparse
import csv
import io
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any
from urllib.parse import urlencode
from urllib.request import urlopen

from onrecord.search import Article, Config, Index, SearchRequest, open_index, search, write_articles

REPO = Path(__file__).resolve().parents[2]
DEFAULT_BBC = Path(os.environ.get("ONRECORD_BBC", REPO.parent / "shared" / "corpus" / "bbc"))
DEFAULT_WORK = Path(os.environ.get("ONRECORD_BENCH_DIR", "/tmp/onrecord-bench"))
SAMPLE_EVERY = 1000  # rows between RSS samples
READ_CHUNK = 64 * 1024
BUILD_BATCH = 2000  # articles per commit while building the derived index
DONE_MARKER = "BUILT"


@dataclass
class Measurement:
    """What one streamed export did."""

    hits: int
    rows: int = 0
    bytes: int = 0
    seconds: float = 0.0
    rss_before_kb: int = 0
    samples: list[tuple[int, int]] = field(default_factory=list)  # (rows, VmRSS kB)

    @property
    def peak_kb(self) -> int:
        return max((kb for _, kb in self.samples), default=self.rss_before_kb)

    @property
    def growth_mb(self) -> float:
        """RSS growth over the whole export: the peak sample minus RSS before the request."""
        return (self.peak_kb - self.rss_before_kb) / 1024

    @property
    def steady_growth_mb(self) -> float:
        """RSS growth after warm-up: the peak sample minus the first (row 1,000)."""
        return (self.peak_kb - self.samples[0][1]) / 1024 if self.samples else 0.0


def read_rss_kb() -> int:
    """Return this process's resident set size in kB (from /proc/self/status)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("VmRSS not in /proc/self/status (not Linux?)")


class CountingReader(io.RawIOBase):
    """A raw stream over an HTTP response that counts the bytes read."""

    def __init__(self, response: Any) -> None:
        self.response = response
        self.bytes = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = self.response.readinto(buffer)
        self.bytes += n or 0
        return n or 0


def stream_export(url: str, hits: int) -> Measurement:
    """Return the Measurement of downloading the CSV at `url` and counting
    its data rows as they arrive."""
    result = Measurement(hits=hits, rss_before_kb=read_rss_kb())
    started = time.perf_counter()
    with urlopen(url, timeout=600) as response:
        raw = CountingReader(response)
        text = io.TextIOWrapper(io.BufferedReader(raw, READ_CHUNK), encoding="utf-8", newline="")
        reader = csv.reader(text)
        next(reader)  # header
        for result.rows, _row in enumerate(reader, start=1):
            if result.rows % SAMPLE_EVERY == 0:
                result.samples.append((result.rows, read_rss_kb()))
    result.seconds = time.perf_counter() - started
    result.bytes = raw.bytes
    result.samples.append((result.rows, read_rss_kb()))
    return result


@dataclass
class LocalServer:
    """The app under waitress in a daemon thread of this process."""

    server: Any
    thread: threading.Thread
    stopping: threading.Event
    base_url: str

    def stop(self, drain_seconds: float = 5.0) -> None:
        """Close the server once its connections are gone (closing under a
        live channel makes waitress write to a closed socket), then join."""
        deadline = time.monotonic() + drain_seconds
        while self.server.active_channels and time.monotonic() < deadline:
            time.sleep(0.02)
        self.stopping.set()
        self.server.close()
        self.thread.join(timeout=5)


def serve_in_thread(index: Index) -> LocalServer:
    """Return a running LocalServer over the app on a free loopback port."""
    from waitress import create_server  # the bench's only server dependency

    from onrecord.web.app import create_app

    app = create_app(index=index, config=Config(query_timeout=None))
    server = create_server(app, host="127.0.0.1", port=0, threads=2)
    stopping = threading.Event()
    thread = threading.Thread(target=_run_until_closed, args=(server, stopping), daemon=True)
    thread.start()
    return LocalServer(server, thread, stopping, f"http://127.0.0.1:{server.effective_port}")


def _run_until_closed(server: Any, stopping: threading.Event) -> None:
    try:
        server.run()
    except OSError:  # close() pulled the sockets out from under select()
        if not stopping.is_set():
            raise


def batched(items: Iterable[Article], size: int) -> Iterator[list[Article]]:
    """Yield lists of up to `size` items."""
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


def build_derived(target: Path, bbc: Path, size: int, seed: int) -> None:
    """Build a derived index of `size` paragraphs at `target` (see
    bench/engines/corpus.py) and mark it complete."""
    from bench.engines.corpus import annotate_corpus, build_pool, iter_derived

    print(f"[build] annotating {bbc} ...", flush=True)
    articles, skipped = annotate_corpus(bbc)
    pool = build_pool(articles, skipped)
    print(f"[build] writing {size} derived paragraphs to {target} ...", flush=True)
    index = open_index(target, create=True)
    written = sum(write_articles(index, batch) for batch in batched(iter_derived(pool, size, seed), BUILD_BATCH))
    index.close()
    (target / DONE_MARKER).write_text(f"{written}\n")


def ensure_index(args: argparse.Namespace) -> Path:
    """Return the index directory to measure, building the derived one (in
    a child process) unless --index was given or it is built already."""
    if args.index:
        return args.index
    target = args.work / f"export-derived-{args.size}-s{args.seed}"
    if not (target / DONE_MARKER).exists():
        if not args.bbc.is_dir():
            raise SystemExit(f"BBC corpus not found at {args.bbc}; pass --bbc DIR or --index DIR")
        cmd = [sys.executable, "-m", "bench.web.export_memory", "--build-only", "--bbc", str(args.bbc),
               "--size", str(args.size), "--seed", str(args.seed), "--work", str(args.work)]
        subprocess.run(cmd, check=True, cwd=REPO)
    return target


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.web.export_memory", description=__doc__.split("\n\n")[0])
    p.add_argument("--index", type=Path, help="existing index to export from (default: build a derived one)")
    p.add_argument("--query", default="", help="search query to export (default: every paragraph)")
    p.add_argument("--rows", choices=("paragraphs", "quotes"), default="paragraphs")
    p.add_argument("--min-hits", type=int, default=20_000, help="refuse a query with fewer hits")
    p.add_argument("--max-growth-mb", type=float, default=20.0)
    p.add_argument("--bbc", type=Path, default=DEFAULT_BBC, help="BBC corpus for the derived index")
    p.add_argument("--size", type=int, default=24_000, help="paragraphs in the derived index")
    p.add_argument("--seed", type=int, default=2004)
    p.add_argument("--work", type=Path, default=DEFAULT_WORK, help="where the derived index is kept")
    p.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def report(m: Measurement, rows_kind: str, max_growth_mb: float) -> list[str]:
    """Print the measurement and return the reasons it fails (empty if it passes)."""
    middle = m.samples[len(m.samples) // 2][1] if m.samples else 0
    print(f"hits {m.hits:,}  rows {m.rows:,}  {m.bytes / 1e6:.1f} MB in {m.seconds:.1f} s "
          f"({m.bytes / 1e6 / max(m.seconds, 1e-9):.1f} MB/s, {m.rows / max(m.seconds, 1e-9):,.0f} rows/s)")
    print(f"RSS before {m.rss_before_kb / 1024:.1f} MB; at row {m.samples[0][0]:,}: "
          f"{m.samples[0][1] / 1024:.1f} MB; middle {middle / 1024:.1f} MB; end {m.samples[-1][1] / 1024:.1f} MB; "
          f"growth {m.growth_mb:+.1f} MB in all, {m.steady_growth_mb:+.1f} MB after row {m.samples[0][0]:,}")
    failures = []
    if rows_kind == "paragraphs" and m.rows < m.hits:
        failures.append(f"only {m.rows:,} of {m.hits:,} rows arrived")
    if m.growth_mb > max_growth_mb:
        failures.append(f"RSS grew {m.growth_mb:.1f} MB (> {max_growth_mb} MB)")
    return failures


def main(argv: list[str] | None = None) -> int:
    """Run the check; return 0 if it passed, 1 if it failed."""
    args = parse_args(argv)
    if args.build_only:
        build_derived(args.work / f"export-derived-{args.size}-s{args.seed}", args.bbc, args.size, args.seed)
        return 0
    index_dir = ensure_index(args)
    index = open_index(index_dir)
    index.query_timeout = None  # the hit count must be exact, however cold the index
    found = search(index, SearchRequest(query=args.query, per_page=1), timeout=None)
    hits = found.total
    if found.partial:
        print(f"FAIL: the hit count is partial ({found.note})")
        return 1
    print(f"index {index_dir}; query {args.query!r}: {hits:,} hits", flush=True)
    if hits < args.min_hits:
        print(f"FAIL: {hits:,} hits < --min-hits {args.min_hits:,}; pick a broader query or a larger index")
        return 1
    live = serve_in_thread(index)
    try:
        url = f"{live.base_url}/export.csv?{urlencode({'q': args.query, 'rows': args.rows})}"
        failures = report(stream_export(url, hits), args.rows, args.max_growth_mb)
    finally:
        live.stop()
        index.close()
    for reason in failures:
        print("FAIL:", reason)
    if not failures:
        print("OK: streamed completely with constant memory")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
