"""Quotes mode on the user's side (issue #33): the mode parameter, the
search page's switch and quote hits, /api/search, the exports, the feeds,
the entity pages and the look-up, all counting and listing the same
quotes as search(mode="quotes") for the same request.

The index is the generated corpus of tests/search/test_quotes_mode.py
(paragraphs holding several quotes of distinct speakers, every kind and
evidence), written to disk once so the web app and the CLI read the same."""
from __future__ import annotations

import csv
import html
import io
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
from xml.etree import ElementTree as ET

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask.testing import FlaskClient

from onrecord.cli import main
from onrecord.search import SearchRequest, list_entities, lookup_speakers, open_index, search
from onrecord.search.storage.store import Index
from onrecord.web.outputs.feeds import feed_quote_line
from tests.factories import write_index
from tests.search.test_quotes_mode import generated_articles

ATOM = "{http://www.w3.org/2005/Atom}"
# A request narrow enough that its every quote fits one page and one feed.
NARROW = {"q": "police", "speaker": "Carl Reyes"}


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_index(tmp_path_factory.mktemp("quotes-web") / "index", [generated_articles()])


@pytest.fixture(scope="module")
def index(index_dir: Path) -> Index:
    opened = open_index(index_dir)
    yield opened
    opened.close()


@pytest.fixture()
def client(index_dir: Path, app_client) -> FlaskClient:  # type: ignore[no-untyped-def]
    return app_client(index_dir)


def page(client: FlaskClient, url: str, status: int = 200) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def quotes_of(index: Index, **filters: tuple[str, ...] | str) -> list[dict]:
    """Return the API hits of every quote matching `filters` in quotes mode."""
    result = search(index, SearchRequest(mode="quotes", per_page=100, **filters))  # type: ignore[arg-type]
    assert result.total <= 100
    return [hit.to_dict() for hit in result.hits]


@pytest.mark.parametrize("url", ["/?mode=units", "/api/search?mode=quote", "/export.csv?mode=x",
                                 "/export.json?mode=all", "/feed.atom?mode=both"])
