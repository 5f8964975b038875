"""Unbalanced query syntax and unknown URL parameters are never passed over
in silence (issue #28): /api/search, the exports and the feeds answer 400
naming the problem; the search page shows the query error beside the box,
or a note for a parameter it ignored.  Through the Flask test client, and
the page's messages in Chromium (marked browser)."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import fields
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from playwright.sync_api import Page, sync_playwright

from onrecord.search.config import Config
from onrecord.search.facetdefs import NAME_FACETS
from onrecord.search.model import SearchRequest
from onrecord.web.app import create_app
from onrecord.web.outputs.feeds import feed_params
from onrecord.web.pages.links import SearchLinks, request_params
from onrecord.web.serving.params import SEARCH_PARAMS, parse_search_request
from tests.browser_server import CHROMIUM_ARGS, MISSING_CHROMIUM, LiveServer, start_server
from tests.ensure_browser import find_chromium
from tests.factories import indexed, make_article

ARTICLES = [make_article("police", ["The police apology was rejected.",
                                     ("Ann Bo said the apology came late.", "the apology came late")],
                          speaker="Ann Bo", institutions=["Police"]),
            make_article("ferry", ["Sorry, the ferry is late again."], published=dt.date(2003, 5, 1))]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app(index=indexed(ARTICLES), config=Config()).test_client()


def page(client: FlaskClient, params: dict[str, str]) -> tuple[int, BeautifulSoup]:
    response = client.get("/?" + urlencode(params))
    return response.status_code, BeautifulSoup(response.get_data(as_text=True), "html.parser")


# ------------------------------------------------------------ parentheses

UNBALANCED = [
    ("(apology", 'the "(" at character 1 is never closed'),
    ("(apology OR sorry police", 'the "(" at character 1 is never closed'),
    ("apology)", 'the ")" at character 8 closes no "("'),
    ("apology) (sorry", 'the ")" at character 8 closes no "("'),
    ("(apology) (sorry", 'the "(" at character 11 is never closed'),
]


@pytest.mark.parametrize(("q", "message"), UNBALANCED)
def test_api_refuses_unbalanced_parentheses(client: FlaskClient, q: str, message: str) -> None:
    response = client.get("/api/search?" + urlencode({"q": q}))
    assert response.status_code == 400
    body = response.get_json()
    assert body["status"] == 400 and "unbalanced parentheses" in body["error"]
    assert message in body["error"]


@pytest.mark.parametrize(("q", "message"), UNBALANCED)
def test_search_page_says_what_is_unbalanced_and_keeps_the_query(client: FlaskClient, q: str,
                                                                  message: str) -> None:
    status, soup = page(client, {"q": q})
    assert status == 400
    error = soup.select_one("#query-error")
    assert error is not None and message in error.get_text()
    assert soup.select_one("input#q")["value"] == q


@pytest.mark.parametrize("q", ["(apology OR sorry) police", "((apology))", '"(apology" sorry',
                               'speaker:"Ann (Bo"'])
def test_balanced_or_quoted_parentheses_are_searched(client: FlaskClient, q: str) -> None:
    assert client.get("/api/search?" + urlencode({"q": q})).status_code == 200
    assert page(client, {"q": q})[0] == 200


# ------------------------------------------------------------ unknown parameters

UNKNOWN = [
    ({"q": "apology", "year": "2003"}, "year", "since and until"),
    ({"q": "apology", "Year": "2003"}, "Year", "since and until"),
    ({"q": "apology", "speakr": "Ann Bo"}, "speakr", "did you mean 'speaker'?"),
    ({"q": "apology", "perpage": "5"}, "perpage", "did you mean 'per_page'?"),
    ({"q": "apology", "query": "sorry"}, "query", "use q"),
    ({"q": "apology", "zzz": "1"}, "zzz", "Unknown parameter 'zzz'."),
]


@pytest.mark.parametrize(("params", "name", "hint"), UNKNOWN)
def test_api_refuses_an_unknown_parameter_naming_it(client: FlaskClient, params: dict[str, str],
                                                    name: str, hint: str) -> None:
    response = client.get("/api/search?" + urlencode(params))
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert f"Unknown parameter '{name}'" in error and hint in error
    accepted = error.split("Accepted parameters: ", 1)[1]
    assert all(param in accepted.rstrip(".").split(", ") for param in SEARCH_PARAMS)


@pytest.mark.parametrize(("params", "name", "hint"), UNKNOWN)
def test_search_page_notes_an_ignored_parameter(client: FlaskClient, params: dict[str, str],
                                                name: str, hint: str) -> None:
    status, soup = page(client, params)
    assert status == 200
    notes = [note.get_text() for note in soup.select(".param-note")]
    assert len(notes) == 1 and f"Unknown parameter '{name}'" in notes[0] and hint in notes[0]
    assert "ignored" in notes[0]
    assert soup.select(".hit")  # the search itself still ran


def test_search_page_notes_ignored_parameters_beside_a_query_error(client: FlaskClient) -> None:
    status, soup = page(client, {"q": "(apology", "year": "2003"})
    assert status == 400 and soup.select_one("#query-error") is not None
    assert "year" in soup.select_one(".param-note").get_text()


@pytest.mark.parametrize("url", ["/export.csv?q=apology&year=2003",
                                 "/export.json?q=apology&rows=quotes&year=2003",
                                 "/feed.atom?q=apology&year=2003"])
def test_exports_and_feeds_refuse_an_unknown_parameter(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    body = response.get_data(as_text=True)
    response.close()
    assert response.status_code == 400
    assert "Unknown parameter &#39;year&#39;" in body


def test_help_says_what_happens_to_both(client: FlaskClient) -> None:
    soup = BeautifulSoup(client.get("/help").get_data(as_text=True), "html.parser")
    said = soup.select_one("#suggestions").get_text(" ", strip=True)
    assert "an unclosed quote or parenthesis" in said and "shown back with a message" in said
    said = " ".join(soup.select_one("#filters").get_text(" ", strip=True).split())
    for phrase in ("does not know", "year=2003", "named in a note under the search box",
                   "since and until", "refuse it with a 400"):
        assert phrase in said, phrase


# ------------------------------------------------------------ the app's own links

FULL = SearchRequest(query="apology", speakers=("Ann Bo",), institutions=("Police",),
                     outlets=("The Ledger",), authors=("Jo",), kinds=("reported",),
                     evidences=("named",), mode="quotes",
                     excluded=tuple((facet.name, "Cy") for facet in NAME_FACETS),
                     since=dt.date(2003, 1, 1), until=dt.date(2003, 12, 31), quotes_only=True,
                     named_only=True, verbatim=True, sort="newest", page=2, per_page=5, facet_all="speaker",
                     facet_filter="an")


def names_in(url: str) -> set[str]:
    return {name for name, _ in parse_qsl(urlsplit(url).query, keep_blank_values=True)}


def test_the_full_request_sets_every_field() -> None:
    # So the link tests below cover every parameter the links can write
    # (the reader's collections are never one: the gate sets them).
    assert all(getattr(FULL, f.name) != getattr(SearchRequest(), f.name)
               for f in fields(SearchRequest) if f.name != "collections")


def test_every_parameter_the_links_write_is_accepted(client: FlaskClient) -> None:
    links = SearchLinks(FULL, "/", 10)
    urls = [links.url_for(FULL), links.export("csv", "paragraphs"), links.export("json"),
            links.page(3), links.show_all("institution"), links.clear(),
            "/feed.atom?" + urlencode(feed_params(FULL), doseq=True)]
    assert {name for name, _ in request_params(FULL)} == set(SEARCH_PARAMS)
    for url in urls:
        response = client.get(url)
        body = response.get_data(as_text=True)  # reads a streamed export to its end
        response.close()
        assert response.status_code == 200, (url, body[:300])
        if url.startswith("/?"):
            assert not BeautifulSoup(body, "html.parser").select(".param-note")


def test_the_facet_filter_form_sends_only_accepted_parameters() -> None:
    carried = {name for name, _ in SearchLinks(FULL, "/", 10).facet_form_fields()}
    assert carried | {"facet_q"} <= set(SEARCH_PARAMS)


class Recording:
    """An ArgSource that remembers every parameter asked for."""

    def __init__(self) -> None:
        self.asked: set[str] = set()

    def get(self, key: str, /) -> str | None:
        self.asked.add(key)
        return None

    def getlist(self, key: str) -> list[str]:
        self.asked.add(key)
        return []


def test_the_accepted_parameters_are_exactly_those_the_parser_reads() -> None:
    args = Recording()
    parse_search_request(args)
    assert args.asked == set(SEARCH_PARAMS)
    assert {f.name for f in NAME_FACETS} | {f.exclude_param for f in NAME_FACETS} <= args.asked


# ------------------------------------------------------------ in the browser

@pytest.fixture(scope="module")
def tab() -> Iterator[Page]:
    executable = find_chromium()
    if executable is None:
        pytest.fail(MISSING_CHROMIUM)
    live: LiveServer = start_server(indexed(ARTICLES))
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=str(executable), args=CHROMIUM_ARGS)
            context = chromium.new_context(base_url=live.base_url, viewport={"width": 390, "height": 800})
            context.set_default_timeout(5000)
            yield context.new_page()
            context.close()
            chromium.close()
    finally:
        live.close()


@pytest.mark.browser
@pytest.mark.parametrize(("url", "shown", "text"), [
    ("/?q=apology&year=2003", ".param-note", "Unknown parameter 'year': filter dates with since"),
    ("/?q=(apology", "#query-error", 'the "(" at character 1 is never closed'),
])
def test_the_page_shows_what_it_did_not_take(tab: Page, url: str, shown: str, text: str) -> None:
    tab.goto(url)
    message = tab.locator(shown)
    assert message.is_visible() and text in message.inner_text()
    # Beside the query box: in view without scrolling, on a phone too.
    box = message.bounding_box()
    assert box is not None and box["y"] + box["height"] < 800
