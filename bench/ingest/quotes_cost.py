"""What quote documents cost: index size and BBC ingest beside the revision before them (issue #33).

Owns the comparison `make bench-quotes` (= `python -m bench.ingest.quotes_cost`) prints
and `make bench` runs too: the BBC corpus ingested end to end (`onrecord index`,
default workers: read, parse, chunk, annotate, index, commit) by the peer
revision (exported with bench.quality.htmleval.export_revision, e.g. e18dd93~1, the
parent of the first quotes-mode commit) and by this checkout, runs alternating
(the peer first), --runs of each; one table of each side's medians: index size
on disk, ingest wall and CPU seconds (the child processes' user + system time),
paragraphs and quote documents (each revision's own check_index over its index),
and the ratios this checkout/peer against issue #33's targets: index size within
1.3x, ingest no slower.  The load average at the start is printed beside them:
on a shared machine the ratio of runs made in turn is the figure that holds.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.engines.derived import dir_mb
from bench.engines.report import cell, ratio, render_table, verdict
from bench.quality.htmleval import export_revision, time_one_ingest

REPO = Path(__file__).resolve().parents[2]
DEFAULT_PEER = "e18dd93~1"  # the Makefile's QUOTES_PEER: the revision before quote documents
SIZE_TARGET = 1.3  # issue #33: index size within 1.3x of the peer's
INGEST_TARGET = 1.0  # issue #33: BBC ingest end to end no slower than the peer's
SIDES = ("peer", "this")
# (row label, key, decimals, target of the ratio this/peer or None)
COST_ROWS: tuple[tuple[str, str, int, float | None], ...] = (
    ("index size on disk MB", "index_mb", 1, SIZE_TARGET),
    ("ingest wall s", "wall_s", 1, INGEST_TARGET),
    ("ingest CPU s", "cpu_s", 1, INGEST_TARGET),
    ("paragraphs", "paragraphs", 0, None),
    ("quote documents", "quotes", 0, None),
)
Ingest = Callable[[Path, str | None, Path], tuple[float, float]]
# Prints [paragraphs, quote documents] of the index argv[1] as the onrecord
# package on PYTHONPATH counts them (a revision before quote documents has
# no quote_count: 0).  This checkout's check_index cannot read an index
# written before quote documents (it reports it unreadable), so each side
# counts its own.
_COUNT = ("import json, sys; from pathlib import Path; from onrecord.search import check_index; "
          "r = check_index(Path(sys.argv[1])); "
          "print(json.dumps([r.doc_count, getattr(r, 'quote_count', 0), r.problems]))")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.ingest.quotes_cost", description=__doc__.split("\n")[0])
    p.add_argument("--bbc", type=Path, default=Path(os.environ.get(
        "ONRECORD_BBC", REPO.parent / "shared" / "corpus" / "bbc")), help="BBC corpus directory")
    p.add_argument("--peer", default=DEFAULT_PEER, help="git revision before quote documents")
    p.add_argument("--runs", type=int, default=3, help="ingests of each side (medians reported)")
    return p.parse_args(argv)


def count_documents(index_dir: Path, pythonpath: str | None) -> tuple[int, int]:
    """Return (paragraphs, quote documents) in `index_dir` as counted by
    check_index of this checkout or of the package on `pythonpath`.  Raises
    RuntimeError when that check reports a problem."""
    env = None if pythonpath is None else {**os.environ, "PYTHONPATH": pythonpath}
    with tempfile.TemporaryDirectory(prefix="onrecord-quotes-count-") as scratch:
        done = subprocess.run([sys.executable, "-c", _COUNT, str(index_dir)], env=env, cwd=scratch,
                              capture_output=True, text=True, timeout=600, check=True)
    paragraphs, quotes, problems = json.loads(done.stdout.strip().splitlines()[-1])
    if problems:
        raise RuntimeError(f"onrecord check of {index_dir}: {'; '.join(problems)}")
    return paragraphs, quotes


def measure_side(corpus: Path, index_dir: Path, pythonpath: str | None,
                 ingest: Ingest = time_one_ingest) -> dict[str, float]:
    """Ingest `corpus` into the fresh `index_dir` (this checkout's code, or
    the package on `pythonpath`); return its wall and CPU seconds, size on
    disk and counts of paragraphs and quote documents (count_documents).
    The index is removed after."""
    wall, cpu = ingest(corpus, pythonpath, index_dir)
    paragraphs, quotes = count_documents(index_dir, pythonpath)
    run = {"wall_s": wall, "cpu_s": cpu, "index_mb": dir_mb(index_dir),
           "paragraphs": float(paragraphs), "quotes": float(quotes)}
    shutil.rmtree(index_dir)
    return run


def measure(corpus: Path, peer: str, runs: int, ingest: Ingest = time_one_ingest) -> dict[str, Any]:
    """Return {"peer", "load", "runs", "peer_runs", "this_runs", and each
    side's medians under "peer_median"/"this_median"}: `runs` ingests of
    `corpus` by revision `peer` and by this checkout, alternating, the peer
    first.  Raises CalledProcessError when the peer cannot be exported or a
    run fails."""
    if not corpus.is_dir():
        raise SystemExit(f"BBC corpus not found at {corpus}; pass --bbc DIR or set ONRECORD_BBC")
    corpus = corpus.resolve()  # each ingest runs in a scratch directory
    load = os.getloadavg()[0]
    timed: dict[str, list[dict[str, float]]] = {side: [] for side in SIDES}
    with tempfile.TemporaryDirectory(prefix="onrecord-quotes-cost-") as tmp:
        paths = {"peer": export_revision(peer, Path(tmp) / "peer"), "this": None}
        for run in range(runs):
            for side in SIDES:
                print(f"[quotes cost] ingesting {corpus} with {peer if side == 'peer' else 'this checkout'}"
                      f" ({run + 1}/{runs}) ...", flush=True)
                timed[side].append(measure_side(corpus, Path(tmp) / f"{side}-{run}", paths[side], ingest))
    result: dict[str, Any] = {"peer": peer, "load": load, "runs": runs, "corpus": str(corpus)}
    for side in SIDES:
        result[f"{side}_runs"] = timed[side]
        result[f"{side}_median"] = {key: statistics.median(run[key] for run in timed[side])
                                    for key in timed[side][0]}
    return result


def format_cost(result: dict[str, Any]) -> str:
    """Return the table of both sides' medians, the ratio this/peer of each
    row and its verdict where issue #33 sets a target."""
    peer, this = result["peer_median"], result["this_median"]
    header = ["metric", result["peer"], "this checkout", "this/peer", "target"]
    lines = []
    for label, key, decimals, target in COST_ROWS:
        value = ratio(this[key], peer[key])
        lines.append([label, cell(peer[key], decimals), cell(this[key], decimals),
                      # 3 decimals: "no slower" is a target of 1.0, and 1.004 is missed
                      "-" if value is None else f"{value:,.3f}",
                      "" if target is None else f"<= {target}: {verdict(value, target)}"])
    title = (f"BBC ingest end to end and index size beside {result['peer']} (`onrecord index`, "
             f"default workers; runs alternating, median of {result['runs']} each; "
             f"load average {result['load']:.1f} at start)")
    return render_table(title, header, lines)


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print its table; return the exit status."""
    args = parse_args(argv)
    print(format_cost(measure(args.bbc, args.peer, args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
