"""Entity and article page benchmark: a speaker with 50,000 quotes and an
article of 200,000 paragraphs, paged.

Owns `python -m bench.querying.entity_pages [--quotes N] [--article-paragraphs N]
[--runs N]`.  Builds (once; kept under --work, keyed by the arguments and a
hash of the schema and the corpus recipe, bench/engines/entity_corpus.py) an index
of the generated corpus, written like a large `onrecord index` run: worker
processes write one segment each, the parent commits them.  Then, per run,
it opens a fresh index handle (empty per-searcher caches) and a fresh app
and fetches each page of PAGES through Flask's test client: the speaker
page's first page (cold, then again warm), page 2, the middle and the last
page; the long article's first window and the windows holding its middle
and last paragraphs.  Prints the median, min and max time and the size of
each page over the runs, and the peak RSS of this process.  Exits 1 if a
page is not a 200 or a speaker page's median exceeds --target-ms.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from bench.engines.derived import batched
from bench.engines.entity_corpus import LONG_ID, PROLIFIC, iter_prolific, long_article
from onrecord.search import Config, SegmentBatch, commit_batches, hold_write_lock, open_index, write_segment

REPO = Path(__file__).resolve().parents[2]
DEFAULT_WORK = Path(os.environ.get("ONRECORD_BENCH_DIR", "/tmp/onrecord-bench"))
STREAM_BATCH = 500  # articles per slice of the stream handed round the workers
QUOTES_PER_PAGE = Config().entity_page_size  # the entity pages' default: names the middle and last pages
DONE_MARKER = "BUILT"


@dataclass
class Row:
    """One page of the table: its URL and what each run measured."""

    label: str
    url: str
    speaker: bool  # held to --target-ms
    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)  # this process's CPU time: shows contention
    sizes: list[int] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)


def code_hash() -> str:
    """Return a short hash of the code that shapes the built index."""
    digest = hashlib.sha256()
    for rel in ("search/storage/schema.py", "bench/engines/entity_corpus.py"):
        digest.update((REPO / rel).read_bytes())
    return digest.hexdigest()[:12]


def write_share(path: Path, args: argparse.Namespace, share: int, shares: int) -> SegmentBatch | None:
    """Worker: write every `shares`-th slice of the generated stream (and,
    in worker 0, the long article) as one uncommitted segment of `path`."""
    def mine():  # type: ignore[no-untyped-def]
        if share == 0 and args.article_paragraphs:
            yield long_article(args.article_paragraphs, args.seed)
        for number, batch in enumerate(batched(iter_prolific(args.quotes, args.seed), STREAM_BATCH)):
            if number % shares == share:
                yield from batch
    return write_segment(path, mine(), unique_ids=True)


def ensure_index(args: argparse.Namespace) -> Path:
    """Return the built index directory, building it first if needed."""
    target = args.work / f"pages-q{args.quotes}-a{args.article_paragraphs}-s{args.seed}-{code_hash()}"
    if (target / DONE_MARKER).exists():
        print(f"reusing {target}", flush=True)
        return target
    print(f"building {target} with {args.workers} worker processes ...", flush=True)
    started = time.perf_counter()
    index = open_index(target, create=True)
    try:
        with hold_write_lock(index), ProcessPoolExecutor(max_workers=args.workers) as pool:
            futures = [pool.submit(write_share, target, args, share, args.workers)
                       for share in range(args.workers)]
            written = commit_batches(index, [b for b in (f.result() for f in futures) if b])
    finally:
        index.close()
    (target / DONE_MARKER).write_text(f"{written}\n")
    print(f"built {written:,} paragraphs in {time.perf_counter() - started:.0f} s", flush=True)
    return target


def page_rows(args: argparse.Namespace) -> list[Row]:
    """Return the pages to fetch, in the order each run fetches them."""
    speaker = f"/speaker/{quote(PROLIFIC)}"
    last = max(1, -(-args.quotes // QUOTES_PER_PAGE))
    rows = [Row("speaker page 1, cold", speaker, True), Row("speaker page 1, warm", speaker, True),
            Row("speaker page 2", f"{speaker}?page=2", True),
            Row(f"speaker page {last // 2 or 1}", f"{speaker}?page={last // 2 or 1}", True),
            Row(f"speaker page {last} (last)", f"{speaker}?page={last}", True)]
    if args.article_paragraphs:
        middle, end = args.article_paragraphs // 2, args.article_paragraphs
        rows += [Row("article, first window", f"/doc/{LONG_ID}", False),
                 Row(f"article, window of p{middle}", f"/doc/{LONG_ID}?p={middle}", False),
                 Row(f"article, window of p{end}", f"/doc/{LONG_ID}?p={end}", False)]
    return rows


def run_once(index_dir: Path, rows: list[Row]) -> None:
    """Fetch every row's page once through a fresh index handle and app."""
    from onrecord.web.app import create_app  # the app is what is measured

    index = open_index(index_dir)
    try:
        client = create_app(index=index, config=Config(query_timeout=None)).test_client()
        for row in rows:
            started, cpu = time.perf_counter(), time.process_time()
            response = client.get(row.url)
            body = response.get_data()
            row.ms.append((time.perf_counter() - started) * 1000)
            row.cpu_ms.append((time.process_time() - cpu) * 1000)
            row.sizes.append(len(body))
            row.statuses.append(response.status_code)
    finally:
        index.close()


def report(rows: list[Row], target_ms: float) -> list[str]:
    """Print the table; return the reasons the run fails (empty if none)."""
    print("\n| page | median ms | min ms | max ms | median CPU ms | KB | status |\n|---|---|---|---|---|---|---|")
    failures = []
    for row in rows:
        median = statistics.median(row.ms)
        print(f"| {row.label} | {median:,.0f} | {min(row.ms):,.0f} | {max(row.ms):,.0f} | "
              f"{statistics.median(row.cpu_ms):,.0f} | {statistics.median(row.sizes) / 1024:,.0f} | "
              f"{','.join(sorted(set(map(str, row.statuses))))} |")
        if set(row.statuses) != {200}:
            failures.append(f"{row.url} answered {row.statuses}")
        if row.speaker and median > target_ms:
            failures.append(f"{row.label}: median {median:.0f} ms > {target_ms:.0f} ms")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak RSS of this process: {peak:,.0f} MB ({len(rows[0].ms)} runs); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return failures


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.querying.entity_pages", description=__doc__.split("\n\n")[0])
    p.add_argument("--quotes", type=int, default=50_000, help="quotes of the prolific speaker")
    p.add_argument("--article-paragraphs", type=int, default=200_000, help="paragraphs of the long article (0: none)")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=2004)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--target-ms", type=float, default=1000.0, help="limit for a speaker page's median")
    p.add_argument("--work", type=Path, default=DEFAULT_WORK, help="where the built index is kept")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Build or reuse the index, time the pages; return 0 if all passed."""
    args = parse_args(argv)
    index_dir = ensure_index(args)
    rows = page_rows(args)
    for run in range(args.runs):
        run_once(index_dir, rows)
        print(f"run {run + 1}/{args.runs}: " + ", ".join(f"{r.ms[-1]:.0f}" for r in rows) + " ms", flush=True)
    failures = report(rows, args.target_ms)
    for reason in failures:
        print("FAIL:", reason)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
