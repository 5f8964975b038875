"""Tests for search.postings: decoding a term's postings and the LRU."""
from __future__ import annotations

from array import array

import pytest

from onrecord.search.model import Metadata
from onrecord.search.query import postings
from onrecord.search.query.docsets import Deadline, evaluate_docs
from onrecord.search.query.postings import _Cache, term_postings
from onrecord.search.storage.store import ram_index
from onrecord.search.storage.writing import write_articles
from tests.search.test_engine import make_article


class Reader:
    """Stands in for a segment reader (only its identity matters)."""


def test_cache_evicts_least_recently_used_by_bytes() -> None:
    cache = _Cache(limit=8 * 10)
    reader = Reader()
    a = (array("I", range(4)), array("f", [1.0] * 4))
    b = (array("I", range(5)), array("f", [1.0] * 5))
    cache.put(reader, (id(reader), "text", "a"), a)
    cache.put(reader, (id(reader), "text", "b"), b)
    assert cache.get(reader, (id(reader), "text", "a")) is a  # a is now the most recent
    cache.put(reader, (id(reader), "text", "c"), b)  # 14 postings > 10: evicts b
    assert cache.get(reader, (id(reader), "text", "b")) is None
    assert cache.get(reader, (id(reader), "text", "a")) is a and cache.used == 8 * 9


def test_cache_never_answers_for_another_reader_with_the_same_id() -> None:
    cache = _Cache(limit=1000)
    first, other = Reader(), Reader()
    entry = (array("I", [1]), array("f", [1.0]))
    cache.put(first, (7, "text", "a"), entry)
    assert cache.get(other, (7, "text", "a")) is None  # id 7 now names another reader
    assert cache.used == 0


@pytest.mark.parametrize("min_cached", [1, 10**9])
def test_term_postings_match_evaluated_ids_cached_or_not(min_cached: int) -> None:
    postings.CACHE.clear()
    idx = ram_index()
    write_articles(idx, [make_article(f"a{n}", Metadata("t"), [
        (f"budget words {n}", [], [], None), ("river budget", [], [], None)]) for n in range(300)])
    with idx.reading() as searcher:
        reader = searcher.reader()
        opened = []

        def open_matcher():
            opened.append(1)
            return reader.postings("text", "budget")

        first = term_postings(reader, "text", "budget", open_matcher, lambda: None, min_cached)
        second = term_postings(reader, "text", "budget", open_matcher, lambda: None, min_cached)
        from whoosh import query as wq
        expected = evaluate_docs(wq.Term("text", "budget"), searcher, Deadline(None))
    assert first is not None and second is not None
    assert sorted(first[0]) == sorted(expected) and len(first[0]) == 600
    assert list(first[1]) == [1.0] * 600
    assert len(opened) == (1 if min_cached == 1 else 2)  # the cache answered the second time