def test_a_bad_mode_is_a_400_naming_both_values(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert "'mode' must be paragraphs or quotes" in html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize("guess", ["unit", "results"])
def test_a_guessed_mode_parameter_is_pointed_at_mode(client: FlaskClient, guess: str) -> None:
    response = client.get(f"/api/search?{guess}=quotes")
    assert response.status_code == 400
    assert "use mode=quotes or mode=paragraphs" in response.get_json()["error"]


def test_every_link_of_a_quotes_page_keeps_the_mode(client: FlaskClient) -> None:
    soup = page(client, "/?mode=quotes&q=police&kind=reported&not_outlet=Daily+Post&per_page=5")
    links = [a["href"] for a in soup.select("a[href]")
             if a["href"].startswith(("/?", "/export.", "/feed.atom")) and "mode-paragraphs" not in a.get("class", [])]
    kinds = {urlsplit(href).path for href in links}
    assert {"/", "/export.csv", "/export.json"} <= kinds  # facets, pager, exports
    assert any("page=2" in href for href in links) and any("evidence=" in href for href in links)
    for href in links:
        assert parse_qs(urlsplit(href).query).get("mode") == ["quotes"], href
    feed = soup.select_one('link[type="application/atom+xml"]')
    assert feed is not None and parse_qs(urlsplit(feed["href"]).query)["mode"] == ["quotes"]
    assert soup.select_one('form.search-form input[name="mode"]')["value"] == "quotes"
    switch = soup.select_one("a.mode-paragraphs")["href"]
    query = parse_qs(urlsplit(switch).query)
    assert "mode" not in query and query["kind"] == ["reported"] and query["q"] == ["police"]
    assert query["not_outlet"] == ["Daily Post"]


def test_the_switch_keeps_the_query_and_filters(client: FlaskClient) -> None:
    soup = page(client, "/?q=police&speaker=Carl+Reyes&quotes_only=1&sort=newest")
    assert soup.select_one(".mode-switch .mode-current").get_text() == "Paragraphs"
    query = parse_qs(urlsplit(soup.select_one("a.mode-quotes")["href"]).query)
    assert query == {"q": ["police"], "speaker": ["Carl Reyes"], "sort": ["newest"], "mode": ["quotes"]}


def test_quotes_page_lists_the_quotes_with_their_speakers(client: FlaskClient, index: Index) -> None:
    expected = quotes_of(index, query=NARROW["q"], speakers=(NARROW["speaker"],))
    soup = page(client, "/?mode=quotes&q=police&speaker=Carl+Reyes&per_page=100")
    assert soup.select_one(".total").get_text(" ", strip=True).startswith(f"{len(expected)} matching quote")
    assert soup.select_one(".counts-note").get_text() == "Counts are quotes."
    assert soup.select_one("#quotes_only") is None  # no sense where every hit is a quote
    hits = soup.select("li.quote-hit")
    assert [h.select_one("a.quote-link")["href"] for h in hits] == [e["quote_permalink"] for e in expected]
    assert [h.select_one(".quote-text").get_text() for h in hits] == [e["quote"]["cited"] for e in expected]
    for hit in hits:
        speaker = hit.select_one("a.quote-speaker")
        assert speaker.get_text() == "Carl Reyes" and speaker["href"] == "/speaker/Carl%20Reyes"
        assert hit.select_one(".quote-kind-label").get_text() in {"verbatim", "partial", "reported"}
        assert hit.select_one(".quote-evidence").get_text()
        assert hit.select_one(".quote-context mark") is not None  # the matched words in context


def test_paragraph_mode_keeps_its_words(client: FlaskClient) -> None:
    soup = page(client, "/?q=police")
    assert "matching paragraphs" in soup.select_one(".total").get_text(" ", strip=True)
    assert soup.select_one(".counts-note").get_text() == "Counts are paragraphs."
    assert soup.select_one("#quotes_only") is not None and not soup.select("li.quote-hit")


def test_api_export_feed_and_cli_hold_the_same_quotes(client: FlaskClient, index: Index,
                                                      index_dir: Path) -> None:
    expected = quotes_of(index, query=NARROW["q"], speakers=(NARROW["speaker"],))
    assert 2 <= len(expected) <= 50
    args = "mode=quotes&q=police&speaker=Carl+Reyes"
    api = client.get(f"/api/search?{args}&per_page=100").get_json()
    assert (api["mode"], api["counts"], api["total"]) == ("quotes", "quotes", len(expected))
    assert api["hits"] == expected
    # The exports hold every matching quote: each hit's and its folded copies' (the
    # same words, so the same quote text, in another article's paragraph).
    wanted = sorted([(e["paragraph_id"], e["quote"]["text"]) for e in expected]
                    + [(f"{d['doc_id']}-p{d['n']}", e["quote"]["text"])
                       for e in expected for d in e["duplicates"]])
    assert len(wanted) > len(expected)  # the corpus has copies here: folding is exercised
    rows = list(csv.DictReader(io.StringIO(client.get(f"/export.csv?{args}").get_data(as_text=True).lstrip("\ufeff"))))
    assert sorted((r["paragraph_id"], r["quote"]) for r in rows) == wanted
    exported = json.loads(client.get(f"/export.json?{args}").get_data(as_text=True))
    assert sorted((r["paragraph_id"], r["quote"]) for r in exported) == wanted
    feed = ET.fromstring(client.get(f"/feed.atom?{args}").get_data())
    entries = feed.findall(f"{ATOM}entry")
    # One entry per copy group, as quotes mode counts: a re-run of an old quote in
    # another article is not announced as a new one.
    assert sorted(e.find(f"{ATOM}content").text for e in entries) == sorted(
        feed_quote_line(x["quote"]) for x in expected)
    assert len({e.find(f"{ATOM}id").text for e in entries}) == len(expected)
    cli = CliRunner().invoke(main, ["search", "police", "--speaker", "Carl Reyes", "--mode", "quotes",
                                    "--per-page", "100", "--json", "--index", str(index_dir)])
    assert cli.exit_code == 0, cli.output
    assert json.loads(cli.output) == api


def test_cli_lists_quotes_with_speaker_kind_and_permalink(index: Index, index_dir: Path) -> None:
    expected = quotes_of(index, query="police", evidences=("named",))
    result = CliRunner().invoke(main, ["search", "police", "--evidence", "named", "--mode", "quotes",
                                       "--per-page", "100", "--index", str(index_dir)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{len(expected)} quote")
    for hit in expected:
        assert hit["quote_permalink"] in result.output
        assert f"{hit['quote']['speaker']} [{hit['quote']['label']}]" in result.output


def test_export_paragraphs_in_quotes_mode_are_the_quotes_paragraphs_once(client: FlaskClient,
                                                                         index: Index) -> None:
    expected = quotes_of(index, query="police", kinds=("reported",))
    rows = json.loads(client.get("/export.json?mode=quotes&q=police&kind=reported&rows=paragraphs")
                      .get_data(as_text=True))
    ids = [r["paragraph_id"] for r in rows]
    # Every matching quote's paragraph, a folded copy's too (it is a matching quote).
    assert len(ids) == len(set(ids)) and set(ids) == {e["paragraph_id"] for e in expected} | {
        f"{d['doc_id']}-p{d['n']}" for e in expected for d in e["duplicates"]}


def test_the_evidence_facet_shows_filters_and_excludes(client: FlaskClient, index: Index) -> None:
    everything = search(index, SearchRequest(mode="quotes")).total
    shown = client.get("/api/search?mode=quotes").get_json()["facets"]["evidence"]
    assert shown and {v["value"] for v in shown} <= {"named", "pronoun", "nominal", "carried"}
    soup = page(client, "/?mode=quotes")
    assert soup.select_one(f'a[href*="evidence={shown[0]["value"]}"]') is not None
    for value in shown:
        kept = client.get(f"/api/search?mode=quotes&evidence={value['value']}").get_json()
        dropped = client.get(f"/api/search?mode=quotes&not_evidence={value['value']}").get_json()
        # Copies fold and count once, and a copy may be known another way (another
        # article's evidence): a group with both values stays after the exclusion.
        assert kept["total"] == value["count"]
        assert everything - value["count"] <= dropped["total"] <= everything


def test_entity_pages_count_what_quotes_mode_counts(client: FlaskClient, index: Index) -> None:
    for kind, attr in (("speaker", "speakers"), ("institution", "institutions")):
        for value in list_entities(index, kind)[:4]:
            total = search(index, SearchRequest(mode="quotes", **{attr: (value.value,)})).total
            soup = page(client, f"/{kind}/{value.value.replace(' ', '%20')}")
            counted = soup.select_one("dd.statement-count a")
            assert int(counted.get_text().replace(",", "")) == total
            assert parse_qs(urlsplit(counted["href"]).query)["mode"] == ["quotes"]
            assert "quotes mode" in soup.select_one(".counts-note").get_text()
            data = client.get(f"/{kind}/{value.value.replace(' ', '%20')}.json").get_json()
            assert (data["statement_count"], data["counts"]) == (total, "quotes")
            feed = ET.fromstring(client.get(f"/{kind}/{value.value.replace(' ', '%20')}.atom").get_data())
            assert len(feed.findall(f"{ATOM}entry")) == min(50, total)


def test_lookup_counts_what_quotes_mode_counts(client: FlaskClient, index: Index) -> None:
    names = [v.value for v in list_entities(index, "speaker")]
    for row in lookup_speakers(index, names):
        for match in row.matches:
            assert match.quote_count == search(index, SearchRequest(mode="quotes", speakers=(match.speaker,))).total
    soup = page(client, "/lookup?names=" + "%0A".join(n.replace(" ", "+") for n in names[:3]))
    assert "quotes mode" in soup.select_one(".counts-note").get_text()


def test_help_explains_the_two_modes(client: FlaskClient) -> None:
    soup = page(client, "/help")
    section = soup.select_one("section#modes")
    assert section is not None and "Paragraphs" in section.get_text() and "Quotes" in section.get_text()
    assert any(parse_qs(urlsplit(a["href"]).query).get("mode") == ["quotes"] for a in section.select("a.example"))
    assert soup.select_one('.help-toc a[href="#modes"]') is not None
    search = page(client, "/?q=police")
    assert search.select_one(".mode-switch a.mode-help")["href"] == "/help#modes"


def test_a_quote_hit_shows_where_else_that_quote_ran() -> None:
    from onrecord.search import Config
    from onrecord.web.app import create_app
    from tests.factories import indexed, make_article

    words = "We will not close the library while I am mayor"
    index = indexed([
        make_article("first", [(f"“{words},” Ann Jones said.", words)],
                     speaker="Ann Jones", outlet="The Ledger"),
        make_article("copy", [(f"At a rally she repeated: “{words}.”", words)],
                     speaker="Ann Jones", outlet="Daily Post"),
    ])
    soup = BeautifulSoup(create_app(index=index, config=Config()).test_client()
                         .get("/?mode=quotes&q=library&outlet=The+Ledger").get_data(as_text=True), "html.parser")
    hit = soup.select_one("li.quote-hit")
    assert hit.select_one(".also-in-label").get_text() == "Quote also in:"
    assert "/doc/copy" in hit.select_one(".also-in a")["href"]
