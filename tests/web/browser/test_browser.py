"""Browser tests: the real app under waitress, driven by Chromium
through Playwright (sync API).

Covers what a reporter does in the UI: search, toggle a facet (add a
second value with OR, exclude one, show all and filter the list, click a
date bar, by mouse and by keyboard), open a
permalink and see the paragraph marked, export CSV, read a speaker page with
its chart, use the keyboard and the copy-citation button, all without console
errors or CSP violations.  Screenshots of the search, article and speaker
pages go to test-artifacts/ (gitignored).  Chromium missing is a failure,
never a skip: `make test` installs it
(tests/ensure_browser.py).
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit
from xml.etree import ElementTree

import pytest
from playwright.sync_api import Browser, Page

from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.config import Config
from onrecord.search.model import Article, Metadata, Paragraph
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from tests.browser_server import (
    MISSING_CHROMIUM,
    ConsoleLog,
    LiveServer,
    launched_chromium,
    start_server,
)
from tests.ensure_browser import find_chromium
from tests.factories import make_article

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[3]
SEEDS = ROOT / "seeds"
ARTIFACTS = ROOT / "test-artifacts"
TIMEOUT_MS = 5000
# Two short dated articles of our own beside the (undated) seeds, so the
# speaker page has a chart and a date order to check.
DATED_ARTICLES = [
    {"title": "Mother calls for full review", "outlet": "Test Gazette", "published": "2021-03-04",
     "url": "https://example.org/review",
     "text": "A mother whose daughters were killed has demanded a full review of police conduct.\n\n"
             "\"The review must be published in full, every page of it,\" Mina Smallman said on Thursday."
             "\n\nThe force said it would respond in due course."},
    {"title": "Smallman returns to court", "outlet": "Test Herald", "published": "2021-05-20",
     "text": "The family returned to court on Wednesday.\n\n\"We will keep asking questions until "
             "somebody answers them,\" said Mina Smallman outside the building.\n\nThe hearing continues."},
]
# The public_url setting: pasted permalinks use it, never the loopback
# address the browser reached the test server on.
PUBLIC_URL = "https://onrecord.example/desk"
LOOPBACK = re.compile(r"127\.0\.0\.1|localhost|\[::1\]")
# Wire reports on a word of their own: more outlets than a facet lists before
# "Show all", two speakers overlapping (so OR gives their union) and dates
# over five months (histogram bars).
WIRE_WORD, WIRES = "zephyr", 25
LONG_ID, LONG_PARAGRAPHS = "long-read", 2 * Config().article_window + 50  # shown in three windows
QUOTE_CITATION_COLUMNS = {"quote", "speaker", "role", "outlet", "title", "published", "permalink", "url"}
PARAGRAPH_CITATION_COLUMNS = {"paragraph_id", "title", "outlet", "published", "permalink", "url", "text"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    extra = tmp_path_factory.mktemp("dated") / "dated.jsonl"
    extra.write_text("\n".join(json.dumps(a) for a in DATED_ARTICLES) + "\n", encoding="utf-8")
    index = ram_index()
    summary = ingest_paths([SEEDS, extra], index)
    assert not summary.skipped and summary.articles == 5
    write_articles(index, [long_article(), *wire_articles()])
    live = start_server(index, Config(per_page=10, public_url=PUBLIC_URL))
    yield live
    live.close()


def long_article() -> Article:
    """Return an article too long for one window of the article page."""
    paragraphs, cursor = [], 0
    for n in range(1, LONG_PARAGRAPHS + 1):
        text = f"Paragraph {n} of the long read."
        paragraphs.append(Paragraph(id=f"{LONG_ID}-p{n}", n=n, start=cursor, end=cursor + len(text), text=text))
        cursor += len(text) + 2
    return Article(id=LONG_ID, source="long.txt", text="\n\n".join(p.text for p in paragraphs),
                   meta=Metadata(title="A long read", outlet="Test Herald"), paragraphs=paragraphs)


def wire_articles() -> list[Article]:
    """Return WIRES one-paragraph wires, each its own outlet: Pat Doyle
    quoted in two of every three, Lee Park in the others and the third."""
    return [make_article(f"wire-{i:02d}", [f"Zephyr wire report number {i}."], outlet=f"Wire {i:02d}",
                         published=dt.date(2021, 1 + i % 5, 10),
                         speakers=[name for name, on in (("Pat Doyle", i % 3 != 1), ("Lee Park", i % 3 != 0)) if on])
            for i in range(WIRES)]


@pytest.fixture(scope="module")
def browser(server: LiveServer) -> Iterator[Browser]:
    # Depends on the server only so that the browser (and its keep-alive
    # connections) goes away before the server stops.
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser: Browser, server: LiveServer) -> Iterator[Page]:
    context = browser.new_context(base_url=server.base_url, accept_downloads=True,
                                  viewport={"width": 1200, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base_url)
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    yield tab
    context.close()


def total_of(page: Page) -> int:
    """Return the 'N matching paragraphs' count shown on a results page."""
    text = page.locator("h2.total").inner_text()
    found = re.search(r"([\d,]+) matching paragraph", text)
    assert found, text
    return int(found.group(1).replace(",", ""))


def query_of(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def test_chromium_is_installed() -> None:
    assert find_chromium() is not None, MISSING_CHROMIUM


def test_search_renders_marked_hits_with_speakers(page: Page, console: ConsoleLog) -> None:
    page.goto("/")
    page.fill("#q", "apology")
    with page.expect_navigation():
        page.press("#q", "Enter")
    assert query_of(page)["q"] == ["apology"]
    # Near-copies fold into the hit they copy; together they make the total.
    hits = page.locator("ol.hits > li.hit").count()
    folded = page.locator("ol.hits > li.hit details.duplicates li").count()
    assert hits + folded == total_of(page) and hits > 0
    marks = page.locator(".hit .snippet mark").all_inner_texts()
    assert marks and all(m.lower().startswith("apolog") for m in marks)
    assert page.locator(".hit .snippet").count() == page.locator(".hit .snippet:has(mark)").count()
    assert "Mina Smallman" in page.locator(".facet-speaker .facet-value").all_inner_texts()
    assert "Mina Smallman" in page.locator(".hit .attribution .speaker-link").all_inner_texts()
    screenshot(page, "search.png")
    assert console.take() == []


def test_speaker_facet_toggles_on_and_off(page: Page, console: ConsoleLog) -> None:
    page.goto("/?q=apology")
    before = total_of(page)
    facet = page.locator(".facet-speaker a.facet-link", has_text="Mina Smallman")
    expected = int(facet.locator(".count").inner_text())
    with page.expect_navigation():
        facet.click()
    assert query_of(page)["speaker"] == ["Mina Smallman"]
    assert total_of(page) == expected < before
    assert page.locator(".chips .chip", has_text="Mina Smallman").count() == 1
    active = page.locator(".facet-speaker a.facet-link.active", has_text="Mina Smallman")
    assert active.get_attribute("aria-current") == "true"
    with page.expect_navigation():
        active.click()
    assert "speaker" not in query_of(page) and query_of(page)["q"] == ["apology"]
    assert total_of(page) == before
    assert page.locator(".chips .chip").count() == 0
    assert console.take() == []


def test_permalink_marks_and_scrolls_to_paragraph(page: Page, console: ConsoleLog) -> None:
    page.goto("/?q=apology")
    links = page.locator(".hit .hit-title a")
    # The deepest paragraph among the hits: it must be scrolled to, not just marked.
    hrefs = links.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    deepest = max(range(len(hrefs)), key=lambda i: int(hrefs[i].rsplit("#p", 1)[1]))
    n = int(hrefs[deepest].rsplit("#p", 1)[1])
    assert n > 20, hrefs  # far enough down the article to need scrolling
    with page.expect_navigation():
        links.nth(deepest).click()
    assert urlsplit(page.url).path.startswith("/doc/") and urlsplit(page.url).fragment == f"p{n}"
    target = page.locator(f"p#p{n}")
    assert "target" in (target.get_attribute("class") or "").split()
    assert target.get_attribute("aria-current") == "location"
    assert target.locator("mark").count() > 0  # the searched term is highlighted too
    marked = target.evaluate("e => getComputedStyle(e).backgroundColor")
    plain = page.locator("p#p1").evaluate("e => getComputedStyle(e).backgroundColor")
    assert marked not in (plain, "rgba(0, 0, 0, 0)", "transparent"), (marked, plain)
    box = target.evaluate("e => { const r = e.getBoundingClientRect();"
                          " return {top: r.top, bottom: r.bottom, height: innerHeight, y: scrollY}; }")
    assert box["y"] > 0 and 0 <= box["top"] < box["height"] and box["bottom"] > 0, box
    screenshot(page, "article.png")
    assert console.take() == []


def test_fragment_beyond_the_window_loads_the_window_holding_it(page: Page, console: ConsoleLog) -> None:
    deep = LONG_PARAGRAPHS - 10  # in the last window
    page.goto(f"/doc/{LONG_ID}#p{deep}")  # a fragment never reaches the server: app.js follows it
    page.wait_for_url(re.compile(rf"\?p={deep}#p{deep}$"))
    target = page.locator(f"p#p{deep}")
    assert "target" in (target.get_attribute("class") or "").split()
    assert 0 <= target.evaluate("e => e.getBoundingClientRect().top") < 800
    page.goto(f"/doc/{LONG_ID}#p5")  # in the first window: no reload
    assert page.locator("p#p5").count() == 1 and page.url.endswith(f"/doc/{LONG_ID}#p5")
    page.goto(f"/doc/{LONG_ID}?p=99999#p99999")  # no such paragraph: the last window, no loop
    assert page.url.endswith("?p=99999#p99999") and page.locator(f"p#p{LONG_PARAGRAPHS}").count() == 1
    assert console.take() == []


@pytest.mark.parametrize("kind, columns, text_column", [
    ("quotes", QUOTE_CITATION_COLUMNS, "quote"),
    ("paragraphs", PARAGRAPH_CITATION_COLUMNS, "text"),
])
def test_export_csv_downloads_every_row(page: Page, console: ConsoleLog, server: LiveServer,
                                        kind: str, columns: set[str], text_column: str) -> None:
    page.goto("/?q=apology")
    total = total_of(page)
    with page.expect_download() as info:
        page.click(f"a.export-csv.export-{kind}")
    download = info.value
    assert download.suggested_filename.startswith("onrecord-apology-") and download.suggested_filename.endswith(".csv")
    body = Path(download.path()).read_text(encoding="utf-8-sig")  # the BOM is not a column name
    reader = csv.DictReader(io.StringIO(body))
    assert columns <= set(reader.fieldnames or []), reader.fieldnames
    rows = list(reader)
    assert rows and all(row[text_column] for row in rows)
    assert all(row["permalink"].startswith(PUBLIC_URL + "/doc/") for row in rows)
    assert not LOOPBACK.search(body)
    if kind == "paragraphs":
        assert len(rows) == total
    else:
        assert any(row["speaker"] == "Mina Smallman" for row in rows)
    assert console.take() == []


def test_speaker_page_orders_quotes_and_charts_months(page: Page, console: ConsoleLog) -> None:
    page.goto("/speaker/Mina%20Smallman")
    assert page.locator("h1#entity-title").inner_text() == "Mina Smallman"
    quotes = page.locator(".quote-list > li.entity-quote")
    dates: list[Any] = quotes.evaluate_all(
        "els => els.map(e => { const t = e.querySelector('.quote-source time');"
        " return t ? t.getAttribute('datetime') : (e.querySelector('.quote-source .undated') ? 'undated' : null); })")
    assert None not in dates
    dated = [d for d in dates if d != "undated"]
    assert dated == sorted(dated) == ["2021-03-04", "2021-05-20"]
    assert dates[:len(dated)] == dated  # undated quotes come last, each marked
    assert len(dates) > len(dated)
    texts = quotes.locator(".quote-text").all_inner_texts()
    assert any("Sorry is something you say" in t for t in texts)
    bars = page.locator("svg.timeline rect.bar")
    months = bars.evaluate_all("els => els.map(e => e.getAttribute('data-month'))")
    assert months == ["2021-03", "2021-05"]
    assert all(float(h) > 0 for h in bars.evaluate_all("els => els.map(e => e.getBBox().height)"))
    assert page.locator(".undated-note").count() == 1
    screenshot(page, "speaker.png")
    assert console.take() == []


def test_slash_focuses_search_and_copy_citation_fills_clipboard(page: Page, console: ConsoleLog,
                                                                server: LiveServer) -> None:
    page.goto("/?q=apology")
    page.locator("h2.total").click()  # focus away from the box
    assert page.evaluate("document.activeElement.id") != "q"
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "q"
    assert page.input_value("#q") == "apology"  # "/" is not typed into the box
    quote = page.locator(".hit .hit-quote").first
    button = quote.locator("button.copy-citation")
    assert button.is_visible()
    button.click()
    page.wait_for_function("b => b.classList.contains('copied')", arg=button.element_handle())
    assert button.inner_text() == "Copied"
    copied = page.evaluate("navigator.clipboard.readText()")
    assert quote.locator(".quote-text").inner_text() in copied
    assert re.search(re.escape(PUBLIC_URL) + r"/doc/\S+#p\d+$", copied), copied
    assert not LOOPBACK.search(copied), copied  # the page was served from 127.0.0.1
    assert console.take() == []


@pytest.mark.parametrize("path, status", [
    ("/", 200), ("/?q=apology&sort=newest&quotes_only=1", 200), ("/speakers", 200),
    ("/institutions", 200), ("/speaker/Mina%20Smallman", 200), ("/help", 200),
    ("/lookup", 200), ("/lookup?names=Mina+Smallman", 200),
    ("/?q=%22unclosed", 400),  # the readable query-error page
])
def test_pages_load_without_console_errors(page: Page, console: ConsoleLog, path: str, status: int) -> None:
    response = page.goto(path)
    assert response is not None and response.status == status
    page.wait_for_load_state("load")
    # Chromium logs the document's own 400 as a failed load; that is the point.
    own = f"status of {status} " if status >= 400 else None
    assert [e for e in console.take() if not (own and own in e and e.endswith(f"({page.url})"))] == []


def test_console_log_catches_csp_violations(page: Page, console: ConsoleLog) -> None:
    page.goto("/")
    # An inline script is exactly what the Content-Security-Policy forbids.
    page.evaluate("() => { const s = document.createElement('script');"
                  " s.textContent = 'window.ran = true'; document.body.appendChild(s); }")
    page.wait_for_timeout(100)
    assert page.evaluate("window.ran === undefined")
    assert any("Content Security Policy" in e for e in console.take())


# --------------------------------------------------------------- reporter's desk (#14)

def test_speaker_page_citation_has_public_permalink_and_no_loopback(page: Page, console: ConsoleLog) -> None:
    page.goto("/speaker/Mina%20Smallman")
    button = page.locator("li.entity-quote button.copy-citation").first
    button.click()
    page.wait_for_function("b => b.classList.contains('copied')", arg=button.element_handle())
    copied = page.evaluate("navigator.clipboard.readText()")
    assert PUBLIC_URL + "/doc/" in copied and not LOOPBACK.search(copied), copied
    assert console.take() == []


def test_batch_lookup_paste_submit_table(page: Page, console: ConsoleLog, tmp_path: Path) -> None:
    page.goto("/")
    page.click("nav >> text=Look up names")
    page.fill("#lookup-names", "M. Smallman\nCressida Dick\nNobody Atall")
    page.click("form.lookup-form button[type=submit]")
    page.wait_for_selector("table.lookup-table")
    assert page.locator("#lookup-names").input_value() == "M. Smallman\nCressida Dick\nNobody Atall"
    rows = page.locator("table.lookup-table tbody tr")
    assert rows.count() >= 3
    mina = page.locator("tr.lookup-match", has_text="Mina Smallman")
    assert mina.locator("td").nth(1).inner_text() == "surname"
    assert int(mina.locator("td").nth(2).inner_text().replace(",", "")) >= 2
    assert page.locator("tr.lookup-none th").inner_text() == "Nobody Atall"
    mina.locator("a.speaker-link").click()
    page.wait_for_url("**/speaker/Mina%20Smallman")
    # A chosen file is read into the box (the form stays a GET); a .csv ticks "first column".
    page.goto("/lookup")
    listing = tmp_path / "names.csv"
    listing.write_text("name,notes\nMina Smallman,mother\n", encoding="utf-8")
    page.set_input_files("#lookup-file", str(listing))
    page.wait_for_function("() => document.getElementById('lookup-names').value.includes('Mina')")
    assert page.is_checked("#lookup-csv")
    page.click("form.lookup-form button[type=submit]")
    assert page.locator("tr.lookup-match a.speaker-link").inner_text() == "Mina Smallman"
    assert console.take() == []


@pytest.mark.parametrize("path, feed", [
    ("/?q=apology&page=1", "/feed.atom?q=apology"),
    ("/speaker/Mina%20Smallman", "/speaker/Mina%20Smallman.atom"),
    ("/institution/Metropolitan%20Police%20Service", "/institution/Metropolitan%20Police%20Service.atom"),
])
def test_pages_link_their_atom_feeds(page: Page, console: ConsoleLog, path: str, feed: str) -> None:
    page.goto(path)
    assert page.locator('link[rel="alternate"][type="application/atom+xml"]').get_attribute("href") == feed
    assert page.locator("a.feed-link").get_attribute("href") == feed
    response = page.request.get(feed)
    assert response.ok and response.headers["content-type"].startswith("application/atom+xml")
    root = ElementTree.fromstring(response.body())
    assert root.tag == "{http://www.w3.org/2005/Atom}feed" and root.findall("{http://www.w3.org/2005/Atom}entry")
    assert console.take() == []


def facet_value(page: Page, facet: str, value: str) -> Any:
    """Return the locator of a facet's value link (exact name)."""
    return page.locator(f".facet-{facet} a.facet-link").filter(
        has=page.locator(".facet-value", has_text=re.compile(f"^{re.escape(value)}$")))


