"""Tests for search.warming: a server's first searches find what
warm_index() built, and no answer of the warming searches is kept."""
from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.features import commitview
from onrecord.search.features.commitview import open_view
from onrecord.search.model import SearchRequest
from onrecord.search.query import termids
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.warming import WARMING_REQUESTS, freeze_survivors, warm_index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article
from tests.search.storage.reading.test_segmentcache import filled

BUILDERS = ("build_facet_table", "build_quote_groups", "build_sort_column")


def count_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Return a list that grows by the builder's name each time a commit
    builds its facet table, copy groups or a sort column."""
    built: list[str] = []
    for name in BUILDERS:
        real = getattr(commitview, name)
        monkeypatch.setattr(commitview, name,
                            lambda *args, real=real, name=name: (built.append(name), real(*args))[1])
    return built


@pytest.mark.parametrize("request_", [
    SearchRequest(query="budget"),
    SearchRequest(mode="quotes"),
    SearchRequest(sort="newest"),
    SearchRequest(query="budget", sort="oldest", mode="quotes"),
], ids=["words", "quotes", "newest", "oldest-quotes"])
def test_first_searches_after_warming_build_nothing(monkeypatch: pytest.MonkeyPatch,
                                                    request_: SearchRequest) -> None:
    index = filled()
    built = count_builds(monkeypatch)
    warmed = warm_index(index)
    assert warmed.searches == len(WARMING_REQUESTS) and warmed.seconds >= 0
    assert sorted(set(built)) == sorted(BUILDERS)
    built.clear()
    search(index, request_)
    assert built == []


def test_a_search_on_a_cold_index_builds_what_warming_would(monkeypatch: pytest.MonkeyPatch) -> None:
    built = count_builds(monkeypatch)
    search(filled(), SearchRequest(query="budget"))
    assert "build_facet_table" in built  # what the test above shows warming takes away


def test_warming_keeps_no_answer_in_the_result_cache() -> None:
    index = ram_index(Config(result_cache_size=16))
    write_articles(index, [make_article("a1", ["The budget was cut, she said."])])
    warm_index(index)
    with open_view(index) as view:
        cache = view.result_cache()
        assert cache is not None and len(cache) == 0
    search(index, SearchRequest())
    with open_view(index) as view:
        cache = view.result_cache()
        assert cache is not None and len(cache) == 1  # a reader's search is kept as before


def test_an_empty_index_warms_without_error() -> None:
    assert warm_index(ram_index(Config())).searches == len(WARMING_REQUESTS)


def test_warming_runs_without_the_query_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    index = filled(query_timeout=0.000001)  # every reader's search would be cut
    seen: list[Any] = []
    real = commitview.build_facet_table
    monkeypatch.setattr(commitview, "build_facet_table",
                        lambda searcher, deadline, columns: (seen.append(deadline.at),
                                                             real(searcher, deadline, columns))[1])
    warm_index(index)
    assert seen == [None]


def test_warming_gives_freed_heap_pages_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from onrecord.search import warming
    calls: list[bool] = []
    real = warming.return_freed_memory
    monkeypatch.setattr(warming, "return_freed_memory", lambda: calls.append(real()) or True)
    warm_index(ram_index(Config()))
    assert calls == [True]  # glibc (the CI's and the servers' C library) has malloc_trim


def test_no_trim_call_in_the_c_library_is_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from onrecord.search import warming

    def no_library(name: object) -> object:
        raise OSError("no C library")

    monkeypatch.setattr(warming.ctypes, "CDLL", no_library)
    assert warming.return_freed_memory() is False
    assert warm_index(ram_index(Config())).searches == len(WARMING_REQUESTS)


@pytest.mark.parametrize("request_", [SearchRequest(mode="quotes", kinds=("partial",)),
                                      SearchRequest(mode="quotes", evidences=("pronoun",)),
                                      SearchRequest(mode="quotes", named_only=True)],
                         ids=["kind", "evidence", "named-only"])
def test_a_first_kind_or_evidence_filter_after_warming_reads_no_bits(monkeypatch: pytest.MonkeyPatch,
                                                                    request_: SearchRequest) -> None:
    index = filled()
    warm_index(index)
    read: list[str] = []
    real = termids._read_bits
    monkeypatch.setattr(termids, "_read_bits", lambda reader, field: (read.append(field), real(reader, field))[1])
    search(index, request_)
    assert read == []
    termids._BITS.clear()  # a cold segment reads them on its first such filter
    search(index, request_)
    assert read


@pytest.mark.parametrize("request_, field", [
    (SearchRequest(quotes_only=True), "has_quote"),
    (SearchRequest(quotes_only=True, verbatim=True), "has_verbatim_quote"),
    (SearchRequest(named_only=True), "has_named_quote"),
], ids=["quotes-only", "verbatim", "named-only"])
def test_a_first_yes_no_filter_after_warming_finds_its_paragraphs_kept(
        monkeypatch: pytest.MonkeyPatch, request_: SearchRequest, field: str) -> None:
    monkeypatch.setattr(termids, "_FLAGS", type(termids._FLAGS)())  # this index's segments only
    index = _quoted()
    warm_index(index)
    kept = {seg: set(fields) for seg, fields in termids._FLAGS.items()}
    assert kept and all(field in fields for fields in kept.values())
    found = search(index, request_)
    assert {seg: set(fields) for seg, fields in termids._FLAGS.items()} == kept  # nothing built now
    assert found.total == search(_quoted(), request_).total > 0  # as a cold index answers


def _quoted() -> Index:
    """Return an in-memory index of two commits (two segments) of paragraphs with
    and without a named speaker's direct quote, no result cache."""
    index = ram_index(Config(result_cache_size=0))
    for commit in range(2):
        articles = [make_article(f"c{commit}a{n}", [
            ("Ann Vole said the budget was late.", "the budget was late"),
            ("The vote waits for spring.", None)], speaker="Ann Vole") for n in range(4)]
        for article in articles:
            article.paragraphs[0].quotes[0].evidence = "named"
        write_articles(index, articles)
    return index


class _Cycle:
    """An object that refers to itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def thawed() -> Any:
    """Leave the collector as the test found it: nothing frozen."""
    yield
    gc.unfreeze()


def test_freezing_survivors_takes_the_live_heap_out_of_the_collectors_passes(thawed: None) -> None:
    kept = _Cycle()
    assert freeze_survivors() > 0
    assert gc.get_freeze_count() > 0
    assert not any(obj is kept for obj in gc.get_objects())  # frozen objects are not tracked for collection


def test_a_second_freeze_collects_the_garbage_the_first_one_froze(thawed: None) -> None:
    gone = _Cycle()
    alive = weakref.ref(gone)
    freeze_survivors()
    del gone
    gc.collect()
    assert alive() is not None  # frozen: the collector's passes skip it
    freeze_survivors()
    assert alive() is None  # thawed first, so the dead cycle is collected
