"""Where a query's time goes: each stage of onrecord's search, in CPU time.

Owns StageClock (a Deadline that adds the thread CPU time between its
stage changes to a tally: parse, expand, collect, group, facets,
histogram, hits, suggest; a stage's time runs until the next begins) and
measure_stages(): the query set of `bench.speed` (a JSON list of
BenchQuery) run against one onrecord index as the query phase runs it
(result cache off, warmed as `serve` warms), one untimed pass, then
`runs` timed passes.  Thread CPU time, not wall time: other processes
on a shared machine steal wall time, not the search's own CPU.

Run: `python -m bench.querying.query_stages INDEX_DIR QUERIES.json [--runs N]`
(QUERIES.json: the `queries` list of a `bench.speed` result for that
corpus); prints per-query p50/p95/max, each stage's CPU per pass and the
slowest queries with their stages.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.engines.peers import OnrecordEngine
from bench.engines.probe import percentile
from bench.engines.queries import BenchQuery
from onrecord.search import Deadline, search

QUERY_SECONDS = 2.0  # the query phase's deadline


class StageClock(Deadline):
    """A search deadline that adds each stage's thread CPU seconds to `tally`."""

    def __init__(self, tally: dict[str, float], seconds: float | None = QUERY_SECONDS) -> None:
        super().__init__(seconds)
        self.tally = tally
        self._since = time.thread_time()

    def begin(self, stage: str) -> None:
        """Close the running stage's time and start `stage`'s."""
        now = time.thread_time()
        self.tally[self.stage] += now - self._since
        self._since = now
        super().begin(stage)

    def finish(self) -> None:
        """Close the last stage's time."""
        self.begin("end")


def time_stages(engine: OnrecordEngine, query: BenchQuery) -> dict[str, float]:
    """Return CPU seconds per stage of one search of `query`."""
    tally: dict[str, float] = defaultdict(float)
    clock = StageClock(tally)
    search(engine.index, query.to_request(), deadline=clock)
    clock.finish()
    return dict(tally)


def measure_stages(index_dir: Path, queries: list[BenchQuery], runs: int) -> dict[str, Any]:
    """Return per-query CPU ms (median over `runs` passes) with each query's
    median stages, and each stage's CPU ms per pass (median of the passes)."""
    engine = OnrecordEngine(index_dir)
    try:
        for query in queries:  # the warm pass
            time_stages(engine, query)
        samples: dict[str, list[dict[str, float]]] = {q.name: [] for q in queries}
        for _ in range(runs):
            for query in queries:
                samples[query.name].append(time_stages(engine, query))
    finally:
        engine.close()
    per_query = {name: _medians(passes) for name, passes in samples.items()}
    passes = [defaultdict(float) for _ in range(runs)]
    for runs_of_query in samples.values():
        for tally, stages in zip(passes, runs_of_query, strict=True):
            for stage, seconds in stages.items():
                tally[stage] += seconds
    return {"queries": per_query, "per_pass": _medians([dict(p) for p in passes])}


def _medians(tallies: list[dict[str, float]]) -> dict[str, float]:
    """Return each stage's median ms over `tallies` (seconds), and "all"."""
    stages = sorted({stage for tally in tallies for stage in tally})
    out = {stage: 1000 * statistics.median(t.get(stage, 0.0) for t in tallies) for stage in stages}
    out["all"] = 1000 * statistics.median(sum(t.values()) for t in tallies)
    return out


def format_stages(result: dict[str, Any], slowest: int = 10) -> str:
    """Return the report: p50/p95/max per query, stages per pass, slowest queries."""
    totals = {name: stages["all"] for name, stages in result["queries"].items()}
    ms = list(totals.values())
    lines = [f"per query CPU ms: p50 {percentile(ms, 50):.2f}  p95 {percentile(ms, 95):.2f}  "
             f"max {max(ms):.2f}",
             "per pass CPU ms: " + "  ".join(f"{k} {v:.1f}" for k, v in result["per_pass"].items())]
    for name in sorted(totals, key=totals.__getitem__, reverse=True)[:slowest]:
        stages = result["queries"][name]
        shown = "  ".join(f"{k} {v:.2f}" for k, v in stages.items() if k != "all" and v >= 0.2)
        lines.append(f"{totals[name]:8.2f} {name:40s} {shown}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("index", type=Path, help="an onrecord index directory")
    parser.add_argument("queries", type=Path, help="a JSON list of bench queries (bench.speed writes them)")
    parser.add_argument("--runs", type=int, default=3, help="timed passes after one warm pass")
    args = parser.parse_args(argv)
    queries = [BenchQuery.from_json(d) for d in json.loads(args.queries.read_text())]
    print(format_stages(measure_stages(args.index, queries, args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
