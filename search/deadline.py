"""One time budget per request, passed down to every stage of a search.

Owns Deadline: created when a request starts (search.engine.search, an
export), handed to each stage (parsing, term expansion, collection,
near-duplicate grouping, facets, hits and highlighting, suggestions), and
checked at loop boundaries (between postings blocks, expanded words,
segments, hits), so it works in any thread (Whoosh's TimeLimitCollector
needs signals, which only the main thread receives).  A stage that stops
early records it with cut(); the result is then marked partial.
"""
from __future__ import annotations

import time


class DeadlineExceeded(Exception):
    """Raised inside a loop when the request's time is up."""


class Deadline:
    """A point in time after which a request stops and returns what it has.

    `stage` names the stage running now (set by begin()); `stopped` lists
    the stages that stopped early (cut()), in order."""

    def __init__(self, seconds: float | None) -> None:
        self.at = None if seconds is None else time.perf_counter() + max(0.0, seconds)
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
        return 0.0 if self.expired() else max(0.0, self.at - time.perf_counter())

    def expired(self) -> bool:
        """Return True once the deadline has passed (never if unlimited)."""
        return self.at is not None and time.perf_counter() >= self.at

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
        super().__init__(None if left is None else left * fraction)
        self.parent = parent
        self.stage = parent.stage
        self.stopped = parent.stopped  # one record of cuts per request

    def expired(self) -> bool:
        """Return True once this share or the parent deadline has run out."""
        return super().expired() or self.parent.expired()
