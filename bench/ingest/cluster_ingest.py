"""Ingest speed: the local Dask cluster beside the previous process pool.

Owns one comparison on one machine.  The derived corpus of --size
paragraphs (bench.engines.corpus.iter_derived over the annotated BBC pool) is
written once as JSONL files (25 articles a file) under the cache dir; then
those files are ingested end to end (read, parse, chunk, annotate, index)
into fresh indexes, alternating the previous ProcessPoolExecutor pool
(bench.ingest.pool_peer) and `ingest_paths` on a local cluster (one worker
process per core), --repeat times each.  Reports the median paragraphs/s of
each (wall time, start-up included), the cluster's tasks/s per worker, and
checks both ends with the same paragraph count.  Also, with --web-seconds,
requests/s of `onrecord serve` at 16 connections with 1 and 2 processes
over the cluster-built index (wrk; bench.web.serving).

    python -m bench.ingest.cluster_ingest --size 250k --repeat 3   # the issue's size
    python -m bench.ingest.cluster_ingest --size 50k --repeat 3    # what fits a short slot
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench.engines.corpus import annotate_corpus, build_pool, iter_derived, parse_size
from bench.engines.queries import build_queries
from bench.ingest import pool_peer
from bench.web.serving import bench_web
from onrecord.indexer.distributed.client import TASKS_PER_WORKER, chunk_files
from onrecord.indexer.pipeline import ingest_paths, iter_input_files
from onrecord.search import Article, Config, open_index

REPO = Path(__file__).resolve().parents[2]
ARTICLES_PER_FILE = 25


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.ingest.cluster_ingest", description=__doc__.split("\n")[0])
    p.add_argument("--bbc", type=Path, default=Path(os.environ.get(
        "ONRECORD_BBC", REPO.parent / "shared" / "corpus" / "bbc")), help="BBC corpus directory")
    p.add_argument("--size", type=parse_size, default=parse_size("250k"),
                   help="paragraphs of the derived corpus (250k: the issue's; 50k or 24k to be quick)")
    p.add_argument("--repeat", type=int, default=3, help="runs of each ingest (medians reported)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    p.add_argument("--seed", type=int, default=2004)
    p.add_argument("--cache-dir", type=Path, default=Path(os.environ.get(
        "ONRECORD_BENCH_DIR", "/tmp/onrecord-bench")), help="where the corpus files are kept")
    p.add_argument("--web-seconds", type=int, default=20, help="wrk duration per run (0: no web rows)")
    p.add_argument("--web-warmup", type=int, default=20,
                   help="seconds of wrk before each measured run, not reported (warms every process)")
    p.add_argument("--out", type=Path, default=None, help="result JSON path")
    return p.parse_args(argv)


def to_record(article: Article) -> dict[str, Any]:
    """Return the JSONL record of a derived article (its metadata and text)."""
    meta = article.meta
    return {"url": meta.url, "title": meta.title, "outlet": meta.outlet, "author": meta.author,
            "published": meta.published.isoformat() if meta.published else None,
            "text": "\n\n".join(p.text for p in article.paragraphs)}


def ensure_files(args: argparse.Namespace) -> Path:
    """Return the folder of the derived corpus as JSONL files, writing it
    unless a complete one is cached."""
    folder = args.cache_dir / f"files-{args.size}-s{args.seed}"
    if (folder / "done").exists():
        print(f"reusing corpus files in {folder}", flush=True)
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    print(f"annotating {args.bbc} for the derived pool ...", flush=True)
    pool = build_pool(*annotate_corpus(args.bbc))
    batch: list[str] = []
    number = 0
    for article in iter_derived(pool, args.size, args.seed):
        batch.append(json.dumps(to_record(article), ensure_ascii=False))
        if len(batch) == ARTICLES_PER_FILE:
            (folder / f"f{number:05d}.jsonl").write_text("\n".join(batch) + "\n")
            batch, number = [], number + 1
    if batch:
        (folder / f"f{number:05d}.jsonl").write_text("\n".join(batch) + "\n")
    (folder / "done").write_text("")
    return folder


def run_once(kind: str, corpus: Path, index_dir: Path, workers: int) -> dict[str, Any]:
    """Ingest `corpus` into a fresh `index_dir` with `kind` ("pool" or
    "cluster"); return paragraphs, seconds and paragraphs/s."""
    shutil.rmtree(index_dir, ignore_errors=True)
    index = open_index(index_dir, create=True)
    files = list(iter_input_files([corpus]))
    config = Config(cluster_min_bytes=0)
    started = time.perf_counter()
    try:
        if kind == "pool":
            summary = pool_peer.ingest_pool(files, index, workers, config)
        else:
            summary = ingest_paths([corpus], index, workers=workers, config=config)
        seconds = time.perf_counter() - started
        count = index.doc_count()
    finally:
        index.close()
    if kind == "pool":
        tasks = len(pool_peer.chunk_files(files, workers, config.tasks_per_commit))
    else:
        tasks = len(chunk_files(files, workers, TASKS_PER_WORKER))
    result = {"paragraphs": summary.paragraphs, "indexed": count, "seconds": seconds,
              "paragraphs_per_s": summary.paragraphs / seconds, "tasks": tasks,
              "tasks_per_s_per_worker": tasks / seconds / workers}
    print(f"  {kind}: {summary.paragraphs:,} paragraphs in {seconds:.1f} s "
          f"({result['paragraphs_per_s']:,.0f}/s)", flush=True)
    return result


def median_of(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def web_rows(index_dir: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Return wrk's medians at 16 connections with 1 and 2 serving processes."""
    index = open_index(index_dir)
    try:
        facets = {name: [v.value for v in values[:20]] for name, values in _facets(index).items()}
    finally:
        index.close()
    queries = build_queries(facets.get("speaker", []), facets.get("institution", []),
                            facets.get("outlet", []))
    urls = [q.to_url() for q in queries]
    rows: dict[str, Any] = {}
    for processes in (1, 2):
        runs = []
        for run in range(args.repeat):
            print(f"  web, {processes} process(es), run {run + 1}/{args.repeat} ...", flush=True)
            runs.append(bench_web(index_dir, urls, duration=args.web_seconds, connections=16,
                                  processes=processes, warmup=args.web_warmup))
        ok = [r for r in runs if r.get("requests_per_s")]
        rows[f"{processes}"] = {"runs": runs, "requests_per_s_median":
                                statistics.median(r["requests_per_s"] for r in ok) if ok else None,
                                "p50_ms_median": statistics.median(r["p50_ms"] for r in ok) if ok else None}
    return rows


