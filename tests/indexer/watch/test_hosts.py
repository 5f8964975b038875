"""Each host's pace: the rate limit, robots.txt's Crawl-delay and the
concurrency limit, on a fake clock (no real waiting)."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from onrecord.indexer.watch.config import Source
from onrecord.indexer.watch.hosts import HostGates
from tests.indexer.watch.conftest import Watches, make_config, make_fetcher
from tests.indexer.watch.site import FakeClock, Page, Site
from tests.warcbuild import article_page


def starts(gates: HostGates, clock: FakeClock, host: str, n: int) -> list[float]:
    times = []
    for _ in range(n):
        with gates.slot(host):
            times.append(clock())
    return times


def test_requests_to_one_host_start_at_the_rate_limit(clock: FakeClock) -> None:
    gates = HostGates(rate=2.0, concurrency=2, clock=clock, sleep=clock.sleep)
    times = starts(gates, clock, "a:80", 5)
    assert [round(b - a, 6) for a, b in zip(times, times[1:], strict=False)] == [0.5] * 4
    assert starts(gates, clock, "b:80", 1) == [times[-1]]  # another host does not wait


def test_a_crawl_delay_longer_than_the_rate_wins(clock: FakeClock) -> None:
    gates = HostGates(rate=2.0, concurrency=2, clock=clock, sleep=clock.sleep)
    gates.set_crawl_delay("a:80", 3.0)
    times = starts(gates, clock, "a:80", 3)
    assert [round(b - a, 6) for a, b in zip(times, times[1:], strict=False)] == [3.0, 3.0]


def test_at_most_the_concurrency_is_in_flight(site: Site, clock: FakeClock, tmp_path: Path) -> None:
    for n in range(8):
        site.routes[f"/p{n}"] = Page(b"x", delay=0.1)
    fetcher = make_fetcher(make_config(tmp_path, watch_host_concurrency=2), clock)
    with ThreadPoolExecutor(max_workers=6) as pool:
        list(pool.map(lambda n: fetcher.fetch(site.url(f"/p{n}")), range(8)))
    assert site.most_in_flight == 2


def test_a_watch_keeps_robots_crawl_delay(site: Site, watches: Watches, clock: FakeClock) -> None:
    site.routes["/robots.txt"] = Page(b"User-agent: *\nCrawl-delay: 4\n", headers={"Content-Type": "text/plain"})
    paths = [f"/news/{n}" for n in range(3)]
    for path in paths:
        site.routes[path] = Page(article_page(f"Story {path}", "Ann Lee", "The mayor spoke."))
    # One request at a time: two waiting at once would each move the fake clock.
    watches.open([Source("list", "urls", None, tuple(site.url(p) for p in paths))],
                 watch_host_concurrency=1).run_due()
    assert [round(wait, 6) for wait in clock.slept] == [4.0, 4.0, 4.0]  # after robots.txt too
    assert threading.active_count() < 50  # the fetch threads were joined
