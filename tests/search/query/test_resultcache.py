"""Repeated searches are answered from a per-searcher cache that a commit drops."""
from __future__ import annotations

from onrecord.search.engine import search
from onrecord.search.model import Article, SearchRequest, SearchResult
from onrecord.search.query.resultcache import ResultCache
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article


def _article(doc_id: str, text: str) -> Article:
    return make_article(doc_id, [text], title=None, outlet=None, published=None)


def _result(total: int, partial: bool = False) -> SearchResult:
    return SearchResult(query="q", total=total, page=1, per_page=10, hits=[], facets={},
                        partial=partial)


def test_cache_returns_copies_and_evicts_least_recently_used() -> None:
    cache = ResultCache(max_entries=2)
    a, b, c = (SearchRequest(query=x) for x in "abc")
    cache.put(a, _result(1))
    cache.put(b, _result(2))
    got = cache.get(a)
    assert got is not None and got.total == 1
    got.total = 99  # a caller altering its copy must not alter the cache
    cache.put(c, _result(3))  # evicts b, the least recently used
    assert cache.get(a).total == 1 and cache.get(b) is None and len(cache) == 2


def test_partial_results_are_never_cached() -> None:
    cache = ResultCache()
    cache.put(SearchRequest(query="x"), _result(5, partial=True))
    assert cache.get(SearchRequest(query="x")) is None


def test_a_commit_drops_cached_results() -> None:
    index = ram_index()
    write_articles(index, [_article("a", "The council met on Monday.")])
    request = SearchRequest(query="council")
    assert search(index, request).total == 1
    assert search(index, request).total == 1  # served from the cache
    write_articles(index, [_article("b", "Another council vote.")])
    index.refresh()
    assert search(index, request).total == 2
