"""A long article is shown in windows of ARTICLE_WINDOW paragraphs: /doc/<id>
is the first, ?page=K the K-th, ?p=N the one holding paragraph N (so every
permalink, /doc/<id>?p=N#pN, lands on its paragraph), each window read alone
(search.storage.reading.windows), with nothing repeated or lost across windows."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.search.errors import NotFoundError
from onrecord.search.features import articleview
from onrecord.search.model import Article, Metadata, Paragraph, Quote
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app

ARTICLE_WINDOW = Config().article_window  # the article_window setting's default
LONG = 2 * ARTICLE_WINDOW + 50  # three windows, the last one short


def long_article(doc_id: str, count: int, reverse: bool = False) -> Article:
    """An article of `count` paragraphs 'Paragraph N says wordN.'; paragraph
    305 quotes Ann Deep.  `reverse` hands them to the writer last first."""
    paragraphs, cursor = [], 0
    for n in range(1, count + 1):
        text = f"Paragraph {n} says word{n}."
        quotes, speakers = [], []
        if n == 305:
            text = f'"Deep down," said Ann Deep in paragraph {n}.'
            quotes, speakers = [Quote(text='"Deep down,"', start=cursor, end=cursor + 12, speaker="Ann Deep")], ["Ann Deep"]
        paragraphs.append(Paragraph(id=f"{doc_id}-p{n}", n=n, start=cursor, end=cursor + len(text), text=text,
                                    quotes=quotes, speakers=speakers))
        cursor += len(text) + 2
    text = "\n\n".join(p.text for p in paragraphs)
    if reverse:
        paragraphs.reverse()
    return Article(id=doc_id, source=f"{doc_id}.txt", text=text,
                   meta=Metadata(title="A long read", outlet="Herald"), paragraphs=paragraphs)


@pytest.fixture(scope="module")
def index() -> Index:
    idx = ram_index()
    short = long_article("short", 5)
    write_articles(idx, [long_article("long", LONG), short, long_article("backwards", 23, reverse=True)])
    return idx


@pytest.fixture(scope="module")
def client(index: Index) -> FlaskClient:
    return create_app(index=index).test_client()


def numbers(client: FlaskClient, path: str) -> tuple[BeautifulSoup, list[int]]:
    response = client.get(path)
    assert response.status_code == 200, path
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    return soup, [int(p["id"][1:]) for p in soup.select(".paragraphs p.para")]


def test_windows_cover_the_article_once_in_order(client: FlaskClient) -> None:
    seen = []
    for page in (1, 2, 3):
        soup, ns = numbers(client, f"/doc/long?page={page}" if page > 1 else "/doc/long")
        assert len(ns) == (ARTICLE_WINDOW if page < 3 else LONG - 2 * ARTICLE_WINDOW)
        assert f"of {LONG:,}" in soup.select_one(".page-note").get_text()
        seen.extend(ns)
    assert seen == list(range(1, LONG + 1))


def test_p_selects_the_window_holding_the_paragraph(client: FlaskClient) -> None:
    soup, ns = numbers(client, "/doc/long?p=305")
    assert ns == list(range(ARTICLE_WINDOW + 1, 2 * ARTICLE_WINDOW + 1))
    target = soup.select_one("p.target")
    assert target["id"] == "p305" and target["aria-current"] == "location"
    assert soup.select_one(".pager .current").get_text() == "2"
    # The header names who speaks in the window shown, and says so.
    assert "In paragraphs 201–400" in soup.select_one(".window-note").get_text()
    assert soup.select_one(".doc-speakers a").get_text() == "Ann Deep"
    assert numbers(client, "/doc/long?p=1")[1][0] == 1
    assert numbers(client, f"/doc/long?p={LONG}")[1][-1] == LONG
    assert numbers(client, "/doc/long?p=99999")[1][-1] == LONG  # past the end: the last window


def test_pager_links_carry_the_query(client: FlaskClient) -> None:
    soup, _ = numbers(client, "/doc/long?" + urlencode({"q": "word345", "p": 345}))
    assert soup.select_one(".pager a[rel=next]")["href"] == "/doc/long?q=word345&page=3"
    assert soup.select_one(".pager a[rel=prev]")["href"] == "/doc/long?q=word345"
    assert soup.select_one("#p345 mark").get_text() == "word345"  # highlights in the window shown
    assert soup.select_one(".paragraphs")["data-windowed"] == "1"


def test_a_search_hit_deep_in_the_article_links_to_its_window(client: FlaskClient) -> None:
    soup = BeautifulSoup(client.get("/?q=word345").get_data(as_text=True), "html.parser")
    href = soup.select_one(".hit .hit-title a")["href"]
    assert href == "/doc/long?q=word345&p=345#p345"
    page, ns = numbers(client, href.split("#")[0])
    assert 345 in ns and page.select_one("p.target")["id"] == "p345"
    api = client.get("/api/search?q=word345").get_json()["hits"][0]["permalink"]
    assert api == "/doc/long?p=345#p345" and 345 in numbers(client, api.split("#")[0])[1]


def test_entity_permalinks_land_in_the_right_window(client: FlaskClient) -> None:
    soup = BeautifulSoup(client.get("/speaker/Ann%20Deep").get_data(as_text=True), "html.parser")
    href = soup.select_one("a.permalink")["href"]
    assert href == "/doc/long?p=305#p305" and 305 in numbers(client, href.split("#")[0])[1]


def test_a_short_article_is_one_window_without_pager(client: FlaskClient) -> None:
    soup, ns = numbers(client, "/doc/short")
    assert ns == [1, 2, 3, 4, 5]
    assert soup.select_one(".pager") is None and soup.select_one(".page-note") is None
    assert not soup.select_one(".paragraphs").has_attr("data-windowed")


@pytest.mark.parametrize("path, status", [("/doc/long?page=4", 404), ("/doc/short?page=2", 404),
                                          ("/doc/long?page=0", 400), ("/doc/long?p=abc", 400)])
def test_bad_windows(client: FlaskClient, path: str, status: int) -> None:
    assert client.get(path).status_code == status


def test_get_article_reads_one_window(index: Index) -> None:
    part = articleview.get_article(index, "long", window=100, around=250)
    assert [p.n for p in part.paragraphs] == list(range(201, 301))
    assert (part.paragraph_count, part.page, part.pages) == (LONG, 3, 5)
    whole = articleview.get_article(index, "long")
    assert len(whole.paragraphs) == LONG and whole.pages == 1
    with pytest.raises(NotFoundError, match="5 pages"):
        articleview.get_article(index, "long", window=100, page=6)


@pytest.mark.parametrize("window", [1, 4, 10, 23])
def test_windows_are_right_even_when_stored_out_of_order(index: Index, window: int) -> None:
    """'backwards' was written last paragraph first, so its docnums descend
    with n: the order check must notice and sort instead of slicing."""
    seen = []
    pages = articleview.get_article(index, "backwards", window=window).pages
    for page in range(1, pages + 1):
        seen.extend(p.n for p in articleview.get_article(index, "backwards", window=window, page=page).paragraphs)
    assert seen == list(range(1, 24))
    for n in (1, 7, 23):
        assert n in [p.n for p in articleview.get_article(index, "backwards", window=window, around=n).paragraphs]
