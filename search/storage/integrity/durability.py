"""Durable on-disk storage for the Whoosh index: fsync, write lock, errors.

Owns DurableStorage (a Whoosh FileStorage whose written files are fsynced
when closed and whose renames -- the table-of-contents switch that publishes
a commit -- are followed by an fsync of the directory), opening/creating a
Whoosh index on it (created under the write lock: create_locked), taking
the one write lock with a bounded wait, and the one-line IndexWriteError
for a failed write (write_failure).  Whoosh alone publishes a commit
atomically (temporary TOC, then rename) but fsyncs nothing; the files it
leaves behind are search.storage.integrity.leftovers' business.
"""
from __future__ import annotations

import errno
import os
import re
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.fields import Schema
from whoosh.filedb.filestore import FileStorage
from whoosh.util.filelock import try_for

from onrecord.search.errors import IndexBusyError, IndexWriteError
from onrecord.search.storage.reading.reopening import open_retrying

INDEX_NAME = "MAIN"  # Whoosh's default index name: files _MAIN_<gen>.toc, MAIN_<id>.*
LOCK_NAME = "WRITELOCK"
# Seconds between attempts while waiting for another writer's lock.
_LOCK_POLL = 0.1
# A table of contents' file name: _MAIN_<generation>.toc
_TOC_NAME = re.compile(rf"_{INDEX_NAME}_(\d+)\.toc")
# Why a write can fail, each with its fix (see write_failure).
_NOT_WRITABLE = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
_NO_SPACE = frozenset({errno.ENOSPC, errno.EDQUOT})


def fsync_file(fileobj: Any) -> None:
    """Flush a Python file object and fsync it to the disk.  Raises OSError."""
    fileobj.flush()
    os.fsync(fileobj.fileno())


