"""Tests for the date: field and fuzzy terms of the query language:
search.query.queryterms on its own and through search()."""
from __future__ import annotations

import datetime as dt

import pytest
from whoosh import query as wq

from onrecord.search.engine import search
from onrecord.search.errors import QueryError
from onrecord.search.model import Article, Metadata, SearchRequest
from onrecord.search.query.queryterms import StemmedFuzzyTerm, prepare_fuzzy_terms, rewrite_date_terms
from onrecord.search.storage.store import Index
from tests.factories import indexed, make_article


@pytest.mark.parametrize("text, expected", [
    ("date:2020", "date:[2020-01-01 TO 2020-12-31]"),
    ("budget date:2020-02 cuts", "budget date:[2020-02-01 TO 2020-02-29] cuts"),
    ("date:2021-6-5", "date:[2021-06-05 TO 2021-06-05]"),
    ("date:[2020-01 TO 2021-06-30]", "date:[2020-01-01 TO 2021-06-30]"),
    ("date:[2020 to]", "date:[2020-01-01 TO]"),
    ("date:[TO 2021-02]", "date:[TO 2021-02-28]"),
    ("(date:2020 OR DATE:2021)", "(date:[2020-01-01 TO 2020-12-31] OR date:[2021-01-01 TO 2021-12-31])"),
    ("mandate:2020 update", "mandate:2020 update"),
])
def test_date_terms_become_explicit_day_ranges(text: str, expected: str) -> None:
    assert rewrite_date_terms(text) == expected


@pytest.mark.parametrize("text, message", [
    ("date:2020-02-30", "no date"),
    ("date:2020-13", "no date"),
    ("date:soon", "cannot read"),
    ("date:", "cannot read"),
    ("date:[2021 TO 2020]", "after it ends"),
    ("date:[2020 TO 2021", "cannot read"),
    ("date:[TO]", "cannot read"),
])
def test_bad_date_terms_raise_readable_errors(text: str, message: str) -> None:
    with pytest.raises(QueryError, match=message):
        rewrite_date_terms(text)


@pytest.mark.parametrize("edits, ok", [(1, True), (2, True), (3, False)])
def test_fuzzy_edit_distance_is_capped(edits: int, ok: bool) -> None:
    term = wq.FuzzyTerm("text", "budgt", maxdist=edits)
    if ok:
        fuzzy = prepare_fuzzy_terms(wq.And([wq.Term("text", "x"), term])).subqueries[1]
        assert isinstance(fuzzy, StemmedFuzzyTerm)
        assert (fuzzy.maxdist, fuzzy.prefixlength) == (edits, 1)
    else:
        with pytest.raises(QueryError, match="at most 2"):
            prepare_fuzzy_terms(wq.Or([term]))


def dated(doc_id: str, published: dt.date | None, text: str) -> Article:
    return make_article(doc_id, [text], meta=Metadata(title=doc_id, published=published))


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed([
        dated("jan20", dt.date(2020, 1, 31), "The budget was agreed."),
        dated("jun20", dt.date(2020, 6, 5), "The budget was delayed."),
        dated("jun21", dt.date(2021, 6, 30), "The budget was cut."),
        dated("jul21", dt.date(2021, 7, 1), "The budget was restored."),
        dated("undated", None, "The budget was a mystery."),
    ])


def doc_ids(index: Index, query: str) -> list[str]:
    result = search(index, SearchRequest(query=query, sort="oldest", per_page=100))
    return [h.doc_id for h in result.hits]


@pytest.mark.parametrize("query, expected", [
    ("budget date:2020", ["jan20", "jun20"]),
    ("budget date:2020-06", ["jun20"]),
    ("date:2020-06-05", ["jun20"]),
    ("budget date:[2020-02-01 TO 2021-06-30]", ["jun20", "jun21"]),
    ("date:[2021-06 TO]", ["jun21", "jul21"]),
    ("budget -date:2020", ["jun21", "jul21", "undated"]),
    ("date:1999", []),
])
def test_search_filters_by_date_field(index: Index, query: str, expected: list[str]) -> None:
    assert doc_ids(index, query) == expected


@pytest.mark.parametrize("query, expected", [
    ("delayd~", ["jun20"]),
    ("restord~2", ["jul21"]),
])
def test_search_fuzzy_terms(index: Index, query: str, expected: list[str]) -> None:
    assert doc_ids(index, query) == expected


@pytest.mark.parametrize("query", ["budget~3", "date:2020-02-31", "date:[2022 TO 2021]"])
def test_search_rejects_bad_fuzzy_and_date_terms(index: Index, query: str) -> None:
    with pytest.raises(QueryError):
        search(index, SearchRequest(query=query))
