"""Each thread's connection to the accounts file, and the answers kept
through it until the file changes (web.access.accounts.AccountStore.cached).

With access control on, every request looks up its reader and their
grants: a connection is kept per thread, process and file, and its
answers are kept until the file changes.  A change is told by the file's
change counter, read from its header through a read-only map of it kept
beside the connection (no system call and no lock: what SQLite itself
reads to tell another connection's commit), or by SQLite's data_version
in WAL mode, where the counter is not bumped.  The file replaced, removed
or truncated is told by its device, inode and size, checked at most every
ACCESS_RECHECK seconds: every system call releases the GIL, and with
waitress's threads busy each one cost a thread switch (bench/RESULTS.md,
#36).  A file truncated in place by something other than SQLite (which
never cuts it below its first page) within ACCESS_RECHECK of a look-up
would fault the map (SIGBUS): docs/serving.md says to replace the file,
never to truncate it.  Nothing here knows about accounts or HTTP.
"""
from __future__ import annotations

import mmap
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

# SQLite's file header (sqlite.org/fileformat.html, 1.3): bytes 18 and 19
# are 1 in rollback-journal mode (2 in WAL), 24-27 the file change counter,
# which every commit in rollback mode increments.
HEADER_BYTES = 28
ROLLBACK_MODE = b"\x01\x01"
# The whole header: a file shorter than this is not mapped (and a mapped
# file found shorter is opened again), so the map is never read past the
# file's end.
HEADER_SIZE = 100
# Seconds between checks of a kept file's identity and size: a file
# replaced or removed holds for the server within this long.
ACCESS_RECHECK = 0.25
# The clock of those checks (tests pass their own).
recheck_clock = time.monotonic
# Answers a thread keeps (sessions, tokens, grants) before it starts again.
CACHE_ENTRIES = 4096


@dataclass(slots=True)
class Kept:
    """A thread's connection to one file, with a descriptor of the same
    file and a read-only map of its header (None when the file was shorter
    than HEADER_SIZE): the file's identity when it was opened, when it was
    last checked (`recheck_clock`), and the answers read through it with
    the version they were read at."""

    db: sqlite3.Connection
    fd: int
    key: tuple[int, int]
    header: mmap.mmap | None
    checked: float
    version: object = None
    cache: dict[tuple[str, str], object] = field(default_factory=dict)

    def version_now(self) -> object:
        """Return what changes whenever the file's contents do: its change
        counter, read from the map without a lock or a system call (a
        commit still being written reads as before it, or reloads: either
        is a state the file had), or in WAL mode SQLite's data_version (a
        query: it takes a read lock)."""
        header = self.header[:HEADER_BYTES] if self.header is not None else os.pread(self.fd, HEADER_BYTES, 0)
        if len(header) == HEADER_BYTES and header[18:20] == ROLLBACK_MODE:
            return header[24:28]
        (data_version,) = self.db.execute("PRAGMA data_version").fetchone()
        return ("wal", data_version)

    def is_current(self, path: Path) -> bool:
        """Return True if `path` is still the file this was opened on and
        no shorter than its header (the map's length): not replaced,
        removed or truncated."""
        return self.key == file_key(path) and os.fstat(self.fd).st_size >= HEADER_SIZE

    def close(self) -> None:
        """Close the connection, the map and the descriptor."""
        self.db.close()
        if self.header is not None:
            self.header.close()
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
    replaced, removed or truncated (`thread_kept`, within ACCESS_RECHECK
    seconds).  Inside `one_check`, only its
    first look-up checks.  `prepare` makes the tables of a new connection."""
    pins: dict[Path, Kept | None] = _LOCAL.__dict__.setdefault("pins", {})
    kept = pins.get(path)
    if kept is None:  # not inside one_check, or its first look-up
        kept = thread_kept(path, prepare, recheck_clock())
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


def thread_kept(path: Path, prepare: Callable[[sqlite3.Connection], None], now: float | None = None) -> Kept:
    """Return this thread's connection to the file at `path` (made, and
    `prepare`d, with an empty cache, if the thread has none, the process
    forked, or the file was replaced, removed or truncated since).  With
    `now` (a `recheck_clock` time) the file is checked only when
    ACCESS_RECHECK seconds have passed since the last check; without it
    (a write), always."""
    kept: dict[tuple[int, Path], Kept] = _LOCAL.__dict__.setdefault("connections", {})
    key = (_PROCESS[0], path)
    found = kept.get(key)
    if found is not None:
        if now is not None and now - found.checked < ACCESS_RECHECK:
            return found
        if found.is_current(path):
            found.checked = recheck_clock() if now is None else now
            return found
        del kept[key]
        found.close()
    kept[key] = _open_kept(path, prepare)
    return kept[key]


def _open_kept(path: Path, prepare: Callable[[sqlite3.Connection], None]) -> Kept:
    """Return a new Kept of the file at `path` (created if missing), its
    tables made by `prepare`, its header mapped once SQLite has written it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # The descriptor first, and the file's key from it: if the file is
    # replaced before the connection opens, the two differ from the path's
    # key on the next check, which opens both again.
    fd = os.open(path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)  # SQLite's own mode
    opened = os.fstat(fd)
    db = sqlite3.connect(path, timeout=10.0)
    prepare(db)
    header = None
    if os.fstat(fd).st_size >= HEADER_SIZE:  # never a map past the end: reading it would fault
        header = mmap.mmap(fd, HEADER_SIZE, access=mmap.ACCESS_READ)
    return Kept(db, fd, (opened.st_dev, opened.st_ino), header, recheck_clock())


# This process's id, as the key of a thread's connections: a forked child
# opens its own (kept here rather than asked of the system per request).
_PROCESS = [os.getpid()]


def _forked() -> None:
    _PROCESS[0] = os.getpid()


os.register_at_fork(after_in_child=_forked)


def file_key(path: Path) -> tuple[int, int]:
    """Return what identifies the file at `path` as it is now (zeros before
    it exists): its device and inode.  A file removed and made again cannot
    reuse the inode while a kept descriptor holds the old one open; writes
    are not part of it (their change time ticks coarsely): the change
    counter tells them (`Kept.version_now`), and its size a truncation
    (`Kept.is_current`)."""
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_dev, found.st_ino)
