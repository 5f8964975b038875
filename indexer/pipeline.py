"""The indexer pipeline: chains the stages read -> parse -> chunk -> annotate
-> index over files and directories, and counts what it did.

Each stage is a pure function in its own module; this module only composes
them, decides which files to visit, and turns a bad file into a skip reason
(logged and counted) instead of an exception, so one broken file never stops
an ingest.  With several workers, each worker process runs every stage on a
chunk of files, indexing included (one new segment per chunk, via
search.segments), and this process publishes the segments in input order
(indexer.publishing).  Whether an article is new, an update, unchanged or a
conflict kept apart is search.identity's decision, made where it is indexed.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from onrecord.indexer.annotator import annotate_article
from onrecord.indexer.budget import Deadline, check
from onrecord.indexer.chunker import chunk_article
from onrecord.indexer.corrections import load_corrections
from onrecord.indexer.errors import IngestError, WorkerError
from onrecord.indexer.inputs import find_input_files
from onrecord.indexer.lifeline import die_with_parent
from onrecord.indexer.parser import iter_articles
from onrecord.indexer.publishing import Tally, publish_wave
from onrecord.indexer.reader import read_source
from onrecord.search.config import Config
from onrecord.search.model import Article, IngestSummary
from onrecord.search.storage.identity import Resolution, Resolver, open_resolver, resolver_for
from onrecord.search.storage.records import VersionRecord
from onrecord.search.storage.segments import SegmentBatch, write_segment
from onrecord.search.storage.store import Index, hold_write_lock, write_articles

log = logging.getLogger(__name__)

# Input bytes per worker task (one segment each): big enough that a corpus
# makes few segments, small enough that every worker gets several tasks.
CHUNK_BYTES_MIN = 256 * 1024
CHUNK_BYTES_MAX = 8 * 1024 * 1024
# Articles per commit (serial), tasks per worker between commits (parallel:
# a commit deletes unlisted segment files, so workers must be idle during
# it) and each worker's pool memory are settings: search.config.SETTINGS.
# Forked workers on Linux (as before 3.14 made forkserver the default): a
# worker's parent is then this process, which die_with_parent() relies on.
POOL_CONTEXT = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
WORKER_DIED = ("an indexing worker process died (killed, perhaps by the out-of-memory killer); "
               "the index still serves its last complete commit. Re-run onrecord index, with "
               "fewer --workers if memory is short (it replaces articles, never duplicates)")


@dataclass(slots=True)
class FileOutcome:
    """One file's articles, or why it was skipped; the encoding guessed to
    read it and notes on what was left out (metadata cut, records skipped)."""

    path: Path
    articles: list[Article] = field(default_factory=list)
    reason: str | None = None
    guessed_encoding: str | None = None
    notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ChunkOutcome:
    """What a worker did with a chunk of files: their skip reasons (None when
    indexed), the uncommitted segment, the article records to write before
    it is committed, and what each article was."""

    reasons: list[tuple[Path, str | None]]
    batch: SegmentBatch | None
    records: list[VersionRecord]
    resolutions: list[Resolution]
    encodings: list[tuple[Path, str]] = field(default_factory=list)
    notes: list[tuple[Path, str]] = field(default_factory=list)


def extract_file(path: Path, budget: float | None = None) -> list[Article]:
    """Return the annotated articles in one file (a JSONL file may hold many,
    parsed and annotated one record at a time).

    Raises IngestError (ReadError/ParseError) with a readable reason, and
    BudgetError once processing the file has taken `budget` seconds."""
    return _extract(path, budget).articles


def _extract(path: Path, budget: float | None = None) -> FileOutcome:
    """Return the file's articles with its guessed encoding and notes;
    raises IngestError (BudgetError past `budget` seconds)."""
    deadline = None if budget is None else Deadline.start(budget)
    source = read_source(path)
    notes: list[str] = []
    articles = []
    for parsed in iter_articles(source, notes):
        check(deadline)
        articles.append(annotate_article(chunk_article(parsed), deadline))
    return FileOutcome(path, articles, guessed_encoding=source.guessed_encoding, notes=notes)


def iter_input_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Yield the files to ingest under `paths`, in order; the walk's rules
    (hidden files, sidecars, symbolic links) are indexer.inputs'."""
    yield from find_input_files(paths).files


