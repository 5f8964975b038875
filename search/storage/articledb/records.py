"""Article records: each article's metadata and earlier versions, stored once.

Owns ArticleRecords, a small SQLite database beside the Whoosh index
(`articles.db` in the index directory; in memory for a RAM index) with one
row per version of an article, keyed by (doc_id, rev) -- rev is
article_rev(), a hash of the version's content --: its metadata (kept
here once instead of on every paragraph), its version number, when it was
first indexed, the id whose identity it claimed when it was kept apart as a
conflict, and -- once a newer version replaced it -- its paragraphs as JSON.
Paragraph documents carry (doc_id, rev); searches look metadata up here,
one query per page of hits, and remember it (a row's metadata never
changes: rev is a hash of the content, metadata included).

Crash safety: rows are written and fsynced (rollback journal,
synchronous=EXTRA: the journal's removal, the commit point, is fsynced
too) BEFORE the Whoosh commit that makes their paragraphs visible.  The
current version of an article is the one its paragraphs name, never a row
on its own, so a crash in between leaves rows nothing points at; a re-run
rewrites them.  A rollback journal, not WAL: a server reads the records
read-only (`mode=ro`) and must create no file in the index directory (it
may be a read-only mount); a WAL database is not read without -wal and
-shm files, which such a reader creates where it can, a rollback-journal
one with file locks alone (a writer's journal lives only while it
commits: one short transaction per commit).  A WAL file of an earlier
version is switched by its next writer (if no other process holds it;
the connections are search.storage.articledb.recordfiles').
A reader never shows a hit without its record: a lookup that finds none,
or a file gone, empty or damaged, is an IndexUnavailableError (503).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from onrecord.search.errors import IndexUnavailableError
from onrecord.search.model import Article, Metadata
from onrecord.search.partialdates import parse_iso_partial
from onrecord.search.storage.articledb.recordfiles import (
    connect_readonly,
    connect_writable,
    file_signature,
    interrupted_write,
    is_busy,
)
from onrecord.search.storage.integrity.damage import (
    copy_error,
    records_error,
    records_interrupted_error,
    records_missing_error,
)

RECORDS_FILE = "articles.db"
# Longest metadata value kept (characters): a page can claim a title of any
# length, and a record is shown on every hit of its article.
MAX_META_CHARS = 2048
CACHE_ENTRIES = 20_000  # (doc_id, rev) -> Metadata remembered per process
REV_HEX_CHARS = 12
_SCHEMA = """
CREATE TABLE IF NOT EXISTS versions (
    doc_id TEXT NOT NULL, rev TEXT NOT NULL, version INTEGER NOT NULL,
    indexed_at TEXT NOT NULL, title TEXT, outlet TEXT, author TEXT, url TEXT,
    published TEXT, claims TEXT, paragraphs TEXT,
    fetched TEXT, capture_file TEXT, capture_offset INTEGER,
    PRIMARY KEY (doc_id, rev))
"""
# Columns added after the first release, with their types: an older file
# gains them when opened for writing, and reads them as NULL until then.
_ADDED_COLUMNS: tuple[tuple[str, str], ...] = (
    ("fetched", "TEXT"), ("capture_file", "TEXT"), ("capture_offset", "INTEGER"))
_UPSERT = """
INSERT INTO versions (doc_id, rev, version, indexed_at, title, outlet, author, url,
                      published, claims, paragraphs, fetched, capture_file, capture_offset)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (doc_id, rev) DO UPDATE SET
    version = excluded.version, title = excluded.title, outlet = excluded.outlet,
    author = excluded.author, url = excluded.url, published = excluded.published,
    claims = excluded.claims, paragraphs = COALESCE(excluded.paragraphs, paragraphs),
    fetched = COALESCE(fetched, excluded.fetched),
    capture_file = COALESCE(capture_file, excluded.capture_file),
    capture_offset = COALESCE(capture_offset, excluded.capture_offset)
