"""How a write keeps Python's cyclic garbage collector off data that lives
through it: the collector paused for a flush, and the heap present when a
write starts frozen until it ends.

Owns collector_off() (the flush: search.storage.pooled.whoosh_writers),
heap_frozen() (a whole write: search.writing's commits and segments) and
freeze_grown() (the pool, as it grows inside such a write).  All leave
the collector as they found it, also when the block raises.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# heap_frozen() blocks open: freeze_grown() freezes only inside one, which unfreezes.
_open_freezes = 0


@contextmanager
def collector_off() -> Iterator[None]:
    """Turn the cyclic garbage collector off for the block; it is on again
    after if it was on before."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


@contextmanager
def heap_frozen() -> Iterator[None]:
    """Move every object the process holds when the block starts out of
    the collector's passes (gc.freeze) until it ends (gc.unfreeze).

    Why: a write runs while the articles it writes, the annotation tables
    and the search caches are all in memory, and every full collection the
    pooling sets off walked them again.  Frozen, a full collection walks
    only what the write made: on the BBC corpus in one process (3 commits
    of 1,000 articles) the collector's time in the writes went from 2.05 to
    0.59 s (one run each).  Objects are still freed by their reference counts while frozen;
    only cycles that were garbage at the start wait for the end.  A freeze
    the process made before the block is undone at its end too (onrecord
    makes none)."""
    global _open_freezes
    gc.freeze()
    _open_freezes += 1
    try:
        yield
    finally:
        _open_freezes -= 1
        gc.unfreeze()


def freeze_grown() -> None:
    """Inside a heap_frozen() block, freeze what was made since it began
    (or since the last call), so that the collector's passes skip it too;
    outside one, do nothing.

    Why: the write's pool grows by a list per new term (40,000 per 1,000
    derived paragraphs), and every older-generation collection walked the
    whole pool again: 0.33 of a 3,000-paragraph write's 6.5 CPU s went to
    the first two generations' and the full passes.  Objects frozen stay
    freed by their reference counts; a cycle made garbage after its
    freeze waits for the block's end, as the heap's do."""
    if _open_freezes:
        gc.freeze()
