"""Browser tests of the page details of #28 on a phone (390 px, touch):
the article page shows who said a quote without hovering and opens the
evidence by tap or keyboard; the date histogram's labels fit the screen
without overlapping; hits without outlet or date carry no badges; the
note on site-relative citation links shows beside the copy buttons; the
favicon answers.  Served by the real app under waitress (see
tests/browser_server.py), driven by Chromium; no console errors or CSP
violations allowed."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from onrecord.search.config import Config
from onrecord.search.model import Article, Metadata
from tests.browser_server import (
    ConsoleLog,
    LiveServer,
    launched_chromium,
    start_server,
)
from tests.factories import indexed, make_article
from tests.web.pages.test_page_details import mother, plain

pytestmark = pytest.mark.browser

TIMEOUT_MS = 5000
PHONE = {"width": 390, "height": 844}
# Three years of monthly reports on a word of their own: 36 month bars, the
# most the histogram draws before it switches to years.
LEDGER_MONTHS = 36


def monthly(word: str, months: int) -> list[Article]:
    """Return one article a month from January 2019 on `word`."""
    return [make_article(f"{word}-{i:02d}", [f"{word.title()} entry {i} for the month."],
                         meta=Metadata(title=f"{word} {i}", outlet="Wire", published=dt.date(2019 + i // 12, 1 + i % 12, 5)))
            for i in range(months)]


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    live = start_server(indexed([mother(), *plain(), *monthly("ledger", LEDGER_MONTHS), *monthly("tally", 5)]),
                        Config(per_page=10))
    yield live
    live.close()


@pytest.fixture(scope="module")
def browser(server: LiveServer) -> Iterator[Browser]:
    # Depends on the server only so that the browser (and its keep-alive
    # connections) goes away before the server stops.
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser: Browser, server: LiveServer) -> Iterator[Page]:
    context = browser.new_context(base_url=server.base_url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    yield tab
    context.close()


def box(locator: Any) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None
    return found


def test_the_speaker_shows_without_hover_and_the_evidence_on_tap(page: Page, console: ConsoleLog) -> None:
    page.goto("/doc/mother")
    label = page.locator("#p2 .quote-who")
    assert label.is_visible() and label.inner_text() == "— Mina Smallman"
    assert 0 <= box(label)["x"] and box(label)["x"] + box(label)["width"] <= PHONE["width"]
    evidence = page.locator("#p2 + details.quote-evidence")
    line = evidence.locator("li")
    assert not line.is_visible()
    evidence.locator("summary").tap()
    assert line.is_visible()
    assert "from a pronoun" in line.inner_text() and "she" in line.inner_text()
    evidence.locator("summary").tap()
    assert not line.is_visible()
    assert console.take() == []


def test_the_evidence_opens_by_keyboard(page: Page, console: ConsoleLog) -> None:
    page.goto("/doc/mother")
    page.locator("#p2 .pnum").focus()
    page.keyboard.press("Tab")
    summary = page.locator("#p2 + details.quote-evidence summary")
    assert page.evaluate("el => document.activeElement === el", summary.element_handle())
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")
    page.keyboard.press("Enter")
    assert page.locator("#p2 + details.quote-evidence li").is_visible()
    page.keyboard.press("Space")
    assert not page.locator("#p2 + details.quote-evidence li").is_visible()
    assert console.take() == []


@pytest.mark.parametrize("word, bars, shown", [
    ("ledger", LEDGER_MONTHS, ["Jan 2019", "Oct 2019", "Jul 2020", "Apr 2021"]),
    ("tally", 5, ["Jan 2019", "Feb 2019", "Mar 2019", "Apr 2019", "May 2019"]),  # few: each labelled
])
def test_histogram_labels_fit_a_phone(page: Page, console: ConsoleLog, word: str, bars: int,
                                      shown: list[str]) -> None:
    page.goto(f"/?q={word}")
    links = page.locator("nav.histogram a.bar-link")
    assert links.count() == bars
    assert links.nth(1).get_attribute("aria-label") == "2019-02: 1 paragraph"
    ticks = page.locator("nav.histogram .bar-tick")
    assert ticks.all_inner_texts() == shown
    boxes = [box(ticks.nth(i)) for i in range(ticks.count())]
    assert all(ticks.nth(i).is_visible() for i in range(ticks.count()))
    assert all(0 <= b["x"] and b["x"] + b["width"] <= PHONE["width"] for b in boxes)
    assert all(a["x"] + a["width"] < b["x"] for a, b in zip(boxes, boxes[1:], strict=False))  # none overlap
    # The labels sit below the bars, above what follows the chart.
    chart = box(page.locator("nav.histogram"))
    assert all(chart["y"] <= b["y"] and b["y"] + b["height"] <= chart["y"] + chart["height"] + 1 for b in boxes)
    assert console.take() == []


def test_hits_without_metadata_show_no_badges(page: Page, console: ConsoleLog) -> None:
    page.goto("/?q=budget")
    assert page.locator(".hit .badge").count() == 0
    assert "unknown outlet" not in page.locator("ol.hits").inner_text()
    assert page.locator(".unstated-note").is_visible()
    assert console.take() == []


def test_relative_links_note_shows_with_the_copy_buttons(page: Page, console: ConsoleLog) -> None:
    page.goto("/?q=sorry")
    button = page.locator(".hit-quote button.copy-citation").first
    note = page.locator("#citation-note")
    assert button.is_visible() and note.is_visible()
    assert "public_url" in note.inner_text()
    assert button.get_attribute("aria-describedby") == "citation-note"
    assert console.take() == []


def test_favicon_answers(page: Page, console: ConsoleLog) -> None:
    page.goto("/help")
    assert page.request.get("/favicon.ico").status == 200
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert icon and page.request.get(icon).status == 200
    assert console.take() == []
