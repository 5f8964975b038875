"""The load test: `onrecord serve` under sustained wrk load, loopback only.

Owns one bounded run: start `onrecord serve` on a free 127.0.0.1 port
against an existing index, read the index's top speakers, institutions and
outlets from /api/search facets, build the benchmark's mixed query set
(bench.engines.queries) as both /api/search and search-page (/) URLs plus article
pages, warm up with a short wrk run, sample the server's RSS, run wrk
(16 connections, 60 s by default), sample RSS again, and stop the server
(only the process it started).  Prints non-2xx count, p50/p99 and memory
growth; exits 1 if any response was not 2xx, any socket error happened, or
RSS grew by MAX_GROWTH_PCT or more between the two samples.

Run: `python -m bench.web.load INDEX_DIR [--seconds 60] [--connections 16]`.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from bench.engines.probe import read_status_mb
from bench.engines.queries import build_queries
from bench.web.serving import free_port, lua_script, parse_wrk, wait_healthy

MAX_GROWTH_PCT = 10.0
WRK = "/usr/bin/wrk"


def fetch_json(url: str) -> Any:
    """Return the JSON body at `url` (raises OSError on failure)."""
    with urllib.request.urlopen(url, timeout=60) as reply:
        return json.loads(reply.read())


def build_urls(base: str) -> list[str]:
    """Return the mixed load: every benchmark query as an API call and as a
    search page, page 2 of some, and the article pages of top hits."""
    body = fetch_json(base + "/api/search?per_page=20")
    facets = {name: [v["value"] for v in values] for name, values in body["facets"].items()}
    queries = build_queries(facets.get("speaker", [])[:5], facets.get("institution", [])[:5],
                            facets.get("outlet", [])[:1])
    api = [q.to_url() for q in queries]
    pages = [u.replace("/api/search?", "/?", 1) for u in api]
    paged = [u + "&" + urlencode({"page": 2}) for u in api[::5]]
    docs = [f"/doc/{quote(h['doc_id'])}?q=said" for h in body["hits"][:10]]
    return api + pages + paged + docs


def run_wrk(base: str, script: str, seconds: int, connections: int) -> dict[str, Any]:
    """Return parse_wrk's numbers for one bounded wrk run against `base`."""
    done = subprocess.run([WRK, "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s",
                           "--latency", "-s", script, base],
                          capture_output=True, text=True, timeout=seconds + 60)
    if done.returncode != 0:
        raise RuntimeError(f"wrk failed: {done.stderr.strip()[:300]}")
    return parse_wrk(done.stdout)


def load_test(index_dir: Path, seconds: int, connections: int, warmup: int) -> dict[str, Any]:
    """Return the run's numbers: wrk's (non_2xx, p50_ms, p99_ms, requests,
    requests_per_s, socket_errors) plus rss_warm_mb, rss_end_mb, growth_pct."""
    onrecord = Path(sys.executable).with_name("onrecord")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([str(onrecord), "serve", "--index", str(index_dir),
                               "--host", "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    script = Path(tempfile.mkstemp(suffix=".lua")[1])
    try:
        wait_healthy(base, server)
        urls = build_urls(base)
        script.write_text(lua_script(urls))
        warm = run_wrk(base, str(script), warmup, connections)  # caches, facet tables
        rss_warm = read_status_mb("VmRSS", str(server.pid))
        result = run_wrk(base, str(script), seconds, connections)
        rss_end = read_status_mb("VmRSS", str(server.pid))
        if server.poll() is not None:
            raise RuntimeError(f"onrecord serve died under load ({server.returncode})")
    finally:
        script.unlink(missing_ok=True)
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    growth = 100.0 * (rss_end - rss_warm) / rss_warm if rss_warm and rss_end else float("nan")
    result.update(urls=len(urls), warmup_non_2xx=warm["non_2xx"], rss_warm_mb=rss_warm,
                  rss_end_mb=rss_end, growth_pct=growth, seconds=seconds, connections=connections)
    return result


def verdict(result: dict[str, Any]) -> list[str]:
    """Return why the run failed (empty if it passed)."""
    problems = []
    if result["non_2xx"] or result["warmup_non_2xx"]:
        problems.append(f"{result['non_2xx'] + result['warmup_non_2xx']} non-2xx responses")
    if result["socket_errors"]:
        problems.append(f"{result['socket_errors']} socket errors (timeouts, resets)")
    if not result["growth_pct"] < MAX_GROWTH_PCT:
        problems.append(f"memory grew {result['growth_pct']:.1f}% (limit {MAX_GROWTH_PCT:.0f}%)")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Run the load test; return the exit status (0 pass, 1 fail, 2 cannot run)."""
    parser = argparse.ArgumentParser(prog="python -m bench.web.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("index", type=Path, help="an index built by `onrecord index`")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--warmup", type=int, default=10, help="seconds of load before the first RSS sample")
    args = parser.parse_args(argv)
    if not shutil.which(WRK):
        print(f"{WRK} is not installed (apt-get install wrk)", file=sys.stderr)
        return 2
    try:
        result = load_test(args.index, args.seconds, args.connections, args.warmup)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        print(f"load test could not run: {exc}", file=sys.stderr)
        return 2
    print(f"{result['requests']:,} requests in {args.seconds} s over {result['urls']} URLs, "
          f"{args.connections} connections: {result['requests_per_s']:.0f} req/s")
    print(f"non-2xx: {result['non_2xx']}  socket errors: {result['socket_errors']}  "
          f"p50: {result['p50_ms']:.1f} ms  p99: {result['p99_ms']:.1f} ms")
    print(f"RSS after warm-up: {result['rss_warm_mb']:.1f} MB  at end: {result['rss_end_mb']:.1f} MB  "
          f"growth: {result['growth_pct']:+.1f}%")
    problems = verdict(result)
    print("FAIL: " + "; ".join(problems) if problems else "PASS")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
