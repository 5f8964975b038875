"""Searches do not wait for one another (issue #17): each thread reads
through its own searcher of the same commit, shared values are built once
with bounded waits, and a commit mid-search is safe.  Slow work is
simulated by blocking hooks (Events), never by timing races: a thread that
should finish is given a generous join timeout only so a regression fails
instead of hanging."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.engine import search
from onrecord.search.features import commitview
from onrecord.search.model import Article, SearchRequest
from onrecord.search.query.resultcache import ResultCache
from onrecord.search.storage.reading.searchers import BuildCache
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import indexed, make_article

WORDS = "council budget ferry harbour library police apology minister hospital school".split()
JOIN_SECONDS = 20


@pytest.fixture(autouse=True)
def no_result_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ResultCache, "get", lambda self, request: None)


def make_articles(count: int, prefix: str = "a") -> list[Article]:
    articles = []
    for a in range(count):
        text = " ".join(WORDS[(a * 3 + i * i) % len(WORDS)] for i in range(9))
        articles.append(make_article(f"{prefix}{a}", [text], title=f"Story {a}", outlet="Herald",
                                     published=None, speakers=[f"Speaker {a % 5}"]))
    return articles


@pytest.fixture()
def index() -> Index:
    return indexed(make_articles(60),  # two segments
                   make_articles(60, prefix="b"))


class Gate(Deadline):
    """No time limit, but the first check made in `stage` blocks until
    `release` is set (while its search holds a checked-out searcher)."""

    def __init__(self, stage: str) -> None:
        super().__init__(None)
        self.hold = stage
        self.entered = threading.Event()
        self.release = threading.Event()

    def expired(self) -> bool:
        if self.stage == self.hold and not self.entered.is_set():
            self.entered.set()
            self.release.wait(JOIN_SECONDS)
        return False


def in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # reported by the test
            box["error"] = exc

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    return worker, box


def test_a_simple_search_completes_while_another_is_stuck_mid_collection(index: Index) -> None:
    gate = Gate("collect")
    slow, slow_box = in_thread(lambda: search(index, SearchRequest(query="council OR ferry"),
                                              deadline=gate))
    assert gate.entered.wait(JOIN_SECONDS)
    quick, quick_box = in_thread(lambda: search(index, SearchRequest(query="police")))
    quick.join(JOIN_SECONDS)
    finished = not quick.is_alive()
    gate.release.set()
    slow.join(JOIN_SECONDS)
    assert finished, "a simple search waited for a stuck one"
    assert quick_box["value"].total > 0 and slow_box["value"].total > 0


def test_a_search_waits_for_a_facet_table_being_built_only_until_its_deadline(
        index: Index, monkeypatch: pytest.MonkeyPatch) -> None:
    building, release = threading.Event(), threading.Event()
    real = commitview.build_facet_table

    def slow_build(searcher: Any, deadline: Deadline | None = None, columns: Any = None) -> Any:
        building.set()
        release.wait(JOIN_SECONDS)
        return real(searcher, deadline, columns)

    monkeypatch.setattr(commitview, "build_facet_table", slow_build)
    first, first_box = in_thread(lambda: search(index, SearchRequest(query="council")))
    assert building.wait(JOIN_SECONDS)
    waiting = search(index, SearchRequest(query="police"), timeout=0.05)
    release.set()
    first.join(JOIN_SECONDS)
    assert waiting.partial and waiting.facets["speaker"] == [] and waiting.total > 0
    assert waiting.hits  # the stages after facets still ran
    assert not first_box["value"].partial and first_box["value"].facets["speaker"]


def test_build_cache_builds_once_and_bounds_waits_per_key() -> None:
    cache = BuildCache()
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow() -> str:
        calls.append("slow")
        started.set()
        release.wait(JOIN_SECONDS)
        return "built"

    builder, box = in_thread(lambda: cache.get("table", slow))
    assert started.wait(JOIN_SECONDS)
    assert cache.get("other", lambda: "quick") == "quick"  # another key does not wait
    with pytest.raises(DeadlineExceeded):
        cache.get("table", lambda: "second build", Deadline(0.01))
    release.set()
    builder.join(JOIN_SECONDS)
    assert box["value"] == "built" and cache.get("table", lambda: "again") == "built"
    assert calls == ["slow"]


def test_a_failed_build_keeps_nothing_and_the_next_caller_builds() -> None:
    cache = BuildCache()

    def fail() -> str:
        raise DeadlineExceeded

    with pytest.raises(DeadlineExceeded):
        cache.get("table", fail)
    assert cache.get("table", lambda: "built") == "built"


def test_each_thread_reads_through_its_own_searcher(index: Index) -> None:
    inside, release = threading.Event(), threading.Event()
    seen: list[Any] = []

    def hold() -> None:
        with index.reading() as searcher:
            seen.append(searcher)
            inside.set()
            release.wait(JOIN_SECONDS)

    worker, _box = in_thread(hold)
    assert inside.wait(JOIN_SECONDS)
    with index.reading() as mine:
        with index.reading() as nested:
            assert nested is mine  # one searcher per thread, however nested
        assert mine is not seen[0]
    release.set()
    worker.join(JOIN_SECONDS)


def test_a_commit_during_a_search_leaves_it_on_its_own_commit(index: Index) -> None:
    gate = Gate("hits")
    before = search(index, SearchRequest(query="council")).total
    slow, box = in_thread(lambda: search(index, SearchRequest(query="council"), deadline=gate))
    assert gate.entered.wait(JOIN_SECONDS)
    write_articles(index, make_articles(30, prefix="c"))  # commits and refreshes
    after = search(index, SearchRequest(query="council"))
    gate.release.set()
    slow.join(JOIN_SECONDS)
    assert "error" not in box and box["value"].total == before
    assert after.total > before


def test_concurrent_searches_give_the_answers_of_sequential_ones(index: Index) -> None:
    requests = [SearchRequest(query=q, sort=s) for q in ("council", "budget OR ferry",
                                                          '"police apology"', "hosp*",
                                                          "minister~1", "")
                for s in ("relevance", "newest")]
    expected = [search(index, r).to_dict() for r in requests]
    results: list[list[dict[str, Any]]] = []

    def run_all() -> list[dict[str, Any]]:
        out = [search(index, r).to_dict() for r in requests * 3]
        results.append(out)
        return out

    workers = [in_thread(run_all) for _ in range(8)]
    for worker, box in workers:
        worker.join(JOIN_SECONDS * 3)
        assert "error" not in box, box.get("error")
    assert len(results) == 8
    for out in results:
        assert out == expected * 3