"""
# A version keeps the first capture it was read from (the ON CONFLICT above):
# the evidence of when that text was first seen, not of a later re-fetch.
_PROBE = "SELECT 1 FROM versions LIMIT 1"  # reads the table: a file without it is not records
_COLUMNS = ("doc_id, rev, version, indexed_at, title, outlet, author, url, published, claims, "
            "fetched, capture_file, capture_offset")


@dataclass(frozen=True, slots=True)
class VersionRecord:
    """One version of an article as written to (or read from) the records.

    `version` None means "the next number for doc_id" (or the number the
    row already has).  `paragraphs` is the JSON of the version's paragraphs,
    set when a newer version replaces it (None keeps what the row holds)."""

    doc_id: str
    rev: str
    meta: Metadata
    version: int | None = None
    claims: str | None = None
    paragraphs: str | None = None
    indexed_at: str = ""

    @property
    def archived(self) -> bool:
        return self.paragraphs is not None


def article_rev(article: Article) -> str:
    """Return the hash of everything indexed about `article` except its id,
    source path and fetch time: metadata, paragraph texts, kinds and annotations."""
    meta = article.to_dict()
    body = [{k: v for k, v in p.items() if k != "id"} for p in meta.pop("paragraphs")]
    for key in ("id", "source", "fetched"):  # a re-fetch of the same page is the same version
        meta.pop(key)
    data = json.dumps([meta, body], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha1(data.encode("utf-8")).hexdigest()[:REV_HEX_CHARS]


def capped(meta: Metadata) -> Metadata:
    """Return `meta` with each text value cut to MAX_META_CHARS."""
    def cut(value: str | None) -> str | None:
        return value[:MAX_META_CHARS] if value and len(value) > MAX_META_CHARS else value
    return replace(meta, title=cut(meta.title), outlet=cut(meta.outlet),
                   author=cut(meta.author), url=cut(meta.url))


def versioned(meta: Metadata) -> Metadata:
    """Return `meta` as a version is compared: capped, without where and
    when the page was captured (provenance, not content)."""
    return replace(capped(meta), fetched=None, capture_file=None, capture_offset=None)


class ArticleRecords:
    """The article-record store of one index (thread-safe)."""

    def __init__(self, path: Path | None, readonly: bool = False) -> None:
        """Open (creating if needed, unless `readonly`) the records at
        `path`, or in memory.  Records in a directory this user cannot
        write are opened read-only (an index on a read-only disk still
        serves).  Raises sqlite3.Error if the file is not a readable
        database of records (or, readonly, is missing)."""
        self.path = path
        self.label = str(Path(path).parent) if path is not None else "(in memory)"
        self._lock = threading.Lock()
        # (doc_id, rev) -> its Metadata and, for a version after the first, when it was read
        self._cache: OrderedDict[tuple[str, str], tuple[Metadata, str | None]] = OrderedDict()
        if readonly and path is not None:
            self._db = connect_readonly(Path(path), _PROBE)
        else:
            try:
                self._db = connect_writable(path, _SCHEMA)
            except sqlite3.OperationalError:
                if path is None or not Path(path).is_file():
                    raise
                self._db = connect_readonly(Path(path), _PROBE)
        self._columns = _readable_columns(self._db)
        self._identity = file_identity(path)
        # A read that failed on damage, and the file's signature then: every
        # probe() answers it until the file changes (a writer, a restore).
        self._damage: tuple[tuple[int, ...] | None, IndexUnavailableError] | None = None

    def identity(self) -> tuple[int, int] | None:
        """Return (device, inode) of the file as it was when opened (None in
        memory or if it did not exist yet): a rebuilt index has a new one."""
        return self._identity

    def close(self) -> None:
        """Close the database; the object is unusable after."""
        with self._lock:
            self._db.close()

    def write(self, records: Iterable[VersionRecord]) -> None:
        """Upsert `records` in one durable transaction (in order: a later
        record of the same version wins).  Raises sqlite3.Error."""
        records = list(records)
        if not records:
            return
        now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for record in records:
                    self._db.execute(_UPSERT, self._row(record, now))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def _row(self, record: VersionRecord, now: str) -> tuple[Any, ...]:
        meta = capped(record.meta)
        version = record.version
        if version is None:
            found = self._db.execute(
                "SELECT version FROM versions WHERE doc_id = ? AND rev = ?",
                (record.doc_id, record.rev)).fetchone() or self._db.execute(
                "SELECT COALESCE(MAX(version), 0) + 1 FROM versions WHERE doc_id = ?",
                (record.doc_id,)).fetchone()
            version = int(found[0])
        return (record.doc_id, record.rev, version, record.indexed_at or now, meta.title,
                meta.outlet, meta.author, meta.url,
                meta.published.isoformat() if meta.published else None, record.claims,
                record.paragraphs, meta.fetched.isoformat() if meta.fetched else None,
                meta.capture_file, meta.capture_offset)

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """Hold the lock over a read; a records file that cannot be read
        (damaged, emptied, locked past the timeout) raises
        IndexUnavailableError with the repair, not sqlite3's error, and
        damage is remembered for probe()."""
        with self._lock:
            try:
                yield
            except sqlite3.Error as exc:
                error = records_failure(self.label, exc)
                if not is_busy(exc) and not interrupted_write(exc):
                    self._damage = (file_signature(self.path), error)
                raise error from exc

    def probe(self) -> None:
        """Read one row; raises IndexUnavailableError if the records cannot
        be read, or if a read of them failed on damage since the file last
        changed (for /healthz and a reader's stale checks)."""
        found = self._damage
        if found is not None and found[0] == file_signature(self.path):
            raise copy_error(found[1])
        self._damage = None
        with self._reading():
            self._db.execute(_PROBE).fetchall()

    def metadata(self, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], Metadata]:
        """Return the Metadata of each (doc_id, rev) that has a record, read
        in one query for those not remembered yet.  Raises
        IndexUnavailableError if the records cannot be read."""
        return {key: found[0] for key, found in self._lookup(keys).items()}

    def _lookup(self, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], tuple[Metadata, str | None]]:
        """Return (Metadata, changed_at(record)) of each (doc_id, rev) that
        has a record, remembered per process; raises IndexUnavailableError."""
        wanted = set(keys)
        with self._reading():
            found = {k: self._cache[k] for k in wanted if k in self._cache}
            missing = [k for k in wanted if k not in found]
            for start in range(0, len(missing), 400):  # SQLite caps bound parameters
                for record in self._select_keys(missing[start:start + 400]):
                    key = (record.doc_id, record.rev)
                    found[key] = self._cache[key] = (record.meta, changed_at(record))
            for key in found:
                self._cache.move_to_end(key)
            while len(self._cache) > CACHE_ENTRIES:
                self._cache.popitem(last=False)
        return found

    def _select_keys(self, keys: list[tuple[str, str]]) -> list[VersionRecord]:
        if not keys:
            return []
        where = " OR ".join(["(doc_id = ? AND rev = ?)"] * len(keys))
        params = [part for key in keys for part in key]
        rows = self._db.execute(f"SELECT {self._columns} FROM versions WHERE {where}", params)
        return [_record(row) for row in rows]

    def fill(self, stored: Iterable[dict[str, Any]]) -> None:
        """Set title, outlet, author, url, published and changed_at (when a
        version after the first was read, else None) on each paragraph's
        stored fields (those without a "title" key yet) from its article's
        record, one lookup for all.  Raises IndexUnavailableError if one
        has no record: every committed paragraph's record was written
        before its commit, so a missing one was lost (a hit shown untitled
        and undated would be a wrong answer)."""
        docs = [s for s in stored if "title" not in s]
        keys = {(s.get("doc_id", ""), s.get("rev", "")) for s in docs}
        found = self._lookup(keys)
        if len(found) < len(keys):
            raise records_missing_error(self.label, sorted(keys - found.keys()))
        for doc in docs:
            meta, changed = found[(doc.get("doc_id", ""), doc.get("rev", ""))]
            doc.update(title=meta.title, outlet=meta.outlet, author=meta.author,
                       url=meta.url, published=meta.published, changed_at=changed)

    def versions(self, doc_id: str) -> list[VersionRecord]:
        """Return every record of `doc_id` (without paragraphs), by version."""
        with self._reading():
            rows = self._db.execute(
                f"SELECT {self._columns}, paragraphs IS NOT NULL FROM versions WHERE doc_id = ? "
                "ORDER BY version, indexed_at", (doc_id,)).fetchall()
        return [replace(_record(row[:-1]), paragraphs="" if row[-1] else None) for row in rows]

    def latest_indexed(self) -> dict[str, str]:
        """Return {doc_id: when its newest version was indexed (ISO UTC)}
        for every article: the order feeds list new paragraphs in."""
        with self._reading():
            rows = self._db.execute("SELECT doc_id, MAX(indexed_at) FROM versions GROUP BY doc_id").fetchall()
        return {doc_id: indexed_at for doc_id, indexed_at in rows}

    def capture_owners(self, capture_files: tuple[str, ...], offset: int) -> list[str]:
        """Return the ids of the articles a version of which was read from the
        record at `offset` of any of `capture_files` (one archive under the
        names it may be stored by)."""
        marks = ", ".join("?" * len(capture_files))
        with self._reading():
            rows = self._db.execute(
                f"SELECT DISTINCT doc_id FROM versions WHERE capture_offset = ? AND capture_file IN ({marks})",
                (offset, *capture_files)).fetchall()
        return [doc_id for (doc_id,) in rows]

    def changed_articles(self) -> dict[str, tuple[int, str]]:
        """Return {doc_id: (version, changed_at)} for every article whose
        newest version is not its first: the articles changed after
        publication (search.features.feeds' feed of changes)."""
        with self._reading():
            rows = self._db.execute(f"SELECT {self._columns} FROM versions WHERE version > 1").fetchall()
        newest: dict[str, VersionRecord] = {}
        for record in map(_record, rows):
            if record.doc_id not in newest or (record.version or 0) > (newest[record.doc_id].version or 0):
                newest[record.doc_id] = record
        return {doc_id: (r.version or 0, changed_at(r) or "") for doc_id, r in newest.items()}

    def paragraphs_json(self, doc_id: str, rev: str) -> str | None:
        """Return the archived paragraphs JSON of one version, or None."""
        with self._reading():
            row = self._db.execute("SELECT paragraphs FROM versions WHERE doc_id = ? AND rev = ?",
                                   (doc_id, rev)).fetchone()
        return row[0] if row else None

    def missing(self, keys: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        """Return the (doc_id, rev) pairs among `keys` that have no record."""
        wanted = sorted(set(keys))
        found = self.metadata(wanted)
        return [k for k in wanted if k not in found]

    def check(self) -> str | None:
        """Return SQLite's complaint about the file, or None if it is sound."""
        with self._lock:
            result = self._db.execute("PRAGMA quick_check").fetchone()
        return None if result and result[0] == "ok" else str(result[0] if result else "?")


def changed_at(record: VersionRecord) -> str | None:
    """Return when a version after an article's first was read (its fetch
    time, else when it was indexed; ISO UTC): the article changed after
    publication.  None for a first version."""
    if (record.version or 1) <= 1:
        return None
    return record.meta.fetched.isoformat() if record.meta.fetched else record.indexed_at


def records_failure(label: str, exc: sqlite3.Error) -> IndexUnavailableError:
    """Return the 503 error for records of the index at `label` that could
    not be read because of `exc`."""
    return records_interrupted_error(label) if interrupted_write(exc) else records_error(label, exc)


def file_identity(path: Path | None) -> tuple[int, int] | None:
    """Return (device, inode) of `path`, or None if it is None or missing:
    a rebuilt index's records file has a new one."""
    signature = file_signature(path)
    return (signature[0], signature[1]) if signature is not None else None


def _readable_columns(db: sqlite3.Connection) -> str:
    """Return the SELECT list of _COLUMNS for `db`: a file written before a
    column of _ADDED_COLUMNS gains it when writable, else reads it as NULL."""
    have = {row[1] for row in db.execute("PRAGMA table_info(versions)")}
    missing = [(name, kind) for name, kind in _ADDED_COLUMNS if name not in have]
    for name, kind in list(missing):
        try:
            db.execute(f"ALTER TABLE versions ADD COLUMN {name} {kind}")
            missing.remove((name, kind))
        except sqlite3.OperationalError:  # read-only: a server keeps the file as it is
            break
    absent = {name for name, _ in missing}
    return ", ".join(f"NULL AS {c}" if c in absent else c for c in _COLUMNS.split(", "))


def _record(row: tuple[Any, ...]) -> VersionRecord:
    (doc_id, rev, version, indexed_at, title, outlet, author, url, published, claims,
     fetched, capture_file, capture_offset) = row
    meta = Metadata(title=title, outlet=outlet, author=author, url=url,
                    published=parse_iso_partial(published) if published else None,
                    fetched=dt.datetime.fromisoformat(fetched) if fetched else None,
                    capture_file=capture_file, capture_offset=capture_offset)
    return VersionRecord(doc_id=doc_id, rev=rev, meta=meta, version=int(version),
                         claims=claims, indexed_at=indexed_at)
