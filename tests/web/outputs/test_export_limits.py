"""Exports cannot take the server over (issue #17): at most
index.export_slots run at once (one more gets 503 with Retry-After), a
slot is freed when the stream ends or is dropped, and finding the rows has
its own time budget and the searches' cap on expanded words (both refuse
rather than stream a partial file)."""
from __future__ import annotations

import datetime as dt
import gc

import pytest

from onrecord.search.config import Config
from onrecord.search.errors import BusyError, QueryError
from onrecord.search.features.exporting import RETRY_AFTER_SECONDS, iter_export_rows
from onrecord.search.model import Article, SearchRequest
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import indexed
from tests.factories import make_article as article


def make_article(i: int) -> Article:
    return article(f"a{i}", [f"Budget line {i} for the abacus{i} fund."], title=f"Story {i}",
                   outlet=None, published=dt.date(2021, 1, 1))


@pytest.fixture()
def index() -> Index:
    return indexed([make_article(i) for i in range(30)])


def start(index: Index, query: str = "budget"):  # type: ignore[no-untyped-def]
    """Return an export stream that has produced its first row (so it holds a slot)."""
    stream = iter_export_rows(index, SearchRequest(query=query), "paragraphs")
    next(stream)
    return stream


def test_one_export_more_than_the_slots_is_refused_until_one_ends(index: Index) -> None:
    assert index.export_slots.count == 2
    first, second = start(index), start(index)
    with pytest.raises(BusyError, match="2 exports are already running") as refused:
        start(index)
    assert refused.value.retry_after == RETRY_AFTER_SECONDS
    assert len(list(first)) == 29  # the rest of its rows: it ends, freeing its slot
    third = start(index)
    second.close()  # a client that stops reading frees its slot too
    fourth = start(index)
    del third, fourth
    gc.collect()  # dropped streams free theirs
    start(index).close()
    start(index).close()


def test_a_bad_request_takes_no_slot(index: Index) -> None:
    for _ in range(3):
        with pytest.raises(QueryError):
            iter_export_rows(index, SearchRequest(query='"unbalanced'), "paragraphs")
    first, second = start(index), start(index)
    first.close()
    second.close()


def test_web_export_beyond_the_slots_is_a_503_with_retry_after(index: Index) -> None:
    client = create_app(index=index, config=Config(export_slots=1)).test_client()
    held = start(index)
    refused = client.get("/export.csv?q=budget")
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
    page = refused.get_data(as_text=True)
    assert "1 exports are already running" in page and "onrecord index" not in page
    held.close()
    done = client.get("/export.csv?q=budget&rows=paragraphs")
    assert done.status_code == 200 and done.get_data(as_text=True).count("\r\n") == 31
    assert client.get("/export.json?q=budget").status_code == 200  # the slot came back


def test_an_export_over_its_time_budget_is_refused(index: Index) -> None:
    index.export_timeout = 0.0
    with pytest.raises(QueryError, match="needs more than 0 s"):
        start(index)
    index.export_timeout = 10.0
    start(index).close()


def test_an_export_whose_words_expand_past_the_cap_is_refused(index: Index) -> None:
    client = create_app(index=index, config=Config(max_expanded_terms=4)).test_client()
    refused = client.get("/export.csv?q=abacus*")
    assert refused.status_code == 400
    assert "abacus*" in refused.get_data(as_text=True)
    # The same cap on a search gives a partial answer instead.
    body = client.get("/api/search?q=abacus*").get_json()
    assert body["partial"] is True and 0 < body["total"] < 30
