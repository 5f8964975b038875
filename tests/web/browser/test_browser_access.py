"""Browser test of access control (issue #36): a reader who is not signed in
lands on the login page, a wrong password keeps them there, the right one
brings them back to the page they asked for, and signing out closes the
archive again."""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from onrecord.search.config import Config
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from onrecord.web.access import accounts
from onrecord.web.access.accounts import AccountStore
from tests.browser_server import LiveServer, launched_chromium, start_server
from tests.factories import make_article

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
TIMEOUT_MS = 5000


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> AccountStore:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(accounts, "SCRYPT_N", 2**8)  # the flow, not the cost
        made = AccountStore(tmp_path_factory.mktemp("access") / "accounts.db")
        made.add_user("jane", PASSWORD)
    return made


@pytest.fixture(scope="module")
def server(store: AccountStore) -> Iterator[LiveServer]:
    index = ram_index()
    write_articles(index, [make_article("a1", ['"We will act," said Jane Roe of the council.'],
                                        speakers=["Jane Roe"])])
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


def sign_in(page: Page, password: str) -> None:
    page.fill("#user", "jane")
    page.fill("#password", password)
    page.click("button[type=submit]")


def test_sign_in_read_and_sign_out(page: Page, tmp_path: Path) -> None:
    page.goto("/doc/a1")
    assert page.url.endswith("/login?next=/doc/a1")
    assert "Jane Roe" not in page.content()
    sign_in(page, "not the password")
    assert "wrong user name or password" in page.inner_text("[role=alert]")
    sign_in(page, PASSWORD)
    page.wait_for_url("**/doc/a1")
    assert "We will act" in page.content()
    assert "Signed in as jane" in page.inner_text(".signed-in")
    page.click(".signed-in button")
    page.wait_for_url("**/login")
    page.goto("/doc/a1")
    assert "/login?next=" in page.url and "We will act" not in page.content()


def test_an_expired_session_signs_the_reader_out(page: Page, store: AccountStore) -> None:
    page.goto("/doc/a1")
    sign_in(page, PASSWORD)
    page.wait_for_url("**/doc/a1")
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE sessions SET expires = 0")
    page.reload()
    assert "/login?next=" in page.url and "We will act" not in page.content()


def test_a_forged_form_is_refused(page: Page) -> None:
    page.goto("/login")
    page.eval_on_selector("input[name=csrf]", "field => field.value = 'forged'")
    sign_in(page, PASSWORD)
    assert "did not come from this site" in page.content()
    page.goto("/doc/a1")
    assert "/login?next=" in page.url  # not signed in


def test_a_revoked_token_stops_opening_the_api(page: Page, store: AccountStore) -> None:
    token, info = store.add_token("jane", "browser test")
    answer = page.goto(f"/api/search?q=act&token={token}")
    assert answer is not None and answer.status == 200 and "We will act" in page.content()
    store.revoke_token(info.id)
    answer = page.goto(f"/api/search?q=act&token={token}")
    assert answer is not None and answer.status == 401 and "We will act" not in page.content()
