"""Browser test: quotes mode (issue #33).  Switching to quotes mode keeps
the query and the filters, lists quotes with their speakers, and a quote's
link lands on its article with its paragraph targeted."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page

from onrecord.search.config import Config
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from tests.browser_server import ConsoleLog, LiveServer, launched_chromium, start_server
from tests.factories import make_article

pytestmark = pytest.mark.browser

TIMEOUT_MS = 5000


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    index = ram_index()
    write_articles(index, [
        make_article("budget-row", [
            ("The council met on Monday.", None),
            ("The library budget will be cut, the mayor said on Tuesday.", "The library budget will be cut"),
        ], speaker="Ann Jones", outlet="The Ledger", published=dt.date(2022, 5, 3)),
        make_article("budget-reply", [
            ("Nobody wants the library budget cut, a councillor replied.", "Nobody wants the library budget cut"),
        ], speaker="Bob Lee", outlet="The Ledger", published=dt.date(2022, 5, 4)),
        make_article("elsewhere", ["The library budget is a disgrace."], speaker="Cy Moss",
                     outlet="Daily Post", published=dt.date(2022, 5, 5)),
    ])
    live = start_server(index, Config(per_page=10))
    yield live
    live.close()


@pytest.fixture(scope="module")
def browser(server: LiveServer) -> Iterator[Browser]:
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser: Browser, server: LiveServer) -> Iterator[Page]:
    context = browser.new_context(base_url=server.base_url, viewport={"width": 1200, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def test_switching_to_quotes_keeps_the_search_and_the_quote_link_lands_on_it(page: Page,
                                                                            console: ConsoleLog) -> None:
    page.goto("/?q=budget&outlet=The+Ledger&sort=oldest")
    assert "matching paragraphs" in page.locator(".total").inner_text()
    page.locator(".mode-switch a.mode-quotes").click()
    page.wait_for_url("**mode=quotes**")
    query = parse_qs(urlsplit(page.url).query)
    assert (query["q"], query["outlet"], query["sort"]) == (["budget"], ["The Ledger"], ["oldest"])
    assert page.locator(".total").inner_text().startswith("2 matching quotes")
    assert page.locator(".facets .counts-note").inner_text() == "Counts are quotes."
    hits = page.locator("li.quote-hit")
    assert hits.count() == 2
    assert [hits.nth(i).locator("a.quote-speaker").inner_text() for i in range(2)] == ["Ann Jones", "Bob Lee"]
    assert "library budget" in hits.nth(0).locator(".quote-text").inner_text()
    assert page.locator("#quotes_only").count() == 0
    hits.nth(0).locator("a.quote-link").click()
    page.wait_for_url("**/doc/budget-row**")
    assert parse_qs(urlsplit(page.url).query)["p"] == ["2"]
    target = page.locator("p.para.target")
    assert target.get_attribute("id") == "p2" and target.get_attribute("aria-current") == "location"
    assert "library budget will be cut" in target.inner_text()
    # the search form, submitted again from a quotes page, stays in quotes mode
    page.go_back()
    page.locator("#q").fill("library")
    page.locator("form.search-form button[type=submit]").click()
    page.wait_for_url("**q=library**")
    assert parse_qs(urlsplit(page.url).query)["mode"] == ["quotes"]
    assert console.take() == []
