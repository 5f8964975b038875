"""Browser tests: getting around the search page by keyboard and on a phone
(issue 28).

With many facet values the first result was 147 Tab presses away (the
facets come first, three stops per value); at 390 px the site navigation
wrapped to three lines, splitting "Look up names", and the facets came
after every hit and the pager with no way to reach them.  Screenshots go to
test-artifacts/ (gitignored).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from playwright.sync_api import Browser, Page

from onrecord.search.config import Config
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from tests.browser_server import (
    ConsoleLog,
    LiveServer,
    launched_chromium,
    start_server,
)
from tests.factories import make_article

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
TIMEOUT_MS = 5000
ARTICLES = 24  # each its own outlet, speaker and institution: full facet lists
PHONE = {"width": 390, "height": 844}
FOCUSED_IN_RESULTS = "document.activeElement.closest('section.results') !== null"
FOCUSED_HIT_LINK = "document.activeElement.matches('.hit-title a')"


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    index = ram_index()
    write_articles(index, [
        make_article(f"story-{i:02d}", [f"The library budget was discussed again, report {i}."],
                     outlet=f"Outlet {i:02d}", published=dt.date(2021, 1 + i % 12, 5),
                     speakers=[f"Speaker {i:02d}"], institutions=[f"Council {i:02d}"])
        for i in range(ARTICLES)])
    live = start_server(index, Config(per_page=10))
    yield live
    live.close()


@pytest.fixture(scope="module")
def browser(server: LiveServer) -> Iterator[Browser]:
    # Depends on the server so that the browser goes away before it stops.
    with launched_chromium() as chromium:
        yield chromium


def open_page(browser: Browser, server: LiveServer, viewport: dict[str, int]) -> Iterator[Page]:
    context = browser.new_context(base_url=server.base_url, viewport=viewport)
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def page(browser: Browser, server: LiveServer) -> Iterator[Page]:
    yield from open_page(browser, server, {"width": 1200, "height": 800})


@pytest.fixture
def phone(browser: Browser, server: LiveServer) -> Iterator[Page]:
    yield from open_page(browser, server, PHONE)


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def query_of(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def is_focused(page: Page, target: Any) -> bool:
    return bool(page.evaluate("el => document.activeElement === el", target.element_handle()))


def facet_links(page: Page, facet: str) -> Any:
    return page.locator(f".facet-{facet} li.facet-item a.facet-link")


# ------------------------------------------------------------- keyboard

def test_tab_once_and_enter_skips_to_the_results(page: Page, console: ConsoleLog) -> None:
    page.goto("/?q=library")
    page.keyboard.press("Tab")
    skip = page.locator("a.skip", has_text="Skip to results")
    assert is_focused(page, skip)
    box = skip.bounding_box()
    assert box is not None and box["width"] > 20 and box["height"] > 10 and box["y"] >= 0  # seen
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED_IN_RESULTS)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED_HIT_LINK)
    assert page.evaluate("document.activeElement.closest('li.hit').id") == "hit-1"
    assert console.take() == []


def test_the_first_result_is_three_tab_presses_away_at_most(page: Page) -> None:
    page.goto("/?q=library")
    presses = 0
    while not page.evaluate(FOCUSED_HIT_LINK):
        assert presses < 3, f"{presses} Tab presses and the first result is not reached"
        page.keyboard.press("Tab")
        presses += 1
        if page.evaluate("document.activeElement.matches('a.skip[href=\"#hits\"]')"):
            page.keyboard.press("Enter")


@pytest.mark.parametrize("facet", ["speaker", "institution", "outlet"])
def test_each_facet_value_is_one_tab_stop(page: Page, facet: str) -> None:
    page.goto("/?q=library")
    links = facet_links(page, facet)
    assert links.count() >= 4
    links.nth(0).focus()
    for n in range(1, 4):
        page.keyboard.press("Tab")
        assert is_focused(page, links.nth(n)), f"Tab from {facet} value {n} went elsewhere"


def test_a_focused_value_is_excluded_or_opened_by_its_keys(page: Page, console: ConsoleLog) -> None:
    page.goto("/?q=library")
    value = facet_links(page, "outlet").nth(2)
    name = value.locator(".facet-value").inner_text()
    assert "x" in (value.get_attribute("aria-keyshortcuts") or "").split()
    value.focus()
    with page.expect_navigation():
        page.keyboard.press("x")
    assert query_of(page)["not_outlet"] == [name]
    speaker = facet_links(page, "speaker").nth(1)
    name = speaker.locator(".facet-value").inner_text()
    speaker.focus()
    with page.expect_navigation():
        page.keyboard.press("p")
    assert unquote(urlsplit(page.url).path) == f"/speaker/{name}"
    assert console.take() == []


def test_the_key_hint_shows_while_the_filters_have_focus(page: Page) -> None:
    page.goto("/?q=library")
    hint = page.locator(".facets .facet-keys")
    assert not hint.is_visible()
    facet_links(page, "speaker").first.focus()
    assert hint.is_visible() and "exclude" in hint.inner_text()


# ---------------------------------------------------------------- phone

def test_navigation_fits_a_phone_without_splitting_a_label(phone: Page) -> None:
    phone.goto("/?q=library")
    links = phone.locator(".site-header nav a")
    assert links.count() == 6
    rects = links.evaluate_all(
        "els => els.map(e => ({text: e.textContent, lines: e.getClientRects().length,"
        " top: Math.round(e.getBoundingClientRect().top),"
        " height: e.getBoundingClientRect().height,"
        " line: parseFloat(getComputedStyle(e).lineHeight) || 0}))")
    for rect in rects:
        assert rect["lines"] == 1, f"{rect['text']!r} is split over lines"
        assert rect["height"] <= 1.6 * rect["line"], rect
    assert len({r["top"] for r in rects}) <= 2, "the navigation takes more than two lines"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the page scrolls sideways"


def test_a_phone_can_jump_from_the_results_to_the_filters(phone: Page) -> None:
    phone.goto("/?q=library")
    jump = phone.get_by_role("link", name="Jump to filters")
    assert jump.is_visible()
    jump_box, hit_box = jump.bounding_box(), phone.locator("li.hit").first.bounding_box()
    assert jump_box is not None and hit_box is not None and jump_box["y"] < hit_box["y"]
    target = (jump.get_attribute("href") or "").lstrip("#")
    assert phone.evaluate("id => document.getElementById(id).matches('aside.facets')", target)
    screenshot(phone, "search-phone.png")
    jump.click()
    assert phone.evaluate("document.querySelector('aside.facets').getBoundingClientRect().top") < 100
    assert not phone.locator(".facet-keys").is_visible()  # key hints are for keyboards, not taps
    screenshot(phone, "search-phone-filters.png")


def test_wide_screens_need_no_jump_link(page: Page) -> None:
    page.goto("/?q=library")
    assert not page.get_by_role("link", name="Jump to filters").is_visible()
