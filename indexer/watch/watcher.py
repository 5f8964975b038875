"""A watch's runs: each due source read, its new and due articles fetched,
captured, indexed through the normal ingest, and remembered.

Owns `Watch.run_due` (one pass over the sources whose next run has come:
what `onrecord watch --once` does) and `run_watch` (passes until stopped,
sleeping until the next source is due).  For a source: its feed, sitemap
(a sitemap index's children too), URL list or home page (the feeds it
announces; children up to MAX_CHILD_SITEMAPS in all) is
fetched conditionally and captured; each URL it lists that is new, or whose
next_check has come, is fetched (conditionally, robots.txt asked on every
hop), captured, and, when its body changed, indexed from the capture's own
bytes (indexer.pipeline.ingest_inputs: URL identity, so an unchanged page
changes nothing and an edited one is the article's next version); the
state is written after the index's commit, so a run killed before it only
fetches that batch again.
"""
from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, fields, replace

from onrecord.indexer.pipeline import ingest_inputs
from onrecord.indexer.read.reader import InputFile
from onrecord.indexer.watch.alerts import Alerts, DeliveryCount
from onrecord.indexer.watch.captures import Capture, CaptureWriter
from onrecord.indexer.watch.config import Source, WatchConfig
from onrecord.indexer.watch.fetching import Fetcher, FetchError, RefusedError, Response
from onrecord.indexer.watch.robots import RobotsRules
from onrecord.indexer.watch.sources import Listing, ListingError, read_listing
from onrecord.indexer.watch.state import SourceState, UrlState, WatchState
from onrecord.search import Index, IngestSummary, captures_folder, parse_rechecks, state_path

MAX_CHILD_SITEMAPS = 50  # child sitemaps of one sitemap index read per run
FETCH_THREADS = 4  # article fetches in flight (each host's gate limits its own share)
# Articles fetched, then indexed in one commit and remembered in one
# transaction: bounds the pages held in memory and what a kill fetches again.
ARTICLE_BATCH = 50
RECHECK = 86_400.0  # seconds until a fetched feed or sitemap is asked again outside its source's runs
Now = Callable[[], float]


@dataclass(slots=True)
class SourceRun:
    """What one run of one source did: URLs listed, fetched, not modified
    (304 or the same body), refused (robots.txt, address), failed, and the
    ingest's summary of what was indexed."""

    name: str
    listed: int = 0
    fetched: int = 0
    not_modified: int = 0
    refused: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    summary: IngestSummary = field(default_factory=IngestSummary)
    error: str | None = None


@dataclass(slots=True)
class _Fetched:
    """An article fetched and captured, waiting to be indexed and remembered."""

    url: str
    response: Response
    capture: Capture


