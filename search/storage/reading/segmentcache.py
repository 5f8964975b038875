"""Values read from one segment, kept across commits, bounded by bytes.

Owns SegmentCache, the least-recently-used store of what is costly to read
from a segment's files and never changes while the segment lives: decoded
postings of frequent terms (search.query.postings) and facet columns
(search.features.facets).  A segment's files never change (deletions are
applied by the readers), so every reader of it shares its entries: the
pooled searchers of one commit (search.storage.reading.searchers) and those of
later commits that keep the segment; after a commit only new segments are
read.  Each Index owns its caches, sized by its own settings, so two
indexes in one process never resize or evict each other's.

Eviction weighs what an entry costs to rebuild (GreedyDual-Size): over
bench.querying.mode_cpu's 1M cycle the postings cache's working set (~110 MB) is
larger than its 64 MB, so a plain LRU let every large entry go before its
next use; a text word's ids or phrase positions (median ~41 and ~44 ms of
decoding a MB there) went as readily as a facet value's ids (~18 ms a MB),
and "one of the" took ~550 ms in the cycle against ~60-90 ms alone.
Entries put without a cost keep plain LRU order.
"""
from __future__ import annotations

import heapq
import threading
import weakref
from collections.abc import Hashable
from itertools import count
from typing import Any, Generic, TypeVar

V = TypeVar("V")
# Facet columns of merged-away segments linger until evicted; 64 MB holds
# a million paragraphs' columns several times over.
FACET_COLUMN_BYTES = 64 * 1024 * 1024


def segment_key(reader: Any) -> Any:
    """Return the id of the segment a leaf reader reads (the same for every
    reader of that segment), or id(reader) if it has none."""
    segment = reader.segment() if hasattr(reader, "segment") else None
    return id(reader) if segment is None else segment.segment_id()


class SegmentCache(Generic[V]):
    """Thread-safe LRU keyed by (segment_key(reader), *key), holding at most
    `limit` bytes (each entry's size given by its put()), an entry put with
    a cost outliving cheaper ones a byte (GreedyDual-Size).  Readers without a
    segment id are keyed by their id() and checked by weakref, so a newer
    reader reusing the id is never answered.  An entry larger than the limit
    is not kept, unless `keep_newest` (then it is kept alone)."""

    def __init__(self, limit: int, keep_newest: bool = False) -> None:
        self.limit = limit
        self.used = 0
        self._keep_newest = keep_newest
        # key -> (owner, value, size in bytes, rebuild cost a byte)
        self._entries: dict[Hashable, tuple[weakref.ref | None, V, int, float]] = {}
        # GreedyDual-Size: an entry's rank is the floor when it was last used plus its
        # cost a byte; the lowest rank goes first (the least recently used among equals)
        # and raises the floor to its rank, so a cheap entry outlives a costly one only
        # by being used more recently.  key -> (rank, tick of its last use).
        self._rank: dict[Hashable, tuple[float, int]] = {}
        self._floor = 0.0
        self._ticks = count()
        # A heap of (rank, tick, key) finds the least in O(log n) where a scan of every
        # entry took O(n) per eviction.  A hit only raises its entry's rank, so it is not
        # pushed (a get stays O(1)): each entry has one queued row (its tick in _queued),
        # at or below its rank, moved up when it surfaces; rows of dropped entries are
        # skipped when they surface (lazy deletion).
        self._heap: list[tuple[float, int, Hashable]] = []
        self._queued: dict[Hashable, int] = {}
        self._lock = threading.Lock()

    def get(self, reader: Any, key: tuple[Any, ...]) -> V | None:
        """Return the value kept for `key` of `reader`'s segment, or None."""
        full = (segment_key(reader), *key)
        with self._lock:
            found = self._entries.get(full)
            if found is None:
                return None
            owner = found[0]
            if owner is not None and owner() is not reader:  # an id reused by a newer reader
                self._drop(full)
                return None
            self._rank[full] = (self._floor + found[3], next(self._ticks))
            return found[1]

    def put(self, reader: Any, key: tuple[Any, ...], value: V, size: int, cost: float = 0.0) -> None:
        """Keep `value` (`size` bytes, `cost` CPU seconds to rebuild) for
        `key` of `reader`'s segment, evicting beyond the limit the entries
        of least rank (least recently used, less so the costlier a byte)."""
        if size > self.limit and not self._keep_newest:
            return
        segment = segment_key(reader)
        full = (segment, *key)
        with self._lock:
            if full in self._entries:
                self._drop(full)
            owner = weakref.ref(reader) if isinstance(segment, int) else None
            density = cost / max(size, 1)
            self._entries[full] = (owner, value, size, density)
            self._enqueue(full, self._floor + density)
            self.used += size
            self._evict(full if self._keep_newest else None)

    def resize(self, limit: int) -> None:
        """Hold at most `limit` bytes from now on (0: keep nothing)."""
        with self._lock:
            self.limit = limit
            self._evict(None)

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._entries.clear()
            self._rank.clear()
            self._heap.clear()
            self._queued.clear()
            self.used = 0

    def __len__(self) -> int:
        return len(self._entries)

    def _enqueue(self, key: Hashable, rank: float) -> None:
        """Rank a newly put `key` at `rank` as used now and queue it; returns nothing."""
        tick = next(self._ticks)
        self._rank[key] = (rank, tick)
        self._queued[key] = tick
        heapq.heappush(self._heap, (rank, tick, key))
        if len(self._heap) > 2 * len(self._entries) + 64:  # rows of re-put entries pile up
            self._requeue_all()

    def _requeue_all(self) -> None:
        """Rebuild the heap from the live entries' ranks alone; returns nothing."""
        self._heap = [(rank, tick, key) for key, (rank, tick) in self._rank.items()]
        heapq.heapify(self._heap)
        self._queued = {key: tick for key, (_, tick) in self._rank.items()}

    def _evict(self, spare: Hashable | None) -> None:
        """Drop entries of least rank (the least recently used first among
        equals), `spare` aside, until the cache holds at most its limit;
        returns nothing."""
        while self.used > self.limit and len(self._entries) > (spare is not None):
            victim = self._pop_least(spare)
            self._floor = max(self._floor, self._rank[victim][0])
            self._drop(victim)

    def _pop_least(self, spare: Hashable | None) -> Hashable:
        """Return the live key of least (rank, tick) other than `spare`,
        its row taken off the heap (another live key must exist)."""
        spared: tuple[float, int, Hashable] | None = None
        while True:
            row = heapq.heappop(self._heap)
            key = row[2]
            if self._queued.get(key) != row[1]:  # dropped, or put again, since queued
                continue
            rank, tick = self._rank[key]
            if (rank, tick) != row[:2]:  # used since queued: queue it at its rank now
                self._queued[key] = tick
                heapq.heappush(self._heap, (rank, tick, key))
            elif key == spare:
                spared = row
            else:
                if spared is not None:
                    heapq.heappush(self._heap, spared)
                return key

    def _drop(self, key: Hashable) -> None:
        """Forget `key` (its heap row is skipped when it surfaces); returns nothing."""
        self.used -= self._entries.pop(key)[2]
        del self._rank[key]
        del self._queued[key]
