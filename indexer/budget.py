"""The per-file time budget: search's Deadline, with the indexer's skip reason.

A file whose processing (parse, chunk, annotate) runs past its budget is
skipped with the reason "took longer than the 60 s per-file budget", so one
pathological file cannot hold up an ingest.  The deadline is search's
cooperative Deadline (search/deadline.py): the pure stages take an optional
one and call check() between records and stages and once per paragraph
and per quote in the annotation loops, so it works the same in the serial
path and in worker processes (no signals, no threads) and a stage is never
interrupted half-way through a write.  A single uninterruptible step (one
HTML page's parse by lxml) can overrun the budget by its own length before
the next check.  indexer.extraction, the boundary, turns the
DeadlineExceeded the stages raise into over_budget()'s BudgetError.
"""
from __future__ import annotations

from onrecord.indexer.errors import BudgetError
from onrecord.search import Clock, Deadline


def start_budget(seconds: float | None, clock: Clock | None = None) -> Deadline | None:
    """Return the deadline `seconds` from now on `clock` (default Deadline's,
    time.perf_counter; a test passes a fake one; inf: never), or None for
    no budget at all."""
    if seconds is None:
        return None
    return Deadline(seconds) if clock is None else Deadline(seconds, clock)


def check(deadline: Deadline | None) -> None:
    """Deadline.check for an optional deadline (None: no budget); raises
    DeadlineExceeded once it has passed."""
    if deadline is not None:
        deadline.check()


def over_budget(seconds: float) -> BudgetError:
    """Return the BudgetError (the file's skip reason) for a budget of `seconds`."""
    return BudgetError(f"took longer than the {seconds:g} s per-file budget")
