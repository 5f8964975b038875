"""How `onrecord index` shows an ingest's progress.

Owns ProgressLine, the callback the command hands to ingest_paths: on a
terminal, one line redrawn in place with the stage, a bar, files read of
all and the time left; elsewhere (a pipe, a log, CliRunner) one line the
first time the run enters each stage.  The time left is the files still
to read at the rate files were read since reading began, so starting a
cluster's workers (seconds with nothing read) does not count as time spent
per file.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from onrecord.indexer.progress import DONE, READING, STAGES, Progress

BAR_WIDTH = 24
REDRAW_SECONDS = 0.1  # a terminal line is redrawn at most this often, but for a new stage
STAGE_WIDTH = max(map(len, STAGES))  # stage names padded to it: the bar stays put


class ProgressLine:
    """Renders indexer.progress events on `stream` (see the module
    docstring); `interactive` defaults to whether `stream` is a terminal,
    `clock` gives seconds.  Calls come one at a time (ProgressReport)."""

    def __init__(self, stream: TextIO, label: str = "Indexing", interactive: bool | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.label = label
        self.interactive = stream.isatty() if interactive is None else interactive
        self.clock = clock
        self._reading_since: float | None = None
        self._stages: set[str] = set()
        self._drawn_at = -REDRAW_SECONDS
        self._width = 0  # of the line on screen: a shorter one is padded over it
        self._last: Progress | None = None

    def __call__(self, event: Progress) -> None:
        now = self.clock()
        if event.stage == READING and self._reading_since is None:
            self._reading_since = now
        new_stage = event.stage not in self._stages
        self._stages.add(event.stage)
        changed = self._last is None or event.stage != self._last.stage
        self._last = event
        if not self.interactive:
            if new_stage and event.stage != DONE:
                self._write(f"{self.label}: {event.stage} ({event.done:,}/{event.total:,} files)\n")
            return
        if changed or event.done >= event.total or now - self._drawn_at >= REDRAW_SECONDS:
            self._drawn_at = now
            self._draw(self.format_line(event, now))
        if event.stage == DONE:
            self.close()

    def format_line(self, event: Progress, now: float) -> str:
        """Return the terminal line for `event` at time `now`."""
        filled = BAR_WIDTH * event.done // event.total if event.total else BAR_WIDTH
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        left = self.seconds_left(event, now)
        eta = f"  {format_seconds(left)} left" if left is not None else ""
        return f"{self.label}: {event.stage:<{STAGE_WIDTH}} [{bar}] {event.done:,}/{event.total:,}{eta}"

    def seconds_left(self, event: Progress, now: float) -> float | None:
        """Return the seconds the unread files will take at the rate files
        were read since reading began, or None before one was read or once
        all were."""
        if (self._reading_since is None or not 0 < event.done < event.total
                or now <= self._reading_since):
            return None
        rate = event.done / (now - self._reading_since)
        return (event.total - event.done) / rate

    def close(self) -> None:
        """End the terminal line (once): what is printed next starts afresh."""
        if self.interactive and self._width:
            self._write("\n")
            self._width = 0

    def _draw(self, line: str) -> None:
        self._write("\r" + line.ljust(self._width))
        self._width = len(line)

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()


def format_seconds(seconds: float) -> str:
    """Return "0:07", "12:30" or "2:05:00" for a duration in seconds."""
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
