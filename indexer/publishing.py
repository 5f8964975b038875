"""Publishing what workers indexed, and counting what each article was.

Owns Tally (per article of a run: new, updated, unchanged or conflicting,
and its last copy's paragraph and quote counts) and publish_wave(), which
commits a wave of worker outcomes.  Each worker resolved its own chunk of
files against the last commit (search.identity); two chunks of one wave
cannot see each other, so when a later chunk wrote an article whose id (or
claimed id) an earlier chunk of the wave also wrote, the later one is taken
out of its segment and deferred: it is resolved again, in input order,
once the wave is committed.  So a run means the same whatever its chunking:
as if its files were ingested one by one.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from onrecord.search.model import IngestSummary
from onrecord.search.storage.identity import Resolution
from onrecord.search.storage.records import VersionRecord
from onrecord.search.storage.segments import SegmentBatch, drop_articles
from onrecord.search.storage.store import Index, commit_batches


@dataclass(slots=True)
class Deferred:
    """Articles to resolve again after a commit: their files, in input
    order, and the ids they claimed."""

    paths: list[Path] = field(default_factory=list)
    claimed: set[str] = field(default_factory=set)


class Tally:
    """What each article of a run was; fills an IngestSummary."""

    def __init__(self) -> None:
        # doc_id -> [status, paragraphs, quotes] of its last copy
        self._articles: dict[str, list[Any]] = {}
        self.conflicts: list[tuple[str, str, str, str]] = []
        self.copies = 0  # articles read, copies met again included

    def add(self, resolutions: Iterable[Resolution]) -> None:
        """Count `resolutions` (in input order).  An article keeps the first
        status that changed the index (new, conflict, updated), else unchanged."""
        for r in resolutions:
            self.copies += 1
            entry = self._articles.setdefault(r.doc_id, [r.status, 0, 0])
            if entry[0] == "unchanged":
                entry[0] = r.status
            entry[1:] = [r.paragraphs, r.quotes]
            if r.status == "conflict":
                self.conflicts.append((r.source, r.doc_id, r.claimed_id, r.reason))

    def fill(self, summary: IngestSummary) -> None:
        """Set the summary's article, paragraph, quote, duplicate and status
        counts."""
        statuses = [status for status, _p, _q in self._articles.values()]
        summary.articles = len(self._articles)
        # Copies of an article met again in the run (same id): written once.
        summary.duplicates = self.copies - len(self._articles)
        summary.paragraphs = sum(p for _s, p, _q in self._articles.values())
        summary.quotes = sum(q for _s, _p, q in self._articles.values())
        summary.new = statuses.count("new")
        summary.updated = statuses.count("updated")
        summary.unchanged = statuses.count("unchanged")
        summary.conflicts = list(self.conflicts)


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
