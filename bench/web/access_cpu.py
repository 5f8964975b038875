"""CPU per request with access control on beside off, in-process (issue #36).

`python -m bench.web.access_cpu --work DIR [--requests 300] [--rounds 5]`
serves bench.web.access's query URLs (over the index `python -m bench.web.access
--work DIR` built: BBC in two collections) through the Flask test client,
after one warm-up pass, `--requests` requests per run, off then on
alternating for `--rounds` rounds (on: the bench reader's API token, granted
one collection of two).  Prints each run's CPU milliseconds per request
(process time: the machine is shared, wall time is not this process's)
and the medians and their ratio.  No server and no wrk: this measures the
fixed per-request work access control adds, not the network.
"""
from __future__ import annotations

import argparse
import itertools
import statistics
import time
from pathlib import Path

from flask.testing import FlaskClient

from bench.web.access import READER, query_urls
from onrecord.search import Config, open_index
from onrecord.web.access.accounts import AccountStore
from onrecord.web.app import create_app


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.web.access_cpu", description=__doc__.split("\n")[0])
    p.add_argument("--work", type=Path, required=True, help="bench.web.access's --work directory (index built)")
    p.add_argument("--requests", type=int, default=300, help="requests per run")
    p.add_argument("--rounds", type=int, default=5, help="rounds of (off, on); medians reported")
    return p.parse_args(argv)


def cpu_per_request(client: FlaskClient, urls: list[str], count: int, headers: dict[str, str]) -> float:
    """Return the process CPU milliseconds per request over `count`
    requests cycling through `urls`.  Raises AssertionError on a non-200."""
    start = time.process_time()
    for url in itertools.islice(itertools.cycle(urls), count):
        response = client.get(url, headers=headers)
        assert response.status_code == 200, (url, response.status_code)
    return (time.process_time() - start) * 1000 / count


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    index_dir = args.work / "index"
    urls = query_urls(index_dir)
    store = AccountStore(args.work / "accounts.db")
    if READER not in store.users():
        store.add_user(READER, "a long benchmark password")
    token, _info = store.add_token(READER, "bench-cpu")
    index = open_index(index_dir, readonly=True)
    base = Config(index_dir=index_dir, accounts_db=str(store.path))
    apps = {"off": create_app(index, base),
            "on": create_app(index, Config(index_dir=index_dir, accounts_db=str(store.path),
                                           access_control=True))}
    headers = {"off": {}, "on": {"Authorization": f"Bearer {token}"}}
    clients = {mode: app.test_client() for mode, app in apps.items()}
    for mode in ("off", "on"):  # warm-up: every URL's result cached
        cpu_per_request(clients[mode], urls, len(urls), headers[mode])
    runs: dict[str, list[float]] = {"off": [], "on": []}
    for _round in range(args.rounds):
        for mode in ("off", "on"):
            runs[mode].append(cpu_per_request(clients[mode], urls, args.requests, headers[mode]))
    for mode, found in runs.items():
        print(f"{mode:>4}: median {statistics.median(found):.3f} ms CPU/request; runs "
              + " ".join(f"{value:.3f}" for value in found))
    print(f"on/off: {statistics.median(runs['on']) / statistics.median(runs['off']):.3f}")
    store.revoke_token(_info.id)
    index.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
