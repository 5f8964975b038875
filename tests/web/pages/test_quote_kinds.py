"""Quote kinds in search and on entity pages (issue #32): reported speech
counts as a quote for "Only paragraphs with quotes" and the speaker filter,
the verbatim switch (verbatim=1, --verbatim, a checkbox) keeps to direct and
partial quotes and travels in every link, the kind facet filters, speaker
and institution pages list reported statements beside the quotes, marked
and counted apart, and /help explains the three kinds.  Inline articles
with hand-made quotes of each kind (tests/factories.py)."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask.testing import FlaskClient
from whoosh import index as whoosh_index

from onrecord.cli import main
from onrecord.search.config import Config
from onrecord.search.errors import IndexUnavailableError
from onrecord.search.model import Article
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.schema import build_schema
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import indexed, make_article, write_index
from tests.search.storage.integrity.test_corrupt_index import assert_503_with_repair

COUNCIL = ("City Council",)


def kind_articles() -> list[Article]:
    """Ann Smallman: one verbatim quote and two reported statements; Bob
    Jones: one partial quote; one paragraph quoting nobody."""
    return [
        make_article("cut", ['"We will cut the library budget," said Ann Smallman.'],
                     speaker="Ann Smallman", institutions=COUNCIL),
        make_article("close", [("Smallman said the council would close two libraries.",
                                "the council would close two libraries"),
                               ("The library budget was discussed at length.", None)],
                     speaker="Ann Smallman", kind="indirect", institutions=COUNCIL),
        make_article("shame", [("Bob Jones said the library cuts were \"a disgrace\" to the city.",
                                "the library cuts were \"a disgrace\" to the city")],
                     speaker="Bob Jones", kind="partial", institutions=COUNCIL),
        make_article("final", [("Ann Smallman told reporters that the library budget was final.",
                                "the library budget was final")],
                     speaker="Ann Smallman", kind="indirect", institutions=COUNCIL),
    ]


@pytest.fixture(scope="module")
def index() -> Index:
    return indexed(kind_articles())


@pytest.fixture(scope="module")
def client(index: Index) -> FlaskClient:
    return create_app(index=index, config=Config(per_page=10)).test_client()


def api(client: FlaskClient, query: str) -> dict:
    response = client.get(f"/api/search?{query}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def facet_counts(data: dict, facet: str) -> dict[str, int]:
    return {v["value"]: v["count"] for v in data["facets"][facet]}


# ------------------------------------------------- search: filters and facets

@pytest.mark.parametrize("query, total", [
    ("quotes_only=1", 4), ("quotes_only=1&verbatim=1", 2),
    ("speaker=Ann+Smallman", 3), ("speaker=Ann+Smallman&verbatim=1", 1),
    ("not_speaker=Ann+Smallman&quotes_only=1", 1),
    ("not_speaker=Ann+Smallman&quotes_only=1&verbatim=1", 1),
    ("kind=reported", 2), ("kind=Reported", 2), ("kind=partial", 1), ("kind=verbatim", 1),
    ("kind=verbatim&kind=partial", 2), ("not_kind=reported", 3),
    ("verbatim=1", 5),  # the switch alone narrows nothing: it changes what quotes mean
])
def test_reported_speech_counts_unless_the_switch_keeps_to_verbatim(client: FlaskClient, query: str,
                                                                    total: int) -> None:
    assert api(client, query)["total"] == total


def test_the_speaker_facet_counts_reported_speech_unless_verbatim(client: FlaskClient) -> None:
    assert facet_counts(api(client, "q=library"), "speaker") == {"Ann Smallman": 3, "Bob Jones": 1}
    assert facet_counts(api(client, "q=library&verbatim=1"), "speaker") == {
        "Ann Smallman": 1, "Bob Jones": 1}
    assert facet_counts(api(client, ""), "kind") == {"verbatim": 1, "partial": 1, "reported": 2}


def test_a_selected_speaker_keeps_its_count_under_the_switch(client: FlaskClient) -> None:
    data = api(client, "speaker=Ann+Smallman&verbatim=1&facet_all=speaker&facet_q=bob")
    assert facet_counts(data, "speaker") == {"Ann Smallman": 1, "Bob Jones": 1}


@pytest.mark.parametrize("query, total", [
    ("close", 1), ("quote:close", 0), ("final", 1), ("quote:final", 0), ("quote:disgrace", 1),
    ("quote:appeal", 0), ("quote:cut", 2),
])
def test_quote_field_searches_quoted_words_not_reported_speech(client: FlaskClient, query: str,
                                                               total: int) -> None:
    assert api(client, f"q={query}")["total"] == total


def test_a_bad_switch_value_is_a_400(client: FlaskClient) -> None:
    response = client.get("/api/search?verbatim=maybe")
    assert response.status_code == 400 and "verbatim" in response.get_json()["error"]


def test_a_verbatim_export_leaves_reported_quotes_out(client: FlaskClient) -> None:
    def rows(query: str) -> list[dict[str, str]]:
        body = client.get(f"/export.csv?{query}&rows=quotes").get_data(as_text=True)
        return list(csv.DictReader(io.StringIO(body.lstrip("\ufeff"))))

    assert sorted(r["kind"] for r in rows("speaker=Ann+Smallman")) == ["direct", "indirect", "indirect"]
    assert [r["kind"] for r in rows("speaker=Ann+Smallman&verbatim=1")] == ["direct"]
    assert sorted(r["kind"] for r in rows("quotes_only=1&verbatim=1")) == ["direct", "partial"]


# ------------------------------------------------------- the search page

def page(client: FlaskClient, query: str) -> BeautifulSoup:
    response = client.get(f"/?{query}")
    assert response.status_code == 200
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def test_the_switch_is_a_checkbox_beside_quotes_only(client: FlaskClient) -> None:
    off = page(client, "q=library").select_one("form.search-form input#verbatim")
    assert off is not None and off["type"] == "checkbox" and off["name"] == "verbatim"
    assert not off.has_attr("checked")
    on = page(client, "q=library&verbatim=1")
    assert on.select_one("input#verbatim").has_attr("checked")
    assert "verbatim" in on.select_one("label[for=verbatim]").get_text().lower()
    chips = [c.get_text(" ", strip=True) for c in on.select(".chip")]
    assert any("verbatim quotes" in c for c in chips)


def test_every_link_keeps_the_switch(client: FlaskClient) -> None:
    soup = page(client, "q=library&verbatim=1&per_page=1&outlet=The+Ledger")
    links = [a["href"] for a in soup.select(".facet a.facet-link, .pager a")]
    assert soup.select(".pager a") and soup.select(".facet a.facet-link")
    assert all(parse_qs(urlsplit(href).query).get("verbatim") == ["1"] for href in links), links
    chips = {c.select_one(".chip-label").get_text(" ", strip=True) + " " + c.get_text(" ", strip=True):
             c.select_one(".chip-remove")["href"] for c in soup.select(".chip")}
    for chip, href in chips.items():
        kept = parse_qs(urlsplit(href).query).get("verbatim") == ["1"]
        assert kept != ("verbatim quotes" in chip), (chip, href)  # only its own chip drops it
    # The pager's next page still counts verbatim quotes only.
    following = next(a["href"] for a in soup.select(".pager a[rel=next]"))
    assert api(client, urlsplit(following).query + "&quotes_only=1")["total"] == 2


def test_the_kind_facet_is_listed_with_user_names(client: FlaskClient) -> None:
    section = page(client, "").select_one("section.facet-kind")
    assert section is not None and section.h3.get_text() == "Quote kinds"
    values = {a.select_one(".facet-value").get_text() for a in section.select("a.facet-link")}
    assert values == {"verbatim", "partial", "reported"}


def test_the_feed_of_a_verbatim_search_keeps_the_switch(client: FlaskClient) -> None:
    soup = page(client, "q=library&verbatim=1")
    feeds = [link["href"] for link in soup.select('link[type="application/atom+xml"]')]
    assert feeds and all("verbatim=1" in href for href in feeds)


# ------------------------------------------------------- entity pages

def test_a_speaker_page_lists_reported_statements_marked_and_counted_apart(client: FlaskClient) -> None:
    soup = page_at(client, "/speaker/Ann%20Smallman")
    assert soup.select_one("dd.quote-count").get_text() == "1"
    assert soup.select_one("dd.reported-count").get_text() == "2"
    assert "1 quote, 2 reported statements" in soup.select_one("#quotes-title").get_text()
    items = soup.select("li.entity-quote")
    assert len(items) == 3
    reported = soup.select("li.entity-quote.kind-indirect")
    assert len(reported) == 2 and all("Reported statement" in li.get_text() for li in reported)
    assert "Reported statement" not in soup.select_one("li.entity-quote.kind-direct").get_text()


def test_a_speaker_page_json_counts_reported_statements_apart(client: FlaskClient) -> None:
    data = client.get("/speaker/Ann%20Smallman.json").get_json()
    assert (data["quote_count"], data["reported_count"]) == (1, 2)
    assert sorted(q["kind"] for q in data["quotes"]) == ["direct", "indirect", "indirect"]


def test_an_institution_page_counts_reported_statements_apart(client: FlaskClient) -> None:
    data = client.get("/institution/City%20Council.json").get_json()
    assert (data["quote_count"], data["reported_count"]) == (2, 2)
    soup = page_at(client, "/institution/City%20Council")
    assert soup.select_one("dd.reported-count").get_text() == "2"
    assert len(soup.select("li.entity-quote.kind-indirect")) == 2


def test_statements_page_over_quotes_and_reported_speech(index: Index) -> None:
    """Paging runs over everything listed: three entries, one a page."""
    from onrecord.search.features.entities import get_entity

    pages = [get_entity(index, "speaker", "Ann Smallman", n, per_page=1) for n in (1, 2, 3)]
    assert pages[0].pages == 3 and pages[0].statement_count == 3
    assert sorted(p.quotes[0].kind for p in pages) == ["direct", "indirect", "indirect"]


def page_at(client: FlaskClient, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


# ---------------------------------------------------------------- help

def test_help_explains_the_three_kinds_and_the_switch(client: FlaskClient) -> None:
    soup = page_at(client, "/help")
    section = soup.select_one("#quote-kinds")
    assert section is not None
    text = section.get_text(" ", strip=True).lower()
    assert all(word in text for word in ("verbatim", "partial", "reported"))
    assert "only verbatim quotes" in text
    assert section.select_one('a[href*="verbatim=1"]') is not None


# ------------------------------------------------------------------ CLI

def test_cli_search_keeps_to_verbatim_quotes(tmp_path: Path) -> None:
    index_dir = write_index(tmp_path / "index", [kind_articles()])
    runner = CliRunner()

    def total(*args: str) -> int:
        result = runner.invoke(main, ["search", "--json", "--index", str(index_dir), *args])
        assert result.exit_code == 0, result.output
        return int(json.loads(result.output)["total"])

    assert total("--quotes-only") == 4 and total("--quotes-only", "--verbatim") == 2
    assert total("--speaker", "Ann Smallman", "--verbatim") == 1
    assert total("--kind", "reported") == 2
    assert "--verbatim" in runner.invoke(main, ["search", "--help"]).output


# ----------------------------------------------- an index built before kinds

def test_an_index_without_the_kind_fields_is_refused_with_the_rebuild_message(tmp_path: Path) -> None:
    """An index built before this change lacks the kind and verbatim fields:
    opening it names them and says to rebuild; the site answers 503."""
    schema = build_schema()
    for name in ("quote_kind_facet", "verbatim_speaker_facet", "has_verbatim_quote"):
        schema.remove(name)
    path = tmp_path / "old"
    path.mkdir()
    whoosh_index.create_in(str(path), schema)
    with pytest.raises(IndexUnavailableError, match="missing fields: has_verbatim_quote"):
        open_index(path)
    client = create_app(config=Config(index_dir=path)).test_client()
    assert_503_with_repair(client.get("/?q=library&verbatim=1"))
    assert_503_with_repair(client.get("/api/search?kind=reported"))


def test_onrecord_check_reports_an_index_without_the_kind_fields(tmp_path: Path) -> None:
    """`onrecord check` said OK on such an index while search refused it."""
    schema = build_schema()
    schema.remove("quote_kind_facet")
    path = tmp_path / "old"
    path.mkdir()
    whoosh_index.create_in(str(path), schema)
    result = CliRunner().invoke(main, ["check", "--index", str(path)])
    assert result.exit_code != 0
    assert "built by another onrecord version (missing fields: quote_kind_facet)" in result.output
    assert f"delete {path} and rebuild it" in result.output
