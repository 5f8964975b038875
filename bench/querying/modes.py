"""Quotes mode beside paragraph mode on the same onrecord index (issue #33).

Owns the mode rows of `make bench`: the set of bench.engines.queries.build_mode_queries
asked in paragraph mode and in quotes mode (`SearchRequest(mode="quotes")`)
over one corpus' onrecord index, each mode's query phase in its own process
(bench.engines.probe, result cache off, as the engine rows), the two modes
alternating --repeat times; and the table of each mode's latencies with the
ratio quotes/paragraphs and its verdict against issue #33's target (quotes
mode's p95 within 1.5x of paragraph mode's, at 24k and 250k paragraphs).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench.engines.probe import run_probe
from bench.engines.queries import build_mode_queries
from bench.engines.report import cell, combine_runs, ratio, render_table, verdict
from onrecord.search import SearchMode

MODES: tuple[SearchMode, ...] = ("paragraphs", "quotes")
P95_TARGET = 1.5  # issue #33: quotes-mode p95 within 1.5x of paragraph mode's
# (row label, key in a probe's result, decimals); the p95 row carries the target.
MODE_ROWS: tuple[tuple[str, str, int], ...] = (
    ("query p50 ms", "p50_ms", 2),
    ("query p95 ms", "p95_ms", 2),
    ("query max ms", "max_ms", 2),
    ("first-pass query p50 ms", "first_p50_ms", 2),
    ("first-pass query p95 ms", "first_p95_ms", 2),
    ("hits, summed over the queries", "hits", 0),
    ("queries cut by the deadline", "partial_queries", 0),
    ("queries failed", "query_errors", 0),
)


def measure_modes(section: dict[str, Any], work: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Return {"queries": N, "paragraphs": metrics, "quotes": metrics} for
    the onrecord index of `section`: the mode query set (names from
    section["speakers"]) timed in each mode, args.repeat fresh processes
    each, alternating (paragraph mode first), medians as combine_runs."""
    queries = build_mode_queries(section["speakers"])
    runs: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
    files = {}
    for mode in MODES:
        files[mode] = work / f"mode-queries-{section['label']}-{mode}.json"
        files[mode].write_text(json.dumps([q.in_mode(mode).to_json() for q in queries]))
    for run in range(args.repeat):
        for mode in MODES:
            print(f"[{section['label']}] onrecord in {mode} mode ({len(queries)} queries x "
                  f"{args.runs} passes, process {run + 1}/{args.repeat}) ...", flush=True)
            probe = run_probe("onrecord", Path(section["paths"]["onrecord"]), files[mode], args.runs)
            runs[mode].append(summarise_probe(probe))
    return {"queries": len(queries), **{mode: combine_runs(runs[mode]) for mode in MODES}}


def summarise_probe(probe: dict[str, Any]) -> dict[str, Any]:
    """Return a probe's result with the mode rows' derived keys added: hits
    (its totals summed) and query_errors (None if the process failed)."""
    failed = "error" in probe
    return {**probe, "hits": None if failed else sum(probe.get("totals", {}).values()),
            "query_errors": None if failed else len(probe.get("errors", {}))}


def slowest_ratios(result: dict[str, Any], count: int = 3) -> list[tuple[str, float]]:
    """Return the `count` queries whose quotes-mode median latency is the
    largest multiple of their paragraph-mode one, largest first."""
    ours, base = result["quotes"].get("median_ms", {}), result["paragraphs"].get("median_ms", {})
    pairs = [(name, r) for name in ours if (r := ratio(ours[name], base.get(name))) is not None]
    return sorted(pairs, key=lambda pair: -pair[1])[:count]


def format_modes(title: str, result: dict[str, Any]) -> str:
    """Return the table of the two modes' rows, the ratio quotes/paragraphs
    and, on the p95 row, the verdict against P95_TARGET; a last line names
    the queries quotes mode slows most."""
    header = ["metric", "paragraphs", "quotes", "quotes/paragraphs", "target"]
    lines = []
    for label, key, decimals in MODE_ROWS:
        para, quotes = result["paragraphs"].get(key), result["quotes"].get(key)
        value = ratio(quotes, para)
        target = f"<= {P95_TARGET}: {verdict(value, P95_TARGET)}" if key == "p95_ms" else ""
        lines.append([label, cell(para, decimals), cell(quotes, decimals),
                      "-" if value is None else f"{value:,.2f}", target])
    table = render_table(f"{title}: quotes mode beside paragraph mode ({result['queries']} queries, "
                         "same onrecord index)", header, lines)
    slow = ", ".join(f"{name} x{value:.2f}" for name, value in slowest_ratios(result))
    return table + (f"\nslowest in quotes mode against paragraph mode: {slow}" if slow else "")