def fsync_dir(path: Path) -> None:
    """fsync a directory, so created/renamed/removed entries survive a power
    loss (a no-op where directories cannot be opened, e.g. Windows).
    Raises OSError if the fsync itself fails."""
    try:
        fd = os.open(str(path), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class DurableStorage(FileStorage):
    """A FileStorage whose files reach the disk before a commit publishes them.

    Every file created through it is fsynced on close (segment files and the
    temporary TOC), and every rename -- Whoosh renames only to publish a TOC
    -- is followed by an fsync of the directory."""

    def create_file(self, name: str, excl: bool = False, mode: str = "wb", **kwargs: Any) -> Any:
        """Return a new StructFile that is fsynced when closed."""
        chained = kwargs.pop("onclose", None)

        def sync_then_chain(structfile: Any) -> None:
            fsync_file(structfile.file)
            if chained is not None:
                chained(structfile)

        return super().create_file(name, excl=excl, mode=mode, onclose=sync_then_chain, **kwargs)

    def rename_file(self, oldname: str, newname: str, safe: bool = False) -> None:
        """Rename, then fsync the directory so the new name is durable."""
        super().rename_file(oldname, newname, safe=safe)
        fsync_dir(Path(self.folder))


def write_failure(what: str, label: str, exc: OSError, intact: bool = True) -> IndexWriteError:
    """Return the IndexWriteError for `exc`, met while `what` (e.g.
    'commit to /srv/ix'): one line with the cause, what still serves
    (`intact`: an earlier commit exists) and the fix for that cause."""
    if exc.errno in _NOT_WRITABLE:
        fix = (f"{label} is not writable (read-only disk or permissions): make it writable, "
               "or index into another directory with --index")
    elif exc.errno in _NO_SPACE:
        fix = "Free disk space"
    elif exc.errno == errno.EFBIG:
        fix = "Raise the file size limit (ulimit -f) or use a file system that allows larger files"
    else:
        fix = "Fix the disk"
    state = ("the index still serves its last complete commit" if intact
             else "no index was created")
    return IndexWriteError(f"{what} failed ({exc.strerror or exc}); {state}. {fix}, then "
                           "re-run onrecord index (it replaces articles, never duplicates)")


def open_whoosh(path: Path, readonly: bool = False) -> Any:
    """Return the Whoosh FileIndex at `path` on DurableStorage (refusing
    every write if `readonly`), retrying (search.storage.reading.reopening) when a
    concurrent commit removes the TOC being read.  Raises whatever Whoosh
    raises for a missing or unreadable index."""
    return open_retrying(
        lambda _attempt: DurableStorage(str(path), readonly=readonly).open_index(),
        lambda: latest_toc(path))


def latest_toc(path: Path) -> int:
    """Return the highest generation with a TOC file in `path`, -1 if none
    (or the directory cannot be listed)."""
    try:
        names = os.listdir(path)
    except OSError:
        return -1
    found = (_TOC_NAME.fullmatch(name) for name in names)
    return max((int(m.group(1)) for m in found if m), default=-1)


def toc_identity(path: Path, generation: int) -> tuple[int, int, int, int] | None:
    """Return what identifies the TOC file of `generation` in `path`
    (device, inode, mtime in ns, size), or None if it is gone.  A rebuilt
    index may reuse a generation number (and even an inode), not all four."""
    try:
        stat = os.stat(path / f"_{INDEX_NAME}_{generation}.toc")
    except OSError:
        return None
    return (stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size)


def create_whoosh(path: Path, schema: Schema) -> Any:
    """Create (replacing any TOC there) and return a Whoosh index at `path`
    on DurableStorage; the caller should hold the write lock."""
    return DurableStorage(str(path)).create_index(schema)


def create_locked(path: Path, schema: Schema, lock_wait: float) -> Any:
    """Create (or, if another writer just did, open) the index at `path`
    with `schema` under the write lock, waiting up to `lock_wait` seconds
    for it (two indexers starting on an empty directory must not both write
    generation 0).  Raises IndexBusyError or IndexWriteError."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_failure(f"creating {path}", str(path), exc, intact=False) from exc
    storage_ix = _LockOnly(path)
    lock = acquire_write_lock(storage_ix, str(path), lock_wait)
    try:
        if whoosh_index.exists_in(str(path)):
            return open_whoosh(path)
        return create_whoosh(path, schema)
    except OSError as exc:
        raise write_failure(f"creating the index in {path}", str(path), exc, intact=False) from exc
    finally:
        lock.release()


class _LockOnly:
    """Just enough of a Whoosh index to take its lock before it exists."""

    def __init__(self, path: Path) -> None:
        self._storage = FileStorage(str(path))

    def lock(self, name: str) -> Any:
        return self._storage.lock(f"{INDEX_NAME}_{name}")


def acquire_write_lock(ix: Any, label: str, timeout: float) -> Any:
    """Take the index's write lock, waiting up to `timeout` seconds; return
    the acquired lock (release() it when done).  The lock is an OS file lock,
    so a killed writer's lock is freed by the kernel.  Raises IndexBusyError
    when another writer keeps it, IndexWriteError if the lock file cannot
    be written (a read-only directory)."""
    lock = ix.lock(LOCK_NAME)
    try:
        acquired = try_for(lambda: lock.acquire(blocking=False), timeout=timeout, delay=_LOCK_POLL)
    except OSError as exc:  # the lock file cannot be created or opened for writing
        raise write_failure(f"taking the write lock of {label}", label, exc) from exc
    if not acquired:
        raise IndexBusyError(
            f"index busy: another onrecord index is writing to {label} "
            f"(waited {timeout:g} s); try again when it has finished")
    return HeldLock(lock)


class HeldLock:
    """An acquired write lock that forked children do not inherit: a worker
    process outliving a killed parent must not keep the index locked, and
    its copy must never unlock the parent's lock."""

    def __init__(self, lock: Any) -> None:
        self.lock = lock
        _HELD_LOCKS.add(self)

    def release(self) -> None:
        """Release the lock (once)."""
        _HELD_LOCKS.discard(self)
        self.lock.release()


_HELD_LOCKS: set[HeldLock] = set()


def _forget_locks_in_child() -> None:
    # Runs in a forked child: close its copy of each lock's descriptor (the
    # parent's lock stays) and clear the fd so the copy's __del__ does nothing.
    for held in list(_HELD_LOCKS):
        fd = getattr(held.lock, "fd", None)
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass
            held.lock.fd = None
    _HELD_LOCKS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_locks_in_child)


def is_write_locked(ix: Any) -> bool | None:
    """Return True if some writer holds the index's write lock right now,
    None if that cannot be told (the lock file cannot even be read)."""
    lock = ix.lock(LOCK_NAME)
    try:
        if not lock.acquire():
            return True
    except OSError:  # a read-only directory or lock file: ask without writing
        return _probe_lock(lock.filename)
    lock.release()
    return False


def _probe_lock(filename: str) -> bool | None:
    """Return whether another process holds an exclusive flock on
    `filename`, asking through a read-only descriptor with a shared lock."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock to probe
        return None
    try:
        fd = os.open(filename, os.O_RDONLY)
    except FileNotFoundError:  # no writer ever locked it here
        return False
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return None
    finally:
        os.close(fd)  # closing the descriptor drops the shared lock
    return False
