"""A term's postings in one segment, decoded, with a bounded cache.

Owns term_postings(): the document ids and weights of a term in a segment
reader (deleted documents included), as two arrays.  Whoosh 3 stores each
block of 128 postings as one zlib-compressed pickle holding ids, weights
and, for the text field, every document's positions; unpickling that is
~0.7 us per posting even when only ids and weights are wanted, so a word
in 400,000 paragraphs costs ~0.3 s to read.  Decoded postings of frequent
terms (MIN_CACHED or more) are therefore kept in a process-wide LRU bounded
by the postings_cache_mb setting (8 bytes per posting; every search sizes
it to its index's, see size_postings_cache), the way an engine in a compiled
language leans on the OS page cache.  An entry belongs to one segment (its
postings never change; deletions are applied by the callers), so every
reader of it shares the entry: the pooled searchers of search.searchers,
and the searchers of later commits that keep the segment.
"""
from __future__ import annotations

import threading
import weakref
from array import array
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from onrecord.search.config import Config
from onrecord.search.storage.whoosh_internals import is_block_matcher, iter_blocks

MIN_CACHED = 2048  # postings: shorter lists decode in well under a millisecond

Postings = tuple[array, array]  # (ids "I", weights "f")
_Key = tuple[Any, str, Any]


class _Cache:
    """LRU of decoded postings keyed by (segment id, field, term); readers
    without a segment id are keyed by their id() and checked by weakref."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self._entries: OrderedDict[_Key, tuple[weakref.ref | None, Postings]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, reader: Any, key: _Key) -> Postings | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            owner = found[0]
            if owner is not None and owner() is not reader:  # an id reused by a newer reader
                self._drop(key)
                return None
            self._entries.move_to_end(key)
            return found[1]

    def put(self, reader: Any, key: _Key, postings: Postings) -> None:
        size = 8 * len(postings[0])
        if size > self.limit:
            return
        with self._lock:
            if key in self._entries:
                self._drop(key)
            owner = weakref.ref(reader) if isinstance(key[0], int) else None
            self._entries[key] = (owner, postings)
            self.used += size
            while self.used > self.limit:
                self._drop(next(iter(self._entries)))

    def resize(self, limit: int) -> None:
        """Hold at most `limit` bytes from now on (0: keep nothing)."""
        with self._lock:
            self.limit = limit
            while self.used > self.limit and self._entries:
                self._drop(next(iter(self._entries)))

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.used = 0

    def _drop(self, key: _Key) -> None:
        _ref, postings = self._entries.pop(key)
        self.used -= 8 * len(postings[0])


CACHE = _Cache(Config().postings_cache_mb * 1024 * 1024)  # the setting's default until a search sizes it


def size_postings_cache(megabytes: int) -> None:
    """Bound the process-wide postings cache at `megabytes` MB (the
    postings_cache_mb setting; 0 turns it off).  Cheap when unchanged, so
    every search may call it with its index's setting."""
    limit = megabytes * 1024 * 1024
    if CACHE.limit != limit:
        CACHE.resize(limit)


def segment_key(reader: Any) -> Any:
    """Return the id of the segment a leaf reader reads (the same for every
    reader of that segment), or id(reader) if it has none."""
    segment = reader.segment() if hasattr(reader, "segment") else None
    return id(reader) if segment is None else segment.segment_id()


def term_postings(reader: Any, fieldname: str, text: Any, open_matcher: Callable[[], Any],
                  check: Callable[[], None], min_cached: int = MIN_CACHED) -> Postings | None:
    """Return the (ids, weights) arrays of a term in segment `reader`, or
    None if open_matcher() (a leaf matcher over its postings, or None)
    gives no Whoosh 3 block matcher to decode; kept in the cache when
    `min_cached` postings or more.  `check` runs between blocks (it raises
    when the query's deadline has passed)."""
    key = (segment_key(reader), fieldname, text)
    cached = CACHE.get(reader, key)
    if cached is not None:
        return cached
    matcher = open_matcher()
    if not is_block_matcher(matcher, weights=True):
        return None
    ids, weights = array("I"), array("f")
    for block in iter_blocks(matcher, check):
        ids.extend(block.ids)
        weights.extend(block.weights())
    if len(ids) >= min_cached:
        CACHE.put(reader, key, (ids, weights))
    return ids, weights
