"""Tests for search.query.postings: decoding a term's postings (the LRU it keeps
them in: tests/search/storage/reading/test_segmentcache.py)."""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest

from onrecord.search.model import Metadata
from onrecord.search.query import postings
from onrecord.search.query.docsets import Deadline, evaluate_docs
from onrecord.search.query.postings import term_postings
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.reading.whoosh_internals import search_blocks
from onrecord.search.writing.commits import write_articles
from tests.search.test_engine import make_article


def _budget_opener(reader: Any, opened: list[int]) -> Callable[[], Any]:
    """Return an opener of segment `reader`'s postings of "budget" (its
    count and matcher opener, as open_counted) that counts its calls in `opened`."""
    def open_term() -> Any:
        opened.append(1)
        return reader.doc_frequency("text", "budget"), lambda: reader.postings("text", "budget")
    return open_term


@pytest.mark.parametrize("min_cached", [1, 10**9])
def test_term_postings_match_evaluated_ids_cached_or_not(min_cached: int) -> None:
    idx = ram_index()
    write_articles(idx, [make_article(f"a{n}", Metadata("t"), [
        (f"budget words {n}", [], [], None), ("river budget", [], [], None)]) for n in range(300)])
    with idx.reading() as searcher:
        reader = searcher.reader()
        opened: list[int] = []
        open_matcher = _budget_opener(reader, opened)

        first = term_postings(reader, "text", "budget", open_matcher, lambda: None, idx.postings_cache, min_cached)
        second = term_postings(reader, "text", "budget", open_matcher, lambda: None, idx.postings_cache, min_cached)
        from whoosh import query as wq
        expected = evaluate_docs(wq.Term("text", "budget"), searcher, Deadline(None))
    assert first is not None and second is not None
    assert sorted(first[0]) == sorted(expected) and len(first[0]) == 600
    assert list(first[1]) == [1.0] * 600
    assert len(opened) == (1 if min_cached == 1 else 2)  # the cache answered the second time


class Segment:
    """A segment reader of `docs` documents (all is_frequent asks of one)."""

    def __init__(self, docs: int) -> None:
        self.docs = docs

    def doc_count_all(self) -> int:
        return self.docs


@pytest.mark.parametrize(("count", "docs", "kept"), [
    (2048, 10**6, True), (2047, 10**6, False),  # a large segment: MIN_CACHED postings
    (400, 4000, True), (399, 4000, False),  # a small one: a tenth of its documents
    (127, 500, False), (128, 500, True)])  # but never under a block's worth
def test_a_frequent_term_is_common_in_its_segment_or_long(count: int, docs: int, kept: bool) -> None:
    assert postings.is_frequent(count, Segment(docs)) is kept
    assert postings.is_frequent(count, Segment(docs), min_cached=count) is True
    assert postings.is_frequent(count, Segment(docs), min_cached=count + 1) is False


def test_one_search_decodes_a_term_once() -> None:
    idx = ram_index()
    write_articles(idx, [make_article(f"a{n}", Metadata("t"), [(f"budget words {n}", [], [], None)])
                         for n in range(50)])
    with idx.reading() as searcher:
        reader = searcher.reader()
        opened: list[int] = []
        open_matcher = _budget_opener(reader, opened)

        def decode() -> object:
            return term_postings(reader, "text", "budget", open_matcher, lambda: None, None, 10**9)

        outside = [decode(), decode()]
        assert len(opened) == 2
        with search_blocks():
            inside = [decode(), decode()]
        assert len(opened) == 3 and inside[0][0] is inside[1][0]
        decode()
        assert len(opened) == 4  # the memo ends with the search
    assert [list(a) for a in outside[0]] == [list(a) for a in inside[0]] == [list(range(50)), [1.0] * 50]


