"""A filter-only query's matches as one sorted array (search.query.docarrays):
the same docnums as match_docnums' set, and what collect() reads of them."""
from __future__ import annotations

import heapq
import random
from array import array

import numpy as np
import pytest
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.model import SearchRequest
from onrecord.search.query import docarrays, matcharrays
from onrecord.search.query.collecting import collect, match_all
from onrecord.search.query.docarrays import SortedDocs, and_term_parts, match_sorted
from onrecord.search.query.docsets import match_docnums
from onrecord.search.query.querying import build_filter
from onrecord.search.query.units import quote_term
from onrecord.search.storage.store import Index

WORD = wq.Or([wq.Term("said", "police"), wq.Term("said", "iraq")])
KIND = build_filter(SearchRequest(mode="quotes", kinds=("verbatim",)))
BOTH = build_filter(SearchRequest(mode="quotes", kinds=("verbatim", "partial"), evidences=("named",)))


@pytest.mark.parametrize("query", [
    KIND, BOTH, wq.ConstantScoreQuery(KIND, 1.0), wq.And([WORD, wq.ConstantScoreQuery(BOTH, 0.0)]),
    build_filter(SearchRequest(mode="quotes", evidences=("pronoun",))),
    build_filter(SearchRequest(mode="quotes")), wq.Term("text", "iraq"),
    wq.And([wq.Term("text", "nowhere"), wq.Term("text", "iraq")])])
def test_a_sorted_match_equals_the_match_set(index: Index, query: wq.Query) -> None:
    # The generated quotes hold every kind and evidence: the filters above match some.
    with index.reading() as searcher:
        found = match_sorted(searcher, query, Deadline(None))
        expected = match_docnums(searcher, query, Deadline(None)).docnums
        assert found is not None and found.array.tolist() == sorted(expected)
        assert found == expected and len(found) == len(expected)  # a Set: equality, membership
        assert len(found) or query in (WORD, wq.And([wq.Term("text", "nowhere"), wq.Term("text", "iraq")]))


@pytest.mark.parametrize("query", [
    wq.And([WORD, wq.Not(wq.Term("said", "iraq"))]), wq.And([wq.Phrase("exact", ["prime", "minister"]), KIND]),
    wq.Or([KIND, WORD])])
def test_other_queries_are_left_to_the_match_set(index: Index, query: wq.Query) -> None:
    with index.reading() as searcher:
        assert match_sorted(searcher, query, Deadline(None)) is None
        assert type(match_all(searcher, query, Deadline(None)).docnums) is set


def test_a_passed_deadline_is_left_to_the_match_set(index: Index) -> None:
    with index.reading() as searcher:
        assert match_sorted(searcher, KIND, Deadline(None)) is not None
        assert match_sorted(searcher, KIND, Deadline(0)) is None  # match_docnums says it is partial


def test_nested_ands_are_flattened_and_wrappers_dropped() -> None:
    inner = wq.And([wq.Term("kind", "verbatim"), wq.ConstantScoreQuery(wq.Term("unit", "quote"), 0.0)])
    assert and_term_parts(wq.ConstantScoreQuery(wq.And([WORD, inner]), 1.0)) == [
        list(WORD.subqueries), [wq.Term("kind", "verbatim")], [wq.Term("unit", "quote")]]
    assert and_term_parts(wq.Term("kind", "verbatim")) is None


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("count", [0, 1, 7, 500])
def test_the_smallest_by_key_are_the_heaps(seed: int, count: int) -> None:
    rng = random.Random(seed)
    docs = sorted(rng.sample(range(5000), 300))
    keys = array("i", (rng.randrange(-50, 50) for _ in range(5000)))
    found = SortedDocs(np.array(docs, dtype=np.int64))
    assert found.smallest_by(keys, count) == heapq.nsmallest(count, docs, key=lambda d: (keys[d], d))
    assert found.smallest_by(None, count) == docs[:count]
    assert 5001 not in found and docs[0] in found and "x" not in found


def test_collect_ranks_a_filter_from_its_array(index: Index) -> None:
    with index.reading() as searcher:
        expected = match_docnums(searcher, KIND, Deadline(None)).docnums
        collected = collect(searcher, wq.ConstantScoreQuery(KIND, 1.0), False, 5, None, Deadline(None))
    assert isinstance(collected.docnums, SortedDocs) and collected.docnums == expected
    assert collected.ranked == [(d, 0.0) for d in sorted(expected)[:5]]


@pytest.mark.parametrize("query", [KIND, BOTH])
def test_the_unit_term_narrows_through_its_kept_mask(index: Index, query: wq.Query,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[tuple[str, object]] = []
    real = docarrays.term_ids

    def spy(reader: object, fieldname: str, text: object, *args: object) -> object:
        read.append((fieldname, text))
        return real(reader, fieldname, text, *args)  # type: ignore[arg-type]
    monkeypatch.setattr(docarrays, "term_ids", spy)
    monkeypatch.setattr(matcharrays, "term_ids", spy)  # part_ids reads a part's postings there
    with index.reading() as searcher:
        found = match_sorted(searcher, query, Deadline(None))
        expected = match_docnums(searcher, query, Deadline(None)).docnums
    assert found is not None and found.array.tolist() == sorted(expected)
    assert read and quote_term().text not in {text for _field, text in read}
