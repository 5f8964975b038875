"""The task a cluster worker runs: read -> parse -> chunk -> annotate -> one segment.

Owns index_inputs().  Its input is a chunk of files' bytes (indexer.read.reader
InputFile, loaded by the indexing process), so a worker needs no shared
filesystem: it runs every stage on each file and writes the articles into
one segment in a local temporary folder (search.writing.segments
build_segment), returned with the segment's files.  A worker of a local
cluster shares the indexing process's disk: it gets the files' paths and
reads them itself, and builds its segment in the index's scratch folder,
returning only the files' names (nothing sent over the wire twice).  A task
never decides identities (new, update, unchanged, conflict): only the
writer sees the index, and it resolves each article from its digest
(indexer.distributed.publishing).  A task is pure given its input, so Dask may run it
again after its worker died.
"""
from __future__ import annotations

import socket
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from onrecord.indexer.annotate.annotator import AnnotationFiles
from onrecord.indexer.extraction import FileOutcome, extract_outcome
from onrecord.indexer.read.reader import InputFile
from onrecord.search import (
    Article,
    ArticleDigest,
    Clock,
    LocalSegment,
    PortableSegment,
    build_segment,
    digest_of,
    write_failure,
)

# The Dask event topic of files read, one for every run: a scheduler keeps a
# topic's last 100,000 events, and a topic per run would never be dropped.
PROGRESS_TOPIC = "onrecord-progress"


@dataclass(frozen=True, slots=True)
class Found:
    """One article a task read: its file, its position among that file's
    articles (0-based) and its digest.  `in_segment` is False for a later
    copy of an id the chunk already holds (the segment keeps the first)."""

    path: str
    ordinal: int
    digest: ArticleDigest
    in_segment: bool


@dataclass(slots=True)
class ChunkResult:
    """What a task did with a chunk of files: each file's skip reason (None
    when read), the segment and its articles in input order, guessed
    encodings, notes, and the seconds the task took."""

    reasons: list[tuple[str, str | None]] = field(default_factory=list)
    segment: PortableSegment | LocalSegment | None = None
    found: list[Found] = field(default_factory=list)
    encodings: list[tuple[str, str]] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0


def index_inputs(inputs: list[InputFile] | list[str], budget: float | None = None,
                 memory_mb: int | None = None, scratch: str | None = None,
                 in_place: bool = False, progress: tuple[str, int] | None = None,
                 annotation_files: AnnotationFiles | None = None, clock: Clock | None = None) -> ChunkResult:
    """Extract every file of `inputs` (loaded bytes, or paths read here),
    each within `budget` seconds (on `clock`, default time.perf_counter) and
    annotated with the operator's `annotation_files` as the indexing process
    read them (default none), and index their articles into one segment
    built under `scratch` (default: the Dask worker's local folder, else
    the system's temporary one; with `in_place`, a folder on the index's
    filesystem where the segment's files stay).  With `progress` (the
    run's id, the position of the first input in the run's input), each
    file read is logged to the Dask event topic PROGRESS_TOPIC as [run,
    position], for the indexing process's progress (indexer.progress).
    Returns the ChunkResult; a
    bad file is a reason, never an exception.  Raises IndexWriteError (one
    line, picklable) if the scratch folder cannot be written."""
    started = time.perf_counter()
    result = ChunkResult()
    articles: dict[str, Article] = {}
    items: list[InputFile | str] = list(inputs)
    for offset, item in enumerate(items):
        path, loaded = (item, None) if isinstance(item, str) else (item.path, item)
        outcome = extract_outcome(Path(path), budget, loaded, annotation_files, clock)
        if progress is not None:
            _report_file(progress[0], progress[1] + offset)
        _add_outcome(result, articles, path, outcome)
    result.segment = _write_segment(articles, memory_mb, scratch, in_place)
    result.seconds = time.perf_counter() - started
    return result


def _add_outcome(result: ChunkResult, articles: dict[str, Article], path: str, outcome: FileOutcome) -> None:
    """Record the file at `path`'s `outcome` in `result` (its reason,
    encoding, notes and found articles) and keep in `articles` each article
    whose id the chunk has not met yet (the segment keeps the first);
    returns nothing."""
    result.reasons.append((path, outcome.reason))
    if outcome.guessed_encoding is not None:
        result.encodings.append((path, outcome.guessed_encoding))
    result.notes.extend((path, note) for note in outcome.notes)
    for ordinal, article in enumerate(outcome.articles):
        first = article.id not in articles
        if first:
            articles[article.id] = article
        result.found.append(Found(path, ordinal, digest_of(article), first))


def _write_segment(articles: dict[str, Article], memory_mb: int | None, scratch: str | None,
                   in_place: bool) -> PortableSegment | LocalSegment | None:
    """Return the segment of `articles` built under `scratch` (default: the
    worker's local folder, else the system's temporary one), left there
    with `in_place` (None: no articles, see build_segment).  Raises IndexWriteError (one line, picklable) if the
    folder cannot be written."""
    folder = Path(scratch) if scratch else _worker_folder()
    try:
        return build_segment(articles.values(), memory_mb, folder, in_place)
    except OSError as exc:
        where = f"{socket.gethostname()}:{folder or tempfile.gettempdir()}"
        raise write_failure(f"writing a segment in the worker's scratch folder {where}", where,
                            exc) from exc


def _report_file(run: str, position: int) -> None:
    """Log the file at `position` of `run` as read to PROGRESS_TOPIC, when
    running in a worker."""
    try:
        from distributed import get_worker

        get_worker().log_event(PROGRESS_TOPIC, [run, position])
    except (ImportError, ValueError):  # not in a worker: nobody is listening
        return


def _worker_folder() -> Path | None:
    """Return the running Dask worker's local folder (Dask removes a dead
    worker's folder when the next worker starts), else None."""
    try:
        from distributed import get_worker

        return Path(get_worker().local_directory)
    except (ImportError, ValueError):  # not in a worker: run in this process
        return None
