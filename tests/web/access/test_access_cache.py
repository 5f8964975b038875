"""What access control keeps between requests (issue #36: the checks cost
per request, not per hit) never outlives a change: a token revoked, a
logout, a password changed, a grant or group change made by the CLI in
another process holds from the very next request; a session still ends on
time; the audit log follows its file when rotated or removed; an accounts
file removed, replaced or truncated under the server answers 401s, not
500s, within ACCESS_RECHECK seconds; between those checks a cached look-up
makes no system call (each one releases the GIL: a convoy switch per call
with waitress's threads busy)."""
from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from onrecord.search.config import Config
from onrecord.web.access import accounts, connections, gate
from onrecord.web.access.accounts import AccountStore
from onrecord.web.access.audit import RECORD_FIELDS, append_record, flush_records, make_record, read_records
from onrecord.web.access.gate import LOGIN_CSRF_COOKIE, SESSION_COOKIE
from onrecord.web.access.grants import GrantStore
from onrecord.web.app import create_app
from tests.factories import indexed, make_article

PASSWORD = "a long enough password"
ONLY_B = "zygomorph"  # a word only collection b's article holds


@pytest.fixture(autouse=True)
def cheap_scrypt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "SCRYPT_N", 2**8)


@pytest.fixture()
def store(tmp_path: Path) -> AccountStore:
    made = AccountStore(tmp_path / "accounts.db")
    made.add_user("jane", PASSWORD)  # granted "default"
    return made


@pytest.fixture()
def app(tmp_path: Path, store: AccountStore) -> Flask:
    b_article = make_article("b1", [f"The {ONLY_B} plan."])
    b_article = replace(b_article, meta=replace(b_article.meta, collection="b"))
    index = indexed([make_article("a1", ["The council met."]), b_article])
    return create_app(index, Config(index_dir=tmp_path / "ix", access_control=True,
                                    accounts_db=str(store.path)))


@pytest.fixture()
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as test_client:
        yield test_client


