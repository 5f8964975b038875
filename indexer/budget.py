"""The per-file time budget: a cooperative deadline.

A file whose processing (parse, chunk, annotate) runs past its budget is
skipped with the reason "took longer than the 60 s per-file budget", so one
pathological file cannot hold up an ingest.  The deadline is cooperative:
the pure stages take an optional Deadline and call check() between records
and stages and once per paragraph and per quote in the annotation loops, so
it works the same in the serial path and in worker processes (no signals,
no threads) and a stage is never interrupted half-way through a write.  A
single uninterruptible step (one HTML page's parse by lxml) can overrun the
budget by its own length before the next check.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from onrecord.indexer.errors import BudgetError

Clock = Callable[[], float]
CLOCK: Clock = time.monotonic  # read at Deadline.start; tests swap in a fake clock


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a file's budget runs out, on `clock` (seconds)."""

    at: float
    budget: float
    clock: Clock

    @classmethod
    def start(cls, budget: float, clock: Clock | None = None) -> Deadline:
        """Return the deadline `budget` seconds from now (inf: never) on
        `clock` (default CLOCK, the monotonic clock)."""
        clock = CLOCK if clock is None else clock
        return cls(clock() + budget, budget, clock)

    def check(self) -> None:
        """Raise BudgetError once the deadline has passed (a budget of 0
        is always over, which makes the skip testable without timing)."""
        if self.clock() >= self.at:
            raise BudgetError(f"took longer than the {self.budget:g} s per-file budget")


def check(deadline: Deadline | None) -> None:
    """Deadline.check for an optional deadline (None: no budget)."""
    if deadline is not None:
        deadline.check()
