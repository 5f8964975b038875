"""Both modes' query CPU over one bench index, with each answer's hash (issue #34).

Owns measure_mode_cpu(): the query phase of `bench.speed` (its paragraph-mode
query set) and of `bench.querying.modes` (its query set in quotes mode) over one
onrecord index, in one process, read-only, result cache off, warmed as
`serve` warms; one untimed pass, then `runs` passes timed in thread CPU
time (other processes on a shared machine steal wall time, not the search's
own CPU), each answer's `to_dict()` hashed (sha256 of its JSON) after its
timer stops.  The first pass is not hashed: a fresh process's first
searches of a common phrase can outlast the deadline and come back
partial, different from run to run.
And compare_runs(): two or more such results (a base revision and a
branch, alternated) as one table of p50 / p95 / max / a pass per mode, the
queries that moved most, and whether every answer hashed equal.

Run: `python -m bench.querying.mode_cpu run INDEX_DIR META_JSON --out OUT.json [--runs 3]`
(META_JSON: the derived build's meta.json, for its names) and
`python -m bench.querying.mode_cpu compare LABEL=OUT.json ...`.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench.engines.peers import OnrecordEngine
from bench.engines.probe import percentile
from bench.engines.queries import BenchQuery, build_mode_queries, build_queries
from onrecord.search import search


def mode_query_sets(meta: dict[str, Any]) -> dict[str, list[BenchQuery]]:
    """Return each mode's queries for a derived build's `meta`: bench.speed's
    set in paragraph mode, bench.querying.modes' set in quotes mode."""
    return {"paragraphs": build_queries(meta["speakers"], meta["institutions"], meta["outlets"]),
            "quotes": [q.in_mode("quotes") for q in build_mode_queries(meta["speakers"])]}


def answer_hash(answer: Any) -> str:
    """Return the sha256 of a search answer's to_dict() as sorted JSON."""
    text = json.dumps(answer.to_dict(), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def timed_search(engine: OnrecordEngine, query: BenchQuery) -> tuple[float, str]:
    """Return the thread CPU milliseconds of one search of `query` and its
    answer's hash (taken after the timer stops)."""
    started = time.thread_time()
    answer = search(engine.index, query.to_request())
    return 1000 * (time.thread_time() - started), answer_hash(answer)


def measure_mode_cpu(index_dir: Path, sets: dict[str, list[BenchQuery]], runs: int) -> dict[str, Any]:
    """Return {"hashes": {mode: {name: sha256 of the last pass}}, "ms":
    {mode: {name: [ms a pass]}}, "unstable": [mode name, ...]}: one untimed
    pass of every query, then `runs` timed passes; unstable lists the
    queries whose answer changed between the timed passes."""
    engine = OnrecordEngine(index_dir)
    hashes: dict[str, dict[str, str]] = {mode: {} for mode in sets}
    unstable: set[str] = set()
    samples: dict[str, dict[str, list[float]]] = {mode: {q.name: [] for q in qs} for mode, qs in sets.items()}
    try:
        for queries in sets.values():
            for query in queries:
                search(engine.index, query.to_request())
        for _ in range(runs):
            for mode, queries in sets.items():
                for query in queries:
                    ms, digest = timed_search(engine, query)
                    if hashes[mode].setdefault(query.name, digest) != digest:
                        unstable.add(f"{mode} {query.name}")
                    hashes[mode][query.name] = digest
                    samples[mode][query.name].append(ms)
    finally:
        engine.close()
    return {"hashes": hashes, "ms": samples, "unstable": sorted(unstable)}


def summarise(ms: dict[str, list[float]]) -> dict[str, float]:
    """Return p50 / p95 / max of the per-query medians and a pass's sum."""
    medians = [statistics.median(v) for v in ms.values()]
    return {"p50": percentile(medians, 50), "p95": percentile(medians, 95), "max": max(medians),
            "pass": sum(medians)}


def compare_runs(results: dict[str, dict[str, Any]], moved: int = 8) -> str:
    """Return the comparison of labelled results: a row per label and mode,
    the `moved` queries whose median changed most between the first label
    and the last, and whether every answer hash is equal across labels."""
    labels = list(results)
    lines = ["run | mode | p50 | p95 | max | a pass"]
    for label in labels:
        for mode, ms in results[label]["ms"].items():
            row = summarise(ms)
            lines.append(f"{label} | {mode} | " + " | ".join(f"{row[k]:,.1f}" for k in ("p50", "p95", "max", "pass")))
    first, last = results[labels[0]]["ms"], results[labels[-1]]["ms"]
    changes = [(statistics.median(last[mode][name]) - statistics.median(ms), mode, name,
                statistics.median(ms), statistics.median(last[mode][name]))
               for mode, by_name in first.items() for name, ms in by_name.items()]
    for _, mode, name, before, after in sorted(changes)[:moved]:
        lines.append(f"{mode} {name}: {before:,.1f} -> {after:,.1f}")
    hashes = [results[label]["hashes"] for label in labels]
    differing = sorted(f"{mode} {name}" for mode, by_name in hashes[0].items() for name, digest in by_name.items()
                       if any(other[mode].get(name) != digest for other in hashes[1:]))
    total = sum(len(by_name) for by_name in hashes[0].values())
    lines.append(f"answers equal: {total - len(differing)} of {total}"
                 + (f"; differing: {', '.join(differing)}" if differing else ""))
    unstable = sorted({name for result in results.values() for name in result.get("unstable", [])})
    if unstable:
        lines.append(f"answers that changed between one run's passes: {', '.join(unstable)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m bench.querying.mode_cpu", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="time both modes over one index")
    run.add_argument("index", type=Path)
    run.add_argument("meta", type=Path, help="the derived build's meta.json")
    run.add_argument("--out", type=Path, required=True)
    run.add_argument("--runs", type=int, default=3, help="timed passes after the hashing pass")
    compare = commands.add_parser("compare", help="compare LABEL=OUT.json results")
    compare.add_argument("results", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        sets = mode_query_sets(json.loads(args.meta.read_text()))
        result = measure_mode_cpu(args.index, sets, args.runs)
        args.out.write_text(json.dumps(result))
        print(compare_runs({"run": result}))
    else:
        loaded = {label: json.loads(Path(path).read_text())
                  for label, path in (item.split("=", 1) for item in args.results)}
        print(compare_runs(loaded))
    return 0


if __name__ == "__main__":
    sys.exit(main())
