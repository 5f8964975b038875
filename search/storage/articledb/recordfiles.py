"""The SQLite file under the article records: connections and what its errors mean.

Owns connecting to articles.db (search.storage.articledb.records) for a writer
(rollback journal, synchronous=EXTRA; a WAL file of an earlier version
switched when no other process holds it) and for a reader that must
create no file (`mode=ro`; a WAL file of an earlier version read as
before, as immutable in a read-only directory), a file's signature, and
telling a killed writer's waiting rollback and a busy lock from damage.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path


def connect_writable(path: Path | None, create_sql: str) -> sqlite3.Connection:
    """Return a connection that can write `path` (in memory if None),
    after running `create_sql` (CREATE TABLE IF NOT EXISTS).  Raises
    sqlite3.Error."""
    db = sqlite3.connect(str(path) if path else ":memory:", timeout=30.0,
                         isolation_level=None, check_same_thread=False)
    try:
        if path is not None:
            _use_rollback_journal(db)
            # EXTRA: the journal's removal (the commit) is fsynced too, so a
            # commit is on disk before the Whoosh commit that needs it.
            db.execute("PRAGMA synchronous=EXTRA")
        db.execute(create_sql)
    except sqlite3.Error:
        db.close()
        raise
    return db


def _use_rollback_journal(db: sqlite3.Connection) -> None:
    """Switch the database to a rollback journal (see search.storage.articledb.records'
    docstring), a no-op when it uses one.  A WAL file that another process
    holds open stays WAL (asked without waiting: switching needs it alone)."""
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        return
    db.execute("PRAGMA busy_timeout=0")
    try:
        db.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.OperationalError:  # "database is locked": read by another process
        pass
    finally:
        db.execute("PRAGMA busy_timeout=30000")


def connect_readonly(path: Path, probe: str) -> sqlite3.Connection:
    """Return a read-only connection to the existing records file `path`:
    one that never writes or creates a file (a rollback-journal database
    is read with file locks alone).  A WAL file written by an earlier
    version is read with its -wal and -shm files where the directory
    allows, else as immutable (nothing writes to a read-only directory).
    Raises sqlite3.Error if the file is missing, not a database, or `probe`
    (a query of its table) fails."""
    uri = path.resolve().as_uri()
    if not path.is_file():
        raise sqlite3.OperationalError(f"no records file at {path}")
    db = sqlite3.connect(f"{uri}?mode=ro", timeout=30.0, isolation_level=None,
                         check_same_thread=False, uri=True)
    try:
        db.execute(probe).fetchall()
        return db
    except sqlite3.OperationalError:
        db.close()
        if not _is_wal(path):
            raise
    db = sqlite3.connect(f"{uri}?immutable=1", isolation_level=None,
                         check_same_thread=False, uri=True)
    try:
        db.execute(probe).fetchall()
    except sqlite3.Error:
        db.close()
        raise
    return db


def _is_wal(path: Path) -> bool:
    """Return True if the SQLite file at `path` is in WAL mode (its header's
    read and write versions are 2)."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(20)
    except OSError:
        return False
    return header[18:20] == b"\x02\x02"


def interrupted_write(exc: sqlite3.Error) -> bool:
    """Return True if `exc` is a read-only reader meeting the rollback
    journal of a writer killed mid-commit (only a writer may roll it back)."""
    return getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_ROLLBACK"


def is_busy(exc: sqlite3.Error) -> bool:
    """Return True for a read that waited out a writer's lock: not damage."""
    return "locked" in str(exc) or "busy" in str(exc)


def file_signature(path: Path | None) -> tuple[int, ...] | None:
    """Return what changes when the file at `path` is written or replaced
    (device, inode, size, mtime in ns), None in memory or if it is gone."""
    if path is None:
        return None
    try:
        stat = Path(path).stat()
    except OSError:
        return None
    return (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)
