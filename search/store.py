"""The on-disk (or in-memory) paragraph index and writing articles into it.

Owns the Index handle: the Whoosh index, ONE long-lived searcher that is
refreshed after commits (ours, or another process's), a lock that
serialises access to that searcher, and caches tied to the current searcher
(see Index.cached), and the index's article records (search.records:
metadata and earlier versions, once per article).  Also owns opening/creating
an index and write_articles, which replaces an article's paragraphs on
re-indexing.  Every commit writes the records of the articles it publishes
first: a paragraph never names a record that is not on disk.
"""
from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager
from itertools import chain
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TypeVar

from whoosh import index as whoosh_index
from whoosh.filedb.filestore import FileStorage, RamStorage
from whoosh.searching import Searcher

from search.config import Config
from search.durability import (INDEX_NAME, DurableWriter, acquire_write_lock,
                               create_whoosh, open_whoosh, remove_orphans)
from search.errors import IndexUnavailableError, IndexWriteError
from search.model import Article
from search.records import RECORDS_FILE, ArticleRecords, VersionRecord, article_rev
from search.schema import build_schema, paragraph_fields, reset_spelling
from search.segments import SegmentBatch, commit_segments

T = TypeVar("T")

# How often (seconds) a reader checks whether another process committed.
_STALE_CHECK_SECONDS = 1.0
# How long a writer waits for another writer's lock before giving up.
_WRITE_LOCK_TIMEOUT = 10.0
# Attempts at opening a searcher: another process's commit may delete the
# files of the generation we just listed (Whoosh removes superseded ones).
_OPEN_ATTEMPTS = 5
# Posting-pool memory before a writer spills a sorted run to disk.
_WRITER_LIMIT_MB = 256


