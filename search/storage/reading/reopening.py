"""The one retry layer for opening an index's files.

Owns open_retrying(): every open of a commit (the Whoosh index and its
table of contents, a Generation's searchers, a snapshot searcher, a
searcher checked out of the pool) goes through it.  An open is retried
only when its file is gone because a concurrent commit superseded the
generation being opened (Whoosh removes the files of superseded
commits): a FileNotFoundError while the index's latest generation has
moved on.  A missing file of the generation that is still the latest is
damage, and any other error is damage or a bug: neither is retried, so a
damaged index answers its 503 at once.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from whoosh import index as whoosh_index

T = TypeVar("T")

# Opens tried per call: each retry follows a concurrent commit, so more
# than a few in a row means commits faster than an open, not a race.
OPEN_ATTEMPTS = 5
# Pause (seconds, times the attempt number) before a retry, letting a
# commit that is still removing files finish.
_BACKOFF = 0.01


def open_retrying(open_: Callable[[int], T], latest: Callable[[], int],
                  tried: Callable[[], int] | None = None,
                  attempts: int = OPEN_ATTEMPTS, backoff: float = _BACKOFF) -> T:
    """Return open_(attempt) (attempt 0, 1, ...), retried up to `attempts`
    times in all, `backoff` seconds times the attempt number apart, when it
    raises FileNotFoundError and the index's latest
    generation number (latest(); -1 for none) is then another existing
    generation than the one tried: tried() after the failure if given
    (an open of a generation already chosen), else latest() before the
    attempt.  Any other error, and a FileNotFoundError with the generation
    unchanged (a damaged index) or gone (a deleted one), propagates at
    once; so does the last attempt's."""
    for attempt in range(attempts):
        seen = latest() if tried is None else -1
        try:
            return open_(attempt)
        except FileNotFoundError:
            now = latest()
            opened = seen if tried is None else tried()
            if attempt == attempts - 1 or now == opened or now < 0:
                raise
        time.sleep(backoff * (attempt + 1))
    raise AssertionError("unreachable")


def latest_generation(ix: whoosh_index.Index) -> Callable[[], int]:
    """Return a latest() for open_retrying over the Whoosh index `ix`
    (-1 when its table of contents cannot even be listed)."""
    def latest() -> int:
        try:
            return int(ix.latest_generation())
        except OSError:
            return -1
    return latest
