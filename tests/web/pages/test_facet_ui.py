"""The facet UI of the search page (web.pages.links, web.pages.facetview, search.html):
every link a plain URL that round-trips, OR within a facet, exclusions,
chips, "Show all" with its filter box, and the date histogram whose bars
link to their dates and whose counts are the totals got by following them."""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from bs4 import BeautifulSoup, Tag
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.features.facets import TOP_VALUES
from onrecord.search.model import DateBucket, SearchRequest
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from onrecord.web.pages.facetview import BAR_STEPS, bar_step, histogram_bars
from onrecord.web.pages.links import SearchLinks, request_params
from onrecord.web.serving.params import parse_search_request
from tests.factories import indexed, make_article

EVIL = '<script>alert(1)</script>"'
WIRES = TOP_VALUES + 5  # more outlets than a facet lists before "Show all"


def corpus() -> list:
    """Return articles all about the budget: three with speakers across
    January and March 2021, WIRES one-paragraph wires in June, one undated."""
    day = dt.date
    articles = [
        make_article("a1", ["Budget talks one.", "Budget talks two."], outlet="North Star",
                     published=day(2021, 1, 10), speakers=["Ann Blair"], institutions=["Treasury"]),
        make_article("a2", ["Budget row one.", "Budget row two.", "Budget row three."],
                     outlet="South Post", published=day(2021, 3, 5), speakers=["Tony Blair"]),
        make_article("a3", ["Budget cuts."], outlet=EVIL, published=day(2021, 3, 20),
                     speakers=["Ann Blair", "Carl Reyes"]),
        make_article("undated", ["Budget rumours, undated."], outlet="North Star", published=None),
    ]
    articles += [make_article(f"w{i:02d}", ["Budget wire."], outlet=f"Wire {i:02d}",
                              published=day(2021, 6, 1 + i % 28)) for i in range(WIRES)]
    return articles


@pytest.fixture(scope="module")
def index() -> Iterator[Index]:
    idx = indexed(corpus())
    yield idx
    idx.close()


@pytest.fixture()
def client(index: Index) -> FlaskClient:
    return create_app(index=index, config=Config(per_page=10)).test_client()


