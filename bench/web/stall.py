"""The "no one query stalls all" benchmark (issue #17), loopback only.

Owns one command: for each scenario, start `onrecord serve` (waitress, 8
threads) on a free 127.0.0.1 port over an existing index, warm it, then
for --seconds let --clients threads send one slow request over and over
while a probe thread sends simple searches (each a distinct URL, so the
result cache never answers them) one after another; stop the server (only
the process it started).  Repeats every scenario --runs times, each on a
fresh server, and prints per scenario: the slow requests' statuses, their
wall time (median of the runs' medians, and the largest seen), the share
marked partial, and the probe's p50/p99 (medians over the runs).

The server is this checkout's code (`python -c "from cli import main"`
run in the repository), so a copy of an older commit with this file in
its bench/ measures that commit.

Run: `python -m bench.web.stall INDEX_DIR [--runs 3] [--seconds 12] [--clients 4]`.
"""
from __future__ import annotations

import argparse
import json
import statistics
import string
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from bench.engines.probe import percentile
from bench.web.serving import free_port, wait_healthy

REPO = Path(__file__).resolve().parents[2]
PROBE_WORDS = ("police", "minister", "election", "film", "music", "economy", "court", "school")
PROBE_PAUSE = 0.05  # seconds between probe requests
HTTP_TIMEOUT = 180


def _search(query: str, **extra: Any) -> str:
    return "/api/search?" + urlencode({"q": query, **extra})


def scenarios() -> dict[str, tuple[str, int | None]]:
    """Return scenario name -> (slow URL, clients: None = --clients)."""
    letters = list(string.ascii_lowercase) + ["ab", "ac", "ad", "ae", "af", "ag"]
    fuzzy = " ".join(f"{w}~2" for w in letters)  # 32 fuzzy terms
    pairs = [a + b for a in string.ascii_lowercase for b in string.ascii_lowercase if a != b]
    prefixes = " ".join(p + "*" for p in pairs[:64])  # 64 two-letter prefixes
    misspelling = ("accountabilityy" * 34)[:499]
    return {
        "idle (probe alone)": ("", 0),
        "32 fuzzy terms": (_search(fuzzy), None),
        "64 two-letter prefixes": (_search(prefixes), None),
        "page 100 x 100 (all)": ("/api/search?" + urlencode({"page": 100, "per_page": 100}), None),
        "page 10000 x 100 (all)": ("/api/search?" + urlencode({"page": 10000, "per_page": 100}), None),
        "499-letter misspelling": (_search(misspelling), None),
        "fuzzy CSV export": ("/export.csv?" + urlencode({"q": fuzzy}), None),
        "8 full CSV exports": ("/export.csv?" + urlencode({"q": "", "rows": "paragraphs"}), 8),
    }


@dataclass
class Sample:
    """One request: wall seconds, HTTP status, and (JSON searches) partial."""

    seconds: float
    status: int
    partial: bool | None = None


@dataclass
class Scenario:
    slow: list[Sample] = field(default_factory=list)
    probe: list[Sample] = field(default_factory=list)


def fetch(base: str, url: str) -> Sample:
    """Return the Sample of one GET (body read to the end)."""
    started = time.perf_counter()
    partial = None
    try:
        with urllib.request.urlopen(base + url, timeout=HTTP_TIMEOUT) as reply:
            status, body = reply.status, reply.read()
        if url.startswith("/api/"):
            partial = bool(json.loads(body).get("partial"))
    except urllib.error.HTTPError as exc:
        status = exc.code
        exc.read()
    except OSError:
        status = 0  # refused, reset or timed out
    return Sample(time.perf_counter() - started, status, partial)


