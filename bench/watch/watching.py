"""The feeds bench of `onrecord watch` (issue #35): 50 feeds x 20 articles on
loopback, 2 requests/s per host.

One `onrecord watch CONFIG --once` pass over a fresh index reads every feed
and fetches and indexes every article; its wall time is set beside what the
rate limit allows (requests / rate; target: within 10%), and its CPU per
article (the child's user + system time, start-up included) beside plain
`onrecord index --workers 1` of the same pages saved as HTML files.

All feeds are on one host (127.0.0.1, one server): the watch reads its
sources one after another, so only one host's gate is ever busy, and one
host makes every request pass through the limit being measured.

    python -m bench.watch.watching [--feeds 50] [--articles 20] [--rate 2]
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path

from bench.engines.report import render_pairs
from bench.watch.watchsite import Layout, article_body, serve_phase, start_watch, write_config
from tests.indexer.watch.site import Page, Site

TARGET = 1.10  # the wall time may be this much of what the limit allows


@dataclass(slots=True)
class Pass:
    """One child process measured: wall seconds, CPU seconds (user +
    system, its children's included), exit status."""

    wall: float
    cpu: float
    status: int


@dataclass(slots=True)
class Clock:
    """When each request reached the site (monotonic seconds)."""

    times: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def route(self, page: Page) -> Callable[[BaseHTTPRequestHandler], Page]:
        """Return a route answering `page` that notes the request's time."""
        def answer(_handler: BaseHTTPRequestHandler) -> Page:
            with self.lock:
                self.times.append(time.monotonic())
            return page
        return answer


def measure(start: Callable[[], subprocess.Popen[bytes]]) -> Pass:
    """Run the child `start()` starts to its end; return its wall and CPU time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    child = start()
    status = child.wait()
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Pass(wall, cpu, status)


def run_watch_pass(root: Path, layout: Layout, rate: float, site: Site, clock: Clock) -> Pass:
    """Serve `layout` with every route timed; run one watch pass into a
    fresh index under `root`; return it measured."""
    serve_phase(site, layout, 0)
    site.routes = {path: clock.route(page) for path, page in site.routes.items()
                   if isinstance(page, Page)}
    config = write_config(root / "watch.toml", site, layout, "bench", rate, rechecks="none")
    return measure(lambda: start_watch(config, root / "watch-index", root / "watch.err"))


def run_index_pass(root: Path, layout: Layout) -> Pass:
    """Save every article as an HTML file; run `onrecord index --workers 1`
    over them into a fresh index; return it measured."""
    pages = root / "pages"
    pages.mkdir()
    for feed in range(layout.feeds):
        for number in range(layout.listed(0)):
            (pages / f"f{feed:02d}-{number:02d}.html").write_bytes(article_body(layout, feed, number, 0))
    command = [str(Path(sys.executable).parent / "onrecord"), "index", str(pages), "--index",
               str(root / "plain-index"), "--workers", "1"]
    return measure(lambda: subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))


def format_table(layout: Layout, rate: float, watch: Pass, plain: Pass, requests: list[float]) -> str:
    """Return the bench's table."""
    articles = layout.feeds * layout.listed(0)
    allowed = len(requests) / rate
    span = requests[-1] - requests[0] if requests else 0.0
    rows = [("feeds x articles", f"{layout.feeds} x {layout.listed(0)} = {articles}"),
            ("requests served (robots.txt, feeds, articles)", f"{len(requests)}"),
            ("rate limit per host", f"{rate:g} requests/s (one host: 127.0.0.1)"),
            ("allowed by the limit (requests / rate)", f"{allowed:.1f} s"),
            ("watch pass, wall (process start to exit)", f"{watch.wall:.1f} s = {watch.wall / allowed:.3f} x allowed "
                                                         f"({'within' if watch.wall <= allowed * TARGET else 'over'}"
                                                         f" {TARGET - 1:.0%})"),
            ("first to last request at the site", f"{span:.1f} s = {span / allowed:.3f} x allowed"),
            ("watch pass, CPU per article", f"{watch.cpu / articles * 1000:.1f} ms ({watch.cpu:.1f} s in all)"),
            ("onrecord index --workers 1, CPU per article", f"{plain.cpu / articles * 1000:.1f} ms "
                                                            f"({plain.cpu:.1f} s in all, wall {plain.wall:.1f} s)"),
            ("CPU ratio watch / index", f"{watch.cpu / plain.cpu:.2f}"),
            ("exit statuses (watch, index)", f"{watch.status}, {plain.status}")]
    return render_pairs(rows)


def main(argv: list[str] | None = None) -> int:
    """Run the bench; print its table; return 1 when a pass failed or the
    wall time is over the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--feeds", type=int, default=50)
    parser.add_argument("--articles", type=int, default=20, help="articles per feed")
    parser.add_argument("--rate", type=float, default=2.0, help="requests per second per host")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    layout, clock, site = Layout(args.feeds, args.articles, 0, args.seed), Clock(), Site()
    try:
        with tempfile.TemporaryDirectory(prefix="onrecord-watching-") as folder:
            root = Path(folder)
            watch = run_watch_pass(root, layout, args.rate, site, clock)
            plain = run_index_pass(root, layout)
    finally:
        site.close()
    requests = sorted(clock.times)
    print(format_table(layout, args.rate, watch, plain, requests))
    over = watch.wall > len(requests) / args.rate * TARGET
    return 1 if over or watch.status or plain.status else 0


if __name__ == "__main__":
    sys.exit(main())
