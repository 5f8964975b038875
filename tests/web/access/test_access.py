"""Access control (issue #36, first part): accounts, login, logout, CSRF,
expired sessions, failed-login limits, and every route closed to an
anonymous reader when access control is on."""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from onrecord.search.config import Config, ConfigError
from onrecord.web.access import accounts
from onrecord.web.access.accounts import AccountError, AccountStore
from onrecord.web.access.gate import LOGIN_CSRF_COOKIE, SESSION_COOKIE, safe_next
from onrecord.web.access.grants import GrantStore
from onrecord.web.app import create_app, refuse_public_bind
from tests.factories import indexed, make_article

PASSWORD = "correct horse battery"
# Routes anyone may reach with access control on.
OPEN_PATHS = {"/login", "/healthz"}
# Values for a rule's arguments when walking every route.
ROUTE_ARGS = {"doc_id": "a1", "name": "Jane Roe", "filename": "style.css", "offset": 0}


@pytest.fixture(autouse=True)
def cheap_scrypt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hash with a small scrypt cost: the tests check the flow, not the cost."""
    monkeypatch.setattr(accounts, "SCRYPT_N", 2**8)


@pytest.fixture()
def store(tmp_path: Path) -> AccountStore:
    made = AccountStore(tmp_path / "accounts.db")
    made.add_user("jane", PASSWORD)
    return made


@pytest.fixture()
def app(tmp_path: Path, store: AccountStore) -> Flask:
    index = indexed([make_article("a1", ['"We will act," said Jane Roe of the council.'],
                                  speakers=["Jane Roe"], institutions=["Council"])])
    return create_app(index, Config(index_dir=tmp_path / "ix", access_control=True,
                                    accounts_db=str(store.path)))


@pytest.fixture()
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as test_client:
        yield test_client


def login_form_token(client: FlaskClient) -> str:
    """Return the CSRF token of a fresh login form (its cookie is now set)."""
    page = client.get("/login")
    assert page.status_code == 200
    cookie = client.get_cookie(LOGIN_CSRF_COOKIE)
    assert cookie is not None
    assert f'value="{cookie.value}"' in page.get_data(as_text=True)
    return cookie.value


def sign_in(client: FlaskClient, password: str = PASSWORD, next_url: str = "/") -> object:
    token = login_form_token(client)
    return client.post("/login", data={"user": "jane", "password": password, "csrf": token,
                                       "next": next_url})


# The accounts file --------------------------------------------------------

def test_passwords_are_stored_hashed_and_checked(store: AccountStore) -> None:
    raw = sqlite3.connect(store.path).execute("SELECT password FROM users").fetchone()[0]
    assert PASSWORD not in raw and raw.startswith("scrypt$")
    assert accounts.verify_password(PASSWORD, raw)
    assert not accounts.verify_password(PASSWORD + "x", raw)


@pytest.mark.parametrize(("name", "password", "reason"), [
    ("jane", "another long one", "already exists"),
    ("bob", "short", "too short"),
    ("bad name", "long enough password", "bad user name"),
    ("-bob", "long enough password", "bad user name"),
])
def test_bad_accounts_are_refused(store: AccountStore, name: str, password: str, reason: str) -> None:
    with pytest.raises(AccountError, match=reason):
        store.add_user(name, password)


def test_session_tokens_are_stored_hashed(store: AccountStore) -> None:
    token, session = store.login("jane", PASSWORD, "10.0.0.1", lifetime=60)
    assert store.session(token) == session
    dump = "\n".join(sqlite3.connect(store.path).iterdump())
    assert token not in dump


def test_new_password_and_removal_end_sessions(store: AccountStore) -> None:
    token, _ = store.login("jane", PASSWORD, "10.0.0.1", lifetime=60)
    store.set_password("jane", "a new long password")
    assert store.session(token) is None
    token, _ = store.login("jane", "a new long password", "10.0.0.1", lifetime=60)
    store.remove_user("jane")
    assert store.session(token) is None and store.users() == []


def test_sessions_expire(tmp_path: Path) -> None:
    now = [1000.0]
    clocked = AccountStore(tmp_path / "a.db", clock=lambda: now[0])
    clocked.add_user("jane", PASSWORD)
    token, _ = clocked.login("jane", PASSWORD, "10.0.0.1", lifetime=60)
    now[0] += 59
    assert clocked.session(token) is not None
    now[0] += 2
    assert clocked.session(token) is None


@pytest.mark.parametrize("vary", ["address", "account"])
def test_failed_logins_are_limited_per_account_and_per_address(store: AccountStore, vary: str) -> None:
    store.add_user("bob", PASSWORD)
    for attempt in range(accounts.MAX_FAILURES):
        user, address = ("jane", f"10.0.0.{attempt}") if vary == "address" else (f"u{attempt}", "10.0.0.9")
        with pytest.raises(AccountError, match="wrong"):
            store.login(user, "guess " * 3, address, lifetime=60)
    # The right password is refused too while the limit holds.
    user, address = ("jane", "10.0.0.99") if vary == "address" else ("bob", "10.0.0.9")
    with pytest.raises(AccountError, match="too many"):
        store.login(user, PASSWORD, address, lifetime=60)


# The web app ----------------------------------------------------------------

def walkable_paths(app: Flask) -> list[str]:
    """Return one GET path per route of `app`, its arguments filled in."""
    paths = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if "GET" in (rule.methods or ()):
                paths.append(app.url_for(rule.endpoint, **{arg: ROUTE_ARGS[arg] for arg in rule.arguments
                                                        if arg not in (rule.defaults or {})}))
    return paths


def test_every_route_is_closed_to_an_anonymous_reader(app: Flask, client: FlaskClient) -> None:
    paths = walkable_paths(app)
    assert len(paths) > 20 and "/export.csv" in paths and "/feed.atom" in paths
    for path in paths:
        response = client.get(path)
        if path in OPEN_PATHS or path.startswith("/static/"):
            assert response.status_code == 200, path
        elif response.status_code == 302:
            assert response.headers["Location"].startswith("/login?next="), path
        else:
            assert response.status_code == 401, path
            assert "Jane Roe" not in response.get_data(as_text=True), path
    for path in ("/logout", "/login"):
        assert client.post(path).status_code in (401, 403), path


def test_machine_answers_get_401_and_pages_a_login_redirect(client: FlaskClient) -> None:
    assert client.get("/api/search?q=act").status_code == 401
    assert client.get("/api/search?q=act").get_json()["status"] == 401
    assert client.get("/doc/a1.json").status_code == 401
    assert client.get("/captures/x.warc.gz/0").status_code == 401  # a WARC record: read by tools
    page = client.get("/doc/a1?x=1")
    assert page.status_code == 302 and page.headers["Location"] == "/login?next=/doc/a1?x%3D1"


def test_login_then_read_then_logout(client: FlaskClient) -> None:
    signed = sign_in(client, next_url="/doc/a1")
    assert signed.status_code == 302 and signed.headers["Location"] == "/doc/a1"
    cookie_header = signed.headers["Set-Cookie"]
    assert "HttpOnly" in cookie_header and "SameSite=Lax" in cookie_header
    page = client.get("/doc/a1")
    assert page.status_code == 200 and "Signed in as jane" in page.get_data(as_text=True)
    assert client.get("/api/search?q=act").status_code == 200
    csrf = page.get_data(as_text=True).split('name="csrf" value="')[1].split('"')[0]
    assert client.post("/logout", data={"csrf": csrf}).status_code == 302
    assert client.get("/doc/a1").status_code == 302
    assert client.get("/api/search?q=act").status_code == 401


def test_wrong_password_shows_the_form_again(client: FlaskClient) -> None:
    refused = sign_in(client, password="not the password")
    assert refused.status_code == 401
    assert "wrong user name or password" in refused.get_data(as_text=True)
    assert client.get_cookie(SESSION_COOKIE) is None


def test_login_without_its_csrf_cookie_is_refused(client: FlaskClient) -> None:
    token = login_form_token(client)
    client.delete_cookie(LOGIN_CSRF_COOKIE)
    refused = client.post("/login", data={"user": "jane", "password": PASSWORD, "csrf": token})
    assert refused.status_code == 403 and client.get_cookie(SESSION_COOKIE) is None


def test_logout_without_the_sessions_csrf_is_refused(client: FlaskClient) -> None:
    sign_in(client)
    assert client.post("/logout", data={"csrf": "forged"}).status_code == 403
    assert client.get("/").status_code == 200  # still signed in


def test_an_expired_session_goes_back_to_the_login_page(client: FlaskClient, store: AccountStore) -> None:
    sign_in(client)
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE sessions SET expires = 0")
    assert client.get("/").status_code == 302


def test_cookies_are_secure_behind_an_https_public_url(tmp_path: Path, store: AccountStore) -> None:
    app = create_app(indexed([]), Config(index_dir=tmp_path / "ix", access_control=True,
                                         accounts_db=str(store.path),
                                         public_url="https://quotes.example.org"))
    with app.test_client() as https_client:
        signed = sign_in(https_client)
    assert "Secure" in signed.headers["Set-Cookie"]


@pytest.mark.parametrize(("target", "kept"), [
    ("/doc/a1?x=1", "/doc/a1?x=1"), ("//evil.example/", "/"), ("https://evil.example/", "/"),
    ("/\\evil.example", "/"), ("javascript:alert(1)", "/"), ("", "/"),
])
def test_login_only_returns_to_this_site(target: str, kept: str) -> None:
    assert safe_next(target) == kept


def test_access_control_off_leaves_the_site_open(tmp_path: Path) -> None:
    app = create_app(indexed([make_article("a1", ["Plain text."])]), Config(index_dir=tmp_path / "ix"))
    with app.test_client() as open_client:
        assert open_client.get("/doc/a1").status_code == 200
        assert open_client.get("/login").status_code == 302


def test_a_public_bind_is_allowed_with_access_control_on() -> None:
    with pytest.raises(ConfigError, match="access control is off"):
        refuse_public_bind("0.0.0.0", 5000, public=False)
    refuse_public_bind("0.0.0.0", 5000, public=False, access_control=True)


def test_the_login_page_escapes_what_it_echoes(client: FlaskClient) -> None:
    page = client.get('/login?next=/"><script>alert(1)</script>').get_data(as_text=True)
    assert "<script>alert(1)" not in page
    token = login_form_token(client)
    echoed = client.post("/login", data={"user": '"><img src=x onerror=alert(1)>', "password": "x",
                                         "csrf": token}).get_data(as_text=True)
    assert "<img src=x" not in echoed


# API tokens -----------------------------------------------------------------

def test_tokens_are_stored_hashed_and_revocable(store: AccountStore) -> None:
    token, info = store.add_token("jane", "feed reader")
    assert token.startswith(info.id + ".") and store.token_user(token) == "jane"
    assert token not in "\n".join(sqlite3.connect(store.path).iterdump())
    assert [t.label for t in store.tokens("jane")] == ["feed reader"]
    store.revoke_token(info.id)
    assert store.token_user(token) is None and store.tokens() == []
    with pytest.raises(AccountError, match="no user"):
        store.add_token("nobody")


@pytest.mark.parametrize("path", ["/api/search?q=act", "/feed.atom?q=act", "/export.csv?q=act",
                                  "/doc/a1.json", "/speaker/Jane%20Roe.atom"])
def test_a_token_opens_machine_answers_until_revoked(client: FlaskClient, store: AccountStore,
                                                     path: str) -> None:
    token, info = store.add_token("jane")
    joined = "&" if "?" in path else "?"
    by_header = client.get(path, headers={"Authorization": f"Bearer {token}"})
    assert by_header.status_code == 200 and by_header.get_data()  # (read: exports stream)
    in_url = client.get(f"{path}{joined}token={token}")
    assert in_url.status_code == 200 and in_url.get_data()
    assert in_url.content_type == by_header.content_type
    store.revoke_token(info.id)
    assert client.get(f"{path}{joined}token={token}").status_code == 401
    assert client.get(path, headers={"Authorization": f"Bearer {token}"}).status_code == 401


def test_a_token_in_a_page_url_is_not_a_login(client: FlaskClient, store: AccountStore) -> None:
    token, _ = store.add_token("jane")
    assert client.get(f"/doc/a1?token={token}").status_code == 302  # pages: sign in
    assert client.get("/doc/a1", headers={"Authorization": f"Bearer {token}"}).status_code == 200


# A single sign-on proxy in front ------------------------------------------------

@pytest.fixture()
def proxied(tmp_path: Path, store: AccountStore) -> Iterator[FlaskClient]:
    index = indexed([make_article("a1", ["Plain text of the council."])])
    GrantStore(store).grant("sso.reader@example.org", "default")  # a proxy's reader has no account
    app = create_app(index, Config(index_dir=tmp_path / "ix", access_control=True,
                                   accounts_db=str(store.path), trusted_proxies="10.0.0.0/8"))
    with app.test_client() as test_client:
        yield test_client


@pytest.mark.parametrize(("address", "header", "status"), [
    ("10.1.2.3", {"X-Forwarded-User": "sso.reader@example.org"}, 200),  # the proxy names the reader
    ("192.0.2.7", {"X-Forwarded-User": "sso.reader@example.org"}, 302),  # anyone else: ignored
    ("10.1.2.3", {}, 302),  # the proxy without a name: sign in
    ("10.1.2.3", {"X-Forwarded-User": "<script>"}, 403),
])
def test_a_user_header_counts_only_from_a_trusted_proxy(proxied: FlaskClient, address: str,
                                                      header: dict[str, str], status: int) -> None:
    response = proxied.get("/doc/a1", headers=header, environ_base={"REMOTE_ADDR": address})
    assert response.status_code == status
    if status == 200:
        assert "Signed in as sso.reader@example.org" in response.get_data(as_text=True)


@pytest.mark.parametrize("raw", ["10.0.0.0/8, ::1", "127.0.0.1"])
def test_trusted_proxies_are_checked_networks(raw: str) -> None:
    from onrecord.search.config import load_config
    assert load_config(env={}, settings=[f"trusted_proxies={raw}"]).trusted_proxies


def test_a_bad_trusted_proxy_is_one_line() -> None:
    from onrecord.search.config import load_config
    with pytest.raises(ConfigError, match="not an IP address or network"):
        load_config(env={}, settings=["trusted_proxies=10.0.0.0/8,proxy.example"])


# The audit log ----------------------------------------------------------------

def audit_lines(store: AccountStore) -> list[dict[str, object]]:
    import json

    from onrecord.web.access.audit import flush_records
    flush_records()  # what the writer thread writes within FLUSH_INTERVAL
    path = store.path.with_name("audit.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_audit_log_says_who_read_what(client: FlaskClient, store: AccountStore) -> None:
    sign_in(client, password="not the password")
    client.get("/doc/a1")  # anonymous: redirected, and recorded so
    sign_in(client)
    token, _ = store.add_token("jane")
    client.get("/export.csv?q=act").get_data()
    client.get(f"/api/search?q=secret+thing&token={token}")
    client.get("/static/style.css")
    records = audit_lines(store)
    events = [(r["what"], r["user"], r["url"], r["status"]) for r in records if r["what"] != "request"
              or not str(r["url"]).startswith("/login")]
    assert ("login_failed", "jane", "", 401) in events
    assert ("request", "", "/doc/a1", 302) in events
    assert ("login", "jane", "", 0) in events
    assert ("request", "jane", "/export.csv?q=act", 200) in events
    assert ("request", "jane", "/api/search?q=secret+thing&token=...", 200) in events
    assert not any("static" in str(r["url"]) for r in records)
    assert token.split(".")[1] not in store.path.with_name("audit.jsonl").read_text()
    assert all(r["address"] == "127.0.0.1" and str(r["at"]).endswith("+00:00") for r in records)


def test_an_unwritable_audit_log_does_not_break_reading(client: FlaskClient, store: AccountStore) -> None:
    store.path.with_name("audit.jsonl").mkdir()  # a folder where the file should be
    sign_in(client)
    assert client.get("/doc/a1").status_code == 200


def test_no_audit_log_with_access_control_off(tmp_path: Path) -> None:
    app = create_app(indexed([make_article("a1", ["Plain text."])]),
                     Config(index_dir=tmp_path / "ix", accounts_db=str(tmp_path / "accounts.db")))
    with app.test_client() as open_client:
        open_client.get("/doc/a1")
    assert not (tmp_path / "audit.jsonl").exists()
