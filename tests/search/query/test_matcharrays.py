"""A query's matches as an array (search.query.matcharrays): the same
docnums as match_docnums' set, sorted."""
from __future__ import annotations

import pytest
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.model import SearchRequest
from onrecord.search.query.docsets import match_docnums
from onrecord.search.query.matcharrays import match_array
from onrecord.search.query.querying import build_filter
from onrecord.search.storage.store import Index


@pytest.mark.parametrize("query", [
    wq.Term("text", "iraq"), wq.Term("text", "nowhere"), wq.Term("speaker", "blair"),
    wq.Or([wq.Term("text", "budget"), wq.Term("title", "budget")]),
    wq.Or([wq.Term("text", "iraq"), wq.Term("text", "school"), wq.Term("said", "police")]),
    build_filter(SearchRequest()), build_filter(SearchRequest(mode="quotes"))])
def test_a_match_array_equals_the_match_set(index: Index, query: wq.Query) -> None:
    with index.reading() as searcher:
        found = match_array(searcher, query, Deadline(None))
        expected = match_docnums(searcher, query, Deadline(None)).docnums
        assert found is not None and found.tolist() == sorted(expected)
        again = match_array(searcher, query, Deadline(None))
        assert again is not None and again.tolist() == found.tolist()


def test_other_queries_and_a_passed_deadline_are_left_to_the_match_set(index: Index) -> None:
    word = wq.Term("text", "iraq")
    with index.reading() as searcher:
        assert match_array(searcher, wq.And([word, wq.Term("text", "budget")]), Deadline(None)) is None
        assert match_array(searcher, word, Deadline(0)) is None
