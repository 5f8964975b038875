"""Searchers for concurrent reads: one pool and one set of caches per commit.

Owns Generation: the searchers of one commit of the index and the values
derived from it (facet tables, sort columns, parsers, result caches: a
BuildCache, keyed by search.features.commitview's CommitView).  A
Whoosh searcher is not thread-safe (its files are read by seek + read), so
each request thread checks one out for itself; every searcher of a
generation is opened on the same segments (the same table of contents),
so document numbers agree and the derived values are shared.  Searches
therefore never wait for one another: the only shared locks are held for
a dictionary operation, and a value being built (a facet table) is waited
for at most until the waiter's deadline.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from whoosh.searching import Searcher

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.errors import IndexUnavailableError
from onrecord.search.storage.damage import copy_error
from onrecord.search.storage.manifests import verify_sizes
from onrecord.search.storage.reopening import latest_generation, open_retrying
from onrecord.search.storage.whoosh_internals import open_toc_reader, read_toc

T = TypeVar("T")
# Idle searchers kept per generation (more than the server's threads are
# never busy at once); extra ones are closed when returned.
MAX_IDLE = 8
_MISSING = object()


class BuildCache:
    """Values computed once per generation.  Reads take no lock; a missing
    value is built by the first thread asking for it while others wait on
    that key alone, at most until their deadline."""

    def __init__(self) -> None:
        self._values: dict[str, Any] = {}
        self._building: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def get(self, key: str, build: Callable[[], T], deadline: Deadline | None = None) -> T:
        """Return the value under `key`, calling build() if there is none.
        Raises DeadlineExceeded if another thread's build of `key` is still
        running when `deadline` passes; build()'s own errors propagate (and
        nothing is kept, so the next caller builds again)."""
        try:
            return self._values[key]
        except KeyError:
            pass
        with self._guard:
            lock = self._building.setdefault(key, threading.Lock())
        remaining = None if deadline is None else deadline.remaining()
        if not lock.acquire(timeout=-1 if remaining is None else remaining):
            raise DeadlineExceeded
        try:
            value = self._values.get(key, _MISSING)
            if value is _MISSING:
                value = self._values[key] = build()
            return value
        finally:
            lock.release()


class Generation:
    """The pooled searchers of one commit and its BuildCache.

    Opening one checks the commit's files against their manifests
    (search.storage.manifests: sizes; raises FileNotFoundError or
    DamagedFileError); verify() checks again.  `damage`, once set by the
    handle, is raised by every checkout: a commit found damaged stays so."""

    def __init__(self, ix: Any) -> None:
        self._ix = ix
        self._info = read_toc(ix)
        self.number: int = self._info.generation
        folder = getattr(ix.storage, "folder", None)  # None in memory
        self._folder = Path(folder) if isinstance(folder, str) else None
        self.verify()  # before any searcher reads a truncated file as a short one
        self.damage: IndexUnavailableError | None = None
        self.cache = BuildCache()
        self._lock = threading.Lock()
        self._idle: list[Searcher] = []
        self._busy = 0
        self._retired = False
        first = self._open()
        self.schema = first.schema  # one schema object: analyzers keep their stem cache
        self._idle.append(first)

    def verify(self) -> None:
        """Check this commit's files against their manifests (one stat per
        file; nothing in memory).  Raises FileNotFoundError if one is gone,
        DamagedFileError if one has another size than its commit wrote."""
        if self._folder is not None:
            verify_sizes(self._folder, self._info.segments)

    def raise_damage(self) -> None:
        """Raise (a copy of) `damage` if the handle found this commit
        damaged: a new object each time, since one raised again and again
        by many threads would keep growing its traceback."""
        if self.damage is not None:
            raise copy_error(self.damage)

    def checkout(self) -> Searcher:
        """Return a searcher for the caller's thread alone (an idle one, or a
        newly opened one on the same segments); give it back with checkin().
        Raises OSError if the generation's files are gone (a newer commit
        removed them): the caller refreshes and retries; raises `damage`
        if the handle found this commit damaged."""
        self.raise_damage()
        with self._lock:
            self._busy += 1
            if self._idle:
                return self._idle.pop()
        try:
            return self._open()  # outside the lock: opening reads files
        except BaseException:
            with self._lock:
                self._busy -= 1
            raise

    def checkin(self, searcher: Searcher) -> None:
        """Take back a searcher from checkout(); closes it if the generation
        was retired meanwhile or enough are idle."""
        with self._lock:
            self._busy -= 1
            keep = not self._retired and len(self._idle) < MAX_IDLE
            if keep:
                self._idle.append(searcher)
        if not keep:
            searcher.close()

    def retire(self) -> None:
        """Close the idle searchers now and busy ones when they come back."""
        with self._lock:
            self._retired = True
            idle, self._idle = self._idle, []
        for searcher in idle:
            searcher.close()
        # The cache goes with the last search still using this generation.

    @property
    def busy(self) -> int:
        """Return how many searchers are checked out."""
        return self._busy

    def _open(self) -> Searcher:
        return Searcher(open_toc_reader(self._ix, self._info), fromindex=self._ix)


class Slots:
    """A fixed number of places for costly requests (exports): taken
    without waiting, so a request that finds none can be told to retry."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._free = threading.BoundedSemaphore(max(1, count))

    def take(self) -> bool:
        """Return True if a place was free (and is now taken), else False."""
        return self._free.acquire(blocking=False)

    def give_back(self) -> None:
        """Free a place taken by take()."""
        self._free.release()


def open_generation(ix: Any) -> Generation:
    """Return a Generation over the latest commit of `ix`, retrying
    (search.reopening) when a concurrent commit deletes the files of the
    one being opened.  Raises the last FileNotFoundError, and at once any
    other error or a missing file of the latest commit (damage)."""
    return open_retrying(lambda _attempt: Generation(ix), latest_generation(ix))