def run_scenario(base: str, url: str, clients: int, seconds: float) -> Scenario:
    """Return the slow requests and probe requests of one scenario run."""
    result = Scenario()
    stop = threading.Event()

    def slow_client() -> None:
        while not stop.is_set():
            sample = fetch(base, url)
            result.slow.append(sample)
            if sample.status == 503:
                stop.wait(1.0)  # told to retry later: keep the pressure, not a spin

    def probe() -> None:
        count = 0
        while not stop.is_set():
            word = PROBE_WORDS[count % len(PROBE_WORDS)]
            per_page = 1 + (count // len(PROBE_WORDS)) % 50
            result.probe.append(fetch(base, _search(word, per_page=per_page, page=1 + count // 400)))
            count += 1
            stop.wait(PROBE_PAUSE)

    workers = [threading.Thread(target=slow_client, daemon=True) for _ in range(clients)]
    for worker in workers:
        worker.start()
    time.sleep(0.5 if clients else 0)  # the slow requests are in flight first
    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    time.sleep(seconds)
    stop.set()
    prober.join(HTTP_TIMEOUT)
    for worker in workers:
        worker.join(HTTP_TIMEOUT)
    return result


def start_server(index_dir: Path) -> tuple[subprocess.Popen, str]:
    """Start this checkout's `onrecord serve` on a free port; return it and its base URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys; from cli import main; sys.exit(main())", "serve",
         "--index", str(index_dir), "--host", "127.0.0.1", "--port", str(port)],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, server)
        for word in PROBE_WORDS:  # warm: facet table, sort columns, frequent postings
            fetch(base, _search(word, per_page=100, page=50))
    except BaseException:
        stop_server(server)
        raise
    return server, base


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


def summarise(runs: list[Scenario]) -> dict[str, Any]:
    """Return one scenario's figures, medians over its runs."""
    def med(values: list[float]) -> float:
        return statistics.median(values) if values else float("nan")

    slow = [s for run in runs for s in run.slow]
    statuses: dict[int, int] = {}
    for sample in slow:
        statuses[sample.status] = statuses.get(sample.status, 0) + 1
    judged = [s for s in slow if s.partial is not None]
    return {
        "slow_requests": len(slow), "statuses": statuses,
        "slow_p50_s": med([med([s.seconds for s in run.slow]) for run in runs if run.slow]),
        "slow_max_s": max((s.seconds for s in slow), default=float("nan")),
        "partial_pct": 100.0 * sum(s.partial for s in judged) / len(judged) if judged else None,
        "probe_requests": sum(len(run.probe) for run in runs),
        "probe_errors": sum(1 for run in runs for s in run.probe if s.status != 200),
        "probe_p50_ms": med([1000 * percentile([s.seconds for s in run.probe], 50) for run in runs]),
        "probe_p99_ms": med([1000 * percentile([s.seconds for s in run.probe], 99) for run in runs]),
    }


def print_table(table: dict[str, dict[str, Any]]) -> None:
    head = (f"{'scenario':26} {'slow reqs':>9} {'statuses':>18} {'slow p50 s':>10} "
            f"{'slow max s':>10} {'partial':>7} {'probe n':>7} {'probe p50 ms':>12} "
            f"{'probe p99 ms':>12}")
    print(head)
    print("-" * len(head))
    for name, row in table.items():
        statuses = " ".join(f"{k}:{v}" for k, v in sorted(row["statuses"].items())) or "-"
        partial = "-" if row["partial_pct"] is None else f"{row['partial_pct']:.0f}%"
        print(f"{name:26} {row['slow_requests']:>9} {statuses:>18} {row['slow_p50_s']:>10.2f} "
              f"{row['slow_max_s']:>10.2f} {partial:>7} {row['probe_requests']:>7} "
              f"{row['probe_p50_ms']:>12.1f} {row['probe_p99_ms']:>12.1f}")


def main(argv: list[str] | None = None) -> int:
    """Run every scenario; print the table (and write JSON with --out)."""
    parser = argparse.ArgumentParser(prog="python -m bench.web.stall",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("index", type=Path, help="an index built by `onrecord index`")
    parser.add_argument("--runs", type=int, default=3, help="fresh servers per scenario")
    parser.add_argument("--seconds", type=float, default=12.0, help="load per scenario run")
    parser.add_argument("--clients", type=int, default=4, help="threads sending the slow request")
    parser.add_argument("--only", default="", help="comma-separated scenario name prefixes")
    parser.add_argument("--out", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    wanted = [w.strip() for w in args.only.split(",") if w.strip()]
    table: dict[str, dict[str, Any]] = {}
    for name, (url, clients) in scenarios().items():
        if wanted and not any(name.startswith(w) for w in wanted):
            continue
        runs = []
        for run in range(args.runs):
            print(f"[{name}] run {run + 1}/{args.runs} ...", file=sys.stderr, flush=True)
            server, base = start_server(args.index)
            try:
                runs.append(run_scenario(base, url, args.clients if clients is None else clients,
                                         args.seconds))
            finally:
                stop_server(server)
        table[name] = summarise(runs)
    print_table(table)
    if args.out:
        args.out.write_text(json.dumps(table, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
