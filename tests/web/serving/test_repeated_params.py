"""Repeated and oversized URL parameters are echoed back bounded: each
filter value once (first-seen order), at most MAX_FILTER_VALUES per filter,
no value over MAX_FILTER_CHARS, form fields cut to their limits.  Through
the Flask test client, on the results page and on the 400 error page."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.web.app import create_app
from onrecord.web.serving.params import MAX_FILTER_CHARS, MAX_FILTER_VALUES, distinct_values
from tests.factories import indexed, make_article


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    article = make_article("ferry", ["Ann Bo said the ferry budget was cut."], title="Ferry",
                           outlet="Herald", published=None, speakers=["Ann Bo"])
    return create_app(index=indexed([article]), config=Config()).test_client()


def get(client: FlaskClient, params: list[tuple[str, str]]) -> tuple[int, BeautifulSoup, str]:
    response = client.get("/?" + urlencode(params))
    body = response.get_data(as_text=True)
    return response.status_code, BeautifulSoup(body, "html.parser"), body


def hidden(soup: BeautifulSoup, name: str) -> list[str]:
    return [i["value"] for i in soup.select(f'form input[type="hidden"][name="{name}"]')]


def test_distinct_values_keeps_first_seen_order() -> None:
    assert distinct_values(["b", " a", "b ", "", "  ", "c", "a"]) == ["b", "a", "c"]


def test_a_value_repeated_10000_times_is_echoed_once(client: FlaskClient) -> None:
    status, soup, body = get(client, [("q", "ferry")] + [("speaker", "Ann Bo")] * 10_000)
    assert status == 200
    assert hidden(soup, "speaker") == ["Ann Bo"]
    assert soup.select_one(".hit") is not None  # the filter still applies once
    assert body.count("Ann Bo") < 30 and len(body) < 40_000


def test_repeats_are_dropped_in_order_across_filters(client: FlaskClient) -> None:
    params = [("speaker", v) for v in ["b", "a", "b", "c", "a"]] + [("outlet", "X"), ("outlet", "X")]
    status, soup, _ = get(client, params)
    assert status == 200
    assert hidden(soup, "speaker") == ["b", "a", "c"] and hidden(soup, "outlet") == ["X"]


def test_too_many_distinct_values_is_a_400_echoing_at_most_the_cap(client: FlaskClient) -> None:
    names = [f"name{i}" for i in range(MAX_FILTER_VALUES + 5)]
    status, soup, body = get(client, [("institution", n) for n in names * 50])
    assert status == 400 and "Too many 'institution' filters" in soup.get_text()
    assert hidden(soup, "institution") == names[:MAX_FILTER_VALUES]


def test_an_overlong_value_is_a_400_and_not_echoed(client: FlaskClient) -> None:
    long_name = "x" * (MAX_FILTER_CHARS + 1)
    status, soup, body = get(client, [("speaker", "ok"), ("speaker", long_name)] * 100)
    assert status == 400 and "too long" in body
    assert hidden(soup, "speaker") == ["ok"]
    assert long_name not in body


def test_an_overlong_query_is_refilled_cut_to_the_limit(client: FlaskClient) -> None:
    status, soup, body = get(client, [("q", "y" * 100_000), ("sort", "z" * 10_000)])
    assert status == 400 and "too long" in body
    assert soup.select_one("#q")["value"] == "y" * Config().max_query_chars
    assert len(body) < 20_000


def test_the_error_page_of_a_bad_date_echoes_each_filter_once(client: FlaskClient) -> None:
    status, soup, _ = get(client, [("since", "yesterday")] + [("outlet", "Herald")] * 5_000)
    assert status == 400
    assert hidden(soup, "outlet") == ["Herald"]
    assert soup.select_one("#since")["value"] == "yesterday"
