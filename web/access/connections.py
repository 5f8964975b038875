"""Each thread's connection to the accounts file, and the answers kept
through it until the file changes (web.access.accounts.AccountStore.cached).

With access control on, every request looks up its reader and their
grants: a connection is kept per thread, process and file, and its
answers are kept until the file changes.  A change is told by the file's
change counter, read from its header through a descriptor kept beside the
connection (one pread, no lock: what SQLite itself reads to tell another
connection's commit), or by SQLite's data_version in WAL mode, where the
counter is not bumped; the file replaced or removed is told by its device
and inode.  Nothing here knows about accounts or HTTP.
"""
from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

# SQLite's file header (sqlite.org/fileformat.html, 1.3): bytes 18 and 19
# are 1 in rollback-journal mode (2 in WAL), 24-27 the file change counter,
# which every commit in rollback mode increments.
HEADER_BYTES = 28
ROLLBACK_MODE = b"\x01\x01"
# Answers a thread keeps (sessions, tokens, grants) before it starts again.
CACHE_ENTRIES = 4096


@dataclass(slots=True)
class Kept:
    """A thread's connection to one file, with a descriptor of the same
    file to read its header: the file's identity when it was opened, and
    the answers read through it with the version they were read at."""

    db: sqlite3.Connection
    fd: int
    key: tuple[int, int]
    version: object = None
    cache: dict[tuple[str, str], object] = field(default_factory=dict)

    def version_now(self) -> object:
        """Return what changes whenever the file's contents do: its change
        counter, read without a lock (a commit still being written reads
        as before it, or reloads: either is a state the file had), or in
        WAL mode SQLite's data_version (a query: it takes a read lock)."""
        header = os.pread(self.fd, HEADER_BYTES, 0)
        if len(header) == HEADER_BYTES and header[18:20] == ROLLBACK_MODE:
            return header[24:28]
        (data_version,) = self.db.execute("PRAGMA data_version").fetchone()
        return ("wal", data_version)

    def close(self) -> None:
        """Close the connection and the descriptor."""
        self.db.close()
        os.close(self.fd)


# This thread's open connections, (process, path) -> Kept, and the files
# inside one_check, path -> the Kept its first look-up checked (None before).
_LOCAL = threading.local()


def cached_answer(path: Path, key: tuple[str, str], load: Callable[[sqlite3.Connection], object],
                  prepare: Callable[[sqlite3.Connection], None]) -> object:
    """Return `load(db)`'s value for `key`, kept per thread until the file
    at `path` changes: a commit by any connection (another thread, or the
    CLI in another process: `Kept.version_now`), a change through this
    thread's own (AccountStore.connect empties the cache), or the file
    replaced or removed (`thread_kept`).  Inside `one_check`, only its
    first look-up checks.  `prepare` makes the tables of a new connection."""
    pins: dict[Path, Kept | None] = _LOCAL.__dict__.setdefault("pins", {})
    kept = pins.get(path)
    if kept is None:  # not inside one_check, or its first look-up
        kept = thread_kept(path, prepare)
        version = kept.version_now()  # read before any load: a commit after it reloads next time
        if version != kept.version:
            kept.cache.clear()
            kept.version = version
        if path in pins:
            pins[path] = kept
    if key not in kept.cache:
        if len(kept.cache) >= CACHE_ENTRIES:  # unknown tokens must not grow it without end
            kept.cache.clear()
        kept.cache[key] = load(kept.db)
    return kept.cache[key]


@contextmanager
def one_check(path: Path) -> Iterator[None]:
    """Within this block this thread's look-ups of the file at `path`
    (`cached_answer`) check it once, at the first; a look-up not cached
    yet still reads the file.  Yields nothing; a nested block is part of
    the outer."""
    pins: dict[Path, Kept | None] = _LOCAL.__dict__.setdefault("pins", {})
    if path in pins:
        yield
        return
    pins[path] = None
    try:
        yield
    finally:
        del pins[path]


def thread_kept(path: Path, prepare: Callable[[sqlite3.Connection], None]) -> Kept:
    """Return this thread's connection to the file at `path` (made, and
    `prepare`d, with an empty cache, if the thread has none, the process
    forked, or the file was replaced or removed since)."""
    kept: dict[tuple[int, Path], Kept] = _LOCAL.__dict__.setdefault("connections", {})
    key = (os.getpid(), path)
    found = kept.get(key)
    if found is not None and found.key == file_key(path):
        return found
    if found is not None:
        found.close()
    path.parent.mkdir(parents=True, exist_ok=True)
    # The descriptor first, and the file's key from it: if the file is
    # replaced before the connection opens, the two differ from the path's
    # key on the next call, which opens both again.
    fd = os.open(path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)  # SQLite's own mode
    opened = os.fstat(fd)
    db = sqlite3.connect(path, timeout=10.0)
    prepare(db)
    kept[key] = Kept(db, fd, (opened.st_dev, opened.st_ino))
    return kept[key]


def file_key(path: Path) -> tuple[int, int]:
    """Return what identifies the file at `path` as it is now (zeros before
    it exists): its device and inode.  A file removed and made again cannot
    reuse the inode while a kept descriptor holds the old one open; writes
    are not part of it (their change time ticks coarsely): the change
    counter tells them (`Kept.version_now`)."""
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_dev, found.st_ino)
