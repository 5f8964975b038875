"""Durable on-disk storage for the Whoosh index: fsync, write lock, orphans.

Owns DurableStorage (a Whoosh FileStorage whose written files are fsynced
when closed and whose renames -- the table-of-contents switch that publishes
a commit -- are followed by an fsync of the directory), opening/creating a
Whoosh index on it, taking the one write lock with a bounded wait, and
removing the files a crashed or failed writer left behind.  Whoosh alone
publishes a commit atomically (temporary TOC, then rename) but fsyncs
nothing, and never removes temporary TOCs or uncommitted segments.
"""
from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.fields import Schema
from whoosh.filedb.filestore import FileStorage
from whoosh.util.filelock import try_for
from whoosh.writing import SegmentWriter

from search.errors import IndexBusyError

INDEX_NAME = "MAIN"  # Whoosh's default index name: files _MAIN_<gen>.toc, MAIN_<id>.*
LOCK_NAME = "WRITELOCK"
_TOC = re.compile(rf"^_{INDEX_NAME}_([0-9]+)\.toc$")
_TEMP_TOC = re.compile(rf"^_{INDEX_NAME}_[0-9]+\.toc\..+$")
_SEGMENT = re.compile(rf"^({INDEX_NAME}_[0-9a-z]+)\.[A-Za-z0-9_.]+$")
_TEMP_DIR = f"{INDEX_NAME}.tmp"  # a writer's posting-pool runs
# Seconds between attempts while waiting for another writer's lock.
_LOCK_POLL = 0.1
# Seconds a superseded commit's files are kept for readers still on it
# (searchers refresh within a second; export snapshots can run minutes).
READER_GRACE_SECONDS = 300.0
# Attempts at opening the index: a commit may remove the TOC just listed.
_OPEN_ATTEMPTS = 5


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


def open_whoosh(path: Path) -> Any:
    """Return the Whoosh FileIndex at `path` on DurableStorage, retrying
    when a concurrent commit removes the TOC being read.  Raises whatever
    Whoosh raises for a missing or unreadable index."""
    for attempt in range(_OPEN_ATTEMPTS):
        try:
            return DurableStorage(str(path)).open_index()
        except FileNotFoundError:
            if attempt == _OPEN_ATTEMPTS - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


def toc_identity(path: Path, generation: int) -> tuple[int, int, int, int] | None:
    """Return what identifies the TOC file of `generation` in `path`
    (device, inode, mtime in ns, size), or None if it is gone.  A rebuilt
    index may reuse a generation number (and even an inode), not all four."""
    try:
        stat = os.stat(path / f"_{INDEX_NAME}_{generation}.toc")
    except OSError:
        return None
    return (stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size)


class DurableWriter(SegmentWriter):
    """A SegmentWriter whose commit keeps the superseded commit's files for
    READER_GRACE_SECONDS (Whoosh deletes them at once, under readers in
    other processes that open column files lazily)."""

    def _commit_toc(self, segments: list[Any]) -> None:
        if not isinstance(self.storage, FileStorage):
            super()._commit_toc(segments)
            return
        toc = whoosh_index.TOC(self.schema, segments, self.generation)
        toc.write(self.storage, self.indexname)
        # The posting-pool dir is still ours: _finish() removes it.
        remove_orphans(Path(self.storage.folder), include_temp=False)


def create_whoosh(path: Path, schema: Schema) -> Any:
    """Create (replacing any TOC there) and return a Whoosh index at `path`
    on DurableStorage; the caller should hold the write lock."""
    return DurableStorage(str(path)).create_index(schema)


def acquire_write_lock(ix: Any, label: str, timeout: float) -> Any:
    """Take the index's write lock, waiting up to `timeout` seconds; return
    the acquired lock (release() it when done).  The lock is an OS file lock,
    so a killed writer's lock is freed by the kernel.  Raises IndexBusyError
    when another writer keeps it."""
    lock = ix.lock(LOCK_NAME)
    if not try_for(lambda: lock.acquire(blocking=False), timeout=timeout, delay=_LOCK_POLL):
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


def is_write_locked(ix: Any) -> bool:
    """Return True if some writer holds the index's write lock right now."""
    lock = ix.lock(LOCK_NAME)
    if not lock.acquire():
        return True
    lock.release()
    return False


def list_orphans(path: Path, grace: float = READER_GRACE_SECONDS,
                 include_temp: bool = True) -> list[str]:
    """Return the names of files (and temp dirs) in the index directory that
    no live commit references: temporary TOCs, segment files of crashed or
    failed commits, leftover posting-pool dirs (unless not include_temp),
    and TOCs and segments superseded more than `grace` seconds ago.  Files
    of a commit superseded more recently are live: readers in other
    processes may still be reading them (Whoosh opens column files lazily).
    While a writer runs, its uncommitted segments are listed too."""
    storage = FileStorage(str(path))
    names = storage.list()
    tocs = _toc_times(path, names)
    if not tocs:
        return []
    kept = _kept_generations(tocs, grace)
    live: set[str] = set()
    for generation in kept:
        try:
            toc = whoosh_index.TOC.read(storage, INDEX_NAME, generation)
        except Exception:  # unreadable old TOC: its files are not protected
            continue
        live.update(segment.segment_id() for segment in toc.segments)
    return sorted(name for name in names if _is_orphan(name, kept, live, include_temp))


def _toc_times(path: Path, names: list[str]) -> dict[int, float]:
    """Return generation -> modification time of every TOC file."""
    times: dict[int, float] = {}
    for name in names:
        match = _TOC.match(name)
        if match:
            try:
                times[int(match.group(1))] = (path / name).stat().st_mtime
            except OSError:  # removed meanwhile
                continue
    return times


def _kept_generations(tocs: dict[int, float], grace: float) -> set[int]:
    """Return the newest generation plus those superseded (by the next
    newer TOC's write) less than `grace` seconds ago."""
    generations = sorted(tocs)
    kept = {generations[-1]}
    now = time.time()
    for older, newer in zip(generations, generations[1:]):
        if now - tocs[newer] < grace:
            kept.add(older)
    return kept


def _is_orphan(name: str, kept: set[int], live: set[str], include_temp: bool) -> bool:
    if name == _TEMP_DIR:
        return include_temp
    if _TEMP_TOC.match(name):
        return True
    toc = _TOC.match(name)
    if toc:
        return int(toc.group(1)) not in kept
    segment = _SEGMENT.match(name)
    return bool(segment) and segment.group(1) not in live


def remove_orphans(path: Path, include_temp: bool = True) -> list[str]:
    """Delete list_orphans(path, include_temp=...) and return their names.
    Only call while holding the write lock: without it, a running writer's
    files are orphans too.  Files that cannot be removed are left for next
    time."""
    removed: list[str] = []
    for name in list_orphans(path, include_temp=include_temp):
        target = path / name
        try:
            if target.is_dir():
                shutil.rmtree(target)
            else:
                target.unlink()
        except OSError:
            continue
        removed.append(name)
    if removed:
        fsync_dir(path)
    return removed