def count_of(link: Any) -> int:
    return int(link.locator(".count").inner_text().replace(",", ""))


def bar_count(bar: Any) -> int:
    """Return the count in a histogram bar's accessible name."""
    found = re.search(r": ([\d,]+) paragraph", bar.get_attribute("aria-label") or "")
    assert found
    return int(found.group(1).replace(",", ""))


def test_facet_values_combine_with_or_and_exclude_by_mouse(page: Page, console: ConsoleLog) -> None:
    page.goto(f"/?q={WIRE_WORD}")
    assert total_of(page) == WIRES
    pat = facet_value(page, "speaker", "Pat Doyle")
    pat_count = count_of(pat)
    with page.expect_navigation():
        pat.click()
    assert total_of(page) == pat_count < WIRES
    lee = facet_value(page, "speaker", "Lee Park")
    lee_count = count_of(lee)
    with page.expect_navigation():
        lee.click()
    assert query_of(page)["speaker"] == ["Pat Doyle", "Lee Park"]
    assert total_of(page) == WIRES < pat_count + lee_count  # the union, not the sum
    assert page.locator(".chips .chip").count() == 2
    assert page.locator('.facet-speaker a.facet-link[aria-current="true"]').count() == 2
    wire = facet_value(page, "outlet", "Wire 00")
    dropped = count_of(wire)
    with page.expect_navigation():
        page.get_by_role("link", name="Exclude Wire 00", exact=True).click()
    assert total_of(page) == WIRES - dropped
    assert page.locator(".facet-outlet del.facet-value", has_text="Wire 00").count() == 1
    assert page.locator(".chips .chip-excluded", has_text="Wire 00").count() == 1
    with page.expect_navigation():
        page.get_by_role("link", name="Remove exclusion of Wire 00").click()
    assert total_of(page) == WIRES
    screenshot(page, "facets.png")
    assert console.take() == []


