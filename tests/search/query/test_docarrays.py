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
from onrecord.search.query import docarrays, matcharrays, termids
from onrecord.search.query.collecting import collect, match_all
from onrecord.search.query.docarrays import SortedDocs, and_term_parts, match_sorted
from onrecord.search.query.docsets import match_docnums, term_ids
from onrecord.search.query.querying import build_filter
from onrecord.search.query.units import quote_term
from onrecord.search.storage.reading.searchers import quote_docs
from onrecord.search.storage.store import Index

WORD = wq.Or([wq.Term("said", "police"), wq.Term("said", "iraq")])
KIND = build_filter(SearchRequest(mode="quotes", kinds=("verbatim",)))
BOTH = build_filter(SearchRequest(mode="quotes", kinds=("verbatim", "partial"), evidences=("named",)))
# Paragraph mode's "quotes only": has_quote AND NOT unit:quote (quote documents hold has_quote too).
QUOTES_ONLY = build_filter(SearchRequest(quotes_only=True))


@pytest.mark.parametrize("query", [
    KIND, BOTH, wq.ConstantScoreQuery(KIND, 1.0), wq.And([WORD, wq.ConstantScoreQuery(BOTH, 0.0)]),
    build_filter(SearchRequest(mode="quotes", evidences=("pronoun",))),
    build_filter(SearchRequest(mode="quotes")), wq.Term("text", "iraq"),
    QUOTES_ONLY, wq.ConstantScoreQuery(QUOTES_ONLY, 1.0),
    build_filter(SearchRequest(quotes_only=True, named_only=True)),  # two terms, the quote documents masked
    build_filter(SearchRequest(quotes_only=True, verbatim=True)),
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


@pytest.mark.parametrize(("query", "parts"), [
    (QUOTES_ONLY, [[wq.Term("has_quote", True)]]),
    (wq.ConstantScoreQuery(QUOTES_ONLY, 1.0), [[wq.Term("has_quote", True)]]),
    (wq.AndNot(wq.And([wq.Term("a", "x"), wq.Term("b", "y")]), quote_term()), [[wq.Term("a", "x")], [wq.Term("b", "y")]]),
    (wq.AndNot(wq.Term("a", "x"), wq.Term("b", "y")), None),  # not the unit's restriction
    (wq.AndNot(wq.Every(), quote_term()), None),  # every paragraph: match_array's whole unit
    (wq.AndNot(wq.Phrase("exact", ["a", "b"]), quote_term()), None),
])
def test_paragraph_filters_are_their_terms_without_quotes(query: wq.Query, parts: list | None) -> None:
    assert docarrays.paragraph_term_parts(query) == parts


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


@pytest.mark.parametrize("term", [wq.Term("has_quote", True), wq.Term("has_verbatim_quote", True),
                                  wq.Term("text", "iraq")])
def test_a_terms_paragraphs_are_taken_by_the_kept_quote_mask(index: Index, term: wq.Term,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            reader = sub.reader()
            quotes = quote_docs(reader)
            expected = [d for d in term_ids(reader, term.fieldname, term.text, Deadline(None)) if d not in quotes]
            monkeypatch.setattr(termids, "quote_docs", None)  # the set is not walked: the mask is
            assert list(termids.paragraph_term_ids(reader, term, Deadline(None), None)) == expected
            monkeypatch.undo()


@pytest.mark.parametrize(("term", "kept"), [(wq.Term("has_quote", True), True),
                                            (wq.Term("has_verbatim_quote", True), True),
                                            (wq.Term("text", "iraq"), False)])  # not a yes/no field
def test_a_yes_no_fields_paragraphs_are_kept_with_the_segment(index: Index, term: wq.Term, kept: bool,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    with index.reading() as searcher:
        for sub, _offset in searcher.leaf_searchers():
            reader = sub.reader()
            first = list(termids.paragraph_term_ids(reader, term, Deadline(None), None))
            monkeypatch.setattr(termids, "term_ids", None)  # no postings cache, no postings read again
            if kept:
                assert list(termids.paragraph_term_ids(reader, term, Deadline(None), None)) == first
            else:
                with pytest.raises(TypeError):
                    termids.paragraph_term_ids(reader, term, Deadline(None), None)
            monkeypatch.undo()


@pytest.mark.parametrize(("query", "reads_flag_postings"), [
    (wq.And([wq.Term("text", "iraq"), wq.Term("has_quote", True)]), False),  # paragraphs: the kept ids
    (wq.And([wq.Term("unit", "quote"), wq.Term("has_quote", True)]), True),  # quote documents: the postings
])
def test_a_yes_no_field_masks_paragraphs_by_its_kept_paragraphs(index: Index, query: wq.Query, reads_flag_postings: bool,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with index.reading() as searcher:
        expected = match_docnums(searcher, query, Deadline(None)).docnums
        read: list[object] = []
        real = docarrays.term_ids
        monkeypatch.setattr(docarrays, "term_ids", lambda r, f, t, *a: (read.append(f), real(r, f, t, *a))[1])
        found = match_sorted(searcher, query, Deadline(None))
        assert found is not None and found == expected
        assert ("has_quote" in read) == reads_flag_postings
