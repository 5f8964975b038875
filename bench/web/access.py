"""Serving with access control on beside off (issue #36: p95 within 10%).

`python -m bench.web.access [--bbc DIR] [--seconds 20] [--repeat 3]` indexes
the BBC corpus in two collections (business, entertainment and politics in
"default"; sport and tech in "b"), makes a reader granted "default" only
(one collection of two) with an API token, and runs the speed benchmark's
query set (bench.engines.queries, filled with the index's own top names) under wrk
against `onrecord serve` twice per round, alternating: access control off,
then on with the reader's token on every request (so each request finds
the token, reads the grants, filters to one collection and appends an
audit record).  Prints the medians over the rounds of p50, p90, p95 and p99
latency (wrk --latency reports no p95) and requests/s, and on/off ratios;
writes them to bench/results/access-<date>.json.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from bench.engines.queries import build_queries
from bench.engines.report import combine_runs
from bench.web.serving import bench_web
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search import list_entities, open_index
from onrecord.web.access.accounts import AccountStore

REPO = Path(__file__).resolve().parents[2]
# The corpus' folders in collection "b"; the others are in "default".
B_FOLDERS = ("sport", "tech")
READER = "reader"
KEYS = ("p50_ms", "p90_ms", "p95_ms", "p99_ms", "requests_per_s", "non_2xx")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.web.access", description=__doc__.split("\n")[0])
    p.add_argument("--bbc", type=Path, default=Path(os.environ.get(
        "ONRECORD_BBC", REPO.parent / "shared" / "corpus" / "bbc")), help="BBC corpus directory")
    p.add_argument("--seconds", type=int, default=20, help="wrk duration of each run")
    p.add_argument("--repeat", type=int, default=3, help="rounds of (off, on); medians reported")
    p.add_argument("--work", type=Path, default=None, help="where the index is built (default: a temp dir)")
    return p.parse_args(argv)


def build_index(bbc: Path, index_dir: Path) -> None:
    """Index `bbc`'s folders into two collections at `index_dir` (in this
    process: a collection other than default is not sent to a cluster)."""
    folders = sorted(p for p in bbc.iterdir() if p.is_dir())
    index = open_index(index_dir, create=True)
    try:
        ingest_paths([p for p in folders if p.name not in B_FOLDERS], index, workers=1)
        ingest_paths([p for p in folders if p.name in B_FOLDERS], index, workers=1, collection="b")
    finally:
        index.close()


def query_urls(index_dir: Path) -> list[str]:
    """Return the benchmark's query URLs, filled with the index's most
    quoted speakers and institutions (of both collections)."""
    index = open_index(index_dir, readonly=True)
    try:
        speakers = [v.value for v in list_entities(index, "speaker")[:10]]
        institutions = [v.value for v in list_entities(index, "institution")[:10]]
    finally:
        index.close()
    return [q.to_url() for q in build_queries(speakers, institutions, [])]


def measure(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    """Return the off and on medians and their ratios."""
    index_dir = work / "index"
    if not (index_dir / "articles.db").exists():
        build_index(args.bbc, index_dir)
    urls = query_urls(index_dir)
    store = AccountStore(work / "accounts.db")
    if READER not in store.users():
        store.add_user(READER, "a long benchmark password")  # granted "default": one of two
    token, _info = store.add_token(READER, "bench")
    on = (f"accounts_db={store.path}", "access_control=on")
    runs: dict[str, list[dict[str, Any]]] = {"off": [], "on": []}
    for round_no in range(args.repeat):
        for mode in ("off", "on"):
            print(f"[access] round {round_no + 1}/{args.repeat}: access control {mode}, "
                  f"{len(urls)} URLs for {args.seconds}s ...", flush=True)
            runs[mode].append(bench_web(index_dir, urls, duration=args.seconds,
                                        settings=on if mode == "on" else (),
                                        headers={"Authorization": f"Bearer {token}"} if mode == "on" else None))
    result: dict[str, Any] = {mode: combine_runs(found) for mode, found in runs.items()}
    result["ratio_on_off"] = {key: _ratio(result["on"].get(key), result["off"].get(key))
                              for key in KEYS if key != "non_2xx"}
    return result


def _ratio(on: Any, off: Any) -> float | None:
    if not isinstance(on, (int, float)) or not isinstance(off, (int, float)) or not off:
        return None
    return round(on / off, 3)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.work is not None:
        args.work.mkdir(parents=True, exist_ok=True)
        result = measure(args, args.work)
    else:
        with tempfile.TemporaryDirectory(prefix="onrecord-access-") as tmp:
            result = measure(args, Path(tmp))
    for mode in ("off", "on"):
        row = result[mode]
        if "error" in row or "skipped" in row:
            print(f"{mode}: {row.get('error') or row.get('skipped')}")
            continue
        print(f"{mode:>4}: " + "  ".join(f"{key} {row.get(key)}" for key in KEYS))
    print(" on/off: " + "  ".join(f"{k} {v}" for k, v in result["ratio_on_off"].items()))
    out = REPO / "bench" / "results" / f"access-{dt.date.today().isoformat()}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, default=str) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
