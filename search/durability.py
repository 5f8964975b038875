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
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.fields import Schema
from whoosh.filedb.filestore import FileStorage
from whoosh.util.filelock import try_for

from search.errors import IndexBusyError

INDEX_NAME = "MAIN"  # Whoosh's default index name: files _MAIN_<gen>.toc, MAIN_<id>.*
LOCK_NAME = "WRITELOCK"
_TOC = re.compile(rf"^_{INDEX_NAME}_([0-9]+)\.toc$")
_TEMP_TOC = re.compile(rf"^_{INDEX_NAME}_[0-9]+\.toc\..+$")
_SEGMENT = re.compile(rf"^({INDEX_NAME}_[0-9a-z]+)\.[A-Za-z0-9_.]+$")
_TEMP_DIR = f"{INDEX_NAME}.tmp"  # a writer's posting-pool runs
# Seconds between attempts while waiting for another writer's lock.
_LOCK_POLL = 0.1


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
    """Return the Whoosh FileIndex at `path` on DurableStorage.  Raises
    whatever Whoosh raises for a missing or unreadable index."""
    return DurableStorage(str(path)).open_index()


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
    return lock


def is_write_locked(ix: Any) -> bool:
    """Return True if some writer holds the index's write lock right now."""
    lock = ix.lock(LOCK_NAME)
    if not lock.acquire():
        return True
    lock.release()
    return False


def list_orphans(path: Path) -> list[str]:
    """Return the names of files (and temp dirs) in the index directory that
    the current TOC does not reference: older TOCs, temporary TOCs, segment
    files of crashed or failed commits, leftover posting-pool dirs.  While a
    writer runs, its uncommitted segments are listed too."""
    storage = FileStorage(str(path))
    generation = whoosh_index.TOC._latest_generation(storage, INDEX_NAME)
    if generation < 0:
        return []
    toc = whoosh_index.TOC.read(storage, INDEX_NAME, generation)
    live = {segment.segment_id() for segment in toc.segments}
    return sorted(name for name in storage.list()
                  if _is_orphan(name, generation, live))


def _is_orphan(name: str, generation: int, live: set[str]) -> bool:
    if name == _TEMP_DIR or _TEMP_TOC.match(name):
        return True
    toc = _TOC.match(name)
    if toc:
        return int(toc.group(1)) != generation
    segment = _SEGMENT.match(name)
    return bool(segment) and segment.group(1) not in live


def remove_orphans(path: Path) -> list[str]:
    """Delete list_orphans(path) and return their names.  Only call while
    holding the write lock: without it, a running writer's files are
    orphans too.  Files that cannot be removed are left for next time."""
    removed: list[str] = []
    for name in list_orphans(path):
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
