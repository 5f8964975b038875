"""What a watch beside the index is doing, read from its state.db for the
/watch page: each source's last run, last fetch, errors and next run, and
each alert's pending, sent and failing counts.

Owns `read_watch_status`.  indexer.watch.state writes state.db and owns its
schema; the web may not import the indexer, so this reader lives under
both and reads the few columns it shows (tests/indexer/watch/test_status_page.py
runs a real watch and reads it back through the page, so a schema change
that breaks this reader fails there).  The file is opened read-only and
never created; a server that cannot read it shows no status, not an error.
"""
from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from onrecord.search.watchfiles import state_path

_SOURCES = """
SELECT s.name, s.last_run, s.next_run, s.last_error,
       (SELECT MAX(u.last_fetched) FROM urls u WHERE u.source = s.name),
       (SELECT COUNT(*) FROM urls u WHERE u.source = s.name AND NOT u.listing),
       (SELECT COUNT(*) FROM urls u WHERE u.source = s.name AND u.error IS NOT NULL)
FROM sources s ORDER BY s.name
"""
_ALERTS = """
SELECT alert, SUM(sent IS NULL), SUM(sent IS NOT NULL), SUM(sent IS NULL AND attempts > 0),
       MAX(CASE WHEN sent IS NULL THEN last_error END)
FROM outbox GROUP BY alert ORDER BY alert
"""


@dataclass(frozen=True, slots=True)
class SourceStatus:
    """One source: its last and next run and last fetch (ISO UTC, None if
    never), its last error, the articles it listed and how many of its
    URLs failed at their last try."""

    name: str
    last_run: str | None
    next_run: str | None
    last_error: str | None
    last_fetch: str | None
    articles: int
    failing: int


@dataclass(frozen=True, slots=True)
class AlertStatus:
    """One alert: messages' items waiting (failing among them: tried and
    failed, with the last error) and sent."""

    name: str
    pending: int
    sent: int
    failing: int
    last_error: str | None


@dataclass(slots=True)
class WatchStatus:
    """The watch's sources and alerts; `found` False when no watch has
    written state beside this index (or it cannot be read: `problem`)."""

    found: bool
    sources: list[SourceStatus] = field(default_factory=list)
    alerts: list[AlertStatus] = field(default_factory=list)
    problem: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"found": self.found, "problem": self.problem, "sources": [asdict(s) for s in self.sources],
                "alerts": [asdict(a) for a in self.alerts]}


def read_watch_status(index_dir: Path) -> WatchStatus:
    """Return the status of the watch beside the index at `index_dir`
    (found False when it has no state.db, or `problem` when it cannot be
    read); never raises for the file."""
    path = state_path(index_dir)
    if not path.is_file():
        return WatchStatus(found=False)
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0)
        try:
            sources = [_source(row) for row in db.execute(_SOURCES)]
            alerts = [AlertStatus(name, int(p or 0), int(s or 0), int(f or 0), error)
                      for name, p, s, f, error in db.execute(_ALERTS)] if _has_outbox(db) else []
        finally:
            db.close()
    except sqlite3.Error as exc:
        return WatchStatus(found=True, problem=f"the watch's state cannot be read: {exc}")
    return WatchStatus(True, sources, alerts)


def _has_outbox(db: sqlite3.Connection) -> bool:
    """Return True if the state has the alerts' outbox (a watch before alerts has none)."""
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").fetchone() is not None


def _source(row: tuple[Any, ...]) -> SourceStatus:
    name, last_run, next_run, last_error, last_fetch, articles, failing = row
    return SourceStatus(name, _iso(last_run), _iso(next_run), last_error, _iso(last_fetch), int(articles),
                        int(failing))


def _iso(seconds: float | None) -> str | None:
    """Return epoch seconds as ISO UTC (to the second), None for None."""
    if seconds is None:
        return None
    return dt.datetime.fromtimestamp(float(seconds), dt.UTC).isoformat(timespec="seconds")
