"""robots.txt: which URLs a site lets onrecord fetch, and how slowly.

Owns `RobotsRules`: each origin's /robots.txt fetched once per run (through
the same safe fetcher, so it is captured too) and read by
urllib.robotparser for the agent "onrecord"; its Crawl-delay becomes the
host's spacing.  As RFC 9309 says: a 4xx (no robots.txt) allows
everything, a 5xx or a failed fetch disallows everything for this run.
"""
from __future__ import annotations

import threading
import urllib.robotparser
from collections.abc import Callable
from urllib.parse import urlsplit

from onrecord.indexer.watch.fetching import Fetcher, FetchError, Response, host_key

AGENT = "onrecord"  # the product token robots.txt groups are matched against
MAX_ROBOTS_BYTES = 500 * 1024  # RFC 9309: at least 500 KiB must be read
# The rules that stand in for a robots.txt that cannot be read.
ALLOW_ALL: tuple[str, ...] = ()
DISALLOW_ALL: tuple[str, ...] = ("User-agent: *", "Disallow: /")


class RobotsRules:
    """The robots.txt rules of every origin a watch fetches from; each
    response is handed to `on_response` (the capture writer)."""

    def __init__(self, fetcher: Fetcher, on_response: Callable[[Response], object] | None = None) -> None:
        self.fetcher = fetcher
        self.on_response = on_response
        self._parsers: dict[str, urllib.robotparser.RobotFileParser] = {}
        self._lock = threading.Lock()

    def why_not(self, url: str) -> str | None:
        """Return why robots.txt forbids fetching `url`, None when it may be."""
        parser = self._parser(url)
        if parser.can_fetch(AGENT, url):
            return None
        return "robots.txt disallows it"

    def _parser(self, url: str) -> urllib.robotparser.RobotFileParser:
        """Return the parsed robots.txt of `url`'s origin, fetching it once."""
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        with self._lock:
            parser = self._parsers.get(origin)
            if parser is None:
                parser = self._parsers[origin] = self._load(origin)
        return parser

    def _load(self, origin: str) -> urllib.robotparser.RobotFileParser:
        """Return `origin`'s rules (all allowed on a 4xx, none on a 5xx or
        failure), its Crawl-delay set on the host's gate."""
        parser = urllib.robotparser.RobotFileParser(origin + "/robots.txt")
        try:
            response = self.fetcher.fetch(origin + "/robots.txt")
        except FetchError:
            parser.parse(DISALLOW_ALL)
            return parser
        if self.on_response is not None:
            self.on_response(response)
        if 400 <= response.status < 500:
            parser.parse(ALLOW_ALL)
        elif response.status != 200:
            parser.parse(DISALLOW_ALL)
        else:
            text = response.body[:MAX_ROBOTS_BYTES].decode("utf-8", "replace")
            parser.parse(text.splitlines())
            delay = parser.crawl_delay(AGENT)
            if delay:
                self.fetcher.gates.set_crawl_delay(host_key(origin), float(delay))
        return parser
