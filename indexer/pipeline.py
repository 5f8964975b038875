"""The indexer pipeline: chains the stages read -> parse -> chunk -> annotate
-> index over files and directories, and counts what it did.

Each stage is a pure function in its own module; indexer.extraction chains
stages 1-4 for one file, turning a bad file into a skip reason (logged and
counted) instead of an exception, so one broken file never stops an ingest.
This module decides which files to visit and where they are indexed: in
this process for small inputs, one worker, or an in-memory index; else on
Dask distributed (indexer.distributed.client: an existing scheduler, or a local cluster
of one worker process per core), whose tasks each write one segment that
this process, the single writer, commits (indexer.distributed.publishing).  Whether an
article is new, an update, unchanged or a conflict kept apart is
search.writing.identity's decision, made where the index is.
"""
from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from onrecord.indexer.annotate.annotator import AnnotationFiles, load_annotation_files
from onrecord.indexer.extraction import FileOutcome, extract_file, extract_outcome
from onrecord.indexer.progress import COMMITTING, READING, STARTING, WRITING, ProgressCallback, ProgressReport
from onrecord.indexer.read.inputs import InputFiles, find_input_files
from onrecord.indexer.read.reader import InputFile
from onrecord.indexer.tally import Tally
from onrecord.search import (
    DEFAULT_COLLECTION,
    Article,
    Clock,
    Config,
    Index,
    IngestSummary,
    Resolver,
    hold_write_lock,
    open_resolver,
    write_articles,
)

__all__ = ["FileOutcome", "extract_file", "extract_outcome", "ingest_inputs", "ingest_paths", "iter_input_files"]

log = logging.getLogger(__name__)


def iter_input_files(paths: Iterable[Path], include_all: bool = False) -> Iterator[Path]:
    """Yield the files to ingest under `paths`, in order; the walk's rules
    (hidden files, sidecars, symbolic links, files that are not articles
    unless `include_all`) are indexer.read.inputs'."""
    yield from find_input_files(paths, include_all).files


def ingest_paths(paths: Iterable[Path], index: Index, on_file: Callable[[Path], None] | None = None,
                 batch_articles: int | None = None, workers: int | None = None, file_budget: float | None = None,
                 config: Config | None = None, cluster: str | None = None,
                 on_progress: ProgressCallback | None = None, include_all: bool = False, clock: Clock | None = None,
                 collection: str = DEFAULT_COLLECTION) -> IngestSummary:
    """Extract every file under `paths` and write its articles to `index`; returns an IngestSummary.

    Bad files (and symbolic links a walk does not follow, see indexer.read.inputs) are listed in
    `skipped` with their reason, articles kept apart in `conflicts`, guessed encodings and notes per
    file in `guessed_encodings`/`notes`.  Files are resolved as if ingested one by one in order
    (search.writing.identity): an identical copy is not rewritten (copies met again in the run count in
    `duplicates`), an edited one becomes the article's next version.  `workers` processes (default: one
    per CPU) of a local Dask cluster annotate and index in parallel, or the workers of the Dask
    scheduler at `cluster` (default: config.cluster; tcp://HOST:8786).  Without a scheduler, workers=1,
    an in-memory index or inputs under config.cluster_min_bytes run everything in this process and
    commit every `batch_articles` articles (default: config.batch_articles).  A file taking over
    `file_budget` seconds (default: config.file_budget when a config is given, else no limit) on `clock`
    (default time.perf_counter; a test passes a fake one) to extract is skipped (BudgetError's reason).
    `config` (default: SETTINGS') also names the operator's speakers and institutions files (read once,
    here) and gives tasks_per_commit, task_min_bytes, task_max_bytes and worker_memory_mb to cluster
    runs.  Files are reported to `on_file` in input order either way, and the run's stage and files read
    so far to `on_progress` (indexer.progress: the first event before any file is read, the last DONE).
    A folder walk leaves out files plainly not articles (README, LICENSE: listed in `left_out`) unless
    `include_all`; a file named in `paths` is always read.  Every article goes into `collection` (one
    already indexed in another moves there); a collection other than the default is indexed in this
    process.  Raises IndexBusyError if another writer keeps the index's write lock, IndexWriteError if a
    commit cannot be written (earlier commits of the run stay), WorkerError if the cluster cannot be
    reached or fails (a worker that dies is replaced and its task run again), CorrectionsError
    (RegistryError) if the speakers (institutions) setting's file is bad."""
    started = time.perf_counter()
    budget = config.file_budget if file_budget is None and config is not None else file_budget
    config = config or Config()
    # A bad speakers or institutions file stops the run here, once, not every file (the CLI says why, exits 2).
    annotation_files = load_annotation_files(config)
    found = find_input_files(paths, include_all)
    report = ProgressReport(on_progress, len(found.files))
    summary = _ingest_locked(found.files, index, config, report, annotation_files, on_file=on_file, budget=budget,
                             workers=workers, cluster=cluster, batch=batch_articles, clock=clock, collection=collection)
    report.finish()
    return _add_walk(summary, found, started)


