"""Atom feeds (#14): every search, speaker page and institution page has a
feed of its newest-indexed matching paragraphs, linked from the page; the
feed is well-formed Atom and gains an entry when an article is indexed."""
from __future__ import annotations

import datetime as dt
from xml.etree import ElementTree as ET

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.search.features.feeds import newest_paragraphs
from onrecord.search.model import SearchRequest
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from tests.factories import indexed, make_article

A = "{http://www.w3.org/2005/Atom}"


def story(doc_id: str, published: dt.date, speaker: str = "Ann Jones") -> object:
    return make_article(doc_id, [f'"The budget {doc_id} is set," said {speaker}.'], speaker=speaker,
                        institutions=["City Council"], published=published,
                        url=f"https://example.org/{doc_id}", title="Budget {doc_id}")


@pytest.fixture()
def index() -> Index:
    # Indexed oldest first, in three commits; published dates run the other way,
    # so a feed ordered by publication date would be reversed.
    return indexed([story("first", dt.date(2023, 1, 3))], [story("second", dt.date(2023, 1, 2))],
                   [story("third", dt.date(2023, 1, 1), speaker="Bob Lee")])


def client_for(index: Index, public_url: str = "") -> FlaskClient:
    return create_app(index=index, config=Config(public_url=public_url)).test_client()


def parse_atom(client: FlaskClient, url: str) -> ET.Element:
    """Return the feed's root, checking what Atom requires of it and its entries."""
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/atom+xml", url
    root = ET.fromstring(response.get_data())
    assert root.tag == f"{A}feed"
    for tag in ("id", "title", "updated"):
        assert (root.findtext(f"{A}{tag}") or "").strip(), tag
    dt.datetime.fromisoformat(root.findtext(f"{A}updated").replace("Z", "+00:00"))
    for entry in root.findall(f"{A}entry"):
        for tag in ("id", "title", "updated"):
            assert (entry.findtext(f"{A}{tag}") or "").strip(), tag
        assert entry.find(f"{A}link[@rel='alternate']").get("href")
    return root


def entry_links(root: ET.Element) -> list[str]:
    return [e.find(f"{A}link[@rel='alternate']").get("href") for e in root.findall(f"{A}entry")]


def test_search_feed_is_atom_newest_indexed_first(index: Index) -> None:
    root = parse_atom(client_for(index), "/feed.atom?q=budget&sort=oldest&page=3")
    assert entry_links(root) == ["/doc/third?p=1#p1", "/doc/second?p=1#p1", "/doc/first?p=1#p1"]
    assert root.find(f"{A}link[@rel='self']").get("href") == "/feed.atom?q=budget"


def test_feed_gains_an_entry_after_a_new_article_is_indexed(index: Index) -> None:
    client = client_for(index)
    before = entry_links(parse_atom(client, "/speaker/Ann%20Jones.atom"))
    write_articles(index, [story("fourth", dt.date(2001, 1, 1))])
    after = entry_links(parse_atom(client, "/speaker/Ann%20Jones.atom"))
    assert after == ["/doc/fourth?p=1#p1", *before] and len(before) == 2


def test_speaker_and_institution_feeds_hold_only_their_paragraphs(index: Index) -> None:
    client = client_for(index, "https://q.example")
    bob = parse_atom(client, "/speaker/Bob%20Lee.atom")
    assert entry_links(bob) == ["https://q.example/doc/third?p=1#p1"]
    assert [c.get("term") for c in bob.iter(f"{A}category")] == ["Bob Lee"]
    council = parse_atom(client, "/institution/City%20Council.atom")
    assert len(entry_links(council)) == 3
    assert council.find(f"{A}entry/{A}link[@rel='related']").get("href") == "https://example.org/third"
    empty = parse_atom(client, "/speaker/Nobody%20Here.atom")
    assert empty.findall(f"{A}entry") == []


def test_filters_apply_and_bad_queries_are_400(index: Index) -> None:
    client = client_for(index)
    assert len(entry_links(parse_atom(client, "/feed.atom?speaker=Bob+Lee"))) == 1
    assert client.get("/feed.atom?q=%22budget").status_code == 400


def test_pages_link_their_feeds(index: Index) -> None:
    client = client_for(index)
    for page, feed in (("/?q=budget&page=1", "/feed.atom?q=budget"),
                       ("/speaker/Ann%20Jones", "/speaker/Ann%20Jones.atom"),
                       ("/institution/City%20Council", "/institution/City%20Council.atom")):
        soup = BeautifulSoup(client.get(page).get_data(as_text=True), "html.parser")
        link = soup.select_one('link[rel="alternate"][type="application/atom+xml"]')
        assert link is not None and link["href"] == feed, page
        assert soup.select_one("a.feed-link")["href"] == feed
        parse_atom(client, feed)


def test_hostile_text_still_makes_well_formed_xml() -> None:
    nasty = make_article("x", ['"<b>&amp;</b> \x01\x0b ]]> said," said Ann Jones.'], speaker="Ann Jones",
                         title="<script>&")
    root = parse_atom(client_for(indexed([nasty])), "/feed.atom")
    assert root.findtext(f"{A}entry/{A}title").startswith("<script>&")


def test_newest_paragraphs_limit() -> None:
    index = indexed(*([story(f"s{i}", dt.date(2020, 1, 1))] for i in range(5)))
    feed = newest_paragraphs(index, SearchRequest(query="budget"), limit=2)
    assert [e.doc_id for e in feed.entries] == ["s4", "s3"] and feed.updated == feed.entries[0].indexed_at
