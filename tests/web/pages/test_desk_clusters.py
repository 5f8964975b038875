"""'Also in' clusters survive typography (#14): the same quote run by two
outlets, one with single marks and a hyphen, the other with double marks
and an en dash, is one cluster, and appears once on the speaker's page,
linked to both articles."""
from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.indexer.pipeline import ingest_paths
from onrecord.search import engine
from onrecord.search.config import Config
from onrecord.search.features.entities import get_entity
from onrecord.search.model import SearchRequest
from onrecord.search.storage.copies.fingerprints import normalise_text, quote_keys
from onrecord.search.storage.opening import ram_index
from onrecord.web.app import create_app
from tests.factories import indexed, make_article

SEEDS = Path(__file__).resolve().parents[3] / "seeds"
SINGLE = "'Sorry is something you say when you mean it - which to our minds is rare.'"
DOUBLE = "“Sorry is something you say when you mean it – which to our minds is rare,”"


@pytest.mark.parametrize("a, b", [
    (SINGLE, DOUBLE),
    ("'It's the Met's fault — nobody else's,'", "\"It’s the Metʼs fault—nobody  else’s.\""),
    ("We will not  stop...", "We will not stop…"),
    ("a well-known fact, she said!", "a well‑known fact she said"),
])
def test_typography_does_not_change_the_normal_form(a: str, b: str) -> None:
    assert normalise_text(a) == normalise_text(b)
    assert quote_keys(a) == quote_keys(b)


def test_different_words_still_differ() -> None:
    assert normalise_text(SINGLE) != normalise_text(SINGLE.replace("rare", "common"))


def two_outlets() -> list:
    return [make_article("x1", [f"{SINGLE} she said."], speaker="Ann Jones", outlet="Herald",
                         title="Herald story"),
            make_article("x2", [f"{DOUBLE} said Ann Jones."], speaker="Ann Jones", outlet="Gazette",
                         title="Gazette story")]


def entity_quotes(client: FlaskClient, url: str, needle: str) -> list:
    soup = BeautifulSoup(client.get(url).get_data(as_text=True), "html.parser")
    return [li for li in soup.select("li.entity-quote") if needle in li.select_one(".quote-text").get_text()]


def article_links(item) -> set[str]:  # type: ignore[no-untyped-def]
    hrefs = [item.select_one("a.permalink")["href"]] + [a["href"] for a in item.select(".also-in a")]
    return {h.split("?")[0] for h in hrefs}


def test_one_cluster_once_on_the_speaker_page_linked_to_both() -> None:
    index = indexed(two_outlets())
    hits = engine.search(index, SearchRequest(query="sorry", per_page=10)).hits
    keys = {q["cluster"] for h in hits for q in h.quotes}
    assert len(keys) == 1 and None not in keys
    assert {s.doc_id for h in hits for s in h.also_in + h.duplicates} | {h.doc_id for h in hits} == {"x1", "x2"}
    profile = get_entity(index, "speaker", "Ann Jones")
    assert len(profile.quotes) == 1 and profile.folded == 1 and profile.quote_count == 2
    client = create_app(index=index, config=Config()).test_client()
    (item,) = entity_quotes(client, "/speaker/Ann%20Jones", "Sorry is something")
    assert article_links(item) == {"/doc/x1", "/doc/x2"}
    data = client.get("/speaker/Ann%20Jones.json").get_json()
    assert len(data["quotes"]) == 1 and data["folded"] == 1


def test_seed_quote_appears_once_on_mina_smallmans_page() -> None:
    index = ram_index()
    ingest_paths([SEEDS], index)
    client = create_app(index=index, config=Config()).test_client()
    items = entity_quotes(client, "/speaker/Mina%20Smallman", "Sorry is something you say")
    assert len(items) == 1
    links = article_links(items[0])
    assert len(links) == 2  # the article it is shown from and the other outlet's
    with_it = {f"/doc/{h.doc_id}" for h in engine.search(index, SearchRequest(query='"comprehend the wrong"')).hits}
    with_it |= {f"/doc/{d.doc_id}" for h in engine.search(index, SearchRequest(query='"comprehend the wrong"')).hits
                for d in h.duplicates + h.also_in}
    assert links <= with_it


def test_the_speaker_page_says_which_folded_copies_quotes_mode_counts_apart() -> None:
    # Near copies (other words around the quote) are two quotes in quotes mode:
    # the page counts both, lists one and says why the list is shorter.
    index = indexed(two_outlets())
    total = engine.search(index, SearchRequest(mode="quotes", speakers=("Ann Jones",))).total
    client = create_app(index=index, config=Config()).test_client()
    soup = BeautifulSoup(client.get("/speaker/Ann%20Jones").get_data(as_text=True), "html.parser")
    assert soup.select_one("dd.statement-count").get_text() == str(total) == "2"
    note = soup.select_one(".folded-note").get_text(" ", strip=True)
    assert "1 copy of quotes above is not listed again" in note
    assert "quotes mode and the counts above count each such copy as a quote of its own" in note
    assert client.get("/speaker/Ann%20Jones.json").get_json()["folded_apart"] == 1
