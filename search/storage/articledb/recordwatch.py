"""An Index handle's article records (articles.db), and a server's watch on them.

Owns opening a handle's records (open_records; a writer's opened again
when the index was rebuilt: reopened_records) and how a server
(search.storage.store's read-only Index) opens and keeps checking the
records file: opened read-only and checked whole once
(open_checked: SQLite's quick_check, 0.1 s warm and 1 s cold for 71 MB,
100,000 articles; affordable once per open, not at every commit; not
repeated for a file unchanged since), then at
each of the handle's stale checks (RecordsWatch.check): a file that is
gone is an error (never an empty one made in its place), a replaced one
(the index rebuilt or restored) is opened again, one that a read found
damaged stays an error until it changes.  The error found is what every
reader answers (raise_damage) until a check finds the file sound again,
so a server never answers some requests from a deleted file's open copy
and others with an error.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

from onrecord.search.errors import IndexUnavailableError
from onrecord.search.storage.articledb.recordfiles import file_signature
from onrecord.search.storage.articledb.records import RECORDS_FILE, ArticleRecords, file_identity, records_failure
from onrecord.search.storage.integrity.damage import copy_error, records_error


def open_records(index_dir: Path | None, readonly: bool) -> ArticleRecords:
    """Return the article records of the index in `index_dir` (in memory
    if None): writable (created if missing), or, `readonly`, the existing
    file opened read-only and checked whole (raises IndexUnavailableError
    if it is missing or damaged)."""
    if index_dir is None:
        return ArticleRecords(None)
    if readonly:
        return open_checked(index_dir / RECORDS_FILE, str(index_dir))
    return ArticleRecords(index_dir / RECORDS_FILE)


def reopened_records(records: ArticleRecords) -> ArticleRecords | None:
    """Return a writer's records opened anew if their file was replaced
    (the index rebuilt) since `records` were opened, else None (also if
    the new ones cannot be read: `check` reports them)."""
    if records.path is None or records.identity() == file_identity(records.path):
        return None
    try:
        return ArticleRecords(records.path)
    except sqlite3.Error:
        return None


def open_checked(path: Path, label: str) -> ArticleRecords:
    """Return the records at `path` opened read-only after a whole-file
    check.  Raises IndexUnavailableError (with the repair) if the file is
    missing, not a records database or damaged."""
    try:
        records = ArticleRecords(path, readonly=True)
    except sqlite3.Error as exc:
        raise records_failure(label, exc) from exc
    complaint = _checked_whole(records)
    if complaint is not None:
        records.close()
        raise records_error(label, sqlite3.DatabaseError(complaint))
    return records


# quick_check's verdict per file signature (device, inode, size, mtime):
# a server whose opening fails on damaged records tries again on every
# request, and must not read the whole file each time.
_VERDICTS: dict[tuple[int, ...], str | None] = {}
_VERDICTS_KEPT = 16


def _checked_whole(records: ArticleRecords) -> str | None:
    """Return SQLite's complaint about the records' file, None if sound;
    a file unchanged since its last check is not read again."""
    signature = file_signature(records.path)
    if signature is not None and signature in _VERDICTS:
        return _VERDICTS[signature]
    try:
        complaint = records.check()
    except sqlite3.Error as exc:
        complaint = str(exc)
    if signature is not None:
        if len(_VERDICTS) >= _VERDICTS_KEPT:
            _VERDICTS.clear()
        _VERDICTS[signature] = complaint
    return complaint


class RecordsWatch:
    """The state of one read-only handle's records file between checks."""

    def __init__(self, path: Path, label: str) -> None:
        self.path = path
        self.label = label
        self.damage: IndexUnavailableError | None = None

    def check(self, records: ArticleRecords) -> ArticleRecords | None:
        """Check the file behind `records`; return the records opened anew
        if it was replaced, else None.  Raises (and remembers, for
        raise_damage) IndexUnavailableError if it is gone or unreadable."""
        try:
            now = file_identity(self.path)
            if now is None:
                raise records_error(self.label, FileNotFoundError(f"no {self.path.name}"))
            fresh = open_checked(self.path, self.label) if now != records.identity() else None
            (fresh or records).probe()
        except IndexUnavailableError as error:
            self.damage = error
            raise
        self.damage = None
        return fresh

    def raise_damage(self) -> None:
        """Raise (a copy of) the error the last check found, if any."""
        if self.damage is not None:
            raise copy_error(self.damage)
