"""Tests for search.storage.reading.segmentcache: the LRU of segment reads kept
across commits (decoded postings, facet columns), bounded by bytes, and
each Index's own (two indexes in one process never disturb each other)."""
from __future__ import annotations

import random
from array import array
from collections import OrderedDict
from itertools import islice
from typing import Any

import pytest

from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.query import postings
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.reading import segmentcache
from onrecord.search.storage.reading.segmentcache import SegmentCache
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article

ARTICLES = [make_article(f"a{n}", [f"Budget talks {n} stalled.", "The budget vote waits."],
                         speakers=["Ann Smallman"]) for n in range(20)]


class Reader:
    """Stands in for a segment reader without a segment (only its identity matters)."""


def postings_of(count: int) -> tuple[array, array]:
    return array("I", range(count)), array("f", [1.0] * count)


def test_cache_evicts_least_recently_used_by_bytes() -> None:
    cache: SegmentCache[tuple[array, array]] = SegmentCache(limit=8 * 10)
    reader = Reader()
    a, b = postings_of(4), postings_of(5)
    cache.put(reader, ("text", "a"), a, 8 * 4)
    cache.put(reader, ("text", "b"), b, 8 * 5)
    assert cache.get(reader, ("text", "a")) is a  # a is now the most recent
    cache.put(reader, ("text", "c"), b, 8 * 5)  # 14 postings > 10: evicts b
    assert cache.get(reader, ("text", "b")) is None
    assert cache.get(reader, ("text", "a")) is a and cache.used == 8 * 9


@pytest.mark.parametrize("old_cost, new_cost, gone", [
    (0.0, 0.0, "old"),    # no costs: plain LRU, the older goes
    (5.0, 0.5, "new"),    # the older costs ten times more a byte: the newer, cheaper one goes
    (0.5, 5.0, "old"),    # the newer is the costlier: the older goes
    (0.5, 0.5, "old"),    # equal costs: LRU again
])
def test_a_costlier_entry_outlives_a_cheaper_one_used_later(old_cost: float, new_cost: float, gone: str) -> None:
    cache: SegmentCache[str] = SegmentCache(limit=100)
    reader = Reader()
    cache.put(reader, ("old",), "o", 50, old_cost)
    cache.put(reader, ("new",), "n", 50, new_cost)
    # 150 > 100: one of the first two goes (the third costs as much as the costlier of them)
    cache.put(reader, ("third",), "t", 50, max(old_cost, new_cost))
    kept = {name for name in ("old", "new") if cache.get(reader, (name,)) is not None}
    assert kept == {"old", "new"} - {gone} and cache.used == 100


def test_an_unused_costly_entry_goes_once_cheaper_ones_have_aged_past_it() -> None:
    cache: SegmentCache[str] = SegmentCache(limit=20)
    reader = Reader()
    cache.put(reader, ("costly",), "c", 10, 1.0)  # rank 0.1 a byte
    survived = []
    for n in range(6):  # each cheap entry (0.05 a byte) evicted raises the floor by 0.05
        cache.put(reader, (f"cheap{n}",), "x", 10, 0.5)
        survived.append(("costly",) in [key[1:] for key in cache._entries])
    assert survived == [True, True, True, False, False, False]


def test_a_hit_ranks_an_entry_again_from_the_current_floor() -> None:
    cache: SegmentCache[str] = SegmentCache(limit=20)
    reader = Reader()
    cache.put(reader, ("costly",), "c", 10, 1.0)
    for n in range(6):
        cache.put(reader, (f"cheap{n}",), "x", 10, 0.5)
        assert cache.get(reader, ("costly",)) == "c"  # used every time: never goes


