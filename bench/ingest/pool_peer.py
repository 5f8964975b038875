"""The previous parallel ingest, kept only as the peer of the cluster bench.

Before issue #15, `onrecord index` ran a ProcessPoolExecutor of forked
workers, each resolving its chunk against the index on the shared disk and
writing an uncommitted segment straight into the index directory; the
parent published each wave under the write lock (commits wait for idle
workers).  This module is that code, unchanged but for its imports, so
bench.ingest.cluster_ingest can time it beside the Dask path on the same machine
and corpus.  It is not part of the product.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from onrecord.indexer.extraction import extract_outcome
from onrecord.indexer.tally import Tally
from onrecord.search import (
    Config,
    Index,
    IngestSummary,
    Resolution,
    SegmentBatch,
    VersionRecord,
    commit_batches,
    die_with_parent,
    drop_articles,
    hold_write_lock,
    resolver_for,
    write_segment,
)

POOL_CONTEXT = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None


@dataclass(slots=True)
class ChunkOutcome:
    """What a worker did with a chunk of files (as before #15)."""

    reasons: list[tuple[Path, str | None]]
    batch: SegmentBatch | None
    records: list[VersionRecord]
    resolutions: list[Resolution]
    encodings: list[tuple[Path, str]] = field(default_factory=list)
    notes: list[tuple[Path, str]] = field(default_factory=list)


def ingest_pool(files: list[Path], index: Index, workers: int, config: Config | None = None) -> IngestSummary:
    """Run the previous pool ingest of `files` into the on-disk `index`
    under its write lock; return the summary."""
    with hold_write_lock(index):
        return ingest_parallel(files, index, workers, config=config)


@dataclass(slots=True)
class Deferred:
    """Articles to resolve again after a commit: their files, in input
    order, and the ids they claimed."""

    paths: list[Path] = field(default_factory=list)
    claimed: set[str] = field(default_factory=set)


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
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


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
            summary.skipped.append((str(path), reason))
    summary.guessed_encodings.extend((str(path), encoding) for path, encoding in outcome.encodings)
    summary.notes.extend((str(path), note) for path, note in outcome.notes)


def publish_wave(index: Index, outcomes: list[Any], tally: Tally) -> Deferred:
    """Commit the outcomes' segments and records (input order) and count
    their articles; return the articles deferred (see the module doc).
    Each outcome has .batch (SegmentBatch or None), .records and
    .resolutions.  Raises what commit_batches raises."""
    taken: set[str] = set()
    deferred = Deferred()
    batches: list[SegmentBatch] = []
    records: list[VersionRecord] = []
    for outcome in outcomes:
        clash = _clashing(outcome.resolutions, taken)
        for r in outcome.resolutions:
            if r.doc_id in clash:
                deferred.claimed.add(r.claimed_id)
                if Path(r.source) not in deferred.paths:
                    deferred.paths.append(Path(r.source))
            elif r.written:
                taken.update((r.doc_id, r.claimed_id))
        tally.add(r for r in outcome.resolutions if r.doc_id not in clash)
        if outcome.batch is not None:
            drop_articles(outcome.batch, clash)
            batches.append(outcome.batch)
        records.extend(row for row in outcome.records if row.doc_id not in clash)
    commit_batches(index, batches, records)
    return deferred


def _clashing(resolutions: list[Resolution], taken: set[str]) -> set[str]:
    """Return the doc_ids of `resolutions` to defer: those written under an
    id (or claiming one) that `taken` holds, and every article of the chunk
    sharing an id with one deferred."""
    clash = {r.doc_id for r in resolutions if r.written and {r.doc_id, r.claimed_id} & taken}
    ids = set(clash)
    grew = bool(clash)
    while grew:
        before = len(clash)
        for r in resolutions:
            if {r.doc_id, r.claimed_id} & ids:
                clash.add(r.doc_id)
                ids.update((r.doc_id, r.claimed_id))
        grew = len(clash) > before
    return clash


# The pool's chunking, as it was (the cluster's now cuts whole rounds of tasks).
CHUNK_BYTES_MIN = 256 * 1024
CHUNK_BYTES_MAX = 8 * 1024 * 1024


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
    return path.stat().st_size if path.is_file() else 0  # a bench corpus: no files vanish
