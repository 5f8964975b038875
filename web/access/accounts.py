"""Accounts, sessions and login attempts, in one SQLite file the operator
manages (`onrecord users ...`).

Owns how a password is kept (scrypt from the standard library's OpenSSL
binding, a salt per account; never the password itself), how a session is
kept (a random token the browser holds; only its SHA-256 is stored, with
the account, a CSRF token and an expiry time), and how failed logins are
counted per account and per address, so a guesser is slowed down.  Nothing
here knows about HTTP: web.access.gate turns it into cookies and pages.
"""
from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

from onrecord.search import DEFAULT_COLLECTION, Config
from onrecord.web.access.connections import cached_answer, one_check, thread_kept

# scrypt's cost (RFC 7914 names n, r, p): n=2**15 with r=8 takes ~32 MB and
# ~0.1 s per check here, the parameters OWASP's password storage sheet
# lists for scrypt.  Stored with each hash, so they can be raised later.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**15, 8, 1
SCRYPT_MAXMEM = 64 * 1024 * 1024
# A user name: letters, digits and . _ @ - (an e-mail address is one), as
# an operator types it on the command line and a proxy sends it.
USER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,63}")
MIN_PASSWORD = 10  # characters: NIST SP 800-63B asks for at least 8
# Failed logins allowed in FAILURE_WINDOW seconds, per account and per
# address, before further tries are refused until the window has passed.
MAX_FAILURES = 5
FAILURE_WINDOW = 15 * 60.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, password TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, user TEXT NOT NULL,
    csrf TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS failures (who TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS failures_who ON failures (who, at);
CREATE TABLE IF NOT EXISTS tokens (id TEXT PRIMARY KEY, user TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS grants (holder TEXT NOT NULL, collection TEXT NOT NULL,
    PRIMARY KEY (holder, collection));
CREATE TABLE IF NOT EXISTS members (grp TEXT NOT NULL, user TEXT NOT NULL, PRIMARY KEY (grp, user));
"""
# The collection every new account may read (web.access.grants), as every
# account of a file written before grants existed does: serving is as
# before until an operator grants or revokes.
FIRST_GRANT = DEFAULT_COLLECTION


def accounts_path(config: Config) -> Path:
    """Return the accounts file: the accounts_db setting, else accounts.db
    beside the index directory (the index may be a read-only mount)."""
    return Path(config.accounts_db) if config.accounts_db else config.index_dir.parent / "accounts.db"


class AccountError(ValueError):
    """An account cannot be added, changed or used as asked; str() says why."""


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """An API token as listed: its public id, whose it is, its label and
    when it was made (the token itself is shown once, never stored)."""

    id: str
    user: str
    label: str
    created: float


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in browser: whose it is, the CSRF token its forms carry
    and when it ends (seconds since the epoch)."""

    user: str
    csrf: str
    expires: float


class AccountStore:
    """The accounts file at `path` (created on first use).  `clock` gives
    the time in seconds (tests pass their own to expire sessions)."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """Yield this thread's connection to the accounts file, committed on
        success.  With access control on every request reads the file: a
        connection is kept per thread, process and file (opening one, and
        SQLite reading the schema anew, was most of a request's cost), and
        the tables are made (an older file's accounts granted FIRST_GRANT)
        on the first.  A transaction that changed a row empties this
        thread's cache (`cached`): in WAL mode the cache is keyed by
        SQLite's data_version, which counts only other connections' commits."""
        kept = thread_kept(self.path, _prepare)
        before = kept.db.total_changes
        try:
            with kept.db as db:  # one transaction: committed, or rolled back
                yield db
        finally:
            if kept.db.total_changes != before:
                kept.cache.clear()

    def cached(self, key: tuple[str, str], load: Callable[[sqlite3.Connection], object]) -> object:
        """Return `load(db)`'s value for `key`, kept per thread until the
        accounts file changes (web.access.connections.cached_answer: a
        commit by any connection, this thread's own change, the file
        replaced or removed).  So a request costs a stat and a 28-byte read
        rather than a query, and a grant, revocation, password change,
        logout or token revoked holds from the very next request."""
        return cached_answer(self.path, key, load, _prepare)

    def one_check(self) -> AbstractContextManager[None]:
        """Return a block within which this thread's look-ups (`cached`)
        check the accounts file once, at the first: a request's reader and
        grants cost one stat and one read, and a change made meanwhile
        holds from the next block (request) on (connections.one_check)."""
        return one_check(self.path)

    # Accounts -------------------------------------------------------------

    def add_user(self, name: str, password: str) -> None:
        """Add account `name`, granted the FIRST_GRANT collection.  Raises
        AccountError for a bad name, a short password, or a name already taken."""
        check_user_name(name)
        record = hash_password(password)
        with self.connect() as db:
            try:
                db.execute("INSERT INTO users VALUES (?, ?, ?)", (name, record, self.clock()))
            except sqlite3.IntegrityError:
                raise AccountError(f"user {name!r} already exists") from None
            db.execute("INSERT OR IGNORE INTO grants VALUES (?, ?)", (name, FIRST_GRANT))

    def set_password(self, name: str, password: str) -> None:
        """Give `name` a new password and end its sessions.  Raises
        AccountError for an unknown account or a short password."""
        record = hash_password(password)
        with self.connect() as db:
            if db.execute("UPDATE users SET password = ? WHERE name = ?", (record, name)).rowcount == 0:
                raise AccountError(f"no user {name!r}")
            db.execute("DELETE FROM sessions WHERE user = ?", (name,))

    def remove_user(self, name: str) -> None:
        """Remove account `name`, its sessions, tokens, grants and group
        memberships.  Raises AccountError if there is none."""
        with self.connect() as db:
            if db.execute("DELETE FROM users WHERE name = ?", (name,)).rowcount == 0:
                raise AccountError(f"no user {name!r}")
            db.execute("DELETE FROM sessions WHERE user = ?", (name,))
            db.execute("DELETE FROM tokens WHERE user = ?", (name,))
            db.execute("DELETE FROM grants WHERE holder = ?", (name,))
            db.execute("DELETE FROM members WHERE user = ?", (name,))

    def users(self) -> list[str]:
        """Return the account names, sorted."""
        with self.connect() as db:
            return [row[0] for row in db.execute("SELECT name FROM users ORDER BY name")]

    # Logins and sessions ----------------------------------------------------

    def login(self, name: str, password: str, address: str, lifetime: float) -> tuple[str, Session]:
        """Return a new session token and its Session when `password` is
        `name`'s.  Raises AccountError("too many failed logins ...") while
        the account or the address has MAX_FAILURES failures in the window
        (checked before the password, so a guesser learns nothing), and
        AccountError("wrong user name or password") otherwise."""
        now = self.clock()
        keys = (f"user:{name}", f"addr:{address}")
        with self.connect() as db:
            since = now - FAILURE_WINDOW
            db.execute("DELETE FROM failures WHERE at < ?", (since,))
            for key in keys:
                (count,) = db.execute("SELECT COUNT(*) FROM failures WHERE who = ?", (key,)).fetchone()
                if count >= MAX_FAILURES:
                    raise AccountError("too many failed logins: try again in 15 minutes")
            row = db.execute("SELECT password FROM users WHERE name = ?", (name,)).fetchone()
        # Verified outside the transaction: scrypt takes ~0.1 s.  An unknown
        # name is checked against a dummy hash so it takes as long.
        if not verify_password(password, row[0] if row else _dummy_hash()) or row is None:
            with self.connect() as db:
                db.executemany("INSERT INTO failures VALUES (?, ?)", [(key, now) for key in keys])
            raise AccountError("wrong user name or password")
        return self._start_session(name, now + lifetime)

    def _start_session(self, name: str, expires: float) -> tuple[str, Session]:
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        with self.connect() as db:
            db.execute("DELETE FROM sessions WHERE expires <= ?", (self.clock(),))
            db.execute("INSERT INTO sessions VALUES (?, ?, ?, ?)", (_digest(token), name, csrf, expires))
        return token, Session(name, csrf, expires)

    def session(self, token: str) -> Session | None:
        """Return the live Session of `token`, or None (unknown, expired,
        or its account removed).  The row is cached (`cached`); its expiry
        is checked against the clock on every call."""
        if not token:
            return None
        token_hash = _digest(token)
        found = self.cached(("session", token_hash), functools.partial(_session_row, token_hash))
        if not isinstance(found, Session) or found.expires <= self.clock():
            return None
        return found

    def logout(self, token: str) -> None:
        """End the session of `token` (nothing if there is none)."""
        with self.connect() as db:
            db.execute("DELETE FROM sessions WHERE token_hash = ?", (_digest(token),))


    # API tokens -----------------------------------------------------------

    def add_token(self, name: str, label: str = "") -> tuple[str, TokenInfo]:
        """Return a new API token for `name` (shown to the operator once:
        "<id>.<secret>") and its TokenInfo.  Raises AccountError for an
        unknown account."""
        token_id = secrets.token_hex(4)
        token = f"{token_id}.{secrets.token_urlsafe(32)}"
        info = TokenInfo(token_id, name, label, self.clock())
        with self.connect() as db:
            if db.execute("SELECT 1 FROM users WHERE name = ?", (name,)).fetchone() is None:
                raise AccountError(f"no user {name!r}")
            db.execute("INSERT INTO tokens VALUES (?, ?, ?, ?, ?)",
                       (token_id, name, _digest(token), label, info.created))
        return token, info

    def tokens(self, name: str | None = None) -> list[TokenInfo]:
        """Return the API tokens (of `name`, or everyone's), oldest first."""
        query = "SELECT id, user, label, created FROM tokens"
        with self.connect() as db:
            rows = (db.execute(query + " WHERE user = ? ORDER BY created", (name,)) if name
                    else db.execute(query + " ORDER BY created"))
            return [TokenInfo(*row) for row in rows]

    def revoke_token(self, token_id: str) -> None:
        """Revoke the API token with public id `token_id`.  Raises
        AccountError if there is none."""
        with self.connect() as db:
            if db.execute("DELETE FROM tokens WHERE id = ?", (token_id,)).rowcount == 0:
                raise AccountError(f"no token {token_id!r}")

    def token_user(self, token: str) -> str | None:
        """Return the account an API token belongs to, or None (unknown or
        revoked); cached (`cached`)."""
        if not token:
            return None
        token_hash = _digest(token)
        found = self.cached(("token", token_hash), functools.partial(_token_owner, token_hash))
        return found if isinstance(found, str) else None


def _session_row(token_hash: str, db: sqlite3.Connection) -> Session | None:
    """Return the Session stored under `token_hash` whose account still
    exists, expired or not, or None."""
    row = db.execute("SELECT s.user, s.csrf, s.expires FROM sessions s JOIN users u ON u.name = s.user "
                     "WHERE s.token_hash = ?", (token_hash,)).fetchone()
    return Session(*row) if row else None


def _token_owner(token_hash: str, db: sqlite3.Connection) -> str | None:
    """Return the account of the API token stored under `token_hash`, or None."""
    row = db.execute("SELECT user FROM tokens WHERE token_hash = ?", (token_hash,)).fetchone()
    return row[0] if row else None


def _prepare(db: sqlite3.Connection) -> None:
    """Make the tables of SCHEMA in `db`; a file from before grants gives
    each of its accounts FIRST_GRANT."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.executescript(SCHEMA)
    with db:
        if "users" in tables and "grants" not in tables:
            db.execute("INSERT OR IGNORE INTO grants SELECT name, ? FROM users", (FIRST_GRANT,))


def check_user_name(name: str) -> None:
    """Raise AccountError unless `name` is a USER_NAME."""
    if not USER_NAME.fullmatch(name):
        raise AccountError(f"bad user name {name!r}: use letters, digits and . _ @ - (at most 64)")


def hash_password(password: str) -> str:
    """Return the stored form of `password`: scrypt$n$r$p$salt$hash
    (base64).  Raises AccountError if it is shorter than MIN_PASSWORD."""
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"password too short: at least {MIN_PASSWORD} characters")
    salt = secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P,
                         maxmem=SCRYPT_MAXMEM)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(key)}"


def verify_password(password: str, record: str) -> bool:
    """Return True if `password` matches the stored `record` (compared in
    constant time); False for a mismatch or a record not in this form."""
    try:
        scheme, n, r, p, salt, key = record.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(key)
        got = hashlib.scrypt(password.encode(), salt=base64.b64decode(salt), n=int(n), r=int(r),
                             p=int(p), maxmem=SCRYPT_MAXMEM, dklen=len(expected))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _digest(token: str) -> str:
    """Return the stored form of a session token: a stolen accounts file
    gives no usable cookie."""
    return hashlib.sha256(token.encode()).hexdigest()


@functools.cache
def _dummy_hash() -> str:
    """Return a hash an unknown user name's password is checked against."""
    return hash_password(secrets.token_urlsafe(16))
