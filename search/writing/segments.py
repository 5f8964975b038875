"""Parallel indexing: segments written by worker processes, committed by one.

Owns write_segment() (run in a worker process: index a list of articles
into a new, uncommitted Whoosh segment of an on-disk index) and
commit_segments() (run in the parent: under the index's write lock, delete
the older versions of the articles, drop earlier copies of an article that
several segments hold, and publish the segments in one table-of-contents
commit).  Analysis and posting encoding, most of the indexing cost, thus run
on every core; the parent only links finished segments.

A worker on another machine (no shared filesystem) calls build_segment()
instead: the segment is written in a local temporary folder and returned
with its files' bytes (PortableSegment); the writer's install_segment()
puts the files in the index directory, fsynced, just before the commit that
lists them (until then they are orphans, removed by the next writer).  A
worker on the index's own machine builds it in the index's scratch folder
(leftovers.SCRATCH_DIR) and returns only the files' names (LocalSegment):
install_segment() then renames them into place, nothing copied.

Segments must not be written while commit_segments() runs: a commit deletes
every segment file the new table of contents does not list.  The parent
holds the write lock for the whole ingest (search.writing.commits.hold_write_lock), so
no other writer's commit or orphan cleanup deletes them either.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

from whoosh.filedb.filestore import FileStorage

from onrecord.search.config import Config
from onrecord.search.model import Article
from onrecord.search.storage.articledb.records import VersionRecord, article_rev
from onrecord.search.storage.integrity.durability import DurableStorage, fsync_dir, open_whoosh, write_failure
from onrecord.search.storage.pooled.collector import heap_frozen
from onrecord.search.storage.pooled.whoosh_writers import (
    BulkWriter,
    commit_with_segments,
    finish_segment,
    writer_has_documents,
)
from onrecord.search.storage.schema import build_schema, unit_documents

# Segments stay as separate files: whoosh3 reads a compound segment's
# postings and term files into memory (a copy as big as the index), plain
# files are read on demand.


@dataclass(slots=True)
class SegmentBatch:
    """A finished, not yet committed segment and which articles it holds.

    `spans` lists (article id, first docnum, document count: its paragraphs
    and their quotes, search.storage.schema.unit_documents; paragraph count) in segment
    order; `segment` is Whoosh's picklable segment descriptor; `records`
    are the article records to write before the segment is committed."""

    segment: Any
    spans: list[tuple[str, int, int, int]] = field(default_factory=list)
    records: list[VersionRecord] = field(default_factory=list)

    @property
    def paragraphs(self) -> int:
        return sum(paragraphs for _, _, _, paragraphs in self.spans)


def write_segment(index_dir: Path, articles: Iterable[Article], unique_ids: bool = False,
                  records: Iterable[VersionRecord] | None = None,
                  memory_mb: int | None = None) -> SegmentBatch | None:
    """Index `articles` into a new segment of the index at `index_dir` and
    return it uncommitted (None if there was nothing to write).

    A repeated article id keeps its last copy; a caller whose ids are known
    to be unique passes unique_ids=True and the articles are streamed
    instead of held in memory.  The batch carries `records` (default: a
    record of each article's own metadata).  The writer pools `memory_mb`
    (the worker_memory_mb setting; default Config()'s) before spilling a
    sorted run to disk.  Takes no lock: only the parent's
    commit_segments() publishes the segment.  Raises IndexWriteError (one
    readable line, picklable across processes) if a file cannot be written
    (disk full, read-only directory), else whatever Whoosh raises on an
    unusable index."""
    if not unique_ids:
        latest: dict[str, Article] = {}
        for article in articles:
            latest[article.id] = article
        if not latest:
            return None
        articles = latest.values()
    # Peek before opening a writer: cancelling an empty writer removes the
    # storage's shared temp directory, under other workers' feet.
    stream = iter(articles)
    first = next(stream, None)
    if first is None:
        return None
    articles = chain((first,), stream)
    try:
        # DurableStorage: the segment's files are fsynced as the worker closes
        # them, so the parent's commit publishes only data already on disk.
        return _write(open_whoosh(Path(index_dir)), articles, records, memory_mb or Config().worker_memory_mb)
    except OSError as exc:
        raise write_failure(f"writing a segment to {index_dir}", str(index_dir), exc) from exc


@dataclass(slots=True)
class PortableSegment:
    """A segment written away from the index: the SegmentBatch (records
    empty: the writer resolves them) and its files, name -> bytes."""

    batch: SegmentBatch
    files: dict[str, bytes]

    @property
    def size(self) -> int:
        return sum(len(data) for data in self.files.values())


@dataclass(slots=True)
class LocalSegment:
    """A segment written, fsynced, in a folder on the index's filesystem:
    the SegmentBatch (records empty) and the folder and names of its files."""

    batch: SegmentBatch
    folder: str
    names: list[str]


def build_segment(articles: Iterable[Article], memory_mb: int | None = None,
                  scratch: Path | None = None,
                  in_place: bool = False) -> PortableSegment | LocalSegment | None:
    """Index `articles` (unique ids) into a segment in a new folder under
    `scratch` (default: the system's temporary one); return it with its
    files' bytes, the folder removed (PortableSegment: for a worker that
    cannot see the index), or with `in_place` (scratch on the index's
    filesystem) the files fsynced and left there (LocalSegment).  None if
    there was nothing to write.  Raises OSError if the folder cannot be
    written."""
    stream = iter(articles)
    first = next(stream, None)
    if first is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="onrecord-segment-", dir=scratch))
    kept = False
    try:
        # Plain storage for bytes shipped away: install_segment syncs the copy.
        storage = DurableStorage(str(folder)) if in_place else FileStorage(str(folder))
        ix = storage.create_index(build_schema())
        batch = _write(ix, chain((first,), stream), (), memory_mb or Config().worker_memory_mb)
        ix.close()
        if batch is None:
            return None
        prefix = f"{batch.segment.segment_id()}."
        names = [name for name in os.listdir(folder) if name.startswith(prefix)]
        if in_place:
            kept = True
            return LocalSegment(batch, str(folder), names)
        return PortableSegment(batch, {name: (folder / name).read_bytes() for name in names})
    finally:
        if not kept:
            shutil.rmtree(folder, ignore_errors=True)


def install_segment(index_dir: Path, segment: PortableSegment | LocalSegment) -> SegmentBatch:
    """Put a segment's files into `index_dir` (a PortableSegment's written,
    a LocalSegment's renamed; fsynced, with the folder) and return its
    batch, ready for commit_batches.  Call it under the write lock, right
    before the commit: a commit removes segment files its table of contents
    does not list.  Raises IndexWriteError."""
    try:
        if isinstance(segment, LocalSegment):
            for name in segment.names:  # fsynced by the worker that wrote them
                os.replace(Path(segment.folder) / name, Path(index_dir) / name)
        else:
            _write_files(DurableStorage(str(index_dir)), segment.files)
        fsync_dir(Path(index_dir))
    except OSError as exc:
        raise write_failure(f"writing a segment to {index_dir}", str(index_dir), exc) from exc
    discard_segment(segment)  # a LocalSegment's folder, emptied by the renames
    return segment.batch


def discard_segment(segment: PortableSegment | LocalSegment | None) -> None:
    """Remove what a segment leaves outside the index (a LocalSegment's folder)."""
    if isinstance(segment, LocalSegment):
        shutil.rmtree(segment.folder, ignore_errors=True)


def _write_files(storage: DurableStorage, files: dict[str, bytes]) -> None:
    for name, data in files.items():  # each file fsynced as it is closed
        handle = storage.create_file(name)
        try:
            handle.write(data)
        finally:
            handle.close()


def _write(ix: Any, articles: Iterable[Article],
           records: Iterable[VersionRecord] | None, memory_mb: int) -> SegmentBatch | None:
    writer = BulkWriter(ix, _lk=False, limitmb=memory_mb, compound=False)
    rows: list[VersionRecord] = []
    try:
        with heap_frozen():  # as search.writing.commits' writes
            spans = _add_all(writer, articles, rows)
            if not writer_has_documents(writer):
                writer.cancel()
                return None
            segment = finish_segment(writer)
    except BaseException:
        _cancel_quietly(writer)
        raise
    return SegmentBatch(segment=segment, spans=spans,
                        records=rows if records is None else list(records))


def _cancel_quietly(writer: Any) -> None:
    """Cancel a failed writer without hiding why it failed: on a full or
    read-only disk, clearing its files can fail too (the next writer
    removes them as orphans)."""
    try:
        writer.cancel()
    except Exception:
        pass


def _add_all(writer: Any, articles: Iterable[Article],
             rows: list[VersionRecord]) -> list[tuple[str, int, int, int]]:
    spans: list[tuple[str, int, int, int]] = []
    docnum = 0
    for article in articles:
        rev = article_rev(article)
        rows.append(VersionRecord(article.id, rev, article.meta))
        written = 0
        for para in article.paragraphs:
            for doc in unit_documents(article, para, rev):
                writer.add_document(**doc)
                written += 1
        spans.append((article.id, docnum, written, len(article.paragraphs)))
        docnum += written
    return spans


def drop_articles(batch: SegmentBatch, doc_ids: set[str]) -> None:
    """Take the articles `doc_ids` out of the uncommitted `batch` (their
    documents deleted in the segment, their spans and records removed)."""
    for doc_id, first, count, _ in batch.spans:
        if doc_id in doc_ids:
            for docnum in range(first, first + count):
                batch.segment.delete_document(docnum)
    batch.spans = [span for span in batch.spans if span[0] not in doc_ids]
    batch.records = [row for row in batch.records if row.doc_id not in doc_ids]


def commit_segments(writer: Any, batches: list[SegmentBatch]) -> int:
    """Publish `batches` (in order) through `writer`, an open SegmentWriter
    holding the write lock; return the number of paragraphs made visible.

    Older versions of every article are deleted from the committed
    segments, and when several batches hold one article the last wins.
    The writer is finished (lock released) on success; on error the
    caller must cancel it."""
    owner = _last_owners(batches)
    if writer.segments:
        for doc_id in owner:
            writer.delete_by_term("doc_id", doc_id)
    visible = 0
    for position, batch in enumerate(batches):
        for doc_id, first, count, paragraphs in batch.spans:
            if owner[doc_id] == position:
                visible += paragraphs
            else:
                for docnum in range(first, first + count):
                    batch.segment.delete_document(docnum)
    commit_with_segments(writer, [batch.segment for batch in batches])
    return visible


def _last_owners(batches: list[SegmentBatch]) -> dict[str, int]:
    """Return article id -> position of the last batch holding it."""
    owner: dict[str, int] = {}
    for position, batch in enumerate(batches):
        for doc_id, _, _, _ in batch.spans:
            owner[doc_id] = position
    return owner
