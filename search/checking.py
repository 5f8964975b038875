"""Verifying an on-disk index: `onrecord check`.

Owns CheckReport and check_index(): open the index, read every segment's
document counts and every live document's stored fields, check that the
always-present indexed fields (kind, doc_id) count each live paragraph
exactly once, that every article version the paragraphs name has its record
(search.records), and list orphan files left by crashed or failed writers.
The report says how to repair what it found.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from search.durability import is_write_locked, list_orphans, open_whoosh
from search.records import RECORDS_FILE, ArticleRecords

# Fields every paragraph has (see search.schema.paragraph_fields); summed
# over their terms, each must count every live paragraph once.
_ALWAYS_PRESENT = ("kind", "doc_id")


@dataclass(slots=True)
class CheckReport:
    """What check_index found; ok when `problems` is empty."""

    index_dir: Path
    generation: int = -1
    doc_count: int = 0
    segments: list[tuple[str, int, int]] = field(default_factory=list)  # name, live, deleted
    orphans: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    writer_active: bool = False
    damaged: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems

    def repair(self) -> str:
        """Return what to do about the problems ('' when ok)."""
        label = self.index_dir
        if self.damaged:
            return (f"delete {label} and rebuild it: onrecord index YOUR-ARTICLES --index {label}")
        steps = []
        if any("more than once" in p or "no record" in p for p in self.problems):
            steps.append(f"re-run onrecord index on the same articles --index {label} "
                         "(it replaces each article's paragraphs and restores missing records)")
        if self.orphans and not self.writer_active:
            steps.append(f"run any onrecord index --index {label} (it removes orphan files "
                         "when it takes the write lock), or delete the listed files while no "
                         "indexer runs")
        return "; ".join(steps)

    def format(self) -> str:
        """Return the report as text for the terminal."""
        lines = [f"index {self.index_dir}: generation {self.generation}, "
                 f"{self.doc_count:,} paragraphs in {len(self.segments)} segments"]
        lines += [f"  segment {name}: {live:,} live, {deleted:,} deleted"
                  for name, live, deleted in self.segments]
        if self.orphans:
            whose = "a running indexer's files" if self.writer_active else "orphans"
            lines.append(f"  {len(self.orphans)} files not in the current commit ({whose}): "
                         + ", ".join(self.orphans[:10]) + (" ..." if len(self.orphans) > 10 else ""))
        lines += [f"  PROBLEM: {problem}" for problem in self.problems]
        lines.append(f"  repair: {self.repair()}" if self.problems else "  OK")
        return "\n".join(lines)


def check_index(index_dir: Path) -> CheckReport:
    """Verify the index at `index_dir` and return a CheckReport; never
    raises for a missing or damaged index (that is a problem in the report)."""
    report = CheckReport(Path(index_dir))
    if not (report.index_dir.is_dir() and _has_toc(report.index_dir)):
        report.problems.append("no index here")
        report.damaged = True
        return report
    try:
        ix = open_whoosh(report.index_dir)
        try:
            _check_contents(ix, report)
            report.writer_active = is_write_locked(ix)
        finally:
            ix.close()
        report.orphans = list_orphans(report.index_dir)
    except Exception as exc:  # any failure to read means damage, reported not raised
        report.damaged = True
        report.problems.append(f"cannot be read ({type(exc).__name__}: {exc})")
        return report
    if report.orphans and not report.writer_active:
        report.problems.append(f"{len(report.orphans)} orphan files from crashed or failed writers")
    return report


def _has_toc(path: Path) -> bool:
    # Not whoosh's exists_in(): it reads the TOC, and a damaged one must be
    # reported as damage, not as a missing index.
    return any(path.glob("_MAIN_*.toc"))


def _check_contents(ix: Any, report: CheckReport) -> None:
    report.generation = ix.latest_generation()
    for segment in ix._segments():
        report.segments.append((segment.segment_id(), segment.doc_count(),
                                segment.deleted_count()))
    with ix.reader() as reader:
        report.doc_count = reader.doc_count()
        live_total = sum(live for _, live, _ in report.segments)
        if live_total != report.doc_count:
            report.problems.append(f"segments hold {live_total} live documents, the reader "
                                   f"counts {report.doc_count}")
        stored = _read_stored(reader, report,
                              ArticleRecords(report.index_dir / RECORDS_FILE, readonly=True))
        for name in _ALWAYS_PRESENT:
            counted = _count_postings(reader, name)
            if counted != report.doc_count:
                report.problems.append(f"field {name!r} counts {counted} paragraphs, "
                                       f"the index holds {report.doc_count}")
        if stored != report.doc_count:
            report.problems.append(f"{stored} stored documents for {report.doc_count} paragraphs")


def _read_stored(reader: Any, report: CheckReport, records: ArticleRecords) -> int:
    """Read every live document's stored fields; flag repeated paragraph
    ids and article versions without a record."""
    ids: Counter[str] = Counter()
    versions: set[tuple[str, str]] = set()
    for docnum in reader.all_doc_ids():
        stored = reader.stored_fields(docnum)
        ids[stored.get("paragraph_id", "")] += 1
        versions.add((stored.get("doc_id", ""), stored.get("rev", "")))
    repeated = [pid for pid, count in ids.items() if count > 1]
    if repeated:
        report.problems.append(f"{len(repeated)} paragraph ids are indexed more than once "
                               f"(e.g. {repeated[0]})")
    try:
        damage = records.check()
        missing = records.missing(versions)
    finally:
        records.close()
    if damage:
        report.problems.append(f"the article records ({RECORDS_FILE}) are damaged: {damage}")
        report.damaged = True
    if missing:
        report.problems.append(f"{len(missing)} articles have no record of their metadata "
                               f"(e.g. {missing[0][0]})")
    return sum(ids.values())


def _count_postings(reader: Any, fieldname: str) -> int:
    """Return the live documents over all terms of `fieldname`'s postings."""
    total = 0
    for term in reader.lexicon(fieldname):
        for docnum in reader.postings(fieldname, term).all_ids():
            if not reader.is_deleted(docnum):
                total += 1
    return total