class Index:
    """A handle on one Whoosh index with a long-lived, refreshed searcher."""

    def __init__(self, ix: whoosh_index.Index, path: Path | None = None) -> None:
        self.path = path
        self._ix = ix
        # Per-article metadata and earlier versions (search.records).
        self.records = ArticleRecords(path / RECORDS_FILE if path else None)
        self._lock = threading.RLock()
        self._searcher: Searcher = open_searcher(ix)
        self._checked = time.monotonic()
        self._cache: dict[str, Any] = {}
        self._closed = False
        # Seconds a search may take before it returns partial results; the
        # web layer may set config.query_timeout here.
        self.query_timeout: float | None = Config().query_timeout
        # Seconds a writer waits for another process's write lock.
        self.lock_timeout: float = _WRITE_LOCK_TIMEOUT
        # The write lock while hold_write_lock() holds it for a whole ingest.
        self._held_lock: Any = None

    @property
    def schema(self) -> Any:
        """Return the Whoosh schema of this index (the current searcher's:
        Whoosh's own Index.schema re-reads the table of contents from disk
        on every access, and a new analyzer object loses its stem cache)."""
        return self._searcher.schema

    @contextmanager
    def reading(self) -> Iterator[Searcher]:
        """Yield the current searcher, holding the lock (searchers are not
        thread-safe); refreshes it first if another process committed."""
        with self._lock:
            if self._closed:
                raise IndexUnavailableError(f"index {self._label()} is closed")
            if time.monotonic() - self._checked > _STALE_CHECK_SECONDS:
                self.refresh()
            yield self._searcher

    def cached(self, key: str, build: Callable[[Searcher], T]) -> T:
        """Return build(searcher) for the current searcher, computed once and
        dropped when the searcher is refreshed.  Call inside reading()."""
        with self._lock:
            if key not in self._cache:
                self._cache[key] = build(self._searcher)
            return self._cache[key]

    def open_snapshot(self) -> Searcher:
        """Return a NEW searcher over the latest commit, apart from the shared
        one: for long streams (exports) whose document numbers must not shift
        when a refresh swaps the shared searcher.  The caller closes it.
        Raises IndexUnavailableError if the handle is closed."""
        with self._lock:
            if self._closed:
                raise IndexUnavailableError(f"index {self._label()} is closed")
            return self._ix.searcher()

    def refresh(self) -> None:
        """Swap in a searcher over the latest commit (no-op if unchanged)."""
        with self._lock:
            self._checked = time.monotonic()
            if self._searcher.up_to_date():
                return
            # A new searcher rather than Searcher.refresh(): whoosh3's reader
            # reuse keeps stale deletion sets (and re-adds merged segments),
            # which would show replaced paragraphs twice.
            stale, self._searcher = self._searcher, open_searcher(self._ix)
            stale.close()
            self._cache.clear()

    def doc_count(self) -> int:
        """Return the number of (undeleted) paragraphs in the index."""
        with self.reading() as searcher:
            return searcher.doc_count()

    def close(self) -> None:
        """Close the searcher and the index; the handle is unusable after."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._cache.clear()
            self._searcher.close()
            self._ix.close()
            self.records.close()

    def _label(self) -> str:
        return str(self.path) if self.path else "(in memory)"


def open_index(path: Path, create: bool = False) -> Index:
    """Return an Index over the Whoosh index at `path`.

    With create=True a missing index (and directory) is created.  Raises
    IndexUnavailableError if it is missing (and not create), corrupt, or was
    built with a different schema; the message says how to repair.
    """
    path = Path(path)
    repair = f"delete {path} and re-run onrecord index"
    try:
        # exists_in() itself reads the table of contents, so it can fail too.
        exists = path.is_dir() and whoosh_index.exists_in(str(path))
        if not exists and not create:
            raise IndexUnavailableError(
                f"no index at {path}; run `onrecord index seeds` first")
        ix = open_whoosh(path) if exists else _create_locked(path)
        handle = Index(ix, path)
    except IndexUnavailableError:
        raise
    except Exception as exc:  # any failure to open means an unusable index
        raise IndexUnavailableError(
            f"index at {path} cannot be opened ({type(exc).__name__}: {exc}); {repair}"
        ) from exc
    _check_schema(handle, repair)
    return handle


def open_searcher(ix: Any) -> Searcher:
    """Return a new searcher over the latest commit of `ix`, retrying when
    a concurrent commit deletes the files of the generation being opened
    (the retry then sees the new generation).  Raises the last OSError."""
    for attempt in range(_OPEN_ATTEMPTS):
        try:
            return ix.searcher()
        except OSError:
            if attempt == _OPEN_ATTEMPTS - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


def _create_locked(path: Path) -> Any:
    """Create the index at `path` under the write lock (two indexers
    starting on an empty directory must not both write generation 0)."""
    path.mkdir(parents=True, exist_ok=True)
    storage_ix = _LockOnly(path)
    lock = acquire_write_lock(storage_ix, str(path), _WRITE_LOCK_TIMEOUT)
    try:
        if whoosh_index.exists_in(str(path)):
            return open_whoosh(path)
        return create_whoosh(path, build_schema())
    finally:
        lock.release()


class _LockOnly:
    """Just enough of a Whoosh index to take its lock before it exists."""

    def __init__(self, path: Path) -> None:
        self._storage = FileStorage(str(path))

    def lock(self, name: str) -> Any:
        return self._storage.lock(f"{INDEX_NAME}_{name}")


def _check_schema(handle: Index, repair: str) -> None:
    missing = set(build_schema().names()) - set(handle.schema.names())
    if missing:
        handle.close()
        raise IndexUnavailableError(
            f"index at {handle.path} was built by another onrecord version "
            f"(missing fields: {', '.join(sorted(missing))}); {repair}")


def ram_index() -> Index:
    """Return an empty in-memory Index (for tests)."""
    return Index(RamStorage().create_index(build_schema()))


def write_articles(index: Index, articles: Iterable[Article],
                   records: Iterable[VersionRecord] | None = None) -> int:
    """Index every paragraph of `articles` in one commit; return how many.

    An article already in the index is replaced (all documents with its
    doc_id are deleted first), so re-indexing never duplicates; whether it
    should be replaced is search.identity's question, not this one's.
    `records` (search.identity's: versions numbered, replaced versions kept)
    are written before the commit; without them each article gets a record
    of its own metadata.  Articles are streamed; a repeat of an id within
    one call is skipped (first wins), because deletions only reach committed
    segments.  With no articles, only the records are written.  Raises
    IndexBusyError if another writer keeps the lock past
    index.lock_timeout, and IndexWriteError if the commit fails (the
    previous commit still serves and the lock is released either way).
    """
    stream = iter(articles)
    first = next(stream, None)
    if first is None:
        with hold_write_lock(index):
            _write_records(index, records or ())
        return 0
    given = list(records) if records is not None else None

    # The searcher lock is not held while writing: a slow article stream
    # must not block readers, and Whoosh writers never touch our searcher.
    def add_and_commit(writer: Any) -> int:
        rows: list[VersionRecord] = []
        written = _add_articles(writer, chain((first,), stream), rows)
        _write_records(index, rows if given is None else given)
        writer.commit()
        return written

    return _commit_with(index, add_and_commit)


def _write_records(index: Index, records: Iterable[VersionRecord]) -> None:
    """Write records durably (before the commit that needs them).  Raises
    IndexWriteError if the records file cannot be written."""
    try:
        index.records.write(records)
    except sqlite3.Error as exc:
        raise IndexWriteError(
            f"writing article records in {index._label()} failed ({exc}); the index "
            "still serves its last complete commit. Fix the disk, then re-run onrecord "
            "index") from exc


@contextmanager
def hold_write_lock(index: Index) -> Iterator[None]:
    """Hold the write lock of `index` for a whole ingest: every commit in
    the block reuses it, so no other writer commits (and deletes this
    ingest's uncommitted worker segments) in between.  Orphan files of
    crashed writers are removed on taking it.  Re-entrant.  Raises
    IndexBusyError after index.lock_timeout seconds of waiting."""
    if index._held_lock is not None:
        yield
        return
    index._held_lock = _take_lock(index)
    try:
        yield
    finally:
        lock, index._held_lock = index._held_lock, None
        lock.release()


def _take_lock(index: Index) -> Any:
    lock = acquire_write_lock(index._ix, index._label(), index.lock_timeout)
    if index.path is not None:
        try:
            remove_orphans(index.path)
        except Exception:  # cleanup is optional; a damaged TOC fails the write itself
            pass
    return lock


def _open_writer(index: Index) -> Any:
    """Return a SegmentWriter under the write lock: the held one (left
    held), or a newly taken one that the writer releases when it commits or
    is cancelled."""
    lock = None if index._held_lock is not None else _take_lock(index)
    try:
        # compound=False: see search.segments (compound segments are read
        # into memory whole).
        writer = DurableWriter(index._ix, _lk=False, limitmb=_WRITER_LIMIT_MB, compound=False)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    writer.writelock = lock
    reset_spelling(writer.schema)
    return writer


def _cancel_unless_done(writer: Any) -> None:
    """Cancel an unfinished writer (drops its files, releases its lock)
    without masking the error that interrupted it."""
    if writer.is_closed:
        return
    try:
        writer.cancel()
    except Exception:
        writer._cleanup_on_error()


def _commit_failed(index: Index, exc: OSError) -> str:
    return (f"commit to {index._label()} failed ({exc.strerror or exc}); the index "
            "still serves its last complete commit. Free disk space or fix the disk, "
            "then re-run onrecord index (it replaces articles, never duplicates)")


def _add_articles(writer: Any, articles: Iterable[Article], rows: list[VersionRecord]) -> int:
    """Add the articles' paragraphs; append a record of each to `rows`."""
    written = 0
    seen: set[str] = set()
    for article in articles:
        if article.id in seen:
            continue
        seen.add(article.id)
        if writer.segments:
            writer.delete_by_term("doc_id", article.id)
        rev = article_rev(article)
        rows.append(VersionRecord(article.id, rev, article.meta))
        # Paragraph ids embed the article id, so deleting by doc_id already
        # removed any old copy: add_document skips update_document's
        # per-paragraph unique-id lookup.
        for para in article.paragraphs:
            writer.add_document(**paragraph_fields(article, para, rev))
            written += 1
    return written


def commit_batches(index: Index, batches: list[SegmentBatch],
                   records: Iterable[VersionRecord] = ()) -> int:
    """Publish segments written by search.segments.write_segment (in
    order, later copies of an article winning) in one commit and return
    the number of paragraphs added.  The batches' records, then `records`,
    are written first (with no batches, only they are).  Raises
    IndexBusyError / IndexWriteError as write_articles does."""
    rows = [row for batch in batches for row in batch.records] + list(records)
    if not batches:
        with hold_write_lock(index):
            _write_records(index, rows)
        return 0

    def write(writer: Any) -> int:
        _write_records(index, rows)
        return commit_segments(writer, batches)

    return _commit_with(index, write)


def _commit_with(index: Index, write: Callable[[Any], int]) -> int:
    """Open a writer, run write(writer) (which commits), refresh the shared
    searcher and return write's count.  A failed commit raises
    IndexWriteError; either way the writer is cancelled if it is not done,
    so the lock is released and the previous commit keeps serving."""
    writer = _open_writer(index)
    try:
        written = write(writer)
    except OSError as exc:
        raise IndexWriteError(_commit_failed(index, exc)) from exc
    finally:
        _cancel_unless_done(writer)
    index.refresh()
    return written