def _ingest_locked(files: list[Path], index: Index, config: Config, report: ProgressReport,
                   annotation_files: AnnotationFiles, *, on_file: Callable[[Path], None] | None,
                   budget: float | None, workers: int | None, cluster: str | None, batch: int | None,
                   clock: Clock | None, collection: str) -> IngestSummary:
    """Return the summary of ingesting `files` while holding the index's
    write lock: on the scheduler at `cluster` (default config.cluster) or
    a local cluster of `workers` processes when the files are big enough,
    else in this process (ingest_paths tells when)."""
    address = cluster if cluster is not None else config.cluster
    count = resolve_workers(workers, len(files))
    # One writer at a time, for the whole run: a wave's segment files stay
    # uncommitted until its commit, and another writer's commit would delete them.
    with hold_write_lock(index):
        # The cluster's tasks know no collection: another one is indexed here.
        if index.path is not None and collection == DEFAULT_COLLECTION and (
                address or (count > 1 and _big(files, config))):
            report.stage(STARTING)
            return _ingest_on_cluster(files, index, address, count, on_file, budget, config,
                                      report, annotation_files)
        report.stage(READING)
        return _ingest_serial(files, index, on_file, batch or config.batch_articles,
                              budget, report, annotation_files, clock, collection=collection)


def _add_walk(summary: IngestSummary, found: InputFiles, started: float) -> IngestSummary:
    """Return `summary` with the walk's skips (links not followed, unreadable
    folders) and left-out files added, and its seconds since `started`."""
    summary.files += len(found.skipped)
    summary.skipped[:0] = [(str(path), reason) for path, reason in found.skipped]
    summary.left_out = [(str(path), reason) for path, reason in found.left_out]
    summary.seconds = time.perf_counter() - started
    return summary


def ingest_inputs(inputs: Sequence[InputFile], index: Index, config: Config | None = None,
                  collection: str = DEFAULT_COLLECTION) -> IngestSummary:
    """Extract and write the articles of `inputs`, files whose bytes are
    already in memory (a watch's captures: InputFile.path names the kind,
    e.g. a .warc.gz), into `collection`, in this process, as ingest_paths would in one
    process.  Returns the IngestSummary; raises what ingest_paths raises."""
    config = config or Config()
    annotation_files = load_annotation_files(config)
    files = [Path(item.path) for item in inputs]
    with hold_write_lock(index):
        summary = _ingest_serial(files, index, None, config.batch_articles, config.file_budget,
                                 annotation_files=annotation_files, loaded=inputs, collection=collection)
    return summary


def _big(files: list[Path], config: Config) -> bool:
    """Return True if `files` hold at least config.cluster_min_bytes (a
    local cluster's start-up is not worth it for less)."""
    total = 0
    for path in files:
        try:
            total += path.stat().st_size
        except OSError:
            continue
        if total >= config.cluster_min_bytes:
            return True
    return False


def _ingest_on_cluster(files: list[Path], index: Index, address: str, workers: int,
                       on_file: Callable[[Path], None] | None, budget: float | None,
                       config: Config, report: ProgressReport,
                       annotation_files: AnnotationFiles) -> IngestSummary:
    """Run indexer.distributed.client's ingest on the scheduler at `address`, else on
    a local cluster of `workers` processes."""
    from onrecord.indexer.distributed.client import cluster_client, ingest_cluster  # imports distributed

    with cluster_client(address or None, workers) as client:
        return ingest_cluster(files, index, client, on_file, budget, config,
                              skip=lambda summary, path, why: _skip(summary, Path(path), why),
                              local=not address, report=report, annotation_files=annotation_files)


def resolve_workers(workers: int | None, files: int) -> int:
    """Return how many worker processes to use for `files` files."""
    wanted = workers if workers is not None else (os.cpu_count() or 1)
    return max(1, min(wanted, files))


def _ingest_serial(files: list[Path], index: Index, on_file: Callable[[Path], None] | None,
                   batch_articles: int, budget: float | None = None,
                   report: ProgressReport | None = None, annotation_files: AnnotationFiles | None = None,
                   clock: Clock | None = None, loaded: Sequence[InputFile] | None = None,
                   collection: str = DEFAULT_COLLECTION) -> IngestSummary:
    """Return the summary of extracting `files` one by one in this process
    (the bytes of files[i] are loaded[i] when given) and writing their
    articles, in `collection`, every `batch_articles`."""
    summary = IngestSummary()
    tally = Tally()
    report = report or ProgressReport(None, len(files))
    resolver: Resolver | None = None
    for position, path in enumerate(files):
        summary.files += 1
        if on_file is not None:
            on_file(path)
        outcome = extract_outcome(path, budget, loaded=loaded[position] if loaded is not None else None,
                                  annotation_files=annotation_files, clock=clock)
        report.advance([position], READING)
        if outcome.reason is not None:
            _skip(summary, path, outcome.reason)
            continue
        _note(summary, path, outcome.guessed_encoding, outcome.notes)
        for article in outcome.articles:
            resolver = resolver or open_resolver(index)
            resolver.add(in_collection(article, collection))
            if len(resolver.resolutions) >= batch_articles:  # within a big export too: bounds memory
                _flush(index, resolver, tally, report)
                resolver = None
    if resolver is not None:
        _flush(index, resolver, tally, report)
    tally.fill(summary)
    return summary


def in_collection(article: Article, collection: str) -> Article:
    """Return `article` in `collection` (itself when it already is)."""
    if article.meta.collection == collection:
        return article
    return replace(article, meta=replace(article.meta, collection=collection))


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


def _flush(index: Index, resolver: Resolver, tally: Tally, report: ProgressReport) -> None:
    """Commit what `resolver` decided to write (the next batch resolves
    against this commit) and count its articles."""
    report.stage(WRITING)
    try:
        write_articles(index, resolver.to_write.values(), resolver.records,
                       on_commit=lambda: report.stage(COMMITTING))
    finally:
        resolver.close()
    tally.add(resolver.resolutions)
