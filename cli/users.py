"""`onrecord users`: the accounts that may sign in when access control is
on (web.access.accounts) and the collections each reader and group may
read (web.access.grants), managed by the operator on the server."""
from __future__ import annotations

import datetime as dt
import json
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TypeVar

import click

from onrecord.cli.options import INDEX_OPTION, SETTING_OPTION
from onrecord.cli.summary import terminal_text
from onrecord.search import load_config
from onrecord.web.access.accounts import AccountError, AccountStore, accounts_path
from onrecord.web.access.audit import audit_path, read_records
from onrecord.web.access.grants import GROUP_PREFIX, GrantStore

T = TypeVar("T")  # what _or_exit's call returns
PASSWORD_STDIN = click.option("--password-stdin", is_flag=True,
                              help="Read the password from the first line of stdin (for scripts).")


def _store(index_dir: Path | None, settings: tuple[str, ...]) -> AccountStore:
    """Return the accounts file of the configuration the flags give."""
    return AccountStore(accounts_path(load_config(settings=settings, index_dir=index_dir)))


def _password(from_stdin: bool) -> str:
    """Return a new password: stdin's first line, or typed twice unseen."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return str(click.prompt("Password", hide_input=True, confirmation_prompt=True))


def _or_exit(call: Callable[[], T]) -> T:
    """Return what `call` returns, or print its AccountError as one line
    and exit with status 2."""
    try:
        return call()
    except AccountError as exc:
        click.echo(f"onrecord: {exc}", err=True)
        sys.exit(2)


def _run(action: str, call: Callable[[], None]) -> None:
    """Run `call` (_or_exit) and print what was done."""
    _or_exit(call)
    click.echo(action, err=True)


@click.group("users")
def users_command() -> None:
    """Manage the accounts that may sign in (access control)."""


@users_command.command("add")
@click.argument("name")
@PASSWORD_STDIN
@INDEX_OPTION
@SETTING_OPTION
def add_user(name: str, password_stdin: bool, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Add account NAME (asks for its password)."""
    store = _store(index_dir, settings)
    password = _password(password_stdin)
    _run(f"Added {name} to {store.path}", lambda: store.add_user(name, password))


