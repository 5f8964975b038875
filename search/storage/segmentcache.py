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
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable
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
    `limit` bytes (each entry's size given by its put()).  Readers without a
    segment id are keyed by their id() and checked by weakref, so a newer
    reader reusing the id is never answered.  An entry larger than the limit
    is not kept, unless `keep_newest` (then it is kept alone)."""

    def __init__(self, limit: int, keep_newest: bool = False) -> None:
        self.limit = limit
        self.used = 0
        self._keep_newest = keep_newest
        self._entries: OrderedDict[Hashable, tuple[weakref.ref | None, V, int]] = OrderedDict()
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
            return found[1]

    def put(self, reader: Any, key: tuple[Any, ...], value: V, size: int) -> None:
        """Keep `value` (`size` bytes) for `key` of `reader`'s segment,
        evicting the least recently used entries beyond the limit."""
        if size > self.limit and not self._keep_newest:
            return
        segment = segment_key(reader)
        full = (segment, *key)
        with self._lock:
            if full in self._entries:
                self._drop(full)
            owner = weakref.ref(reader) if isinstance(segment, int) else None
            self._entries[full] = (owner, value, size)
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
            self.used = 0

    def __len__(self) -> int:
        return len(self._entries)

    def _evict(self, keep: int) -> None:
        while self.used > self.limit and len(self._entries) > keep:
            self._drop(next(iter(self._entries)))

    def _drop(self, key: Hashable) -> None:
        self.used -= self._entries.pop(key)[2]
