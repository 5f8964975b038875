"""The indexer pipeline: chains the stages read -> parse -> chunk -> annotate
-> index over files and directories, and counts what it did.

Each stage is a pure function in its own module; this module only composes
them, decides which files to visit, and turns a bad file into a skip reason
(logged and counted) instead of an exception, so one broken file never stops
an ingest.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from indexer.annotator import annotate_article
from indexer.chunker import chunk_article
from indexer.errors import IngestError
from indexer.parser import parse_source
from indexer.reader import is_sidecar, read_source
from search.model import Article, IngestSummary
from search.store import Index, write_articles

log = logging.getLogger(__name__)

SUPPORTED_SUFFIXES = frozenset({".txt", ".html", ".htm", ".json", ".jsonl"})
BATCH_ARTICLES = 500  # articles per commit: fewer, larger segments commit faster


def extract_file(path: Path) -> list[Article]:
    """Return the annotated articles in one file (a JSONL file may hold many).

    Raises IngestError (ReadError/ParseError) with a readable reason."""
    source = read_source(path)
    return [annotate_article(chunk_article(parsed)) for parsed in parse_source(source)]


def iter_input_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Yield the files to ingest: given files as they are (so an unsupported
    one is reported, not silently ignored), directories walked recursively in
    sorted order for supported suffixes, skipping hidden files and sidecars."""
    for path in paths:
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                if _is_candidate(child, root=path):
                    yield child
        else:
            yield path


def _is_candidate(path: Path, root: Path) -> bool:
    relative = path.relative_to(root)
    if any(part.startswith(".") for part in relative.parts):
        return False
    return path.is_file() and path.suffix.lower() in SUPPORTED_SUFFIXES and not is_sidecar(path)


def ingest_paths(
    paths: Iterable[Path],
    index: Index,
    on_file: Callable[[Path], None] | None = None,
    batch_articles: int = BATCH_ARTICLES,
) -> IngestSummary:
    """Extract every file under `paths` and write its articles to `index`.

    Returns an IngestSummary; bad files are listed in `skipped` with their
    reason.  Articles are committed in batches; the same article seen twice
    in a run (same id) is written once, the later copy winning."""
    summary = IngestSummary()
    started = time.perf_counter()
    batch: dict[str, Article] = {}
    for path in iter_input_files(paths):
        summary.files += 1
        if on_file is not None:
            on_file(path)
        try:
            articles = extract_file(path)
        except IngestError as exc:
            _skip(summary, path, str(exc))
            continue
        except Exception as exc:  # a bug on one odd file must not abort a long ingest
            log.exception("internal error on %s", path)
            _skip(summary, path, f"internal error ({type(exc).__name__}: {exc}); please report it")
            continue
        for article in articles:
            batch[article.id] = article
        if len(batch) >= batch_articles:
            _flush(index, batch, summary)
    _flush(index, batch, summary)
    summary.seconds = time.perf_counter() - started
    return summary


def _skip(summary: IngestSummary, path: Path, reason: str) -> None:
    log.warning("skipped %s: %s", path, reason)
    summary.skipped.append((str(path), reason))


def _flush(index: Index, batch: dict[str, Article], summary: IngestSummary) -> None:
    if not batch:
        return
    articles = list(batch.values())
    summary.paragraphs += write_articles(index, articles)
    summary.articles += len(articles)
    summary.quotes += sum(len(p.quotes) for a in articles for p in a.paragraphs)
    batch.clear()
