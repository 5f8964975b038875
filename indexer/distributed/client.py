"""Ingest on Dask distributed: many workers, one writer.

Owns cluster_client() -- a Client of an existing Dask scheduler
(`onrecord index --cluster tcp://HOST:8786`), else of a LocalCluster of one
single-threaded worker process per core whose processes end when this one
dies, even by SIGKILL -- and ingest_cluster(), which splits the files into
chunks of similar size, submits one index_inputs task (this package's
`tasks`) per chunk (a bounded number in flight) and hands the results, in
input order, to `publishing` in waves of config.tasks_per_commit tasks per
worker.
For a scheduler's workers, each chunk's bytes are loaded here and the
segment's files come back as bytes (workers need no shared filesystem); a
local cluster's workers read their files and leave their segments in the
index's scratch folder, so nothing crosses the wire (a 250,000-paragraph
corpus makes 1.2 GB of segments).  Workers never write the index's own
files, so they keep working while this process commits.  A worker that
dies mid-task is replaced and its task run again by Dask; a chunk whose
task kills its workers repeatedly is retried a file at a time, and a file
that still kills one is skipped with a reason.  Each file a worker reads
comes back at once as a Dask event, for the run's progress (indexer.progress).
"""
from __future__ import annotations

import logging
import os
import shutil
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import dask
from distributed import Client, KilledWorker, LocalCluster
from distributed.diagnostics.plugin import WorkerPlugin

from onrecord.indexer.annotate.annotator import AnnotationFiles, load_annotation_files
from onrecord.indexer.distributed.publishing import absorb, publish_results
from onrecord.indexer.distributed.tasks import PROGRESS_TOPIC, ChunkResult, index_inputs
from onrecord.indexer.errors import WorkerError
from onrecord.indexer.extraction import FileOutcome, extract_outcome
from onrecord.indexer.parse.html import quiet_trafilatura
from onrecord.indexer.progress import READING, ProgressReport
from onrecord.indexer.read.reader import load_input
from onrecord.indexer.tally import Tally
from onrecord.search import SCRATCH_DIR, Config, Index, IngestSummary, die_with_parent, hold_write_lock

log = logging.getLogger(__name__)

# Tasks per worker a corpus is cut into (within the task_min_bytes and
# task_max_bytes settings: big enough that a corpus makes few segments, small
# enough that every worker gets several tasks).
# Each task is one segment, and once a commit sees five or more segments
# Whoosh's merge policy folds the small ones together in this (single)
# writer while the workers wait: at 8 tasks per worker the BBC corpus
# took 37 s to ingest (46 s of CPU), at 2 it takes 15.7 s (24 s of CPU).
TASKS_PER_WORKER = 2
# Tasks queued per worker beyond those running, so workers never wait for a commit.
QUEUED_PER_WORKER = 2
# Dask's setting of the environment its nannies start workers with, and the
# one variable of it onrecord's workers do without (see worker_environ).
NANNY_ENVIRON = "distributed.nanny.pre-spawn-environ"
MALLOC_TRIM = "MALLOC_TRIM_THRESHOLD_"
# Dask's statistical profiler samples every worker's stack each 10 ms (for
# its dashboard, which a local ingest does not serve): one task of 25
# corpus files took 27.0-27.3 s in a worker with it, 23.8-24.6 s without,
# 20.2-23.4 s in this process.
WORKER_PROFILE = "distributed.worker.profile.enabled"
# Dask's periodic housekeeping, at the pace a local ingest needs rather than
# the live dashboard's: the event-loop watchdog (20 ms), the resource
# monitor for the dashboard (500 ms), each worker's memory check (100 ms;
# it pauses or restarts a worker near its limit, which a second still
# catches) and the work-stealing balancer (100 ms; tasks here run a minute).
# An idle local cluster of two workers used 3.1 and 3.8 CPU seconds per 30 s
# with Dask's defaults (the scheduler's process 1.7 / 2.1, each worker 0.7 /
# 0.9), 0.6 with these (two runs each): on two cores, the ingest's own work
# loses that CPU to it.
QUIET_HOUSEKEEPING = {
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.scheduler.work-stealing-interval": "1s",
}
# Where a local cluster's scheduler serves its HTTP routes.  Dask's scheduler
# starts an HTTP server even without a dashboard (dashboard_address=None),
# on its default port 8787, and when that port is taken (another cluster, a
# second indexer) it warns "Port 8787 is already in use" on stderr and takes
# another: a port of the system's choosing on the loopback never collides.
SCHEDULER_HTTP = {"dashboard": False, "dashboard_address": "127.0.0.1:0"}
# Seconds to reach an existing scheduler before giving up.
CONNECT_SECONDS = 10
# Seconds to wait for a scheduler's first worker.
WORKER_WAIT_SECONDS = 60
# Runs of a single file's task that ended its worker before the file is skipped.
SINGLE_FILE_TRIES = 2
KILLED_FILE = ("its task ended its worker process each time it ran (out of memory, or a crash "
               "in a parser); the rest of the run went on")