def ingest_paths(
    paths: Iterable[Path],
    index: Index,
    on_file: Callable[[Path], None] | None = None,
    batch_articles: int | None = None,
    workers: int | None = None,
    file_budget: float | None = None,
    config: Config | None = None,
) -> IngestSummary:
    """Extract every file under `paths` and write its articles to `index`.

    Returns an IngestSummary; bad files (and symbolic links a walk does not
    follow, see indexer.inputs) are listed in `skipped` with their reason,
    articles kept apart in `conflicts`, guessed encodings and notes per file
    in `guessed_encodings`/`notes`.  Files are resolved as if ingested one
    by one in order (search.identity): an identical copy is not rewritten
    (copies met again in the run count in `duplicates`), an edited one
    becomes the article's next version.  `workers` processes (default: one
    per CPU) annotate and index in parallel; workers=1, or an in-memory
    index, runs everything in this process and commits every
    `batch_articles` articles (default: config.batch_articles).  A file
    taking over `file_budget` seconds (default: config.file_budget when a
    config is given, else no limit) to extract is skipped (BudgetError's
    reason).  `config` (default: the SETTINGS defaults) also gives
    tasks_per_commit and worker_memory_mb to parallel runs.  Files are reported to
    `on_file` in input order either way.  Raises IndexBusyError if another
    writer keeps the index's write lock, IndexWriteError if a commit or a
    worker's segment cannot be written (earlier commits of the run stay),
    WorkerError if a worker process dies, CorrectionsError if a speakers
    file ($ONRECORD_SPEAKERS) is bad."""
    started = time.perf_counter()
    # A bad speakers file stops the run here, once, rather than failing
    # every file (CorrectionsError: the CLI prints it and exits 2).
    load_corrections()
    if file_budget is None and config is not None:
        file_budget = config.file_budget
    config = config or Config()
    found = find_input_files(paths)
    files = found.files
    count = resolve_workers(workers, len(files))
    # One writer at a time, for the whole run: workers' segments stay
    # uncommitted between commits, and another writer's commit would delete them.
    with hold_write_lock(index):
        if count > 1 and index.path is not None:
            summary = ingest_parallel(files, index, count, on_file, file_budget, config)
        else:
            summary = _ingest_serial(files, index, on_file, batch_articles or config.batch_articles,
                                     file_budget)
    summary.files += len(found.skipped)  # links not followed and unreadable folders
    summary.skipped[:0] = [(str(path), reason) for path, reason in found.skipped]
    summary.seconds = time.perf_counter() - started
    return summary


def resolve_workers(workers: int | None, files: int) -> int:
    """Return how many worker processes to use for `files` files."""
    wanted = workers if workers is not None else (os.cpu_count() or 1)
    return max(1, min(wanted, files))


def extract_outcome(path: Path, budget: float | None = None) -> FileOutcome:
    """Return the articles of `path`, or the reason it was skipped; never
    raises, so one odd file cannot stop a worker or the run."""
    try:
        return _extract(path, budget)
    except IngestError as exc:
        return FileOutcome(path, [], str(exc))
    except Exception as exc:  # a bug on one odd file must not abort a long ingest
        log.exception("internal error on %s", path)
        return FileOutcome(path, [], f"internal error ({type(exc).__name__}: {exc}); please report it")


def _ingest_serial(files: list[Path], index: Index, on_file: Callable[[Path], None] | None,
                   batch_articles: int, budget: float | None = None) -> IngestSummary:
    summary = IngestSummary()
    tally = Tally()
    resolver: Resolver | None = None
    for path in files:
        summary.files += 1
        if on_file is not None:
            on_file(path)
        outcome = extract_outcome(path, budget)
        if outcome.reason is not None:
            _skip(summary, path, outcome.reason)
            continue
        _note(summary, path, outcome.guessed_encoding, outcome.notes)
        for article in outcome.articles:
            resolver = resolver or open_resolver(index)
            resolver.add(article)
            if len(resolver.resolutions) >= batch_articles:  # within a big export too: bounds memory
                _flush(index, resolver, tally)
                resolver = None
    if resolver is not None:
        _flush(index, resolver, tally)
    tally.fill(summary)
    return summary


def _skip(summary: IngestSummary, path: Path, reason: str) -> None:
    # info, not warning: the summary lists every skip, and a warning would
    # print each one a second time.
    log.info("skipped %s: %s", path, reason)
    summary.skipped.append((str(path), reason))


def _note(summary: IngestSummary, path: Path, encoding: str | None, notes: Iterable[str]) -> None:
    """Record a file's guessed encoding and its notes in the summary."""
    if encoding is not None:
        summary.guessed_encodings.append((str(path), encoding))
    summary.notes.extend((str(path), note) for note in notes)


def _flush(index: Index, resolver: Resolver, tally: Tally) -> None:
    """Commit what `resolver` decided to write (the next batch resolves
    against this commit) and count its articles."""
    try:
        write_articles(index, resolver.to_write.values(), resolver.records)
    finally:
        resolver.close()
    tally.add(resolver.resolutions)


