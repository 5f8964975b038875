"""The search page's pager links only pages that have hits (issue 28).

Two things made it offer pages that do not exist: the result window (a page
ending past max_result_window answers 400) and near copies, which fold into
the first hit that has them, so a result set has fewer hits to page through
than matching paragraphs.  Both the HTML pager and /api/search's `pages`
count only reachable pages and say why the rest are not.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from flask.testing import FlaskClient

from onrecord.cli import main as cli
from onrecord.search.config import Config
from onrecord.search.engine import search
from onrecord.search.model import Article, SearchRequest
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app
from tests.factories import indexed, make_article, write_index

WORDS = ("amber", "basalt", "cedar", "delta", "ember", "fjord", "garnet", "harbour", "indigo",
         "juniper", "kestrel", "lantern", "marble", "nectar", "orchid", "pewter", "quartz",
         "russet", "saffron", "timber", "umber", "violet", "walnut", "yarrow", "zephyr")


def unique_text(i: int) -> str:
    """Return a library paragraph sharing no run of words with another i's."""
    own = " ".join(f"{WORDS[(i * 7 + j) % len(WORDS)]}{i}x{j}" for j in range(14))
    return f"The library board met {own} today."


def unique_articles(count: int) -> list[Article]:
    """Return `count` one-paragraph articles, no two near copies."""
    return [make_article(f"u{i}", [unique_text(i)]) for i in range(count)]


def copied_quotes(quotes: int, copies: int, plain: int = 0) -> list[Article]:
    """Return `quotes` distinct quote paragraphs, each run verbatim in
    `copies` articles (syndication: near copies fold into one hit), plus
    `plain` articles whose library paragraph holds no quote."""
    articles = [make_article(f"q{i}c{c}", [unique_text(i)], speaker="Ann Smallman")
                for i in range(quotes) for c in range(copies)]
    return articles + [make_article(f"p{i}", [(unique_text(1000 + i), None)])
                       for i in range(plain)]


def client_for(index: Index, **settings: int) -> FlaskClient:
    return create_app(index=index, config=Config(**settings)).test_client()