SCHEDULER_GONE = ("the Dask cluster failed mid-run ({exc}); the index still serves its last "
                  "complete commit. Re-run onrecord index (it replaces articles, never duplicates)")


@contextmanager
def cluster_client(address: str | None, workers: int, connect_seconds: float = CONNECT_SECONDS,
                   wait_seconds: float = WORKER_WAIT_SECONDS) -> Iterator[Any]:
    """Yield a distributed Client: of the scheduler at `address`, else of a
    new LocalCluster of `workers` single-threaded processes (closed on
    leaving; its processes also exit if this one is killed).  Raises
    WorkerError if the scheduler cannot be reached within `connect_seconds`
    or has no workers after `wait_seconds`."""
    if address:
        try:
            client = Client(address, timeout=connect_seconds)
        except (OSError, TimeoutError) as exc:
            raise WorkerError(f"cannot reach the Dask scheduler at {address} ({exc}); start one "
                              "with `dask scheduler` and workers with `dask worker ADDRESS`") from exc
        with client:
            try:
                client.wait_for_workers(1, timeout=wait_seconds)
            except TimeoutError as exc:
                raise WorkerError(f"the Dask scheduler at {address} has no workers after "
                                  f"{wait_seconds:g} s; start some with `dask worker "
                                  f"{address}`") from exc
            yield client
        return
    with dask.config.set({NANNY_ENVIRON: worker_environ(), WORKER_PROFILE: False, **QUIET_HOUSEKEEPING}), \
            LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                         dashboard_address=None, scheduler_kwargs=SCHEDULER_HTTP,
                         silence_logs=logging.CRITICAL) as cluster, \
            Client(cluster) as client:
        client.register_plugin(_Lifeline(os.getpid()), name="onrecord-lifeline")
        yield client


class _Lifeline(WorkerPlugin):
    """A Dask worker plugin: a local worker dies with the indexing process
    (search.lifeline), besides Dask's own watch on its parent's pipe; every
    worker quiets trafilatura's per-page warnings, as the CLI does."""

    def __init__(self, parent_pid: int) -> None:
        self.parent_pid = parent_pid

    def setup(self, worker: Any) -> None:
        quiet_trafilatura()  # a worker's stderr is the indexer's terminal
        if os.getppid() == self.parent_pid:  # a worker this process started
            die_with_parent(self.parent_pid)


def worker_environ() -> dict[str, Any]:
    """Return the environment Dask's nannies give the workers they start,
    without MALLOC_TRIM_THRESHOLD_.  Dask sets it (65536) so that workers
    hand freed memory back to the system; that also turns off glibc's
    adaptive thresholds, and a task here (millions of small postings,
    large lists) then took 38.0 s instead of 30.3 s of CPU (system time
    3.5 s instead of 1.0 s): one task of 40 corpus files in one process,
    one run with and one without it."""
    environ = dict(dask.config.get(NANNY_ENVIRON, default={}) or {})
    environ.pop(MALLOC_TRIM, None)
    return environ


def worker_count(client: Any) -> int:
    """Return the number of worker threads the cluster has now (at least 1)."""
    return max(1, sum(client.nthreads().values()))


