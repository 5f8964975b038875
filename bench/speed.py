"""The speed benchmark (`make bench` = `python -m bench.speed`).

Owns the run: ingest the BBC corpus end to end and time indexing alone;
build (or reuse from the cache) the derived corpora; run the fixed query
set through onrecord, tantivy and naive Whoosh, each in its own process;
time onrecord's quotes mode beside its paragraph mode on the same index
(bench.querying.modes); load-test `onrecord serve` with wrk; time ingest through the local Dask
cluster beside the previous process pool and serving with 1 vs 2
processes (bench.ingest.cluster_ingest, --ingest-size); compare index size and
BBC ingest with the revision before quote documents (bench.ingest.quotes_cost,
--quotes-peer); print one table per
corpus and write everything to bench/results/speed-<date>.json.  See
bench/README.md.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.engines.corpus import Pool, annotate_corpus, build_pool, count_words, parse_size, top_names
from bench.engines.derived import (
    NAMES,
    batched,
    build_parallel,
    cpu_per_paragraph,
    cpu_seconds,
    dir_mb,
    ensure_derived,
    rates,
)
from bench.engines.peers import TantivyBuilder, build_whoosh_naive
from bench.engines.probe import run_probe
from bench.engines.queries import build_queries
from bench.engines.report import combine_runs, format_table, machine_info
from bench.ingest import cluster_ingest, quotes_cost
from bench.querying import modes
from bench.web.serving import bench_web
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search import Article, Config, IngestSummary, open_index, write_articles

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SIZES = "bbc,24k,250k,1m"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.speed", description=__doc__.split("\n")[0])
    p.add_argument("--bbc", type=Path, default=Path(os.environ.get(
        "ONRECORD_BBC", REPO.parent / "shared" / "corpus" / "bbc")), help="BBC corpus directory")
    p.add_argument("--sizes", default=DEFAULT_SIZES,
                   help="corpora: 'bbc' and/or derived sizes like 24k,250k,1m")
    p.add_argument("--quick", action="store_true", help="BBC corpus only (= --sizes bbc)")
    p.add_argument("--runs", type=int, default=5, help="timed passes over the query set")
    p.add_argument("--repeat", type=int, default=3,
                   help="fresh runs of ingest, indexing, query processes and wrk (medians reported)")
    p.add_argument("--seed", type=int, default=2004, help="seed of the derived corpora")
    p.add_argument("--cache-dir", type=Path, default=Path(os.environ.get(
        "ONRECORD_BENCH_DIR", "/tmp/onrecord-bench")), help="where derived indexes are kept")
    p.add_argument("--naive-max", type=parse_size, default=parse_size("30k"),
                   help="largest corpus naive Whoosh is built for (it is slow)")
    p.add_argument("--tantivy-max", type=parse_size, default=parse_size("1m"),
                   help="largest corpus tantivy is built for")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="processes writing a derived onrecord index (default: one per core)")
    p.add_argument("--web-seconds", type=int, default=30, help="wrk duration (0 = no web run)")
    p.add_argument("--ingest-size", default="250k",
                   help="derived corpus for the local cluster vs previous pool ingest rows and the "
                        "1 vs 2 serving processes rows (bench.ingest.cluster_ingest; 0 = skip)")
    p.add_argument("--quotes-peer", default="",
                   help="revision before quote documents: index size and BBC ingest beside it "
                        "(bench.ingest.quotes_cost; empty = skip)")
    p.add_argument("--out", type=Path, default=None, help="result JSON path")
    args = p.parse_args(argv)
    args.sizes = ["bbc"] if args.quick else [s.strip().lower() for s in args.sizes.split(",") if s.strip()]
    for label in args.sizes:
        if label != "bbc":
            parse_size(label)
    return args


# ------------------------------------------------------------------ BBC

def measure_bbc(root: Path, work: Path, args: argparse.Namespace) -> tuple[dict[str, Any], Pool]:
    """Return the BBC section (ingest, indexing alone, peers' builds, index
    paths) and the annotated paragraph Pool the derived corpora draw on."""
    if not root.is_dir():
        raise SystemExit(f"BBC corpus not found at {root}; pass --bbc DIR or set ONRECORD_BBC")
    e2e_runs = ingest_bbc_runs(root, work, args.repeat)
    summary = e2e_runs[-1]
    print("[bbc] annotating into memory ...", flush=True)
    started = time.perf_counter()
    articles, skipped = annotate_corpus(root)
    extract_s = time.perf_counter() - started
    unique = list({a.id: a for a in articles}.values())  # as ingest_paths: one copy per id
    paragraphs = sum(len(a.paragraphs) for a in unique)
    words = count_words(unique)
    index_runs = time_index_runs(work, unique, words, args)
    onrecord = {"paragraphs": index_runs[-1]["paragraphs"],
                **combine_runs([rates(r.paragraphs, words, r.seconds, "e2e") for r in e2e_runs]),
                "extract_para_per_s": sum(len(a.paragraphs) for a in articles) / extract_s,
                **combine_runs(index_runs),
                "index_mb": dir_mb(work / "bbc-onrecord"), "e2e_index_mb": dir_mb(work / "bbc-e2e"),
                "files": summary.files, "skipped": summary.skipped}
    shutil.rmtree(work / "bbc-e2e", ignore_errors=True)
    engines = {"onrecord": onrecord}
    paths = {"onrecord": work / "bbc-onrecord"}
    print("[bbc] building peer indexes ...", flush=True)
    engines["tantivy"], paths["tantivy"] = _build_peer("tantivy", work, unique, words)
    if paragraphs <= args.naive_max:
        engines["whoosh-naive"], paths["whoosh-naive"] = _build_peer("whoosh-naive", work, unique, words)
    section = {"label": "bbc", "source": str(root), "paragraphs": paragraphs, "words": words,
               "engines": engines, "paths": paths,
               "speakers": top_names(unique, "speakers", NAMES),
               "institutions": top_names(unique, "institutions", NAMES), "outlets": []}
    return section, build_pool(articles, skipped)


def ingest_bbc_runs(root: Path, work: Path, repeat: int) -> list[IngestSummary]:
    """Return the summaries of `repeat` end-to-end ingests of the BBC corpus
    at `root`, each into a fresh index at work/bbc-e2e (the last one left
    there, for its size)."""
    e2e_runs = []
    for run in range(repeat):
        print(f"[bbc] ingesting {root} end to end ({run + 1}/{repeat}) ...", flush=True)
        shutil.rmtree(work / "bbc-e2e", ignore_errors=True)
        e2e_index = open_index(work / "bbc-e2e", create=True)
        e2e_runs.append(ingest_paths([root], e2e_index))
        e2e_index.close()
    return e2e_runs


def time_index_runs(work: Path, unique: list[Article], words: int,
                    args: argparse.Namespace) -> list[dict[str, Any]]:
    """Return args.repeat runs of indexing the annotated `unique` articles
    alone, each with args.workers processes and then in one process
    (_timed_build's keys of both)."""
    paragraphs = sum(len(a.paragraphs) for a in unique)
    index_runs = []
    for run in range(args.repeat):
        print(f"[bbc] indexing {paragraphs} annotated paragraphs alone, {args.workers} workers and "
              f"in one process ({run + 1}/{args.repeat}) ...", flush=True)
        index_runs.append({**_timed_build(work, unique, words, args.workers),
                           **_timed_build(work, unique, words, 0)})
    return index_runs


def _timed_build(work: Path, articles: list[Article], words: int, workers: int) -> dict[str, Any]:
    """Index `articles` into a fresh index under `work` and return the
    rates and CPU per paragraph: with `workers` > 0 as a parallel build
    (bench.engines.derived.build_parallel, the "index_" keys, as the derived
    corpora are written), with 0 in this process in commits of
    batch_articles (write_articles, the "serial_index_" keys)."""
    path = work / "bbc-onrecord"
    shutil.rmtree(path, ignore_errors=True)
    started, cpu = time.perf_counter(), cpu_seconds()
    if workers:
        written = build_parallel(path, articles, workers)
    else:
        written = _index_onrecord(path, articles)
    seconds, cpu = time.perf_counter() - started, cpu_seconds() - cpu
    prefix = "index" if workers else "serial_index"
    cpu_ms = cpu_per_paragraph(written, cpu)["index_cpu_ms_per_para"]
    return {"paragraphs": written, **rates(written, words, seconds, prefix),
            f"{prefix}_cpu_ms_per_para": cpu_ms}


def _index_onrecord(path: Path, articles: list[Article]) -> int:
    """Write `articles` into a new index at `path` in this process, a
    commit per batch_articles; return the paragraphs."""
    index = open_index(path, create=True)
    written = 0
    for batch in batched(articles, Config().batch_articles):
        written += write_articles(index, batch)
    index.close()
    return written


def _build_peer(name: str, work: Path, articles: list[Article], words: int) -> tuple[dict[str, Any], Path]:
    path = work / f"bbc-{name}"
    started = time.perf_counter()
    if name == "tantivy":
        builder = TantivyBuilder(path)
        written = builder.add(articles)
        builder.finish()
    else:
        written = build_whoosh_naive(path, articles)
    seconds = time.perf_counter() - started
    return {"paragraphs": written, **rates(written, words, seconds, "index"),
            "index_mb": dir_mb(path)}, path


# --------------------------------------------------------- query phase

def measure_queries(section: dict[str, Any], work: Path, args: argparse.Namespace,
                    web: bool) -> None:
    """Run the query set through every engine built for `section` (each in
    its own process) and, if `web`, wrk against onrecord serve; results are
    merged into section["engines"]."""
    queries = build_queries(section["speakers"], section["institutions"], section["outlets"])
    queries_file = work / f"queries-{section['label']}.json"
    queries_file.write_text(json.dumps([q.to_json() for q in queries]))
    section["queries"] = [q.to_json() for q in queries]
    for name, path in section["paths"].items():
        # Naive Whoosh takes ~100x longer per pass: one process is enough
        # for a ratio; onrecord and tantivy get --repeat fresh processes.
        repeat = 1 if name == "whoosh-naive" else args.repeat
        probes = []
        for run in range(repeat):
            print(f"[{section['label']}] querying {name} ({len(queries)} queries x {args.runs} "
                  f"passes, process {run + 1}/{repeat}) ...", flush=True)
            probe = run_probe(name, Path(path), queries_file, args.runs)
            probe["query_errors"] = len(probe.get("errors", {})) if "error" not in probe else None
            probes.append(probe)
        section["engines"][name].update(combine_runs(probes))
    if web and args.web_seconds > 0:
        runs = []
        for run in range(args.repeat):
            print(f"[{section['label']}] wrk against onrecord serve for {args.web_seconds}s "
                  f"({run + 1}/{args.repeat}) ...", flush=True)
            runs.append(bench_web(Path(section["paths"]["onrecord"]),
                                  [q.to_url() for q in queries], duration=args.web_seconds))
        result = combine_runs(runs)
        if all("non_2xx" in r for r in runs):
            result["non_2xx"] = sum(r["non_2xx"] for r in runs)  # every error counts
        section["web"] = result
        section["engines"]["onrecord"].update(
            {f"web_{k}": v for k, v in result.items() if isinstance(v, (int, float))})


def measure_cluster_ingest(args: argparse.Namespace) -> dict[str, Any]:
    """Return bench.ingest.cluster_ingest's comparison at args.ingest_size, with
    this run's repeat, seed, cache and web duration."""
    return cluster_ingest.measure(cluster_ingest.parse_args([
        "--bbc", str(args.bbc), "--size", args.ingest_size, "--repeat", str(args.repeat),
        "--workers", str(args.workers), "--seed", str(args.seed), "--cache-dir", str(args.cache_dir),
        "--web-seconds", str(args.web_seconds)]))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; return the process exit status."""
    args = parse_args(argv)
    results: dict[str, Any] = {"date": dt.datetime.now().isoformat(timespec="seconds"),
                               "machine": machine_info(REPO), "runs": args.runs, "repeat": args.repeat,
                               "seed": args.seed, "corpora": {}}
    tables: list[str] = []
    with tempfile.TemporaryDirectory(prefix="onrecord-bench-") as tmp:
        work = Path(tmp)
        bbc, pool = measure_bbc(args.bbc, work, args)
        for label in args.sizes:
            section = bbc if label == "bbc" else ensure_derived(pool, parse_size(label), args)
            measure_queries(section, work, args, web=label == "bbc")
            section["paths"] = {k: str(v) for k, v in section["paths"].items()}
            results["corpora"][label] = section
            title = (f"{label}: {section['paragraphs']:,} paragraphs, {section['words']:,} words"
                     + (" (cached build)" if section.get("cached") else ""))
            tables.append(format_table(title, section["engines"]))
            print("\n" + tables[-1] + "\n", flush=True)
            section["modes"] = modes.measure_modes(section, work, args)
            tables.append(modes.format_modes(label, section["modes"]))
            print("\n" + tables[-1] + "\n", flush=True)
        if "web" in bbc and "skipped" in bbc["web"]:
            tables.append(f"web: skipped: {bbc['web']['skipped']}")
        if args.ingest_size not in ("", "0"):
            results["cluster_ingest"] = measure_cluster_ingest(args)
            tables.append(cluster_ingest.format_result(results["cluster_ingest"]))
    if args.quotes_peer:
        results["quotes_cost"] = quotes_cost.measure(args.bbc, args.quotes_peer, args.repeat)
        tables.append(quotes_cost.format_cost(results["quotes_cost"]))
    out = args.out or REPO / "bench" / "results" / f"speed-{dt.date.today().isoformat()}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1, default=str))
    print("\n\n".join(tables))
    print(f"\nmachine: {results['machine']}\nresults: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