def soup_of(client: FlaskClient, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def page_number(href: str) -> int:
    return int(parse_qs(urlsplit(href).query).get("page", ["1"])[0])


def pager_links(soup: BeautifulSoup) -> dict[int, str]:
    """Return page number -> URL of every link in the result pager."""
    return {page_number(a["href"]): a["href"] for a in soup.select("nav.pager a[href]")}


def hit_ids(soup: BeautifulSoup) -> list[str]:
    return [li.select_one(".hit-title a")["href"] for li in soup.select("ol.hits > li.hit")]


def walk_pages(client: FlaskClient, first: str) -> Iterator[tuple[int, BeautifulSoup]]:
    """Yield (page, parsed page) for every page reachable through pager
    links from `first`, each once."""
    todo, seen = {1: first}, set()
    while todo:
        number = min(todo)
        url = todo.pop(number)
        seen.add(number)
        soup = soup_of(client, url)
        yield number, soup
        todo.update({n: href for n, href in pager_links(soup).items() if n not in seen})


# ------------------------------------------------------------ result window

@pytest.fixture(scope="module")
def windowed() -> Index:
    """35 distinct matches of "library": with a window of 20 and 10 per
    page, only pages 1 and 2 can be shown (page 4 used to be linked)."""
    return indexed(unique_articles(35))


def test_the_last_linked_page_answers_with_hits_and_links_nothing_beyond(windowed: Index) -> None:
    client = client_for(windowed, max_result_window=20)
    first = soup_of(client, "/?q=library")
    assert max(pager_links(first)) == 2
    assert "page 1 of 2" in first.select_one("#results-title").get_text(" ", strip=True)
    last = soup_of(client, pager_links(first)[2])
    assert len(hit_ids(last)) == 10
    assert max(pager_links(last)) == 1 and not last.select("nav.pager a[rel=next]")
    for soup in (first, last):
        note = soup.select_one(".paging-note").get_text(" ", strip=True).lower()
        assert "first 20 results" in note and "narrow the search" in note


def test_api_pages_counts_only_pages_inside_the_window(windowed: Index) -> None:
    client = client_for(windowed, max_result_window=20)
    data = client.get("/api/search?q=library").get_json()
    assert data["total"] == 35
    assert data["pages"] == 2 and data["pages_exact"] is True
    assert "first 20 results" in data["paging_note"]
    assert client.get(f"/api/search?q=library&page={data['pages']}").get_json()["hits"]


def test_a_result_set_inside_the_window_has_no_paging_note(windowed: Index) -> None:
    data = client_for(windowed).get("/api/search?q=library").get_json()
    assert (data["pages"], data["pages_exact"], data["paging_note"]) == (4, True, None)
    assert not soup_of(client_for(windowed), "/?q=library").select(".paging-note")


# ------------------------------------------------- near copies fold into hits

@pytest.fixture(scope="module")
def syndicated() -> Index:
    """8 quotes each carried by 3 articles (24 quote paragraphs folding
    into 8 hits) and 10 plain paragraphs."""
    return indexed(copied_quotes(quotes=8, copies=3, plain=10))


def test_quotes_only_links_pages_of_folded_hits_only(syndicated: Index) -> None:
    client = client_for(syndicated)
    pages = dict(walk_pages(client, "/?q=library&quotes_only=1&per_page=2"))
    assert sorted(pages) == [1, 2, 3, 4]  # 8 hits, 2 a page (not 24 paragraphs: 12 pages)
    assert all(len(hit_ids(soup)) == 2 for soup in pages.values())
    assert len({h for soup in pages.values() for h in hit_ids(soup)}) == 8
    data = client.get("/api/search?q=library&quotes_only=1&per_page=2").get_json()
    assert (data["total"], data["pages"], data["pages_exact"]) == (24, 4, True)


def test_every_linked_page_of_a_mixed_search_has_hits(syndicated: Index) -> None:
    client = client_for(syndicated)
    for number, soup in walk_pages(client, "/?q=library&per_page=3"):
        assert hit_ids(soup), f"page {number} is linked but empty"


# ------------------------------------- a large result set: counted ahead only

@pytest.fixture(scope="module")
def many_copies() -> Index:
    """30 quotes each in 2 articles: 60 paragraphs, 30 hits."""
    return indexed(copied_quotes(quotes=30, copies=2))


def test_pages_past_the_lookahead_are_found_by_paging_on(many_copies: Index) -> None:
    client = client_for(many_copies, page_lookahead=2)
    data = client.get("/api/search?q=library&per_page=2").get_json()
    # Page 1, two pages ahead, and at least one hit on the page after those.
    assert (data["pages"], data["pages_exact"]) == (4, False)
    assert "more pages" in data["paging_note"].lower()
    first = soup_of(client, "/?q=library&per_page=2")
    assert "page 1 of 4 or more" in first.select_one("#results-title").get_text(" ", strip=True)
    url, visited, seen = "/?q=library&per_page=2", 0, set()
    while url:
        soup = soup_of(client, url)
        visited += 1
        ids = hit_ids(soup)
        assert ids and not seen & set(ids)
        seen.update(ids)
        following = soup.select_one("nav.pager a[rel=next]")
        url = following["href"] if following else ""
    assert visited == 15 and len(seen) == 30
    assert max(pager_links(soup)) == 14  # the last page links back only


def test_the_last_page_knows_the_exact_count(many_copies: Index) -> None:
    index = many_copies
    result = search(index, SearchRequest(query="library", per_page=2, page=14))
    assert (result.pages, result.pages_exact, len(result.hits)) == (15, True, 2)


def test_a_page_past_the_folded_hits_says_which_page_is_last(syndicated: Index) -> None:
    client = client_for(syndicated)
    soup = soup_of(client, "/?q=library&quotes_only=1&per_page=2&page=12")
    assert not hit_ids(soup)
    last = soup.select_one(".empty a.last-page")
    assert last is not None and page_number(last["href"]) == 4


def test_the_cli_says_when_more_pages_may_follow(tmp_path: Path) -> None:
    path = write_index(tmp_path / "ix", [copied_quotes(quotes=30, copies=2)])
    args = ["search", "library", "--index", str(path), "--per-page", "2"]
    ahead = CliRunner().invoke(cli, [*args, "--setting", "page_lookahead=2"])
    assert ahead.exit_code == 0, ahead.output
    assert "60 paragraphs match (page 1 of 4 or more)" in ahead.output
    whole = CliRunner().invoke(cli, [*args, "--page", "14"])
    assert "(page 14 of 15)" in whole.output


@pytest.mark.parametrize(("per_page", "pages", "shown"), [(10, 2, 20), (7, 3, 21), (25, 1, 25)])
def test_the_window_note_counts_the_hits_its_pages_hold(windowed: Index, per_page: int, pages: int,
                                                        shown: int) -> None:
    windowed.max_result_window = 25
    try:
        result = search(windowed, SearchRequest(query="library", per_page=per_page))
    finally:
        windowed.max_result_window = 10_000
    assert (result.pages, result.pages_exact) == (pages, True)
    assert f"first {shown} results" in (result.paging_note or "")
