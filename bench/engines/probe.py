"""The query phase of one engine, run in its own process so each engine's
peak memory is its own.

Owns opening an engine, warming it with one pass over the query set,
timing N further passes, and reporting latency percentiles (over the
per-query medians of the N runs), result counts and memory (VmRSS after
opening, VmRSS after the runs = serving RSS, VmHWM = peak RSS).

Run: `python -m bench.engines.probe ENGINE INDEX_DIR QUERIES.json RUNS`; prints one
JSON object on stdout.  run_probe() starts it and returns that object.
"""
from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.engines.queries import BenchQuery

REPO = Path(__file__).resolve().parents[2]


def read_status_mb(field: str, pid: str = "self") -> float | None:
    """Return a /proc/PID/status memory field (VmRSS, VmHWM) in MB, or None."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def percentile(values: list[float], pct: float) -> float:
    """Return the nearest-rank percentile `pct` (0-100) of `values`."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


def time_queries(engine: Any, queries: list[BenchQuery], runs: int) -> dict[str, Any]:
    """Return per-query totals and median latencies (ms) over `runs` passes
    after one warm pass (whose own latencies are "first_pass_ms"); failing
    queries are listed under "errors"."""
    totals: dict[str, int] = {}
    errors: dict[str, str] = {}
    first: dict[str, float] = {}
    for q in queries:  # warm pass: caches, facet tables, OS page cache
        started = time.perf_counter()
        try:
            totals[q.name] = engine.run(q)
        except Exception as exc:  # a peer's syntax gap must not end the run
            errors[q.name] = f"{type(exc).__name__}: {exc}"
        first[q.name] = (time.perf_counter() - started) * 1000
    good = [q for q in queries if q.name not in errors]
    samples: dict[str, list[float]] = {q.name: [] for q in good}
    for _ in range(runs):
        for q in good:
            started = time.perf_counter()
            engine.run(q)
            samples[q.name].append((time.perf_counter() - started) * 1000)
    medians = {name: statistics.median(ms) for name, ms in samples.items() if ms}
    return {"totals": totals, "errors": errors, "median_ms": medians, "first_pass_ms": first}


# Query kinds (bench.engines.queries) that get latency rows of their own in the
# table: issue 10's phrases, whose cost depends on how common words are
# indexed, would otherwise hide in the p50/p95 of the whole set.
KIND_ROWS = ("phrase", "common-phrase")


def kind_latencies(queries: list[BenchQuery], medians: dict[str, float]) -> dict[str, float]:
    """Return the p50 and max of the per-query median latencies of each
    KIND_ROWS kind, as "<kind>_p50_ms" / "<kind>_max_ms" (dashes become
    underscores)."""
    out: dict[str, float] = {}
    for kind in KIND_ROWS:
        ms = [medians[q.name] for q in queries if q.kind == kind and q.name in medians]
        if ms:
            key = kind.replace("-", "_")
            out[f"{key}_p50_ms"] = percentile(ms, 50)
            out[f"{key}_max_ms"] = max(ms)
    return out


def probe(engine_name: str, index_dir: Path, queries: list[BenchQuery], runs: int) -> dict[str, Any]:
    """Return the query-phase measurements of one engine (see module doc)."""
    from bench.engines.peers import open_engine

    started = time.perf_counter()
    engine = open_engine(engine_name, index_dir)
    opened = time.perf_counter() - started
    rss_open = read_status_mb("VmRSS")
    timing = time_queries(engine, queries, runs)
    medians = list(timing["median_ms"].values())
    result = {
        "engine": engine_name, "queries": len(queries), "runs": runs,
        "open_s": opened, "rss_open_mb": rss_open,
        "p50_ms": percentile(medians, 50), "p95_ms": percentile(medians, 95),
        "max_ms": max(medians) if medians else math.nan,
        **kind_latencies(queries, timing["median_ms"]),
        # The warm pass itself: each query's first run in a fresh process
        # (the first one also builds the per-searcher facet and sort tables).
        "first_p50_ms": percentile(list(timing["first_pass_ms"].values()), 50),
        "first_p95_ms": percentile(list(timing["first_pass_ms"].values()), 95),
        # Only onrecord has a deadline that returns partial answers.
        "partial_queries": len(engine.partial) if hasattr(engine, "partial") else None,
        "serving_rss_mb": read_status_mb("VmRSS"), "peak_rss_mb": read_status_mb("VmHWM"),
        **timing,
    }
    engine.close()
    return result


def run_probe(engine_name: str, index_dir: Path, queries_file: Path, runs: int,
              timeout: float = 3600) -> dict[str, Any]:
    """Run probe() in a fresh interpreter; return its JSON, or {"error": ...}
    if the process failed."""
    cmd = [sys.executable, "-m", "bench.engines.probe", engine_name, str(index_dir),
           str(queries_file), str(runs)]
    try:
        done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"engine": engine_name, "error": f"timed out after {timeout:.0f}s"}
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-3:]
        return {"engine": engine_name, "error": " | ".join(tail) or f"exit {done.returncode}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    """Entry point: ENGINE INDEX_DIR QUERIES.json RUNS -> JSON on stdout."""
    engine_name, index_dir, queries_file, runs = argv
    queries = [BenchQuery.from_json(d) for d in json.loads(Path(queries_file).read_text())]
    print(json.dumps(probe(engine_name, Path(index_dir), queries, int(runs))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