def test_show_all_and_the_filter_box(page: Page, console: ConsoleLog) -> None:
    page.goto(f"/?q={WIRE_WORD}&sort=oldest")
    before = total_of(page)
    outlets = page.locator(".facet-outlet a.facet-link")
    assert page.locator(".facet-speaker a.show-all").count() == 0  # both speakers are listed
    shown = outlets.count()
    more = page.locator(".facet-outlet a.show-all")
    assert more.inner_text().startswith(f"Show all {WIRES}")
    with page.expect_navigation():
        more.click()
    assert outlets.count() == WIRES > shown and total_of(page) == before
    box = page.get_by_label("Filter outlets")
    box.fill("wire 1")
    with page.expect_navigation():
        box.press("Enter")
    values = page.locator(".facet-outlet a.facet-link .facet-value").all_inner_texts()
    assert values and all(v.startswith("Wire 1") for v in values)
    assert query_of(page)["sort"] == ["oldest"] and total_of(page) == before  # other state kept
    with page.expect_navigation():
        page.locator(".facet-outlet a.show-fewer").click()
    assert "facet_all" not in query_of(page) and page.locator(".facet-outlet form").count() == 0
    assert console.take() == []


def test_histogram_bar_filters_by_its_dates(page: Page, console: ConsoleLog) -> None:
    page.goto(f"/?q={WIRE_WORD}")
    bars = page.locator("nav.histogram a.bar-link")
    assert bars.count() == 5
    heights = bars.locator(".bar").evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert all(h > 0 for h in heights)
    bar = bars.nth(1)
    expected = bar_count(bar)
    with page.expect_navigation():
        bar.click()
    assert query_of(page)["since"] == ["2021-02-01"] and query_of(page)["until"] == ["2021-02-28"]
    assert total_of(page) == expected > 0
    assert console.take() == []


def tab_to(page: Page, target: Any, limit: int = 300) -> None:
    """Press Tab until `target` has the focus (as a keyboard user would)."""
    handle = target.element_handle()
    for _ in range(limit):
        if page.evaluate("el => document.activeElement === el", handle):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the element")


def assert_focus_visible(page: Page) -> None:
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none"), outline


def test_facets_and_histogram_by_keyboard(page: Page, console: ConsoleLog) -> None:
    page.goto(f"/?q={WIRE_WORD}")
    page.locator("#q").focus()
    lee = facet_value(page, "speaker", "Lee Park")
    expected = count_of(lee)
    tab_to(page, lee)
    assert_focus_visible(page)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert query_of(page)["speaker"] == ["Lee Park"] and total_of(page) == expected
    page.locator("#q").focus()
    bar = page.locator("nav.histogram a.bar-link").first
    expected = bar_count(bar)
    tab_to(page, bar)
    assert_focus_visible(page)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "since" in query_of(page) and total_of(page) == expected
    assert console.take() == []
