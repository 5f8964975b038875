"""Tests for search.exporting: all rows (not one page) in the request's
order, quote and paragraph row shapes, batching across many documents,
isolation from concurrent commits, and eager validation."""
from __future__ import annotations

import datetime as dt

import pytest

from onrecord.search.config import Config
from onrecord.search.errors import QueryError
from onrecord.search.features.exporting import EXPORT_COLUMNS, iter_export_rows
from onrecord.search.model import Article, SearchRequest
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import indexed
from tests.factories import make_article as article


def make_article(doc_id: str, published: dt.date | None, texts: list[str],
                 speaker: str | None = None) -> Article:
    return article(doc_id, [(text, f'"{text}"') for text in texts], title="About {doc_id}",
                   url=f"http://example.org/{doc_id}", published=published, speaker=speaker,
                   role="minister", cue="said", institutions=["Treasury", "Cabinet Office"])


@pytest.fixture()
def index() -> Index:
    return indexed([
        make_article("mid", dt.date(2022, 5, 1), ["Budget cuts hit schools.", "Weather."],
                     speaker="Ann Smallman"),
        make_article("old", dt.date(2020, 1, 1), ["Budget cuts announced."]),
        make_article("new", dt.date(2024, 9, 9), ["Budget cuts reversed."]),
        make_article("none", None, ["Budget cuts, undated."]),
    ])


def rows(index: Index, rows_kind: str = "paragraphs", **request: object) -> list[dict]:
    return list(iter_export_rows(index, SearchRequest(**request), rows_kind))  # type: ignore[arg-type]


@pytest.mark.parametrize("sort, expected", [
    ("oldest", ["old", "mid", "new", "none"]),
    ("newest", ["new", "mid", "old", "none"]),
])
def test_rows_follow_date_sort_and_ignore_paging(index: Index, sort: str,
                                                  expected: list[str]) -> None:
    got = rows(index, query="budget", sort=sort, page=3, per_page=1)
    assert [r["doc_id"] for r in got] == expected


def test_paragraph_rows_have_citation_columns_in_order(index: Index) -> None:
    row = rows(index, query="schools")[0]
    assert list(row) == EXPORT_COLUMNS["paragraphs"]
    assert row == {"paragraph_id": "mid-p1", "doc_id": "mid", "n": 1, "title": "About mid",
                   "outlet": "The Ledger", "published": "2022-05-01",
                   "permalink": "/doc/mid?p=1#p1", "url": "http://example.org/mid",
                   "speakers": "Ann Smallman", "institutions": "Treasury; Cabinet Office",
                   "text": "Budget cuts hit schools."}


def test_quote_rows_one_per_quote_without_also_in(index: Index) -> None:
    got = rows(index, "quotes", query="", sort="oldest")
    assert [r["paragraph_id"] for r in got] == ["mid-p1", "mid-p2"]
    assert list(got[0]) == EXPORT_COLUMNS["quotes"]
    assert "also_in" not in got[0]
    assert (got[0]["quote"], got[0]["speaker"], got[0]["role"]) == (
        '"Budget cuts hit schools."', "Ann Smallman", "minister")


def test_relevance_order_matches_search_ranking(index: Index) -> None:
    got = rows(index, query="budget schools")
    assert [r["doc_id"] for r in got] == ["mid"]


def test_filters_apply(index: Index) -> None:
    got = rows(index, query="budget", since=dt.date(2021, 1, 1), sort="oldest")
    assert [r["doc_id"] for r in got] == ["mid", "new"]


def test_streams_every_row_across_batches() -> None:
    idx = ram_index(Config(export_batch=7))
    write_articles(idx, [make_article(f"d{i:03d}", dt.date(2021, 1, 1) + dt.timedelta(days=i),
                                      [f"Budget line {i}."]) for i in range(60)])
    got = rows(idx, query="budget", sort="oldest")
    assert [r["doc_id"] for r in got] == [f"d{i:03d}" for i in range(60)]


def test_iteration_is_lazy_and_survives_a_commit(index: Index) -> None:
    stream = iter_export_rows(index, SearchRequest(query="budget", sort="oldest"), "paragraphs")
    first = next(stream)
    write_articles(index, [make_article("old", dt.date(2020, 1, 1), ["Rewritten entirely."])])
    rest = list(stream)
    assert [r["doc_id"] for r in [first, *rest]] == ["old", "mid", "new", "none"]


@pytest.mark.parametrize("request_, kind", [
    (SearchRequest(query='"unbalanced'), "paragraphs"),
    (SearchRequest(query="budget", sort="sideways"), "quotes"),  # type: ignore[arg-type]
    (SearchRequest(query="budget"), "tweets"),
])
def test_bad_requests_raise_before_any_row(index: Index, request_: SearchRequest,
                                            kind: str) -> None:
    with pytest.raises(QueryError):
        iter_export_rows(index, request_, kind)  # type: ignore[arg-type]
