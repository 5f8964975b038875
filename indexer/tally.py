"""What each article of a run was, counted into the run's IngestSummary.

Owns Tally: per article (by id), new, updated, unchanged or conflicting
(the first status that changed the index wins), its last copy's paragraph
and quote counts, the conflicts kept apart, and how many copies were met.
The serial ingest (indexer.pipeline) and the cluster's writer
(indexer.distributed.publishing) count alike through it; it imports no
stage (tests/test_layers.py).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: counting loads neither Whoosh nor the writer
    from onrecord.search import IngestSummary, Resolution


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
        counts, and the ids of the articles read."""
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
        summary.doc_ids = list(self._articles)