def soup_of(client: FlaskClient, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def total(page: BeautifulSoup) -> int:
    """Return the 'N matching paragraphs' count of a results page."""
    found = re.search(r"([\d,]+) matching paragraph", page.select_one("#results-title").get_text())
    assert found
    return int(found.group(1).replace(",", ""))


def value_link(page: BeautifulSoup, facet: str, value: str) -> Tag:
    """Return the facet link of `value` (selected, plain or excluded)."""
    for a in page.select(f"section.facet-{facet} a.facet-link"):
        if a.select_one(".facet-value").get_text() == value:
            return a
    raise AssertionError(f"no {facet} value {value!r}")


def query(url: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(url).query)


# ------------------------------------------------------------- URLs

@pytest.mark.parametrize("req", [
    SearchRequest(query="budget", excluded=(("speaker", "Ann Blair"),)),
    SearchRequest(speakers=("Tony Blair",), excluded=(("speaker", "Ann Blair"), ("outlet", "North Star"))),
    SearchRequest(excluded=(("institution", "Treasury"), ("author", "Jo Reed"))),
    SearchRequest(query="budget", facet_all="outlet"),
    SearchRequest(facet_all="speaker", facet_filter="blair", page=2),
    SearchRequest(facet_all="year", facet_filter="20", outlets=("A", "B"), excluded=(("outlet", "C"),)),
], ids=["exclude", "select-and-exclude", "two-facets", "show-all", "filter-box", "year-all"])
def test_request_params_round_trip(req: SearchRequest) -> None:
    assert parse_search_request(MultiDict(request_params(req))) == req


def test_exclusions_are_written_as_not_params() -> None:
    params = request_params(SearchRequest(excluded=(("outlet", "X"), ("speaker", "Y"))))
    assert params == [("not_speaker", "Y"), ("not_outlet", "X")]  # table order: parsed back the same


def test_link_helpers_add_or_remove_exclude_and_reset_the_page() -> None:
    links = SearchLinks(SearchRequest(query="q", speakers=("A",), page=3))
    assert query(links.add("speaker", "B")) == {"q": ["q"], "speaker": ["A", "B"]}  # OR
    assert query(links.remove("speaker", "A")) == {"q": ["q"]}
    assert query(links.exclude("speaker", "B")) == {"q": ["q"], "speaker": ["A"], "not_speaker": ["B"]}
    # Excluding a selected value unselects it: both at once match nothing.
    assert query(links.exclude("speaker", "A")) == {"q": ["q"], "not_speaker": ["A"]}
    excluded = SearchLinks(SearchRequest(query="q", excluded=(("speaker", "A"),), page=3))
    assert query(excluded.include("speaker", "A")) == {"q": ["q"]}
    assert excluded.excluded("speaker", "A") and not excluded.excluded("speaker", "B")
    dates = links.dates(dt.date(2021, 3, 1), dt.date(2021, 3, 31))
    assert query(dates) == {"q": ["q"], "speaker": ["A"], "since": ["2021-03-01"], "until": ["2021-03-31"]}


def test_show_all_and_show_fewer_keep_the_results() -> None:
    links = SearchLinks(SearchRequest(query="q", page=2, facet_filter="x", facet_all="speaker"))
    assert query(links.show_all("outlet")) == {"q": ["q"], "facet_all": ["outlet"], "page": ["2"]}
    assert query(links.show_fewer()) == {"q": ["q"], "page": ["2"]}
    assert ("facet_q", "x") not in links.facet_form_fields()
    assert ("facet_all", "speaker") in links.facet_form_fields()


def test_chips_include_exclusions_with_a_link_removing_them() -> None:
    links = SearchLinks(SearchRequest(speakers=("A",), excluded=(("outlet", "X"),)))
    chips = {(c.label, c.value): c for c in links.chips()}
    assert set(chips) == {("speaker", "A"), ("not outlet", "X")}
    assert chips[("not outlet", "X")].excluded and query(chips[("not outlet", "X")].url) == {"speaker": ["A"]}


# ------------------------------------------------------------- the page

def test_adding_a_second_value_of_a_facet_gives_the_union(client: FlaskClient, index: Index) -> None:
    page = soup_of(client, "/?q=budget")
    first = value_link(page, "speaker", "Ann Blair")
    one = soup_of(client, first["href"])
    assert total(one) == int(first.select_one(".count").get_text()) == 3
    assert value_link(one, "speaker", "Ann Blair")["aria-current"] == "true"
    second = value_link(one, "speaker", "Tony Blair")
    assert query(second["href"])["speaker"] == ["Ann Blair", "Tony Blair"]
    both = soup_of(client, second["href"])
    assert total(both) == 3 + 3 == search(index, SearchRequest(
        query="budget", speakers=("Ann Blair", "Tony Blair"))).total
    entries = [li.select_one(".facet-value").get_text() for li in both.select("section.facet-speaker li")]
    assert entries[:2] == ["Ann Blair", "Tony Blair"]  # selected values first
    assert [c.get_text(" ", strip=True) for c in both.select(".chip-label")] == ["speaker:", "speaker:"]


def test_excluding_a_value_drops_its_paragraphs(client: FlaskClient) -> None:
    page = soup_of(client, "/?q=budget")
    before = total(page)
    exclude = page.select_one('section.facet-outlet a.facet-exclude[aria-label="Exclude North Star"]')
    assert exclude is not None and query(exclude["href"])["not_outlet"] == ["North Star"]
    count = int(value_link(page, "outlet", "North Star").select_one(".count").get_text())
    after = soup_of(client, exclude["href"])
    assert total(after) == before - count
    struck = value_link(after, "outlet", "North Star")
    assert struck.name == "a" and struck.find_parent("del") is None and struck.select_one("del.facet-value")
    assert struck["aria-label"] == "Remove exclusion of North Star"
    assert query(struck["href"]) == {"q": ["budget"]}
    chip = after.select_one(".chip.chip-excluded")
    assert chip.select_one("del").get_text() == "North Star"
    assert query(chip.select_one("a.chip-remove")["href"]) == {"q": ["budget"]}
    # The search box keeps the exclusion when a new query is typed.
    assert after.select('form.search-form input[type=hidden][name=not_outlet][value="North Star"]')


def test_show_all_appears_only_when_values_are_left_out(client: FlaskClient) -> None:
    page = soup_of(client, "/?q=budget")
    outlets = page.select_one("section.facet-outlet")
    assert len(outlets.select("a.facet-link")) == TOP_VALUES
    more = outlets.select_one("a.show-all")
    assert more.get_text(" ", strip=True).startswith(f"Show all {WIRES + 3}")
    assert page.select_one("section.facet-speaker a.show-all") is None  # three speakers, all shown
    expanded = soup_of(client, more["href"])
    section = expanded.select_one("section.facet-outlet")
    assert len(section.select("a.facet-link")) == WIRES + 3
    assert section.select_one("a.show-all") is None
    assert query(section.select_one("a.show-fewer")["href"]) == {"q": ["budget"]}


def test_the_filter_box_narrows_the_expanded_facet(client: FlaskClient) -> None:
    page = soup_of(client, "/?q=budget&speaker=Ann+Blair&facet_all=outlet")
    form = page.select_one("section.facet-outlet form.facet-filter")
    assert form["method"] == "get"
    box = form.select_one("input[name=facet_q]")
    assert form.select_one(f"label[for={box['id']}]") is not None
    hidden = [(i["name"], i["value"]) for i in form.select("input[type=hidden]")]
    assert hidden == [("q", "budget"), ("speaker", "Ann Blair"), ("facet_all", "outlet")]
    page = soup_of(client, "/?q=budget&facet_all=outlet&facet_q=wire+0")
    values = [a.select_one(".facet-value").get_text()
              for a in page.select("section.facet-outlet a.facet-link")]
    assert values == [f"Wire {i:02d}" for i in range(10)]
    assert page.select_one("section.facet-outlet input[name=facet_q]")["value"] == "wire 0"
    assert total(page) == WIRES + 7  # the results are not narrowed, only the list


def test_histogram_bars_link_to_their_dates_and_counts(client: FlaskClient) -> None:
    page = soup_of(client, "/?q=budget")
    bars = page.select("nav.histogram a.bar-link")
    assert [b["aria-label"] for b in bars] == [
        "2021-01: 2 paragraphs", "2021-02: 0 paragraphs", "2021-03: 4 paragraphs",
        "2021-04: 0 paragraphs", "2021-05: 0 paragraphs", f"2021-06: {WIRES} paragraphs"]
    assert query(bars[2]["href"]) == {"q": ["budget"], "since": ["2021-03-01"], "until": ["2021-03-31"]}
    for bar in bars:
        count = int(re.search(r": (\d+) paragraph", bar["aria-label"]).group(1))
        assert total(soup_of(client, bar["href"])) == count


def test_histogram_is_hidden_without_dated_matches(client: FlaskClient) -> None:
    page = soup_of(client, "/?q=rumours")
    assert total(page) == 1 and page.select_one("nav.histogram") is None


def test_json_and_page_come_from_one_result(client: FlaskClient) -> None:
    data = client.get("/api/search?q=budget&not_outlet=North+Star").get_json()
    page = soup_of(client, "/?q=budget&not_outlet=North+Star")
    assert data["total"] == total(page)
    assert len(data["histogram"]) == len(page.select("nav.histogram a.bar-link"))
    assert data["facet_sizes"]["outlet"] > TOP_VALUES and page.select_one("section.facet-outlet a.show-all")


def test_values_are_escaped_in_every_link_and_label(client: FlaskClient) -> None:
    body = client.get("/?q=budget&facet_all=outlet").get_data(as_text=True)
    assert "<script>alert" not in body
    page = BeautifulSoup(body, "html.parser")
    assert page.select_one("a.facet-exclude[aria-label='Exclude " + EVIL.replace("'", "\\'") + "']")


def test_bar_heights_are_proportional_steps() -> None:
    assert [bar_step(c, 10) for c in (0, 1, 5, 10)] == [0, 2, 10, BAR_STEPS]
    assert bar_step(1, 1000) == 1  # a bar with matches is never flat
    bucket = DateBucket("2021", dt.date(2021, 1, 1), dt.date(2021, 12, 31), 1)
    (bar,) = histogram_bars([bucket], SearchLinks(SearchRequest(page=4)))
    assert bar.title == "2021: 1 paragraph" and query(bar.url) == {"since": ["2021-01-01"],
                                                                   "until": ["2021-12-31"]}


def test_help_says_how_facet_filters_behave(client: FlaskClient) -> None:
    text = soup_of(client, "/help").select_one("#filters").get_text(" ", strip=True)
    for phrase in ("exact values", "combine with OR", "combine with AND", "excludes it", "Show all",
                   "filter them", "click a bar", "speaker:blair", "word-based"):
        assert phrase in text, phrase


def test_a_pinned_value_outside_the_filter_box_keeps_its_true_count(client: FlaskClient) -> None:
    url = "/?q=budget&outlet=North+Star&not_outlet=South+Post&facet_all=outlet&facet_q=wire"
    page = soup_of(client, url)
    plain = soup_of(client, "/?q=budget&outlet=North+Star&not_outlet=South+Post")
    for value in ("North Star", "South Post"):  # listed (selected, excluded) with their counts
        shown = value_link(page, "outlet", value).select_one(".count")
        assert shown is not None and shown.get_text() != "0"
        assert shown.get_text() == value_link(plain, "outlet", value).select_one(".count").get_text()
    assert value_link(page, "outlet", "Wire 00").select_one(".count").get_text() == "1"
