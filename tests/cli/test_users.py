"""`onrecord users`: the operator adds, lists, re-passwords and removes the
accounts of access control (issue #36); a bad name or password is one line
and exit status 2, never a traceback."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.search import SearchRequest, open_index, search
from onrecord.web.access import accounts
from onrecord.web.access.accounts import AccountStore
from onrecord.web.access.grants import GrantStore

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def cheap_scrypt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "SCRYPT_N", 2**8)


def run(tmp_path: Path, *args: str, stdin: str | None = None) -> Any:
    db = tmp_path / "accounts.db"
    return CliRunner().invoke(main, ["users", *args, "--setting", f"accounts_db={db}"], input=stdin)


def test_add_list_passwd_remove(tmp_path: Path) -> None:
    added = run(tmp_path, "add", "jane", "--password-stdin", stdin=PASSWORD + "\n")
    assert added.exit_code == 0, added.output
    assert run(tmp_path, "list").output.splitlines() == ["jane  reads: default"]
    store = AccountStore(tmp_path / "accounts.db")
    token, _ = store.login("jane", PASSWORD, "127.0.0.1", lifetime=60)
    assert run(tmp_path, "passwd", "jane", "--password-stdin", stdin="a new long password\n").exit_code == 0
    assert store.session(token) is None
    store.login("jane", "a new long password", "127.0.0.1", lifetime=60)
    assert run(tmp_path, "remove", "jane").exit_code == 0
    assert run(tmp_path, "list").output.split() == []


def test_the_password_prompt_asks_twice(tmp_path: Path) -> None:
    added = run(tmp_path, "add", "jane", stdin=f"{PASSWORD}\n{PASSWORD}\n")
    assert added.exit_code == 0, added.output
    assert PASSWORD not in added.output  # typed unseen


def test_accounts_default_to_beside_the_index(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["users", "add", "jane", "--password-stdin",
                                       "--index", str(tmp_path / "data" / "index")], input=PASSWORD)
    assert result.exit_code == 0, result.output
    assert AccountStore(tmp_path / "data" / "accounts.db").users() == ["jane"]


@pytest.mark.parametrize(("args", "stdin", "message"), [
    (("add", "bad name", "--password-stdin"), PASSWORD, "bad user name"),
    (("add", "jane", "--password-stdin"), "short", "password too short"),
    (("passwd", "nobody", "--password-stdin"), PASSWORD, "no user 'nobody'"),
    (("remove", "nobody"), None, "no user 'nobody'"),
])
def test_bad_requests_are_one_line(tmp_path: Path, args: tuple[str, ...], stdin: str | None,
                                   message: str) -> None:
    result = run(tmp_path, *args, stdin=stdin)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_tokens_are_made_listed_and_revoked(tmp_path: Path) -> None:
    run(tmp_path, "add", "jane", "--password-stdin", stdin=PASSWORD)
    made = CliRunner().invoke(main, ["users", "token", "jane", "--label", "feed reader", "--setting",
                                     f"accounts_db={tmp_path / 'accounts.db'}"])
    assert made.exit_code == 0, made.output
    token = made.stdout.strip()
    store = AccountStore(tmp_path / "accounts.db")
    assert store.token_user(token) == "jane"
    listed = run(tmp_path, "tokens").output
    token_id = token.split(".")[0]
    assert token_id in listed and "feed reader" in listed and token not in listed
    assert run(tmp_path, "revoke", token_id).exit_code == 0
    assert store.token_user(token) is None
    assert run(tmp_path, "revoke", token_id).exit_code == 2


def test_the_audit_command_prints_and_filters(tmp_path: Path) -> None:
    import datetime as dt

    from onrecord.web.access.audit import append_record, make_record
    log = tmp_path / "audit.jsonl"
    append_record(log, make_record("jane", "10.0.0.1", "request", "/doc/a1", 200,
                                   now=dt.datetime(2026, 1, 2, tzinfo=dt.UTC)))
    append_record(log, make_record("bob", "10.0.0.2", "login_failed", status=401,
                                   now=dt.datetime(2026, 3, 4, tzinfo=dt.UTC)))
    with log.open("a") as handle:
        handle.write('{"torn": ')  # a half-written last line is passed over
    args = ["audit", "--setting", f"accounts_db={tmp_path / 'accounts.db'}"]
    printed = CliRunner().invoke(main, args).output.splitlines()
    assert printed == ["2026-01-02T00:00:00+00:00  jane  10.0.0.1  request 200  /doc/a1",
                       "2026-03-04T00:00:00+00:00  bob  10.0.0.2  login_failed 401"]
    assert CliRunner().invoke(main, [*args, "--user", "bob"]).output.count("\n") == 1
    assert CliRunner().invoke(main, [*args, "--since", "2026-02-01", "--json"]).output.startswith('{"at": "2026-03-04')


def readable(tmp_path: Path, name: str) -> frozenset[str] | None:
    return GrantStore(AccountStore(tmp_path / "accounts.db")).readable(name)


def test_grants_groups_and_revocations(tmp_path: Path) -> None:
    assert run(tmp_path, "add", "jane", "--password-stdin", stdin=PASSWORD + "\n").exit_code == 0
    assert readable(tmp_path, "jane") == {"default"}  # a new account reads the default collection
    for args in (("grant", "jane", "team-a"), ("grant", "@desk", "team-b"), ("group", "add", "desk", "jane"),
                 ("grant", "sso.boss@example.org", "*")):
        done = run(tmp_path, *args)
        assert done.exit_code == 0, (args, done.output)
    assert readable(tmp_path, "jane") == {"default", "team-a", "team-b"}
    assert readable(tmp_path, "sso.boss@example.org") is None  # '*': every collection
    assert run(tmp_path, "list").output.splitlines() == [
        "jane  reads: default, team-a  groups: desk",
        "sso.boss@example.org  reads: *  (no account: a proxy's user)",
        "@desk  reads: team-b  members: jane"]
    assert run(tmp_path, "group", "remove", "@desk", "jane").exit_code == 0
    assert run(tmp_path, "revoke-grant", "jane", "default").exit_code == 0
    assert readable(tmp_path, "jane") == {"team-a"}
    assert run(tmp_path, "remove", "jane").exit_code == 0
    assert readable(tmp_path, "jane") == frozenset()  # its grants go with it


@pytest.mark.parametrize(("args", "message"), [
    (("grant", "jane", "Team A"), "bad collection name"),
    (("grant", "@Bad Group", "a"), "bad group name"),
    (("revoke-grant", "jane", "never-granted"), "has no grant"),
    (("group", "remove", "desk", "jane"), "is not in group"),
])
def test_bad_grants_are_one_line(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    done = run(tmp_path, *args)
    assert done.exit_code == 2 and message in done.output and "Traceback" not in done.output


def test_accounts_from_before_grants_read_the_default_collection(tmp_path: Path) -> None:
    db = tmp_path / "accounts.db"
    with sqlite3.connect(db) as old:  # the file as the code before grants wrote it
        old.executescript("CREATE TABLE users (name TEXT PRIMARY KEY, password TEXT NOT NULL, created REAL NOT NULL);"
                          "INSERT INTO users VALUES ('jane', 'x', 0);")
    old.close()
    assert readable(tmp_path, "jane") == {"default"}
    assert readable(tmp_path, "bob") == frozenset()


def test_index_collection_names_are_checked(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Some text of an article.\n")
    done = CliRunner().invoke(main, ["index", str(tmp_path / "a.txt"), "--index", str(tmp_path / "ix"),
                                     "--collection", "Team A"])
    assert done.exit_code == 2 and "not a collection name" in done.output
    assert not (tmp_path / "ix").exists()


def test_index_puts_files_in_the_named_collection(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("The zygomorph report was filed on Monday.\n")
    done = CliRunner().invoke(main, ["index", str(tmp_path / "a.txt"), "--index", str(tmp_path / "ix"),
                                     "--collection", "team-a"])
    assert done.exit_code == 0, done.output
    index = open_index(tmp_path / "ix")
    try:
        for collections, total in ((frozenset({"team-a"}), 1), (frozenset({"default"}), 0), (None, 1)):
            assert search(index, SearchRequest(query="zygomorph", collections=collections)).total == total
    finally:
        index.close()