class Watch:
    """One watch over one index: its sources, fetcher, captures and state."""

    def __init__(self, watch: WatchConfig, index: Index, fetcher: Fetcher, state: WatchState,
                 captures: CaptureWriter, now: Now = time.time) -> None:
        self.sources = watch.sources
        self.config = watch.config
        # Seconds after first sight an article is fetched again (checked by search.config).
        self.rechecks = parse_rechecks(watch.config.watch_rechecks)
        self.index = index
        self.fetcher = fetcher
        self.state = state
        self.captures = captures
        self.now = now
        self.robots = RobotsRules(fetcher, on_response=captures.write_response)
        self.alerts = Alerts(watch.alerts, watch.config, index)
        self.delivered = DeliveryCount()  # the last pass's alert messages
        # Each due URL's state, read before the fetch threads start: SQLite
        # stays on this thread.
        self.state_snapshot: dict[str, UrlState | None] = {}

    def run_due(self) -> list[SourceRun]:
        """Run every source whose next run has come (or that never ran);
        return what each did.  robots.txt is read afresh each pass (a site
        may change its rules; RFC 9309 caches them a day at most)."""
        now = self.now()
        self.robots = RobotsRules(self.fetcher, on_response=self.captures.write_response)
        runs = [self.run_source(s) for s in self.sources if (self.state.source(s.name).next_run or 0.0) <= now]
        # after the pass: what it queued, and what failed before and is due again
        self.delivered = self.alerts.deliver(self.state, self.now())
        return runs

    def next_due(self) -> float:
        """Return when the first source is next due (epoch seconds)."""
        return min(self.state.source(s.name).next_run or 0.0 for s in self.sources)

    def run_source(self, source: Source) -> SourceRun:
        """Read `source`, fetch its due articles, index what changed; its
        state's next run is set `source.interval` seconds on."""
        run = SourceRun(source.name)
        started = self.now()
        try:
            urls = self._listed(source, run)
        except (FetchError, ListingError) as exc:
            run.error = str(exc)
            urls = []
        self.state.note_seen(urls, source.name, started)
        due = [url for url in urls if self.state.is_due(url, started)]
        run.listed = len(urls)
        for start in range(0, len(due), ARTICLE_BATCH):
            self._fetch_articles(due[start:start + ARTICLE_BATCH], source, run)
        self.state.save_source(SourceState(source.name, started, started + source.interval, run.error))
        return run

    def _listed(self, source: Source, run: SourceRun) -> list[str]:
        """Return the article URLs `source` lists now (the known ones when
        its listing has not changed); raises FetchError or ListingError."""
        if source.url is None:
            return list(source.urls)
        listing = self._read_listing(source.url, source.kind, source.name)
        if listing is None:
            return self.state.source_urls(source.name)
        urls = list(listing.articles)
        children = [*((c, "sitemap") for c in listing.sitemaps), *((c, "feed") for c in listing.feeds)]
        for child, kind in children[:MAX_CHILD_SITEMAPS]:
            try:
                child_listing = self._read_listing(child, kind, source.name)
            except (FetchError, ListingError) as exc:
                run.failed.append(f"{child}: {exc}")
                continue
            # An unchanged child (sitemap, or a home page's feed): the
            # source's known articles stand for its own.
            urls.extend(child_listing.articles if child_listing else self.state.source_urls(source.name))
        return list(dict.fromkeys(urls))

    def _read_listing(self, url: str, kind: str, source: str) -> Listing | None:
        """Return what the feed/sitemap/list at `url` lists, None when it is
        unchanged (304); captured and remembered either way.  Raises
        FetchError (refused, failed, not 200) or ListingError."""
        known = self.state.url(url)
        response = self.fetcher.fetch(url, known.etag if known else None,
                                      known.last_modified if known else None, check=self.robots.why_not)
        capture = self.captures.write_response(response)
        self._remember_fetch(url, source, response, capture, listing=True)
        if response.status == 304:
            return None
        if response.status != 200 or response.truncated:
            raise FetchError(f"{url}: {_status_problem(response)}")
        return read_listing(kind, response.body, response.url, self.config.watch_max_bytes)

    def _fetch_articles(self, urls: list[str], source: Source, run: SourceRun) -> None:
        """Fetch `urls` (each host's gate keeps its pace), capture every
        response, index the changed pages in one ingest, then remember them."""
        self.state_snapshot = {url: self.state.url(url) for url in urls}  # SQLite stays on this thread
        with ThreadPoolExecutor(max_workers=FETCH_THREADS) as pool:
            outcomes = list(zip(urls, pool.map(self._fetch_article, urls), strict=True))
        changed: list[_Fetched] = []
        with self.state.batch():
            for url, outcome in outcomes:
                fetched = self._sort_outcome(url, outcome, source.name, run)
                if fetched is not None:
                    changed.append(fetched)
        if not changed:
            return
        inputs = [InputFile(path=str(self.captures.folder / item.capture.file), data=item.capture.data,
                            offset=item.capture.offset)  # the record's offset in its capture file
                  for item in changed]
        summary = ingest_inputs(inputs, self.index, self.config, collection=source.collection)
        add_summary(run.summary, summary)
        queued, problems = self.alerts.match(summary.doc_ids)
        run.failed.extend(problems)
        # After the commit: a kill before this fetches them again, and their
        # alerts are matched again (the outbox ignores an item it holds).
        with self.state.batch():
            for item in changed:
                self._remember_fetch(item.url, source.name, item.response, item.capture)
            self.state.queue_alerts(queued, self.now())

    def _fetch_article(self, url: str) -> Response | FetchError:
        """Return the response to a conditional GET of `url` (in a fetch
        thread), or the FetchError that stopped it."""
        known = self.state_snapshot.get(url)
        try:
            return self.fetcher.fetch(url, known.etag if known else None,
                                      known.last_modified if known else None, check=self.robots.why_not)
        except FetchError as exc:
            return exc

    def _sort_outcome(self, url: str, outcome: Response | FetchError, source: str,
                      run: SourceRun) -> _Fetched | None:
        """Capture and count one article's fetch; return it when its body is
        new (to be indexed, then remembered), else remember it now."""
        if isinstance(outcome, FetchError):
            self._remember_failure(url, source, outcome, run)
            return None
        capture = self.captures.write_response(outcome)
        run.fetched += 1
        if self._is_new_body(url, outcome):
            return _Fetched(url, outcome, capture)
        if outcome.status in (200, 304) and not outcome.truncated:
            run.not_modified += 1
        else:
            run.failed.append(f"{url}: {_status_problem(outcome)}")
        self._remember_fetch(url, source, outcome, capture)
        return None

    def _is_new_body(self, url: str, response: Response) -> bool:
        """Return True for a whole 200 whose body differs from the last one kept."""
        if response.status != 200 or response.truncated:
            return False
        known = self.state_snapshot.get(url)
        return known is None or known.content_hash != _digest(response.body)

    def _remember_fetch(self, url: str, source: str, response: Response, capture: Capture,
                        listing: bool = False) -> None:
        """Remember `url`'s fetch: validators, content hash, capture and
        fetch time of its last whole 200 (a 304 keeps them: that capture
        is still the text read), the status, and when it is due again (at
        the next run after a 429 or 5xx, else by _next_check)."""
        now = self.now()
        known = self.state.url(url) or UrlState(url, source, now)
        whole = response.status == 200 and not response.truncated
        keep = whole or response.status == 304
        self.state.save_url(UrlState(
            url, known.source, known.first_seen, now, response.status,
            response.header("ETag") if whole else known.etag,
            response.header("Last-Modified") if whole else known.last_modified,
            _digest(response.body) if whole else known.content_hash,
            self._next_check(known.first_seen, now, listing) if keep or not _is_transient(response.status)
            else now,
            capture.file if whole else known.capture_file,
            capture.offset if whole else known.capture_offset,
            response.fetched.isoformat() if whole else known.fetched,
            None if keep else f"HTTP {response.status}", listing))

    def _next_check(self, first_seen: float, now: float, listing: bool) -> float | None:
        """Return when a URL fetched `now` is due again: a listing after
        RECHECK; an article at the first watch_rechecks time after first
        sight still to come (edits after publication are caught while the
        story is young), None after the last (never again)."""
        if listing:
            return now + RECHECK
        due = (first_seen + after for after in self.rechecks)
        return next((when for when in due if when > now), None)

    def _remember_failure(self, url: str, source: str, error: FetchError, run: SourceRun) -> None:
        """Remember that `url` could not be fetched (it is tried at the next run)."""
        (run.refused if isinstance(error, RefusedError) else run.failed).append(str(error))
        known = self.state.url(url) or UrlState(url, source, self.now())
        self.state.save_url(replace(known, error=str(error)))


