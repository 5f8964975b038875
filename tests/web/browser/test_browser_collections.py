"""Browser test of collections (issue #36): a reader granted collection A
only searches a word of collection B and finds nothing, and opening a B
article's URL gives the same not-found page as an article that does not
exist; a reader of both finds it."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from playwright.sync_api import Browser, Page

from onrecord.search.config import Config
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from onrecord.web.access import accounts
from onrecord.web.access.accounts import AccountStore
from onrecord.web.access.grants import GrantStore
from tests.browser_server import LiveServer, launched_chromium, start_server
from tests.factories import make_article

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
TIMEOUT_MS = 5000


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> AccountStore:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(accounts, "SCRYPT_N", 2**8)  # the flow, not the cost
        made = AccountStore(tmp_path_factory.mktemp("collections") / "accounts.db")
        made.add_user("anna", PASSWORD)  # reads "default" (collection A) only
        made.add_user("both", PASSWORD)
    GrantStore(made).grant("both", "b")
    return made


@pytest.fixture(scope="module")
def server(store: AccountStore) -> Iterator[LiveServer]:
    index = ram_index()
    secret = make_article("b1", ['"The zygomorph deal stays secret," said Zed Quill.'], speakers=["Zed Quill"])
    write_articles(index, [make_article("a1", ['"We will act," said Jane Roe of the council.'],
                                        speakers=["Jane Roe"]),
                           replace(secret, meta=replace(secret.meta, collection="b"))])
    live = start_server(index, Config(access_control=True, accounts_db=str(store.path)))
    yield live
    live.close()


@pytest.fixture(scope="module")
def browser(server: LiveServer) -> Iterator[Browser]:
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser: Browser, server: LiveServer) -> Iterator[Page]:
    context = browser.new_context(base_url=server.base_url)
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def sign_in(page: Page, name: str) -> None:
    page.goto("/login")
    page.fill("#user", name)
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/")


def search_for(page: Page, words: str) -> str:
    page.fill("input[name=q]", words)
    page.press("input[name=q]", "Enter")
    page.wait_for_url(f"**/?q={words}*")
    return page.inner_text("#results-title")


def test_a_reader_of_a_finds_nothing_of_b(page: Page) -> None:
    sign_in(page, "anna")
    assert search_for(page, "zygomorph").strip().startswith("0 matching")
    assert "Zed Quill" not in page.content()
    assert search_for(page, "act").strip().startswith("1 matching")
    hidden = page.goto("/doc/b1")
    assert hidden is not None and hidden.status == 404
    hidden_text = page.inner_text(".error-page")
    missing = page.goto("/doc/b9")
    assert missing is not None and missing.status == 404
    assert hidden_text == page.inner_text(".error-page").replace("b9", "b1")
    assert "zygomorph" not in hidden_text


def test_a_reader_of_both_finds_b(page: Page) -> None:
    sign_in(page, "both")
    assert search_for(page, "zygomorph").strip().startswith("1 matching")
    opened = page.goto("/doc/b1")
    assert opened is not None and opened.status == 200 and "zygomorph deal" in page.content()
