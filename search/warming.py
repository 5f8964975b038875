"""Warming a freshly opened index before it serves.

Owns WARMING_REQUESTS and warm_index(): a few searches, run once when a
server starts, that build what a commit's first searches would otherwise
build while a reader waits (the facet table, the sets of live paragraphs
and quotes, quotes mode's copy groups, the sort and date columns, the
field lengths of ranking).  Solr's firstSearcher warming queries are the
model.  The warming searches' own answers are dropped from the result
cache: a reader's first search is searched, not looked up.  Also owns
freeze_survivors(): what the warm-up built, taken out of the garbage
collector's full passes for the server's life.
"""
from __future__ import annotations

import ctypes
import datetime as dt
import gc
import time
from dataclasses import dataclass

from onrecord.search.answers import SearchRequest
from onrecord.search.deadline import Deadline
from onrecord.search.engine import search
from onrecord.search.features.commitview import open_view
from onrecord.search.storage.store import Index

# One row per kind of work a first search builds; a new per-commit value
# gets the request that builds it.
WARMING_REQUESTS: tuple[SearchRequest, ...] = (
    SearchRequest(),  # browsing: the facet table, every live paragraph, the browse counts
    SearchRequest(mode="quotes"),  # every live quote, the copy groups
    SearchRequest(query="said"),  # ranking's field lengths of the paragraph text
    SearchRequest(query="said", mode="quotes"),  # ... and of a quote's own words
    SearchRequest(sort="newest"),  # the sort columns
    SearchRequest(sort="oldest"),
    SearchRequest(mode="quotes", sort="newest"),
    SearchRequest(since=dt.date(1, 1, 1)),  # the date column alone
    SearchRequest(query="said", since=dt.date(1, 1, 1)),  # ... and beside words
    SearchRequest(speakers=("said",), institutions=("said",), outlets=("said",)),  # facet values by name
    # a few-valued facet field's kept bits (search.query.termids.BIT_FIELDS: ~0.3 s CPU a
    # segment of ~1.2M documents, a first kind or evidence filter's wait otherwise)
    SearchRequest(mode="quotes", kinds=("verbatim",), evidences=("named",)),
    # a yes/no filter's paragraphs, kept with the segment (search.query.termids._FLAGS:
    # ~0.3 s CPU a field at 1M, the first "quotes only" search's wait otherwise)
    SearchRequest(quotes_only=True),
    SearchRequest(quotes_only=True, verbatim=True),
    SearchRequest(named_only=True),  # ... and has_named_quote's kept bits (BIT_FIELDS), quotes mode's "named only"
)


@dataclass(frozen=True, slots=True)
class Warmed:
    """What warm_index() did: searches run, and how long they took."""

    searches: int
    seconds: float


def warm_index(index: Index, requests: tuple[SearchRequest, ...] = WARMING_REQUESTS) -> Warmed:
    """Run `requests` against the commit `index` serves now, with no
    deadline, then drop their answers from the commit's result cache;
    return what was done.  Raises what search() raises (IndexUnavailableError
    for a closed or damaged index, QueryError for a bad request)."""
    started = time.perf_counter()
    for request in requests:
        search(index, request, deadline=Deadline(None))
    with open_view(index) as view:
        cache = view.result_cache()
        if cache is not None:
            cache.clear()
    return_freed_memory()
    return Warmed(len(requests), time.perf_counter() - started)


def freeze_survivors() -> int:
    """Collect the garbage once, then move every object still alive (the
    caches the warm-up built) out of the collector's reach (gc.freeze);
    return how many were frozen.  For a long-lived server after
    warm_index(), not for a library call: the frozen objects' cycles are
    not collected until the next call.  At 1M paragraphs the warm heap is
    ~0.8 GB of objects that live as long as the server: left in the collector's
    oldest generation, each full pass walks them all (100-200 ms) on
    whichever first search crosses the threshold (first-pass CPU p95 ~290
    -> ~145 ms measured).  What an earlier call froze is thawed first, so
    cyclic garbage among it is collected now, not kept for the process's life."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def return_freed_memory() -> bool:
    """Give the C heap's free pages back to the system (glibc's malloc_trim);
    return False where there is no such call (another C library).  The
    warm-up's large temporaries (a sort column's ~20 MB numpy arrays at 1M)
    raise glibc's mmap threshold, so what it frees after them stays in the
    process: 1M's RSS after the warm-up was 857 MB, 777 MB trimmed."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return False
    trim(0)
    return True
