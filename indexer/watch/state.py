"""A watch's memory in SQLite, beside the index: what it fetched and when.

Owns `WatchState`: per URL when it was first seen and last fetched, its
ETag, Last-Modified and content hash (so the next fetch asks
conditionally and an unchanged body is not indexed again), when it is due
again (`next_check`), the capture it was last read from (file and offset
in captures/, and the fetch time) and its last error; per source its last
run, next run and last error; the alerts' outbox (one row per alert,
channel and matched item: queued in the transaction that remembers the
fetches it came from, a second match of the item ignored, marked sent
once delivered).  Times are seconds since the epoch (UTC).
Each change is committed at once (WAL), so a watch killed and restarted
fetches again only what it had not recorded.  The capture a version was
read from is also kept with the version in articles.db (the ingest's
metadata), which the article page reads.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS urls (
    url TEXT PRIMARY KEY, source TEXT NOT NULL, first_seen REAL NOT NULL,
    last_fetched REAL, status INTEGER, etag TEXT, last_modified TEXT, content_hash TEXT,
    next_check REAL, capture_file TEXT, capture_offset INTEGER, fetched TEXT, error TEXT,
    listing INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS sources (
    name TEXT PRIMARY KEY, last_run REAL, next_run REAL, last_error TEXT);
CREATE TABLE IF NOT EXISTS outbox (
    alert TEXT NOT NULL, channel TEXT NOT NULL, item TEXT NOT NULL, payload TEXT NOT NULL,
    queued REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_try REAL NOT NULL,
    sent REAL, last_error TEXT,
    PRIMARY KEY (alert, channel, item));
"""


@dataclass(frozen=True, slots=True)
class UrlState:
    """What the watch remembers of one URL (see the urls table)."""

    url: str
    source: str
    first_seen: float
    last_fetched: float | None = None
    status: int | None = None
    etag: str | None = None
    last_modified: str | None = None
    content_hash: str | None = None
    next_check: float | None = None
    capture_file: str | None = None
    capture_offset: int | None = None
    fetched: str | None = None
    error: str | None = None
    listing: bool = False  # a feed, sitemap or URL list, not an article


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """One item an alert is to deliver on one channel ("webhook" or
    "email"): its key (unique per alert and channel), its JSON payload and
    the failed attempts so far."""

    alert: str
    channel: str
    item: str
    payload: str
    attempts: int = 0


@dataclass(frozen=True, slots=True)
class SourceState:
    """What the watch remembers of one source: its last and next run, last error."""

    name: str
    last_run: float | None = None
    next_run: float | None = None
    last_error: str | None = None


class WatchState:
    """The watch's SQLite database (one connection, used by one thread)."""

    def __init__(self, path: Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def url(self, url: str) -> UrlState | None:
        """Return what is remembered of `url`, None if it was never seen."""
        row = self.db.execute(f"SELECT {_columns(UrlState)} FROM urls WHERE url = ?", (url,)).fetchone()
        if row is None:
            return None
        values: list[Any] = list(row)
        values[-1] = bool(values[-1])  # SQLite keeps the listing flag as 0/1
        return UrlState(*values)

    def source_urls(self, source: str) -> list[str]:
        """Return the article URLs first seen through `source`, oldest first."""
        rows = self.db.execute("SELECT url FROM urls WHERE source = ? AND NOT listing ORDER BY first_seen, rowid",
                               (source,))
        return [row[0] for row in rows]

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Make the writes inside one transaction: one fsync for a listing's
        thousands of URLs, not one each (rolled back on an exception)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def note_seen(self, urls: list[str], source: str, now: float) -> None:
        """Remember each of `urls` not seen before as first seen `now` through `source`."""
        with self.batch():
            self.db.executemany("INSERT OR IGNORE INTO urls (url, source, first_seen) VALUES (?, ?, ?)",
                                [(url, source, now) for url in urls])

    def is_due(self, url: str, now: float) -> bool:
        """Return True if `url` was never fetched or its next check has come
        (a fetched URL with no next check is never due again)."""
        known = self.url(url)
        if known is None or known.last_fetched is None:
            return True
        return known.next_check is not None and known.next_check <= now

    def save_url(self, state: UrlState) -> None:
        """Write `state` over what was remembered of its URL (first_seen kept)."""
        names = _columns(UrlState)
        marks = ", ".join("?" for _ in names.split(", "))
        updates = ", ".join(f"{n} = excluded.{n}" for n in names.split(", ") if n not in ("url", "first_seen"))
        self.db.execute(f"INSERT INTO urls ({names}) VALUES ({marks}) "
                        f"ON CONFLICT(url) DO UPDATE SET {updates}", _values(state))

    def source(self, name: str) -> SourceState:
        """Return what is remembered of source `name` (all None if never run)."""
        row = self.db.execute(f"SELECT {_columns(SourceState)} FROM sources WHERE name = ?",
                              (name,)).fetchone()
        return SourceState(*row) if row else SourceState(name)

    def save_source(self, state: SourceState) -> None:
        """Write `state` over what was remembered of its source."""
        self.db.execute(f"INSERT OR REPLACE INTO sources ({_columns(SourceState)}) VALUES (?, ?, ?, ?)",
                        _values(state))

    def queue_alerts(self, rows: list[OutboxRow], now: float) -> None:
        """Add `rows` to the outbox, due `now`; an (alert, channel, item)
        already there (queued or sent) is left as it is: at most once."""
        self.db.executemany(
            "INSERT OR IGNORE INTO outbox (alert, channel, item, payload, queued, next_try) VALUES (?, ?, ?, ?, ?, ?)",
            [(r.alert, r.channel, r.item, r.payload, now, now) for r in rows])

    def due_alerts(self, now: float) -> list[OutboxRow]:
        """Return the outbox rows not sent whose next try has come, oldest first."""
        rows = self.db.execute("SELECT alert, channel, item, payload, attempts FROM outbox "
                               "WHERE sent IS NULL AND next_try <= ? ORDER BY queued, rowid", (now,))
        return [OutboxRow(*row) for row in rows]

    def mark_sent(self, rows: list[OutboxRow], now: float) -> None:
        """Mark `rows` delivered at `now`."""
        with self.batch():
            self.db.executemany("UPDATE outbox SET sent = ?, last_error = NULL WHERE alert = ? AND channel = ? "
                                "AND item = ?", [(now, r.alert, r.channel, r.item) for r in rows])

    def mark_failed(self, rows: list[OutboxRow], error: str, next_try: float) -> None:
        """Count a failed delivery of `rows` and set when they are tried again."""
        with self.batch():
            self.db.executemany("UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_try = ? "
                                "WHERE alert = ? AND channel = ? AND item = ?",
                                [(error, next_try, r.alert, r.channel, r.item) for r in rows])

    def close(self) -> None:
        """Close the database."""
        self.db.close()


def _columns(kind: type) -> str:
    """Return the table columns of a state dataclass, in field order."""
    return ", ".join(f.name for f in fields(kind))


def _values(state: UrlState | SourceState) -> tuple[object, ...]:
    """Return the field values of `state` in column order."""
    return tuple(getattr(state, f.name) for f in fields(state))