@pytest.mark.parametrize(("min_cached", "clock_reads"), [(1, 2), (600, 2), (601, 0), (10**9, 0)])
def test_only_a_decode_the_cache_keeps_reads_the_thread_clock(
        monkeypatch: pytest.MonkeyPatch, min_cached: int, clock_reads: int) -> None:
    """The thread-CPU clock (a system call, where a loaded machine's scheduler
    switches away) is read around a decode only when its count says the cache
    keeps it; the arrays are the same either way."""
    idx = ram_index()
    write_articles(idx, [make_article(f"a{n}", Metadata("t"), [
        (f"budget words {n}", [], [], None), ("river budget", [], [], None)]) for n in range(300)])
    reads: list[float] = []
    monkeypatch.setattr(postings, "thread_time", lambda: reads.append(0.0) or 0.0)
    with idx.reading() as searcher:
        reader = searcher.reader()
        decoded = term_postings(reader, "text", "budget", lambda: postings.open_counted(reader, "text", "budget"),
                                lambda: None, idx.postings_cache, min_cached)
        kept = idx.postings_cache.get(reader, ("text", "budget"))
    assert decoded is not None and len(decoded[0]) == 600
    assert len(reads) == clock_reads
    assert (kept is not None) is (clock_reads > 0)


@pytest.mark.parametrize(("fieldname", "text", "count"), [
    ("text", "heron", 1), ("text", "walrus", None), ("no_such_field", "heron", None)])
def test_open_counted_gives_a_terms_count_and_opener(fieldname: str, text: str, count: int | None) -> None:
    idx = ram_index()
    write_articles(idx, [make_article("p1", Metadata("t"), [
        ("the heron budget tumbles", [], [], None)])])
    with idx.reading() as searcher:
        opened = postings.open_counted(searcher.reader(), fieldname, text)
        if count is None:
            assert opened is None
        else:
            assert opened is not None and opened[0] == count
            assert list(opened[1]().all_ids()) == [0]


def test_open_postings_looks_a_term_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A present term costs one term-table look-up (a hash probe and reads
    of the table's file), not a membership test and then another; a
    missing term or unknown field still gives None."""
    idx = ram_index()
    write_articles(idx, [make_article("p1", Metadata("t"), [
        ("the heron budget tumbles", [], [], None)])])
    with idx.reading() as searcher:
        reader = searcher.reader()
        table = type(reader._terms)
        looked: list[str] = []
        for name in ("__contains__", "term_info"):
            original = getattr(table, name)

            def counted(self: Any, *args: Any, _name: str = name, _original: Any = original) -> Any:
                looked.append(_name)
                return _original(self, *args)
            monkeypatch.setattr(table, name, counted)
        matcher = postings.open_postings(reader, "text", "heron")
        assert matcher is not None and list(matcher.all_ids()) == [0]
        assert len(looked) == 1
        assert postings.open_postings(reader, "text", "walrus") is None
        assert postings.open_postings(reader, "no_such_field", "heron") is None


@pytest.mark.parametrize(("within_search", "opened_first", "look_ups"), [
    (False, False, 2),  # outside a search: each call looks the term up
    (True, False, 1),  # within one: once
    (True, True, 0)])  # the count open_counted read is the answer
@pytest.mark.parametrize(("text", "count"), [("budget", 50), ("walrus", 0)])
def test_term_count_looks_a_term_up_once_a_search(monkeypatch: pytest.MonkeyPatch, within_search: bool,
                                                  opened_first: bool, look_ups: int, text: str,
                                                  count: int) -> None:
    idx = ram_index()
    write_articles(idx, [make_article(f"a{n}", Metadata("t"), [(f"budget words {n}", [], [], None)])
                         for n in range(50)])
    with idx.reading() as searcher:
        reader = searcher.reader()
        asked: list[str] = []
        original = type(reader).doc_frequency
        monkeypatch.setattr(type(reader), "doc_frequency",
                            lambda self, *args: asked.append("df") or original(self, *args))
        context = search_blocks() if within_search else contextlib.nullcontext()
        with context:
            if opened_first:
                postings.open_counted(reader, "text", text)
            found = [postings.term_count(reader, "text", text) for _ in range(2)]
    assert found == [count, count]
    expected = look_ups if not (opened_first and count == 0) else 1  # a missing term opens nothing to count
    assert len(asked) == expected