def in_another_process(store: AccountStore, call: str) -> None:
    """Run `store.<call>` in a fresh Python process, as `onrecord users ...`
    would: the server's connections see the change only through the file."""
    code = ("from onrecord.web.access.accounts import AccountStore\n"
            "from onrecord.web.access.grants import GrantStore\n"
            f"store = AccountStore({str(store.path)!r})\n"
            f"{call}\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def sign_in(client: FlaskClient) -> str:
    """Sign jane in; return the session token the browser holds."""
    client.get("/login")
    csrf = client.get_cookie(LOGIN_CSRF_COOKIE)
    assert csrf is not None
    answer = client.post("/login", data={"user": "jane", "password": PASSWORD, "csrf": csrf.value, "next": "/"})
    assert answer.status_code == 302
    cookie = client.get_cookie(SESSION_COOKIE)
    assert cookie is not None
    return cookie.value


def b_hits(client: FlaskClient, headers: dict[str, str]) -> int:
    answer = client.get(f"/api/search?q={ONLY_B}", headers=headers)
    assert answer.status_code == 200
    total: int = answer.get_json()["total"]
    return total


def test_a_token_revoked_by_another_process_fails_the_next_request(client: FlaskClient,
                                                                   store: AccountStore) -> None:
    token, info = store.add_token("jane")
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/search?q=council", headers=headers).status_code == 200  # cached now
    in_another_process(store, f"store.revoke_token({info.id!r})")
    assert client.get("/api/search?q=council", headers=headers).status_code == 401


@pytest.mark.parametrize("change", ["store.logout({token!r})", "store.set_password('jane', 'another long password')",
                                    "store.remove_user('jane')"])
def test_a_session_ended_by_another_process_ends_at_the_next_request(client: FlaskClient, store: AccountStore,
                                                                     change: str) -> None:
    token = sign_in(client)
    assert client.get("/doc/a1").status_code == 200  # cached now
    in_another_process(store, change.format(token=token))
    assert client.get("/doc/a1").status_code == 302


def test_a_cached_session_still_ends_on_time(app: Flask, client: FlaskClient) -> None:
    sign_in(client)
    assert client.get("/doc/a1").status_code == 200  # cached now
    with app.app_context():
        served = gate.account_store()
    kept_clock = served.clock
    try:
        served.clock = lambda: kept_clock() + Config().session_hours * 3600 + 1
        assert client.get("/doc/a1").status_code == 302
    finally:
        served.clock = kept_clock


@pytest.mark.parametrize("change, undo", [
    ("GrantStore(store).grant('jane', 'b')", "GrantStore(store).revoke('jane', 'b')"),
    ("GrantStore(store).grant('@desk', 'b'); GrantStore(store).add_member('desk', 'jane')",
     "GrantStore(store).remove_member('desk', 'jane')"),
])
def test_grants_changed_by_another_process_hold_from_the_next_request(client: FlaskClient, store: AccountStore,
                                                                      change: str, undo: str) -> None:
    token, _info = store.add_token("jane")
    headers = {"Authorization": f"Bearer {token}"}
    assert b_hits(client, headers) == 0  # the grants are cached now
    in_another_process(store, change)
    assert b_hits(client, headers) == 1
    in_another_process(store, undo)
    assert b_hits(client, headers) == 0


def test_a_grant_by_another_thread_of_the_server_holds_from_the_next_request(client: FlaskClient,
                                                                            store: AccountStore) -> None:
    token, _info = store.add_token("jane")
    headers = {"Authorization": f"Bearer {token}"}
    assert b_hits(client, headers) == 0
    worker = threading.Thread(target=GrantStore(store).grant, args=("jane", "b"))  # its own connection
    worker.start()
    worker.join()
    assert b_hits(client, headers) == 1


def pass_recheck() -> None:
    """Wait until every kept connection checks its file again."""
    time.sleep(connections.ACCESS_RECHECK + 0.05)


def replace_file(path: Path, how: str) -> None:
    """Remove the accounts file at `path`, put another in its place (one
    without jane's token and session) or truncate it in place, as `how` says."""
    if how == "unlink":
        path.unlink()
    elif how == "replace":
        AccountStore(path.with_name("other.db")).add_user("bob", PASSWORD)
        path.with_name("other.db").replace(path)
    else:
        os.truncate(path, 0)


@pytest.mark.parametrize("how", ["unlink", "replace", "truncate"])
def test_an_accounts_file_removed_or_replaced_under_the_server_answers_401_not_500(
        client: FlaskClient, store: AccountStore, how: str) -> None:
    token, _info = store.add_token("jane")
    headers = {"Authorization": f"Bearer {token}"}
    sign_in(client)
    assert client.get("/api/search?q=council", headers=headers).status_code == 200
    assert client.get("/doc/a1").status_code == 200
    replace_file(store.path, how)
    pass_recheck()  # the file's identity is checked every ACCESS_RECHECK seconds
    assert client.get("/api/search?q=council", headers=headers).status_code == 401
    assert client.get("/doc/a1").status_code == 302


def test_a_cached_look_up_makes_no_system_call_between_rechecks(store: AccountStore,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The change counter is read from a map of the file's header and the
    file's identity checked only every ACCESS_RECHECK seconds: a request's
    look-ups make no stat, fstat or pread."""
    monkeypatch.setattr(connections, "recheck_clock", lambda: 1000.0)  # no time passes
    token, _info = store.add_token("jane")
    assert store.token_user(token) == "jane"
    assert GrantStore(store).readable("jane") == frozenset({"default"})
    calls: list[str] = []
    for name in ("stat", "lstat", "fstat", "pread", "read"):
        real = getattr(os, name)
        monkeypatch.setattr(os, name, lambda *args, _name=name, _real=real, **kw: calls.append(_name)
                            or _real(*args, **kw))
    with store.one_check():
        assert store.token_user(token) == "jane"
        assert GrantStore(store).readable("jane") == frozenset({"default"})
    assert store.token_user(token) == "jane"
    monkeypatch.undo()
    assert calls == []


def test_a_commit_by_another_process_holds_between_rechecks(store: AccountStore,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the file's identity waits for ACCESS_RECHECK: a commit (the
    header's change counter, read through the map) holds at once."""
    monkeypatch.setattr(connections, "recheck_clock", lambda: 1000.0)  # no time passes
    token, info = store.add_token("jane")
    assert store.token_user(token) == "jane"
    in_another_process(store, f"store.revoke_token({info.id!r})")
    assert store.token_user(token) is None


@pytest.mark.parametrize("move", ["rename", "unlink"])
def test_the_audit_log_follows_its_file_when_rotated_or_removed(client: FlaskClient, store: AccountStore,
                                                                move: str) -> None:
    token, _info = store.add_token("jane")
    headers = {"Authorization": f"Bearer {token}"}
    log = store.path.with_name("audit.jsonl")
    client.get("/api/search?q=before", headers=headers)
    flush_records()  # the writer thread's next batch, now
    assert "q=before" in log.read_text()
    if move == "rename":
        log.rename(log.with_name("audit.jsonl.1"))
    else:
        log.unlink()
    client.get("/api/search?q=after", headers=headers)
    flush_records()
    assert "q=after" in log.read_text() and "q=before" not in log.read_text()
    assert log.stat().st_mode & 0o777 == 0o600


def test_a_cached_look_up_runs_no_sql_while_the_file_is_unchanged(store: AccountStore) -> None:
    """The per-request check reads the file's change counter, not a query:
    a look-up already made runs no statement at all (a PRAGMA per look-up
    was most of access control's fixed cost per request)."""
    token, _info = store.add_token("jane")
    assert store.token_user(token) == "jane"
    assert GrantStore(store).readable("jane") == frozenset({"default"})
    statements: list[str] = []
    with store.connect() as db:  # this thread's kept connection
        db.set_trace_callback(statements.append)
    try:
        assert store.token_user(token) == "jane"
        assert GrantStore(store).readable("jane") == frozenset({"default"})
    finally:
        db.set_trace_callback(None)
    assert statements == []


def test_a_token_revoked_in_a_wal_mode_file_fails_the_next_request(client: FlaskClient,
                                                                  store: AccountStore) -> None:
    """An operator may turn the accounts file to WAL, where SQLite does not
    bump the file's change counter on a commit: the check then asks SQLite
    (data_version), so a revocation still holds from the next request."""
    token, info = store.add_token("jane")
    headers = {"Authorization": f"Bearer {token}"}
    with sqlite3.connect(store.path) as other:
        assert other.execute("PRAGMA journal_mode=WAL").fetchone() == ("wal",)
    assert client.get("/api/search?q=council", headers=headers).status_code == 200  # cached now
    in_another_process(store, f"store.revoke_token({info.id!r})")
    assert client.get("/api/search?q=council", headers=headers).status_code == 401


def test_a_grant_by_another_thread_of_a_wal_mode_file_holds_from_the_next_request(
        client: FlaskClient, store: AccountStore) -> None:
    with sqlite3.connect(store.path) as other:
        other.execute("PRAGMA journal_mode=WAL")
    token, _info = store.add_token("jane")
    headers = {"Authorization": f"Bearer {token}"}
    assert b_hits(client, headers) == 0
    worker = threading.Thread(target=GrantStore(store).grant, args=("jane", "b"))
    worker.start()
    worker.join()
    assert b_hits(client, headers) == 1


@pytest.mark.parametrize("user, url", [
    ("jane", "/api/search?q=council&token=abc.def"),
    ("zoë@example.org", '/?q="quoted \\ words"\u2028\t\x01&page=2'),
])
def test_an_audit_line_is_its_record_as_json(tmp_path: Path, user: str, url: str) -> None:
    """Each line is the record's fields as json.dumps writes them (UTF-8,
    not escaped to ASCII), one per line, read back as written."""
    log = tmp_path / "audit.jsonl"
    record = make_record(user, "::1", "request", url, 200, now=dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC))
    append_record(log, record)
    row = {name: getattr(record, name) for name in RECORD_FIELDS}
    assert log.read_bytes() == (json.dumps(row, ensure_ascii=False) + "\n").encode("utf-8")
    assert list(read_records(log)) == [record]
    assert record.at == "2026-01-02T03:04:05+00:00" and "abc.def" not in record.url


def test_an_audit_record_is_stamped_with_the_current_second() -> None:
    before = dt.datetime.now(dt.UTC).replace(microsecond=0)
    stamp = dt.datetime.fromisoformat(make_record("jane", "::1", "request").at)
    after = dt.datetime.now(dt.UTC)
    assert before <= stamp <= after and stamp.tzinfo is not None


def test_look_ups_in_one_check_check_the_file_once(store: AccountStore) -> None:
    """A request's reader and grants cost one check of the file: inside
    one_check a change after the first look-up is seen from the next
    block on (the next request), not halfway through this one."""
    token, _info = store.add_token("jane")
    grants = GrantStore(store)
    assert grants.readable("jane") == frozenset({"default"})  # cached
    with store.one_check():
        assert store.token_user(token) == "jane"  # the one check
        in_another_process(store, "GrantStore(store).grant('jane', 'b')")
        assert grants.readable("jane") == frozenset({"default"})
    with store.one_check():
        assert grants.readable("jane") == frozenset({"default", "b"})
