"""Values read from one segment, kept across commits, bounded by bytes.

Owns SegmentCache, the least-recently-used store of what is costly to read
from a segment's files and never changes while the segment lives: decoded
postings of frequent terms (search.query.postings) and facet columns
(search.features.facets).  A segment's files never change (deletions are
applied by the readers), so every reader of it shares its entries: the
pooled searchers of one commit (search.storage.searchers) and those of
later commits that keep the segment; after a commit only new segments are
read.  Each Index owns its caches, sized by its own settings, so two
indexes in one process never resize or evict each other's.

Eviction weighs what an entry costs to rebuild (GreedyDual-Size): over
bench.mode_cpu's 1M cycle the postings cache's working set (~110 MB) is
larger than its 64 MB, so a plain LRU let every large entry go before its
next use; a text word's ids or phrase positions (median ~41 and ~44 ms of
decoding a MB there) went as readily as a facet value's ids (~18 ms a MB),
and "one of the" took ~550 ms in the cycle against ~60-90 ms alone.
Entries put without a cost keep plain LRU order.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable
from itertools import islice
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
        self._entries: OrderedDict[Hashable, tuple[weakref.ref | None, V, int, float]] = OrderedDict()
        # GreedyDual-Size: an entry's rank is the floor when it was last used plus its
        # cost a byte; the lowest rank goes first and raises the floor to its rank, so
        # a cheap entry outlives a costly one only by being used more recently.
        self._rank: dict[Hashable, float] = {}
        self._floor = 0.0
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
            self._entries.move_to_end(full)
            self._rank[full] = self._floor + found[3]
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
            self._rank[full] = self._floor + density
            self.used += size
            self._evict(1 if self._keep_newest else 0)

    def resize(self, limit: int) -> None:
        """Hold at most `limit` bytes from now on (0: keep nothing)."""
        with self._lock:
            self.limit = limit
            self._evict(0)

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._entries.clear()
            self._rank.clear()
            self.used = 0

    def __len__(self) -> int:
        return len(self._entries)

    def _evict(self, keep: int) -> None:
        """Drop entries of least rank (the oldest first among equals), the
        `keep` newest aside, until the cache holds at most its limit."""
        while self.used > self.limit and len(self._entries) > keep:
            victim = min(islice(self._entries, len(self._entries) - keep), key=self._rank.__getitem__)
            self._floor = max(self._floor, self._rank[victim])
            self._drop(victim)

    def _drop(self, key: Hashable) -> None:
        self.used -= self._entries.pop(key)[2]
        del self._rank[key]