def ingest_cluster(files: list[Path], index: Index, client: Any,
                   on_file: Callable[[Path], None] | None = None, budget: float | None = None,
                   config: Config | None = None,
                   skip: Callable[[IngestSummary, str, str], None] | None = None,
                   local: bool = False, report: ProgressReport | None = None,
                   annotation_files: AnnotationFiles | None = None) -> IngestSummary:
    """Index `files` on the cluster of `client` into the on-disk `index`
    (under its write lock), committing a wave of results at a time; with
    `local` (the workers share this machine's disk) tasks read the files
    and build their segments in the index's scratch folder.  Every task
    annotates with `annotation_files` (the operator's files as this process
    read them; default none).  Each file a worker finishes, and each
    commit, is told to `report`.  Returns the IngestSummary (seconds not
    set).  Raises WorkerError if the cluster fails, IndexWriteError if a
    commit fails."""
    config = config or Config()
    report = report or ProgressReport(None, len(files))
    annotation_files = annotation_files or load_annotation_files(config)
    with hold_write_lock(index):  # held: taking it removes the scratch folder
        scratch = _make_scratch(index) if local else None
        summary = _TaskRun(index, client, on_file, budget, config, skip, scratch, report,
                           annotation_files).run(files)
        if scratch is not None:  # the folders of segments nothing was kept from
            shutil.rmtree(scratch, ignore_errors=True)
    return summary


def _make_scratch(index: Index) -> Path:
    """Return the index's scratch folder for local workers' segments, created."""
    assert index.path is not None  # a cluster ingest writes an on-disk index
    scratch = index.path / SCRATCH_DIR
    scratch.mkdir(exist_ok=True)
    return scratch


class _TaskRun:
    """One cluster ingest's tasks: submitted a chunk each (at most `window`
    in flight), their results taken in input order and committed a wave of
    `wave` at a time; the run's files read are told to `report` as workers
    send them."""

    def __init__(self, index: Index, client: Any, on_file: Callable[[Path], None] | None,
                 budget: float | None, config: Config, skip: Callable[[IngestSummary, str, str], None] | None,
                 scratch: Path | None, report: ProgressReport, annotation_files: AnnotationFiles) -> None:
        self.index, self.client, self.on_file, self.budget, self.config = index, client, on_file, budget, config
        self.skip, self.scratch, self.report, self.annotation_files = skip, scratch, report, annotation_files
        self.summary, self.tally = IngestSummary(), Tally()
        self.workers = worker_count(client)
        self.wave, self.window = self.workers * config.tasks_per_commit, self.workers * (1 + QUEUED_PER_WORKER)
        self.run_id = uuid.uuid4().hex[:8]
        self.pending: deque[tuple[Any, list[Path], int]] = deque()
        self.results: list[ChunkResult] = []

    def run(self, files: list[Path]) -> IngestSummary:
        """Return the summary of indexing `files` (every task's results
        committed; tasks still pending when this fails are cancelled)."""
        chunks = chunk_files(files, self.workers, TASKS_PER_WORKER, self.config)
        # Each file a worker finishes comes back as an event (tasks.index_inputs):
        # a task holds hundreds of files, and its result only comes at its end.
        self.client.subscribe_topic(PROGRESS_TOPIC, self.read)
        self.report.stage(READING)
        try:
            self.submit_all(chunks)
        finally:
            self.client.unsubscribe_topic(PROGRESS_TOPIC)
            for future, _chunk, _first in self.pending:
                future.cancel()
        self.tally.fill(self.summary)
        return self.summary

    def submit_all(self, chunks: list[list[Path]]) -> None:
        """Submit a task per chunk, taking results whenever `window` are in
        flight, then the rest, and commit what is left; returns nothing."""
        first = 0
        for number, chunk in enumerate(chunks):
            self.pending.append((self.submit(chunk, number, first), chunk, first))
            first += len(chunk)
            while len(self.pending) >= self.window:
                self.take()
        while self.pending:
            self.take()
        if self.results:
            publish_results(self.index, self.results, self.tally, self.extract, self.report)

    def submit(self, chunk: list[Path], number: int, first: int) -> Any:
        """Return the future of an index_inputs task of `chunk` (task
        `number` of the run, -1: a retry under a fresh key; its first file
        the run's `first`): paths for local workers, else the files' bytes."""
        key = f"onrecord-index-{self.run_id}-{number}" if number >= 0 else None  # None: a fresh key
        progress = (self.run_id, first)
        if self.scratch is not None:
            return self.client.submit(index_inputs, [str(path) for path in chunk], self.budget,
                                      self.config.worker_memory_mb, scratch=str(self.scratch), in_place=True,
                                      progress=progress, annotation_files=self.annotation_files, key=key,
                                      pure=False)
        return self.client.submit(index_inputs, [load_input(path) for path in chunk], self.budget,
                                  self.config.worker_memory_mb, progress=progress,
                                  annotation_files=self.annotation_files, key=key, pure=False)

    def take(self) -> None:
        """Absorb the oldest pending task's results (waiting for them) and
        commit a wave once `wave` results are held; returns nothing."""
        future, chunk, first = self.pending.popleft()
        for result in _results(future, chunk, first, self.submit):
            absorb(result, self.summary, self.skipped, self.on_file)
            self.results.append(result)
        self.report.advance(range(first, first + len(chunk)))  # in case its workers' events are late
        if len(self.results) >= self.wave:
            publish_results(self.index, self.results, self.tally, self.extract, self.report)
            self.results.clear()
            self.report.resume()

    def extract(self, path: Path) -> FileOutcome:
        """Return the FileOutcome of extracting `path` here (publishing's retry of a file)."""
        return extract_outcome(path, self.budget, annotation_files=self.annotation_files)

    def skipped(self, path: str, reason: str) -> None:
        """Record `path` skipped for `reason` in the summary; returns nothing."""
        _skipped(self.summary, path, reason, self.skip)

    def read(self, event: tuple[float, list[Any]]) -> None:
        """Tell the report a worker read a file of this run; returns nothing."""
        if event[1][0] == self.run_id:  # not another ingest's on the same scheduler
            self.report.advance([event[1][1]])