@users_command.command("passwd")
@click.argument("name")
@PASSWORD_STDIN
@INDEX_OPTION
@SETTING_OPTION
def set_password(name: str, password_stdin: bool, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Change NAME's password (its sessions end)."""
    store = _store(index_dir, settings)
    password = _password(password_stdin)
    _run(f"Changed the password of {name}", lambda: store.set_password(name, password))


@users_command.command("remove")
@click.argument("name")
@INDEX_OPTION
@SETTING_OPTION
def remove_user(name: str, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Remove account NAME (its sessions end)."""
    store = _store(index_dir, settings)
    _run(f"Removed {name}", lambda: store.remove_user(name))


@users_command.command("list")
@INDEX_OPTION
@SETTING_OPTION
def list_users(index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Print each account with the collections granted to it, then each
    reader granted without an account (a sign-on proxy's) and each group
    with its members and grants, one per line."""
    store = _store(index_dir, settings)
    listing = GrantStore(store).listing()
    names = store.users()
    others = sorted(h for h in listing.grants if h not in names and not h.startswith(GROUP_PREFIX))
    for name in [*names, *others]:
        groups = [g for g, members in listing.groups.items() if name in members]
        click.echo(terminal_text(f"{name}  reads: {', '.join(listing.grants.get(name, [])) or '-'}"
                                 + (f"  groups: {', '.join(groups)}" if groups else "")
                                 + ("" if name in names else "  (no account: a proxy's user)")))
    for group in sorted(set(listing.groups) | {h[1:] for h in listing.grants if h.startswith(GROUP_PREFIX)}):
        click.echo(terminal_text(f"{GROUP_PREFIX}{group}  reads: "
                                 f"{', '.join(listing.grants.get(GROUP_PREFIX + group, [])) or '-'}"
                                 f"  members: {', '.join(listing.groups.get(group, [])) or '-'}"))


@users_command.command("grant")
@click.argument("holder", metavar="NAME|@GROUP")
@click.argument("collection")
@INDEX_OPTION
@SETTING_OPTION
def grant(holder: str, collection: str, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Let NAME (or every member of @GROUP) read COLLECTION; * is every collection."""
    grants = GrantStore(_store(index_dir, settings))
    _run(f"{holder} may read {collection}", lambda: grants.grant(holder, collection))


@users_command.command("revoke-grant")
@click.argument("holder", metavar="NAME|@GROUP")
@click.argument("collection")
@INDEX_OPTION
@SETTING_OPTION
def revoke_grant(holder: str, collection: str, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Take back NAME's (or @GROUP's) grant of COLLECTION (from its next request on)."""
    grants = GrantStore(_store(index_dir, settings))
    _run(f"{holder} no longer reads {collection}", lambda: grants.revoke(holder, collection))


@users_command.group("group")
def group_command() -> None:
    """Groups of readers: a grant to @GROUP is every member's."""


@group_command.command("add")
@click.argument("group")
@click.argument("name")
@INDEX_OPTION
@SETTING_OPTION
def add_member(group: str, name: str, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Put reader NAME in GROUP."""
    grants = GrantStore(_store(index_dir, settings))
    _run(f"{name} is in {GROUP_PREFIX}{group}", lambda: grants.add_member(group.removeprefix(GROUP_PREFIX), name))


@group_command.command("remove")
@click.argument("group")
@click.argument("name")
@INDEX_OPTION
@SETTING_OPTION
def remove_member(group: str, name: str, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Take reader NAME out of GROUP."""
    grants = GrantStore(_store(index_dir, settings))
    _run(f"{name} left {GROUP_PREFIX}{group}",
         lambda: grants.remove_member(group.removeprefix(GROUP_PREFIX), name))


@users_command.command("token")
@click.argument("name")
@click.option("--label", default="", help="What the token is for (e.g. 'feed reader').")
@INDEX_OPTION
@SETTING_OPTION
def add_token(name: str, label: str, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Make an API token for NAME and print it (once: only its hash is kept)."""
    store = _store(index_dir, settings)
    token, info = _or_exit(lambda: store.add_token(name, label))
    click.echo(token)
    click.echo(f"Token {info.id} for {name}: send it as 'Authorization: Bearer TOKEN', or add "
               "token=TOKEN to a feed's or export's URL. It is not shown again.", err=True)


@users_command.command("tokens")
@click.argument("name", required=False)
@INDEX_OPTION
@SETTING_OPTION
def list_tokens(name: str | None, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """List API tokens (NAME's, or everyone's): id, user, created, label."""
    for info in _store(index_dir, settings).tokens(name):
        created = dt.datetime.fromtimestamp(info.created, dt.UTC).strftime("%Y-%m-%d %H:%M")
        click.echo(f"{info.id}  {info.user}  {created}  {info.label}")


@users_command.command("revoke")
@click.argument("token_id")
@INDEX_OPTION
@SETTING_OPTION
def revoke_token(token_id: str, index_dir: Path | None, settings: tuple[str, ...]) -> None:
    """Revoke the API token with id TOKEN_ID (as `users tokens` lists it)."""
    store = _store(index_dir, settings)
    _run(f"Revoked token {token_id}", lambda: store.revoke_token(token_id))


@click.command("audit")
@click.option("--user", default=None, help="Only this account's records.")
@click.option("--since", type=click.DateTime(["%Y-%m-%d"]), default=None, help="YYYY-MM-DD")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line, as stored.")
@INDEX_OPTION
@SETTING_OPTION
def audit_command(user: str | None, since: dt.datetime | None, as_json: bool, index_dir: Path | None,
                  settings: tuple[str, ...]) -> None:
    """Print the audit log: who searched, opened, exported what and when,
    and every sign-in, failed sign-in and sign-out (access control on)."""
    path = audit_path(load_config(settings=settings, index_dir=index_dir))
    for record in read_records(path, user, since.date() if since else None):
        if as_json:
            click.echo(json.dumps(asdict(record), ensure_ascii=False))
        else:
            status = f" {record.status}" if record.status else ""
            click.echo(terminal_text(f"{record.at}  {record.user or '-'}  {record.address}  "
                                     f"{record.what}{status}  {record.url}".rstrip()))