def ingest_parallel(files: list[Path], index: Index, workers: int,
                    on_file: Callable[[Path], None] | None = None,
                    budget: float | None = None, config: Config | None = None) -> IngestSummary:
    """Annotate and index `files` in `workers` processes, each task writing
    one segment of the on-disk `index` (pooling config.worker_memory_mb);
    commit after every wave of config.tasks_per_commit tasks per worker.
    Returns the IngestSummary (seconds not set)."""
    config = config or Config()
    summary = IngestSummary()
    tally = Tally()
    chunks = chunk_files(files, workers, config.tasks_per_commit)
    wave = workers * config.tasks_per_commit
    path = index.path
    assert path is not None  # only an on-disk index is written by worker processes
    task = partial(index_chunk, path, budget=budget, memory_mb=config.worker_memory_mb)
    with worker_pool(workers) as pool:
        for first in range(0, len(chunks), wave):
            outcomes = []
            for outcome in pool.map(task, chunks[first:first + wave]):
                _absorb(outcome, summary, on_file)
                outcomes.append(outcome)
            deferred = publish_wave(index, outcomes, tally)
            if deferred.paths:  # rare: chunks of one wave wrote the same article
                publish_wave(index, [index_chunk(path, deferred.paths, budget, deferred.claimed,
                                                 config.worker_memory_mb)], tally)
    tally.fill(summary)
    return summary


@contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """Yield a pool of `workers` processes that end when this process dies,
    even by SIGKILL (no clean-up runs then).  On leaving, waits for running
    tasks: a worker must not write segment files after the caller releases
    the write lock.  On an error, queued tasks are dropped, and a worker's
    death (BrokenProcessPool) is raised as WorkerError."""
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=POOL_CONTEXT,
                               initializer=die_with_parent, initargs=(os.getpid(),))
    try:
        yield pool
    except BrokenProcessPool as exc:
        pool.shutdown(wait=True, cancel_futures=True)
        raise WorkerError(WORKER_DIED) from exc
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def chunk_files(files: list[Path], workers: int, tasks_per_commit: int = 2) -> list[list[Path]]:
    """Return `files` split, in order, into chunks of similar byte size
    (about `tasks_per_commit` per worker, within the CHUNK_BYTES bounds)."""
    sizes = [_file_size(path) for path in files]
    target = sum(sizes) // (workers * tasks_per_commit) + 1
    target = min(max(target, CHUNK_BYTES_MIN), CHUNK_BYTES_MAX)
    chunks: list[list[Path]] = [[]]
    filled = 0
    for path, size in zip(files, sizes, strict=False):
        if chunks[-1] and filled + size > target:
            chunks.append([])
            filled = 0
        chunks[-1].append(path)
        filled += size
    return [chunk for chunk in chunks if chunk]


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def index_chunk(index_dir: Path, paths: list[Path], budget: float | None = None,
                only: set[str] | None = None, memory_mb: int | None = None) -> ChunkOutcome:
    """Worker task: extract `paths` (each within its `budget` seconds),
    resolve their articles (only those whose own id is in `only`, if given)
    against the index at `index_dir` and write the ones to write as one
    segment (pooling `memory_mb`, default the worker_memory_mb setting's);
    returns what happened to each file and article.  Raises IndexWriteError
    if the segment cannot be written."""
    reasons: list[tuple[Path, str | None]] = []
    encodings: list[tuple[Path, str]] = []
    notes: list[tuple[Path, str]] = []
    resolver = resolver_for(index_dir)
    try:
        for path in paths:
            outcome = extract_outcome(path, budget)
            reasons.append((path, outcome.reason))
            if outcome.guessed_encoding is not None:
                encodings.append((path, outcome.guessed_encoding))
            notes.extend((path, note) for note in outcome.notes)
            for article in outcome.articles:
                if only is None or article.id in only:
                    resolver.add(article)
    finally:
        resolver.close()
    batch = write_segment(index_dir, resolver.to_write.values(), unique_ids=True, records=(),
                          memory_mb=memory_mb)
    return ChunkOutcome(reasons, batch, resolver.records, resolver.resolutions, encodings, notes)


def _absorb(outcome: ChunkOutcome, summary: IngestSummary,
            on_file: Callable[[Path], None] | None) -> None:
    for path, reason in outcome.reasons:
        summary.files += 1
        if on_file is not None:
            on_file(path)
        if reason is not None:
            _skip(summary, path, reason)
    summary.guessed_encodings.extend((str(path), encoding) for path, encoding in outcome.encodings)
    summary.notes.extend((str(path), note) for path, note in outcome.notes)