def open_watch(watch: WatchConfig, index: Index, now: Now = time.time, fetcher: Fetcher | None = None) -> Watch:
    """Return a Watch over `index`, its state and captures in the watch
    folder beside config.index_dir (search.watchfiles), fetching with `fetcher` (default: one
    built from the config); close it with close_watch."""
    index_dir = watch.config.index_dir
    fetcher = fetcher or Fetcher(watch.config)
    run_id = time.strftime("%H%M%S", time.gmtime(now())) + f"-{os.getpid()}"
    captures = CaptureWriter(captures_folder(index_dir), run_id, watch.config.watch_contact)
    return Watch(watch, index, fetcher, WatchState(state_path(index_dir)), captures, now)


def close_watch(watch: Watch) -> None:
    """Close a watch's connections and state (not its index)."""
    watch.fetcher.close()
    watch.state.close()


def run_watch(watch: Watch, once: bool, sleep: Callable[[float], None] = time.sleep,
              on_run: Callable[[list[SourceRun]], None] | None = None,
              stop: Callable[[], bool] = lambda: False) -> None:
    """Run the due sources, then (unless `once`) sleep until the next is
    due and run again, until `stop()` says so; each pass's runs go to `on_run`."""
    while True:
        runs = watch.run_due()
        if on_run is not None:
            on_run(runs)
        if once or stop():
            return
        sleep(max(1.0, watch.next_due() - watch.now()))


def add_summary(total: IngestSummary, part: IngestSummary) -> None:
    """Add `part`'s counts and lists to `total` (one source run's batches)."""
    for item in fields(IngestSummary):
        value = getattr(part, item.name)
        if isinstance(value, list):
            getattr(total, item.name).extend(value)
        elif isinstance(value, int | float):
            setattr(total, item.name, getattr(total, item.name) + value)


def _is_transient(status: int) -> bool:
    """Return True for an answer worth asking again soon (429, 5xx)."""
    return status == 429 or status >= 500


def _status_problem(response: Response) -> str:
    """Return what is wrong with a response that is not a whole 200 or a 304."""
    return f"HTTP {response.status}" + (" (over the size cap)" if response.truncated else "")


def _digest(body: bytes) -> str:
    """Return the content hash kept per URL (sha256, hex)."""
    return hashlib.sha256(body).hexdigest()
