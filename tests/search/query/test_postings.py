"""Tests for search.postings: decoding a term's postings (the LRU it keeps
them in: tests/search/storage/test_segmentcache.py)."""
from __future__ import annotations

import pytest

from onrecord.search.model import Metadata
from onrecord.search.query.docsets import Deadline, evaluate_docs
from onrecord.search.query.postings import term_postings
from onrecord.search.storage.store import ram_index
from onrecord.search.writing.commits import write_articles
from tests.search.test_engine import make_article


@pytest.mark.parametrize("min_cached", [1, 10**9])
def test_term_postings_match_evaluated_ids_cached_or_not(min_cached: int) -> None:
    idx = ram_index()
    write_articles(idx, [make_article(f"a{n}", Metadata("t"), [
        (f"budget words {n}", [], [], None), ("river budget", [], [], None)]) for n in range(300)])
    with idx.reading() as searcher:
        reader = searcher.reader()
        opened = []

        def open_matcher():
            opened.append(1)
            return reader.postings("text", "budget")

        first = term_postings(reader, "text", "budget", open_matcher, lambda: None, idx.postings_cache, min_cached)
        second = term_postings(reader, "text", "budget", open_matcher, lambda: None, idx.postings_cache, min_cached)
        from whoosh import query as wq
        expected = evaluate_docs(wq.Term("text", "budget"), searcher, Deadline(None))
    assert first is not None and second is not None
    assert sorted(first[0]) == sorted(expected) and len(first[0]) == 600
    assert list(first[1]) == [1.0] * 600
    assert len(opened) == (1 if min_cached == 1 else 2)  # the cache answered the second time
