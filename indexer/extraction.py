"""One file through stages 1-4: read -> parse -> chunk -> annotate.

Owns extract_file() (the articles, or an IngestError) and extract_outcome()
(the articles or the reason the file was skipped, never an exception), which
both the indexing process and cluster workers (indexer.distributed.tasks) run.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from onrecord.indexer.annotate.annotator import AnnotationFiles, annotate_article
from onrecord.indexer.budget import check, over_budget, start_budget
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.indexer.errors import IngestError
from onrecord.indexer.parse.parser import iter_articles
from onrecord.indexer.read.reader import InputFile, read_source
from onrecord.search import Article, Clock, DeadlineExceeded

log = logging.getLogger(__name__)


@dataclass(slots=True)
class FileOutcome:
    """One file's articles, or why it was skipped; the encoding guessed to
    read it and notes on what was left out (metadata cut, records skipped)."""

    path: Path
    articles: list[Article] = field(default_factory=list)
    reason: str | None = None
    guessed_encoding: str | None = None
    notes: list[str] = field(default_factory=list)


def extract_file(path: Path, budget: float | None = None, *, annotation_files: AnnotationFiles | None = None,
                 clock: Clock | None = None) -> list[Article]:
    """Return the annotated articles in one file (a JSONL file may hold many,
    parsed and annotated one record at a time), annotated with the
    operator's `annotation_files` (indexer.annotate.annotator; default none).

    Raises IngestError (ReadError/ParseError) with a readable reason, and
    BudgetError once processing the file has taken `budget` seconds on
    `clock` (default: time.perf_counter)."""
    return _extract(path, budget, None, annotation_files, clock).articles


def _extract(path: Path, budget: float | None, loaded: InputFile | None,
             annotation_files: AnnotationFiles | None, clock: Clock | None) -> FileOutcome:
    """Return the file's articles with its guessed encoding and notes;
    raises IngestError (BudgetError past `budget` seconds).  In a JSON or
    JSONL file the budget is each record's: a record over it is left out
    with a note naming its line, and the other records are kept (a big
    export was skipped whole once its records together took the budget)."""
    deadline = start_budget(budget, clock)
    source = read_source(path, loaded=loaded)
    notes: list[str] = []
    articles = []
    over = False
    for parsed in iter_articles(source, notes):
        if parsed.record and budget is not None:
            deadline = start_budget(budget, clock)  # each record's own budget
        try:
            check(deadline)
            articles.append(annotate_article(chunk_article(parsed), deadline, annotation_files))
        except DeadlineExceeded:
            assert budget is not None  # only a budget's deadline passes
            if not parsed.record:
                raise over_budget(budget) from None
            over = True
            notes.append(f"{parsed.record}: over the {budget:g} s budget each record has; left out, "
                         "the other records kept")
    if over and budget is not None and not articles:  # nothing kept: skipped, as a text file would be
        raise over_budget(budget)
    return FileOutcome(path, articles, guessed_encoding=source.guessed_encoding, notes=notes)


def extract_outcome(path: Path, budget: float | None = None, loaded: InputFile | None = None,
                    annotation_files: AnnotationFiles | None = None, clock: Clock | None = None) -> FileOutcome:
    """Return the articles of `path` (from `loaded`'s bytes when given),
    annotated with the operator's `annotation_files`, or the reason it was skipped
    (BudgetError's past `budget` seconds on `clock`); never raises, so one
    odd file cannot stop a worker or the run."""
    try:
        return _extract(path, budget, loaded, annotation_files, clock)
    except IngestError as exc:
        return FileOutcome(path, [], str(exc))
    except Exception as exc:  # a bug on one odd file must not abort a long ingest
        log.exception("internal error on %s", path)
        return FileOutcome(path, [], f"internal error ({type(exc).__name__}: {exc}); please report it")
