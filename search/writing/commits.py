"""Writing articles into an Index: one commit at a time, under its write lock.

Owns write_articles (an article's paragraphs replaced on re-indexing),
commit_batches (publishing segments written by worker processes) and the
write lock an ingest holds across its commits (hold_write_lock), and the
writer every commit goes through (DurableWriter).  Every commit writes the
records of the articles it publishes first: a paragraph never names a
record that is not on disk.  The Index handle itself, its searchers and
opening an index are search.storage.store's.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import chain
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.filedb.filestore import FileStorage

from onrecord.search.errors import IndexWriteError
from onrecord.search.model import Article
from onrecord.search.storage.articledb.records import VersionRecord, article_rev
from onrecord.search.storage.integrity.durability import acquire_write_lock, write_failure
from onrecord.search.storage.integrity.leftovers import remove_orphans
from onrecord.search.storage.integrity.manifests import record_manifests
from onrecord.search.storage.pooled.collector import heap_frozen
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter, discard_writer_files
from onrecord.search.storage.schema import unit_documents, upgrade_schema
from onrecord.search.storage.store import Index
from onrecord.search.writing.segments import SegmentBatch, commit_segments


def write_articles(index: Index, articles: Iterable[Article],
                   records: Iterable[VersionRecord] | None = None,
                   on_commit: Callable[[], None] | None = None) -> int:
    """Index every paragraph of `articles` in one commit; return how many.

    An article already in the index is replaced (all documents with its
    doc_id are deleted first), so re-indexing never duplicates; whether it
    should be replaced is search.writing.identity's question, not this one's.
    `records` (search.writing.identity's: versions numbered, replaced versions kept)
    are written before the commit; without them each article gets a record
    of its own metadata.  Articles are streamed; a repeat of an id within
    one call is skipped (first wins), because deletions only reach committed
    segments.  With no articles, only the records are written.  Raises
    IndexBusyError if another writer keeps the lock past
    index.lock_timeout, and IndexWriteError if the commit fails (the
    previous commit still serves and the lock is released either way).
    `on_commit` is called once the paragraphs are added, before the
    records are written and the commit made (an ingest's progress).
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
        if on_commit is not None:
            on_commit()
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
            f"writing article records in {index.label()} failed ({exc}); the index "
            "still serves its last complete commit. Fix the disk, then re-run onrecord "
            "index") from exc


@contextmanager
def hold_write_lock(index: Index) -> Iterator[None]:
    """Hold the write lock of `index` for a whole ingest: every commit in
    the block reuses it, so no other writer commits (and deletes this
    ingest's uncommitted worker segments) in between.  Orphan files of
    crashed writers are removed on taking it.  Re-entrant.  Raises
    IndexBusyError after index.lock_timeout seconds of waiting."""
    if index.held_lock is not None:
        yield
        return
    index.held_lock = _take_lock(index)
    try:
        yield
    finally:
        lock, index.held_lock = index.held_lock, None
        lock.release()


def _take_lock(index: Index) -> Any:
    lock = acquire_write_lock(index.whoosh_index, index.label(), index.lock_timeout)
    if index.path is not None:
        try:
            remove_orphans(index.path)
        except Exception:  # cleanup is optional; a damaged TOC fails the write itself
            pass
    return lock


class DurableWriter(BulkWriter):
    """A SegmentWriter whose commit keeps the superseded commit's files for
    search.storage.integrity.leftovers.READER_GRACE_SECONDS (Whoosh deletes them at once, under readers in
    other processes that open column files lazily), and records each new
    segment's manifest (search.storage.integrity.manifests) in the TOC it writes."""

    def _commit_toc(self, segments: list[Any]) -> None:
        if not isinstance(self.storage, FileStorage):
            super()._commit_toc(segments)
            return
        record_manifests(Path(self.storage.folder), segments)
        toc = whoosh_index.TOC(self.schema, segments, self.generation)
        toc.write(self.storage, self.indexname)
        # The posting-pool dir is still ours: _finish() removes it.
        remove_orphans(Path(self.storage.folder), include_temp=False)


def _open_writer(index: Index) -> Any:
    """Return a SegmentWriter under the write lock: the held one (left
    held), or a newly taken one that the writer releases when it commits or
    is cancelled."""
    lock = None if index.held_lock is not None else _take_lock(index)
    try:
        # compound=False: see search.writing.segments (compound segments are read
        # into memory whole).
        writer = DurableWriter(index.whoosh_index, _lk=False, limitmb=index.writer_memory_mb, compound=False)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    writer.writelock = lock
    upgrade_schema(writer.schema)  # an index built before collections takes their field now
    return writer


def _cancel_unless_done(writer: Any) -> None:
    """Cancel an unfinished writer (drops its files, releases its lock)
    without masking the error that interrupted it."""
    if writer.is_closed:
        return
    try:
        writer.cancel()
    except Exception:
        discard_writer_files(writer)


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
            for doc in unit_documents(article, para, rev):
                writer.add_document(**doc)
            written += 1
    return written


def commit_batches(index: Index, batches: list[SegmentBatch],
                   records: Iterable[VersionRecord] = ()) -> int:
    """Publish segments written by search.writing.segments.write_segment (in
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
    label = index.label()
    with heap_frozen():  # the articles and tables in memory are not walked by each full collection
        try:
            writer = _open_writer(index)  # creates the new segment's first files
        except OSError as exc:
            raise write_failure(f"commit to {label}", label, exc) from exc
        try:
            written = write(writer)
        except OSError as exc:
            raise write_failure(f"commit to {label}", label, exc) from exc
        finally:
            _cancel_unless_done(writer)
    index.refresh()
    return written
