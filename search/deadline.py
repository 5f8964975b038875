"""One time budget, checked cooperatively: a search request's, or one
input file's while the indexer reads and annotates it.

Owns Deadline.  A search creates one when a request starts
(search.engine.search, an export, a feed) and hands it to each stage
(parsing, term expansion, collection, near-duplicate grouping, facets,
hits and highlighting, suggestions); the indexer creates one per file (or
per record of an export) and its parse and annotation stages check it
(indexer.extraction turns DeadlineExceeded into the file's BudgetError,
indexer.budget).  Checks sit at loop boundaries (between postings blocks,
expanded words, segments, hits, paragraphs, quotes), so a deadline works in
any thread and any worker process (Whoosh's TimeLimitCollector needs
signals, which only the main thread receives), and a stage is never
interrupted half-way through.  A search stage that stops early records it
with cut(); the result is then marked partial.  The clock is a parameter,
so a test can count checks instead of waiting on real time.
"""
from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]  # seconds, never going backwards


class DeadlineExceeded(Exception):
    """Raised inside a loop when the deadline's time is up."""


class Deadline:
    """A point in time after which work stops and returns what it has.

    `seconds` is the budget (None: no limit; inf never passes; 0 has
    always passed, which makes a timeout testable without timing), read on
    `clock` (default time.perf_counter).  `stage` names the stage running
    now (set by begin()); `stopped` lists the stages that stopped early
    (cut()), in order."""

    def __init__(self, seconds: float | None, clock: Clock = time.perf_counter) -> None:
        self.seconds = seconds
        self.clock = clock
        self.at = None if seconds is None else clock() + max(0.0, seconds)
        self.stage = "start"
        self.stopped: list[str] = []

    def begin(self, stage: str) -> None:
        """Record that `stage` starts now (for cut() and for tests that
        expire a deadline at a given stage)."""
        self.stage = stage

    def remaining(self) -> float | None:
        """Return the seconds left (0.0 once expired), None if unlimited."""
        if self.at is None:
            return None
        return 0.0 if self.expired() else max(0.0, self.at - self.clock())

    def expired(self) -> bool:
        """Return True once the deadline has passed (never if unlimited)."""
        return self.at is not None and self.clock() >= self.at

    def check(self) -> None:
        """Raise DeadlineExceeded if the deadline has passed."""
        if self.expired():
            raise DeadlineExceeded

    def cut(self, stage: str | None = None) -> None:
        """Record that `stage` (default: the current one) stopped early."""
        name = stage or self.stage
        if name not in self.stopped:
            self.stopped.append(name)

    def portion(self, fraction: float) -> Deadline:
        """Return a deadline for one stage that may use at most `fraction`
        of the time left (so later stages keep the rest); it also expires
        with this one, and its cuts are recorded here."""
        return _Portion(self, fraction)

    @property
    def partial(self) -> bool:
        """Return True if any stage stopped early."""
        return bool(self.stopped)


class _Portion(Deadline):
    """A share of a parent Deadline's remaining time (see Deadline.portion)."""

    def __init__(self, parent: Deadline, fraction: float) -> None:
        left = parent.remaining()
        super().__init__(None if left is None else left * fraction, parent.clock)
        self.parent = parent
        self.stage = parent.stage
        self.stopped = parent.stopped  # one record of cuts per request

    def expired(self) -> bool:
        """Return True once this share or the parent deadline has run out."""
        return super().expired() or self.parent.expired()
