"""A small per-searcher LRU of finished SearchResults.

Owns reusing the answer to a request that was asked before and whose index
generation has not changed since.  Newsroom traffic repeats itself (the
same search pages reloaded, shared links, paging back), and a cached answer
costs a dictionary lookup instead of a query; it is kept per commit
(search.features.commitview), so a commit (a new searcher) drops it.
Partial (timed-out) results are never kept.  Entries are kept pickled, so no caller can alter a cached result
(and a pickle round trip costs a fraction of copy.deepcopy).
"""
from __future__ import annotations

import pickle
import threading
from collections import OrderedDict

from onrecord.search.config import Config
from onrecord.search.model import SearchRequest, SearchResult


class ResultCache:
    """Thread-safe LRU mapping SearchRequest -> SearchResult, at most
    `max_entries` of them (the result_cache_size setting, default Config()'s;
    ~10 hits each: a few MB at most)."""

    def __init__(self, max_entries: int | None = None) -> None:
        self._entries: OrderedDict[SearchRequest, bytes] = OrderedDict()
        self._max = Config().result_cache_size if max_entries is None else max_entries
        self._lock = threading.Lock()

    def get(self, request: SearchRequest) -> SearchResult | None:
        """Return a copy of the cached result for `request`, or None."""
        with self._lock:
            found = self._entries.get(request)
            if found is None:
                return None
            self._entries.move_to_end(request)
        result: SearchResult = pickle.loads(found)
        return result

    def put(self, request: SearchRequest, result: SearchResult) -> None:
        """Keep a copy of `result` unless it is partial; evict the oldest."""
        if result.partial:
            return
        kept = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
        with self._lock:
            self._entries[request] = kept
            self._entries.move_to_end(request)
            while len(self._entries) > self._max:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget every result."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