def test_cache_never_answers_for_another_reader_with_the_same_id(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(segmentcache, "segment_key", lambda reader: 7)  # both readers are "id 7"
    cache: SegmentCache[tuple[array, array]] = SegmentCache(limit=1000)
    first, other = Reader(), Reader()
    cache.put(first, ("text", "a"), postings_of(1), 8)
    assert cache.get(other, ("text", "a")) is None  # id 7 now names another reader
    assert cache.used == 0


@pytest.mark.parametrize("keep_newest, small, huge", [(False, "s", None), (True, None, "h")])
def test_an_entry_over_the_limit_is_kept_alone_only_when_asked(
        keep_newest: bool, small: str | None, huge: str | None) -> None:
    cache: SegmentCache[str] = SegmentCache(limit=100, keep_newest=keep_newest)
    reader = Reader()
    cache.put(reader, ("small",), "s", 50)
    cache.put(reader, ("huge",), "h", 500)
    assert (cache.get(reader, ("small",)), cache.get(reader, ("huge",))) == (small, huge)
    assert len(cache) == 1


def test_segment_facet_columns_are_bounded_by_bytes() -> None:
    cache: SegmentCache[str] = SegmentCache(limit=250, keep_newest=True)
    reader = Reader()
    for n in range(5):  # 100 bytes each: two fit
        cache.put(reader, (f"seg{n}", "speaker"), f"column {n}", 100)
    assert [cache.get(reader, (f"seg{n}", "speaker")) for n in range(5)] == [
        None, None, None, "column 3", "column 4"]
    assert cache.used == 200


def test_resizing_to_zero_keeps_nothing() -> None:
    cache: SegmentCache[str] = SegmentCache(limit=1000)
    reader = Reader()
    cache.put(reader, ("a",), "x", 10)
    cache.resize(0)
    assert len(cache) == 0 and cache.used == 0
    cache.put(reader, ("b",), "y", 10)
    assert cache.get(reader, ("b",)) is None


class ScanCache:
    """The eviction SegmentCache had before its heap: every eviction scans
    all entries (the `keep` newest aside) for the least rank, the least
    recently used first among equals.  Only keys, sizes and costs."""

    def __init__(self, limit: int, keep_newest: bool) -> None:
        self.limit, self.used, self.keep_newest, self.floor = limit, 0, keep_newest, 0.0
        self.entries: OrderedDict[str, tuple[int, float]] = OrderedDict()  # key -> (size, density)
        self.rank: dict[str, float] = {}

    def get(self, key: str) -> None:
        if key in self.entries:
            self.entries.move_to_end(key)
            self.rank[key] = self.floor + self.entries[key][1]

    def put(self, key: str, size: int, cost: float) -> None:
        if size > self.limit and not self.keep_newest:
            return
        if key in self.entries:
            self.used -= self.entries.pop(key)[0]
        self.entries[key] = (size, cost / max(size, 1))
        self.rank[key] = self.floor + self.entries[key][1]
        self.used += size
        self.evict(1 if self.keep_newest else 0)

    def resize(self, limit: int) -> None:
        self.limit = limit
        self.evict(0)

    def evict(self, keep: int) -> None:
        while self.used > self.limit and len(self.entries) > keep:
            victim = min(islice(self.entries, len(self.entries) - keep), key=self.rank.__getitem__)
            self.floor = max(self.floor, self.rank[victim])
            self.used -= self.entries.pop(victim)[0]


def made_up_steps(seed: int, count: int) -> list[tuple[str, str, int, float]]:
    """Return `count` random (op, key, size or limit, cost) steps over 30 keys:
    mostly gets and puts, costs from a few tied values, now and then a resize."""
    rng = random.Random(seed)
    steps = []
    for _ in range(count):
        op = rng.choices(["get", "put", "resize"], weights=[50, 45, 1])[0]
        size = rng.choice([1, 5, 10, 40, 120]) if op != "resize" else rng.choice([0, 60, 200, 400])
        steps.append((op, f"k{rng.randrange(30)}", size, rng.choice([0.0, 0.0, 0.5, 1.0, 5.0, 40.0])))
    return steps


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("keep_newest", [False, True])
def test_the_heap_evicts_the_entries_the_old_scan_did(seed: int, keep_newest: bool) -> None:
    cache: SegmentCache[str] = SegmentCache(limit=200, keep_newest=keep_newest)
    scan = ScanCache(limit=200, keep_newest=keep_newest)
    reader = Reader()
    for op, key, size, cost in made_up_steps(seed, 3000):
        if op == "get":
            cache.get(reader, (key,))
            scan.get(key)
        elif op == "put":
            cache.put(reader, (key,), key, size, cost)
            scan.put(key, size, cost)
        else:
            cache.resize(size)
            scan.resize(size)
        assert sorted(full[1] for full in cache._entries) == sorted(scan.entries)
        assert cache.used == scan.used
    assert len(cache._heap) <= 2 * len(cache) + 65  # rows of replaced entries do not pile up


def filled(**settings: Any) -> Index:
    """Return an in-memory index of ARTICLES with `settings` and no result
    cache (every search runs)."""
    index = ram_index(Config(result_cache_size=0, **settings))
    write_articles(index, ARTICLES)
    return index


def decodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Return a list that grows by one per postings block decoded; every
    term's postings are kept from now on."""
    blocks: list[str] = []
    real = postings.iter_blocks

    def counting(matcher: Any, check: Any) -> Any:
        for block in real(matcher, check):
            blocks.append("block")
            yield block

    monkeypatch.setattr(postings, "iter_blocks", counting)
    monkeypatch.setattr(postings, "MIN_CACHED", 1)
    return blocks


def test_searching_one_index_leaves_anothers_postings_cache_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = decodes(monkeypatch)
    kept, off = filled(postings_cache_mb=1), filled(postings_cache_mb=0)
    search(kept, SearchRequest(query="budget"))
    first = len(blocks)
    search(off, SearchRequest(query="budget"))  # its own setting: keeps nothing
    assert len(blocks) > first
    before = len(blocks)
    search(kept, SearchRequest(query="budget"))
    assert len(blocks) == before  # answered from its cache, not resized to 0 by the other
    assert kept.postings_cache.limit == 1024 * 1024 and len(kept.postings_cache) > 0
    assert off.postings_cache.limit == 0 and len(off.postings_cache) == 0


def test_each_index_keeps_its_own_facet_columns() -> None:
    first, second = filled(), filled()
    search(first, SearchRequest())
    assert len(first.facet_columns) > 0 and len(second.facet_columns) == 0
