"""How far an ingest has got, as events for whoever shows it.

Owns Progress (one event: the stage a run is in, the files read so far and
the files it reads in all) and ProgressReport, through which the pipeline,
the cluster's workers and the publishing writer tell a caller's callback
as they go.  The library never prints: `onrecord index` renders the events
(cli.progress).  A file counts once it is read and annotated (or skipped),
in any order: on a cluster each worker reports its files as it finishes
them, so the count moves from the first file, not per task.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

# The stages, in the order a run meets them (a run in this process starts
# at READING; WRITING and COMMITTING come back once per commit).
STARTING = "starting workers"
READING = "reading and annotating"
WRITING = "writing"
COMMITTING = "committing"
DONE = "done"
STAGES = (STARTING, READING, WRITING, COMMITTING, DONE)


@dataclass(frozen=True, slots=True)
class Progress:
    """One progress event: `stage` (a STAGES value), `done` files of
    `total` read and annotated so far."""

    stage: str
    done: int
    total: int


ProgressCallback = Callable[[Progress], None]


class ProgressReport:
    """Sends a run's Progress events to `callback` (if any): one call at a
    time, only on a change, counts never going back.  Files are named by
    their position in the run's input, so a file a retried task reports
    again counts once.  Thread-safe: a cluster's worker events arrive on
    the Dask client's thread, the writer's on the caller's."""

    def __init__(self, callback: ProgressCallback | None, total: int) -> None:
        self.total = total
        self._callback = callback
        self._stage = READING
        self._done: set[int] = set()
        self._last: Progress | None = None
        self._lock = threading.Lock()

    def stage(self, stage: str) -> None:
        """Enter `stage`."""
        with self._lock:
            self._stage = stage
            self._emit()

    def advance(self, positions: Iterable[int], stage: str | None = None) -> None:
        """Count the files at `positions` of the input as read (in `stage`,
        if given); once every file is read, READING becomes WRITING."""
        with self._lock:
            self._done.update(positions)
            self._stage = stage or self._stage
            if self._stage == READING and len(self._done) >= self.total:
                self._stage = WRITING
            self._emit()

    def resume(self) -> None:
        """Go back to READING after a commit, unless every file is read
        (then the rest is WRITING: workers building their segments)."""
        self.stage(READING if len(self._done) < self.total else WRITING)

    def finish(self) -> None:
        """Report the run DONE, every file counted."""
        with self._lock:
            self._done.update(range(self.total))
            self._stage = DONE
            self._emit()

    def _emit(self) -> None:
        event = Progress(self._stage, min(len(self._done), self.total), self.total)
        if self._callback is not None and event != self._last:
            self._last = event
            self._callback(event)
