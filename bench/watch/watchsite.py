"""What the watch benches run against: a news site on loopback (feeds of
generated articles, edited from one phase to the next), a webhook
receiver recording every delivery, and the watch's TOML config.

The site is the watch tests' (`tests.indexer.watch.site.Site`: routes set
per phase, every request recorded); `bench.watch.watch_kills` and
`bench.watch.watching` build on these.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.indexer.watch.site import Page, Site

SECRET = "bench-secret"  # the alert webhook's HMAC key (ONRECORD_ALERT_SECRET of the child)
CONTACT = "bench@example.org"
ALERT_WORD = "harbour"  # the alert's query: in every edited paragraph, and in some others
_WORDS = ("council minister budget hospital police inquiry report school court river "
          "election housing contract audit tender mayor ministry").split()
# A re-check about every second for an hour: an article fetched in one pass
# is due again in the next pass a second later (passes stand for the hours
# of a real watch; the schedule's unit is hours, 0.0003 h is 1.08 s).
FAST_RECHECKS = ",".join(f"{step * 0.0003:.4f}h" for step in range(1, 3300))
RECHECK_SECONDS = 1.1  # waited before a pass that must see every article due again


@dataclass(frozen=True, slots=True)
class Layout:
    """The site's shape: `feeds` feeds, each listing `first` articles in the
    first phase and `added` more in each later one; in phase k > 0 every
    other article of each feed is edited (its first paragraph says so)."""

    feeds: int
    first: int
    added: int = 0
    seed: int = 1

    def listed(self, phase: int) -> int:
        """Return how many articles each feed lists in `phase`."""
        return self.first + self.added * phase


def article_body(layout: Layout, feed: int, number: int, phase: int) -> bytes:
    """Return article `number` of `feed` as it reads in `phase` (HTML):
    three paragraphs of seeded words, the first edited in later phases."""
    rng = random.Random(f"{layout.seed}-{feed}-{number}")
    edit = phase if phase and (feed + number) % 2 == 0 else 0
    title = f"Feed {feed} story {number}: the {rng.choice(_WORDS)} {rng.choice(_WORDS)}"
    paragraphs = []
    for para in range(3):
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(15, 30)))
        said = f'"The {rng.choice(_WORDS)} is on track," the mayor said.'
        lead = f"Update {edit}: the {ALERT_WORD} plan changed again. " if para == 0 and edit else ""
        topic = f" The {ALERT_WORD} came up." if (number + para) % 3 == 0 else ""
        paragraphs.append(f"<p>{lead}Story {feed}-{number} part {para}: {words}.{topic} {said}</p>")
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title></head>'
            f"<body><article><h1>{title}</h1>{''.join(paragraphs)}</article></body></html>").encode()


def feed_body(site: Site, layout: Layout, feed: int, phase: int) -> bytes:
    """Return `feed`'s RSS 2.0 document in `phase`."""
    items = "".join(f"<item><title>Story {feed}-{n}</title><link>{site.url(article_path(feed, n))}</link></item>"
                    for n in range(layout.listed(phase)))
    return (f'<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed {feed}</title>'
            f"<link>{site.root}/</link><description>bench</description>{items}</channel></rss>").encode()


def article_path(feed: int, number: int) -> str:
    return f"/f{feed}/story-{number}"


def feed_path(feed: int) -> str:
    return f"/f{feed}/rss.xml"


def serve_phase(site: Site, layout: Layout, phase: int) -> None:
    """Set the site's routes to `phase`: its feeds (no validators, so each
    pass reads them whole) and their articles (an ETag each, so an
    unchanged one is a 304), robots.txt allowing all."""
    site.routes["/robots.txt"] = Page(b"User-agent: *\nAllow: /\n", headers={"Content-Type": "text/plain"})
    for feed in range(layout.feeds):
        site.routes[feed_path(feed)] = Page(feed_body(site, layout, feed, phase),
                                            headers={"Content-Type": "application/rss+xml"})
        for number in range(layout.listed(phase)):
            body = article_body(layout, feed, number, phase)
            site.routes[article_path(feed, number)] = Page(body, etag=f'"{hashlib.sha256(body).hexdigest()[:16]}"')


@dataclass
class Receiver:
    """A webhook endpoint on 127.0.0.1 recording every POST: its delivery id,
    its items' keys, and whether its signature checked out."""

    posts: list[tuple[str, list[str], bool]] = field(default_factory=list)

    def __post_init__(self) -> None:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
                signed = hmac.compare_digest(self.headers.get("X-Onrecord-Signature", ""), expected)
                items = [item["item"] for item in json.loads(body)["items"]]
                receiver.posts.append((self.headers.get("X-Onrecord-Delivery", ""), items, signed))
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def write_config(path: Path, site: Site, layout: Layout, run: str, rate: float,
                 rechecks: str = FAST_RECHECKS, webhook: str | None = None) -> Path:
    """Write the watch's TOML to `path`: a feed source per feed, named after
    `run` (a source's interval is a minute at least: a new name makes each
    pass's sources due at once), and the alert when `webhook` is given."""
    lines = ["[settings]", f'watch_contact = "{CONTACT}"', f"watch_rate = {rate}",
             "watch_allow_private = true", "watch_timeout = 10.0", f'watch_rechecks = "{rechecks}"', ""]
    for feed in range(layout.feeds):
        lines += ["[[source]]", f'name = "feed{feed}-{run}"', 'kind = "feed"',
                  f'url = "{site.url(feed_path(feed))}"', ""]
    if webhook is not None:
        lines += ["[[alert]]", f'name = "{ALERT_WORD}"', f'query = "{ALERT_WORD}"', 'mode = "paragraphs"',
                  f'webhook = "{webhook}"', ""]
    path.write_text("\n".join(lines))
    return path


def watch_command(config: Path, index_dir: Path) -> list[str]:
    """Return the command line of `onrecord watch CONFIG --once` over `index_dir`."""
    return [str(Path(sys.executable).parent / "onrecord"), "watch", str(config), "--once",
            "--index", str(index_dir)]


def start_watch(config: Path, index_dir: Path, errors: Path | None = None) -> subprocess.Popen[bytes]:
    """Start one `onrecord watch --once` child in its own session, its
    stderr to the file `errors` (else dropped), stdout dropped."""
    env = {**os.environ, "ONRECORD_ALERT_SECRET": SECRET}
    stderr = errors.open("wb") if errors is not None else subprocess.DEVNULL
    try:
        return subprocess.Popen(watch_command(config, index_dir), env=env, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=stderr)
    finally:
        if errors is not None:
            stderr.close()  # type: ignore[union-attr]