def _facets(index: Any, tries: int = 10) -> dict[str, list[Any]]:
    """Return the browse page's facets.  On a large index the first
    searches may come back without them (building the facet table passed
    the query deadline: a partial result), so it asks again, `tries` times."""
    from onrecord.search import SearchRequest, search

    facets: dict[str, list[Any]] = {}
    for _ in range(tries):
        facets = search(index, SearchRequest(query="")).facets
        if any(facets.values()):
            break
    return facets


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Run the comparison (and the web rows) for parse_args' `args`; return
    the result (medians and every run)."""
    corpus = ensure_files(args)
    work = args.cache_dir / f"ingest-runs-{args.size}"
    runs: dict[str, list[dict[str, Any]]] = {"pool": [], "cluster": []}
    for run in range(args.repeat):
        print(f"run {run + 1}/{args.repeat}", flush=True)
        for kind in ("pool", "cluster"):
            runs[kind].append(run_once(kind, corpus, work / kind, args.workers))
    counts = {r["indexed"] for rs in runs.values() for r in rs}
    result: dict[str, Any] = {
        "size": args.size, "workers": args.workers, "repeat": args.repeat, "same_count": len(counts) == 1,
        "pool": {"paragraphs_per_s_median": median_of(runs["pool"], "paragraphs_per_s"), "runs": runs["pool"]},
        "cluster": {"paragraphs_per_s_median": median_of(runs["cluster"], "paragraphs_per_s"),
                    "tasks_per_s_per_worker_median": median_of(runs["cluster"], "tasks_per_s_per_worker"),
                    "runs": runs["cluster"]}}
    if args.web_seconds > 0:
        result["web"] = web_rows(work / "cluster", args)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run measure(), print the table, write the JSON; 1 if the counts differ."""
    args = parse_args(argv)
    result = measure(args)
    print(format_result(result))
    out = args.out or REPO / "bench" / "results" / f"cluster-ingest-{args.size}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1, default=str))
    print(f"results: {out}")
    return 0 if result["same_count"] else 1


def format_result(result: dict[str, Any]) -> str:
    """Return the table of medians."""
    lines = [f"ingest of the derived {result['size']:,}-paragraph corpus from JSONL files, "
             f"{result['workers']} workers, median of {result['repeat']} runs",
             f"  previous pool:  {result['pool']['paragraphs_per_s_median']:,.0f} paragraphs/s",
             f"  local cluster:  {result['cluster']['paragraphs_per_s_median']:,.0f} paragraphs/s, "
             f"{result['cluster']['tasks_per_s_per_worker_median']:.3f} tasks/s per worker",
             f"  same paragraph count: {result['same_count']}"]
    for processes, row in result.get("web", {}).items():
        rps = row["requests_per_s_median"]
        lines.append(f"  web, {processes} serving process(es), 16 connections: "
                     + (f"{rps:,.0f} requests/s, p50 {row['p50_ms_median']:.1f} ms" if rps else "no result"))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
