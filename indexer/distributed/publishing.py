"""Publishing what cluster workers indexed.

Owns publish_results(), the single writer's half of a cluster ingest
(each article counted in the run's indexer.tally.Tally).  Workers cannot
see the index, so they resolve nothing: their tasks (indexer.distributed.tasks) return a segment and each
article's digest, and here, in input order, each article is decided from its
digest (search.writing.identity Resolver.decide: new, or unchanged) against the last
commit and the articles before it.  An article that needs its paragraphs to
decide (an update, a conflict, a second version of an id met in the run) is
taken out of its segment and deferred: once the segments are committed its
file is read again in this process and the article resolved in full.  So a
run means the same whatever its chunking: as if its files were ingested one
by one.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from onrecord.indexer.distributed.tasks import ChunkResult, Found
from onrecord.indexer.extraction import FileOutcome
from onrecord.indexer.progress import COMMITTING, WRITING, ProgressReport
from onrecord.indexer.tally import Tally
from onrecord.search import (
    Index,
    IngestSummary,
    Resolver,
    SegmentBatch,
    commit_batches,
    discard_segment,
    drop_articles,
    hold_write_lock,
    install_segment,
    open_resolver,
    write_articles,
)

Extract = Callable[[Path], FileOutcome]


@dataclass(slots=True)
class Deferred:
    """Articles to resolve in full after a commit: file -> the positions of
    its deferred articles, in input order, and their ids."""

    files: dict[str, set[int]] = field(default_factory=dict)
    ids: set[str] = field(default_factory=set)

    def add(self, found: Found) -> None:
        self.files.setdefault(found.path, set()).add(found.ordinal)
        self.ids.add(found.digest.doc_id)


def publish_results(index: Index, results: list[ChunkResult], tally: Tally, extract: Extract,
                    report: ProgressReport | None = None) -> None:
    """Resolve the results' articles (input order), commit the segments'
    kept articles with their records in one commit, then resolve the
    deferred ones in full (their files read again by `extract`) and commit
    them.  Counts every article in `tally`; tells `report` when it writes
    and when it commits.  Raises what commit_batches and write_articles
    raise (IndexWriteError, IndexBusyError)."""
    if report is not None:
        report.stage(WRITING)
    deferred = Deferred()
    resolver = open_resolver(index)
    try:
        kept = [_decide(resolver, result, deferred, tally) for result in results]
    finally:
        resolver.close()
    # Held across installing and committing: whoever takes the lock removes
    # uncommitted segment files as a crashed writer's orphans.
    for result, keep in zip(results, kept, strict=True):
        if not keep:
            discard_segment(result.segment)
    with hold_write_lock(index):
        batches = [install_segment(index.path, result.segment) if index.path is not None
                   else result.segment.batch
                   for result, keep in zip(results, kept, strict=True) if keep and result.segment]
        if report is not None:
            report.stage(COMMITTING)
        commit_batches(index, batches, resolver.records)
        if deferred.files:
            resolve_again(index, deferred, tally, extract)


def _decide(resolver: Resolver, result: ChunkResult, deferred: Deferred, tally: Tally) -> bool:
    """Decide each article of `result`; take the ones not written (or
    deferred) out of its segment; return whether anything is left in it."""
    drop: set[str] = set()
    for found in result.found:
        doc_id = found.digest.doc_id
        decided = None if doc_id in deferred.ids else resolver.decide(found.digest)
        if decided is None:
            deferred.add(found)
        else:
            tally.add([decided])
        if found.in_segment and (decided is None or not decided.written):
            drop.add(doc_id)
    if result.segment is None:
        return False
    batch: SegmentBatch = result.segment.batch
    if drop:
        drop_articles(batch, drop)
    return bool(batch.spans)


def resolve_again(index: Index, deferred: Deferred, tally: Tally, extract: Extract) -> None:
    """Read the deferred articles' files again (input order), resolve those
    articles in full against the last commit, commit them and count them."""
    resolver = open_resolver(index)
    try:
        for path, ordinals in deferred.files.items():
            outcome = extract(Path(path))
            for ordinal, article in enumerate(outcome.articles):
                if ordinal in ordinals:
                    resolver.add(article)
        write_articles(index, resolver.to_write.values(), resolver.records)
    finally:
        resolver.close()
    tally.add(resolver.resolutions)


def absorb(result: ChunkResult, summary: IngestSummary, skip: Callable[[str, str], None],
           on_file: Callable[[Path], None] | None) -> None:
    """Count a result's files in `summary` (skips through `skip`), with
    their guessed encodings and notes, reporting each to `on_file`."""
    for path, reason in result.reasons:
        summary.files += 1
        if on_file is not None:
            on_file(Path(path))
        if reason is not None:
            skip(path, reason)
    summary.guessed_encodings.extend(result.encodings)
    summary.notes.extend(result.notes)

