"""Who may read which collection: grants and groups, in the accounts file.

Owns the grants (a reader or a group, "@NAME", may read a collection; "*"
reads every collection), the groups' members, and what one reader may
read: the union of their own grants and their groups' (None when one of
them is "*", the value search/ takes as "every collection").  A grant
names a reader, not an account: a single sign-on proxy's users
(web.access.gate.proxy_user) have no password here but get grants the
same way.  A new account is granted the default collection
(AccountStore.add_user), and so is every account of a file written
before grants existed: serving is unchanged until an operator uses
collections.  The tables live in accounts.SCHEMA.  Nothing here knows about HTTP.
"""
from __future__ import annotations

import functools
import re
import sqlite3
from dataclasses import dataclass
from typing import cast

from onrecord.search import ALL_COLLECTIONS, Visibility, is_collection_name
from onrecord.web.access.accounts import USER_NAME, AccountError, AccountStore

GROUP_PREFIX = "@"
GROUP_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")


@dataclass(frozen=True, slots=True)
class GrantListing:
    """Everything granted: holder ("alice", "@desk") -> collections, and
    group -> members, each sorted."""

    grants: dict[str, list[str]]
    groups: dict[str, list[str]]


class GrantStore:
    """The grants and groups kept in the accounts file of `accounts`."""

    def __init__(self, accounts: AccountStore) -> None:
        self._accounts = accounts
        self._db = accounts.connect

    def grant(self, holder: str, collection: str) -> None:
        """Let `holder` (a reader's name or "@GROUP") read `collection` (or
        "*": every one).  Raises AccountError for a bad name or collection."""
        check_holder(holder)
        check_collection(collection)
        with self._db() as db:
            db.execute("INSERT OR IGNORE INTO grants VALUES (?, ?)", (holder, collection))

    def revoke(self, holder: str, collection: str) -> None:
        """Take back `holder`'s grant of `collection`.  Raises AccountError
        if there is no such grant."""
        with self._db() as db:
            if db.execute("DELETE FROM grants WHERE holder = ? AND collection = ?",
                          (holder, collection)).rowcount == 0:
                raise AccountError(f"{holder!r} has no grant of {collection!r}")

    def add_member(self, group: str, user: str) -> None:
        """Put reader `user` in `group`.  Raises AccountError for a bad name."""
        check_holder(GROUP_PREFIX + group)
        check_holder(user)
        with self._db() as db:
            db.execute("INSERT OR IGNORE INTO members VALUES (?, ?)", (group, user))

    def remove_member(self, group: str, user: str) -> None:
        """Take `user` out of `group`.  Raises AccountError if not in it."""
        with self._db() as db:
            if db.execute("DELETE FROM members WHERE grp = ? AND user = ?", (group, user)).rowcount == 0:
                raise AccountError(f"{user!r} is not in group {group!r}")

    def readable(self, user: str) -> Visibility:
        """Return the collections `user` may read: their grants and their
        groups' (empty: none), or None when one of them is "*".  Cached
        until the accounts file changes (AccountStore.cached): a grant or
        revocation holds from the next request."""
        return cast(Visibility, self._accounts.cached(("readable", user), functools.partial(_readable, user)))

    def listing(self) -> GrantListing:
        """Return every grant and every group's members."""
        grants: dict[str, list[str]] = {}
        groups: dict[str, list[str]] = {}
        with self._db() as db:
            for holder, collection in db.execute("SELECT holder, collection FROM grants ORDER BY 1, 2"):
                grants.setdefault(holder, []).append(collection)
            for group, user in db.execute("SELECT grp, user FROM members ORDER BY 1, 2"):
                groups.setdefault(group, []).append(user)
        return GrantListing(grants, groups)


def _readable(user: str, db: sqlite3.Connection) -> Visibility:
    """Return what `user` may read, as GrantStore.readable, from `db`."""
    rows = db.execute(
        "SELECT collection FROM grants WHERE holder = ? UNION SELECT g.collection FROM grants g "
        "JOIN members m ON g.holder = '@' || m.grp WHERE m.user = ?", (user, user)).fetchall()
    found = frozenset(row[0] for row in rows)
    return None if ALL_COLLECTIONS in found else found


def check_holder(holder: str) -> None:
    """Raise AccountError unless `holder` is a reader's name or "@GROUP"."""
    if holder.startswith(GROUP_PREFIX):
        if not GROUP_NAME.fullmatch(holder[1:]):
            raise AccountError(f"bad group name {holder[1:]!r}: use a-z, 0-9 and . _ - (at most 40)")
    elif not USER_NAME.fullmatch(holder):
        raise AccountError(f"bad user name {holder!r}: use letters, digits and . _ @ - (at most 64)")


def check_collection(collection: str) -> None:
    """Raise AccountError unless `collection` is a collection name or "*"."""
    if collection != ALL_COLLECTIONS and not is_collection_name(collection):
        raise AccountError(f"bad collection name {collection!r}: use a-z, 0-9, _ and - (at most 40), "
                           f"or {ALL_COLLECTIONS} for every collection")
