"""A headline-less article is shown by its first words, marked untitled
(class "untitled", an ellipsis), never as a title, on hits, speaker pages,
the article page and feeds; a speaker page with no dated quotes draws no
chart (#14)."""
from __future__ import annotations

import datetime as dt
from xml.etree import ElementTree as ET

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.web.app import create_app
from onrecord.web.outputs.names import UNTITLED, display_title
from tests.factories import indexed, make_article

OPENING = "Ferry crews walked out at dawn on Monday, leaving thousands of commuters stranded across the harbour."


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    untitled = make_article("nt", [(OPENING, None), ('"We had no choice," said Ann Jones of the union.', '"We had no choice,"')],
                            title=None, speaker="Ann Jones", published=None)
    titled = make_article("ti", ['"Talks resume," said Bob Lee.'], title="Talks resume", speaker="Bob Lee",
                          published=dt.date(2023, 1, 2))
    return create_app(index=indexed([untitled, titled]), config=Config()).test_client()


def soup(client: FlaskClient, url: str) -> BeautifulSoup:
    return BeautifulSoup(client.get(url).get_data(as_text=True), "html.parser")


FIRST_WORDS = "Ferry crews walked out at dawn on Monday, leaving thousands…"


@pytest.mark.parametrize("title, text, shown, untitled", [
    ("  Talks  resume ", "x", "Talks resume", False),
    (None, OPENING, FIRST_WORDS, True),
    ("", "Short one.", "Short one…", True),
    (None, "   ", UNTITLED, True),
])
def test_display_title(title: str | None, text: str, shown: str, untitled: bool) -> None:
    result = display_title(title, text)
    assert (result.text, result.untitled) == (shown, untitled)


def test_hit_shows_the_articles_first_words_not_the_hit_paragraph(client: FlaskClient) -> None:
    page = soup(client, "/?q=choice")  # the hit is paragraph 2; the opening is paragraph 1
    title = page.select_one("li.hit .hit-title a")
    assert title.select_one("span.untitled").get_text() == FIRST_WORDS
    assert "Untitled article" not in title.get_text()
    titled = soup(client, "/?q=talks").select_one("li.hit .hit-title a")
    assert titled.get_text() == "Talks resume" and titled.select_one(".untitled") is None


def test_speaker_page_and_article_page_mark_the_opening(client: FlaskClient) -> None:
    link = soup(client, "/speaker/Ann%20Jones").select_one("li.entity-quote a.permalink")
    assert link.select_one("span.untitled").get_text() == FIRST_WORDS
    article = soup(client, "/doc/nt?p=2")
    assert article.select_one("h1#doc-title span.untitled").get_text() == FIRST_WORDS
    assert article.title.get_text().startswith(FIRST_WORDS)
    assert soup(client, "/doc/ti").select_one("h1#doc-title").get_text() == "Talks resume"


def test_feed_entry_titles_use_the_opening(client: FlaskClient) -> None:
    root = ET.fromstring(client.get("/speaker/Ann%20Jones.atom").get_data())
    titles = [e.findtext("{http://www.w3.org/2005/Atom}title") for e in root]
    assert any(t and t.startswith(FIRST_WORDS) for t in titles)


def test_no_chart_without_dated_quotes(client: FlaskClient) -> None:
    undated = soup(client, "/speaker/Ann%20Jones")
    assert undated.select_one("svg.timeline") is None and undated.select_one("#timeline-title") is None
    assert "none is dated" in undated.select_one(".undated-note").get_text()
    dated = soup(client, "/speaker/Bob%20Lee")
    assert dated.select_one("svg.timeline") is not None and dated.select_one("#timeline-title") is not None