def _skipped(summary: IngestSummary, path: str, reason: str,
             skip: Callable[[IngestSummary, str, str], None] | None) -> None:
    if skip is not None:
        skip(summary, path, reason)
    else:
        summary.skipped.append((path, reason))


def _results(future: Any, chunk: list[Path], first: int,
             submit: Callable[[list[Path], int, int], Any], tries: int = 0) -> list[ChunkResult]:
    """Return a task's result (one).  A chunk that killed its workers
    (KilledWorker) is run again a file at a time (one result each; `first`
    is the chunk's first file's position in the run's input); a single
    file is tried SINGLE_FILE_TRIES times (a task queued on a worker that
    another task killed is blamed too), then skipped.  Raises
    WorkerError if the cluster itself failed, IndexWriteError if a worker
    could not write its segment."""
    try:
        return [future.result()]
    except KilledWorker:
        if len(chunk) == 1 and tries + 1 >= SINGLE_FILE_TRIES:
            log.warning("skipped %s: %s", chunk[0], KILLED_FILE)
            return [ChunkResult(reasons=[(str(chunk[0]), KILLED_FILE)])]
    except (OSError, TimeoutError) as exc:  # the scheduler went away
        raise WorkerError(SCHEDULER_GONE.format(exc=exc)) from exc
    if len(chunk) == 1:
        return _results(submit(chunk, -1, first), chunk, first, submit, tries + 1)
    log.warning("a task of %d files ended its workers; running them one at a time", len(chunk))
    singles = [(submit([path], -1, first + i), [path], first + i) for i, path in enumerate(chunk)]
    return [result for one, path, at in singles for result in _results(one, path, at, submit)]


def chunk_files(files: list[Path], workers: int, tasks_per_worker: int = TASKS_PER_WORKER,
                config: Config | None = None) -> list[list[Path]]:
    """Return `files` split, in order, into chunks of similar byte size
    (about `tasks_per_worker` per worker, within `config`'s task_min_bytes
    and task_max_bytes; default Config()), as many chunks as a multiple of
    `workers` where the files allow."""
    config = config or Config()
    sizes = [_file_size(path) for path in files]
    total = sum(sizes) + len(sizes)  # + 1 a file: empty files still count
    target = min(max(total // (workers * tasks_per_worker) + 1, config.task_min_bytes), config.task_max_bytes)
    # Whole rounds of equal tasks: cut greedily into 15 chunks of 8.3 MB and
    # one of 2.5 MB, the 250,000-paragraph bench left one of two workers idle
    # for 49 s of a 648 s run while the other ran the last full task.
    count = -(-total // target)
    count = -(-count // workers) * workers
    chunks: list[list[Path]] = [[] for _ in range(count)]
    start = 0
    for path, size in zip(files, sizes, strict=True):
        # A file goes to the chunk its middle byte falls in.
        chunks[(2 * start + size + 1) * count // (2 * total)].append(path)
        start += size + 1
    return [chunk for chunk in chunks if chunk]


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
