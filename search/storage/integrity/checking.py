"""Verifying an on-disk index: `onrecord check`.

Owns CheckReport and check_index(): open the index, check every file of
the current commit against its manifest (size and CRC-32 recorded at
commit: search.storage.integrity.manifests), read every segment's
document counts and every live document's stored fields, check that the
always-present indexed fields (kind, doc_id) count each live paragraph
exactly once, that every article version the paragraphs name has its record
(search.storage.articledb.records), and sort the files the current commit does not use into
superseded ones (normal: kept a while for readers, then removed) and
orphans left by crashed or failed writers.  Tells a damaged index from one
that is read-only or unreadable for this user, and from one a newer
onrecord wrote (search.storage.integrity.damage.newer_writer: upgrade, as `serve`
says); the report says how to repair what it found, and never advises
deleting an index it could read or a newer onrecord's.
"""
from __future__ import annotations

import os
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from onrecord.search.storage.articledb.recordfiles import interrupted_write
from onrecord.search.storage.articledb.records import RECORDS_FILE, ArticleRecords
from onrecord.search.storage.integrity.damage import newer_writer
from onrecord.search.storage.integrity.durability import is_write_locked, open_whoosh
from onrecord.search.storage.integrity.leftovers import READER_GRACE_SECONDS, classify_files
from onrecord.search.storage.integrity.manifests import check_files
from onrecord.search.storage.reading.whoosh_tocs import index_segments
from onrecord.search.storage.schema import count_quote_documents, schema_mismatch

# Fields every paragraph has (see search.storage.schema.paragraph_fields); summed
# over their terms, each must count every live paragraph once.
_GRACE_MINUTES = f"{READER_GRACE_SECONDS / 60:g} min"
UNFINISHED = "an indexer was killed while writing the article records"


@dataclass(slots=True)
class CheckReport:
    """What check_index found; ok when `problems` is empty.  Superseded
    files and a read-only directory are reported, but are not problems."""

    index_dir: Path
    generation: int = -1
    doc_count: int = 0  # live paragraph documents
    quote_count: int = 0  # live quote documents (search.storage.schema.unit_documents)
    segments: list[tuple[str, int, int]] = field(default_factory=list)  # name, live, deleted
    orphans: list[str] = field(default_factory=list)
    superseded_kept: list[str] = field(default_factory=list)     # readers may still use them
    superseded_expired: list[str] = field(default_factory=list)  # no reader needs them
    problems: list[str] = field(default_factory=list)
    writer_active: bool | None = False  # None: the lock could not be asked
    damaged: bool = False
    no_access: bool = False  # a file could not be read for lack of permission
    read_only: bool = False  # this user cannot write to the directory
    outdated: bool = False  # built by another onrecord version: search refuses it
    newer: bool = False  # a newer onrecord's format (a codec this one lacks): upgrade, never delete

    @property
    def ok(self) -> bool:
        return not self.problems

    def repair(self) -> str:
        """Return what to do about the problems ('' when ok)."""
        label = self.index_dir
        if self.newer:  # serve's NewerIndexError says the same: the index is intact
            return (f"upgrade onrecord to the version that wrote {label} (or a later one); the index "
                    "is not damaged: do not delete it")
        if self.damaged or self.outdated:
            return (f"delete {label} and rebuild it: onrecord index YOUR-ARTICLES --index {label}")
        if self.no_access:
            return (f"give this user read access to {label} and its files (the index may "
                    "well be intact: do not delete it), then run onrecord check again")
        steps = []
        if any(UNFINISHED in p for p in self.problems):
            steps.append(f"re-run onrecord index --index {label} (it first rolls back the "
                         "records write an indexer did not finish)")
        if any("more than once" in p or "no record" in p for p in self.problems):
            steps.append(f"re-run onrecord index on the same articles --index {label} "
                         "(it replaces each article's paragraphs and restores missing records)")
        if self.orphans and not self.writer_active:
            who = " as a user who can write to it" if self.read_only else ""
            steps.append(f"run any onrecord index --index {label}{who} (it removes orphan files "
                         "when it takes the write lock), or delete the listed files while no "
                         "indexer runs")
        return "; ".join(steps)

    def format(self) -> str:
        """Return the report as text for the terminal."""
        lines = [f"index {self.index_dir}: generation {self.generation}, "
                 f"{self.doc_count:,} paragraphs and {self.quote_count:,} quotes in "
                 f"{len(self.segments)} segments"]
        lines += [f"  segment {name}: {live:,} live, {deleted:,} deleted"
                  for name, live, deleted in self.segments]
        lines += self._notes()
        if self.orphans:
            whose = "a running indexer's files" if self.writer_active else "orphans"
            lines.append(f"  {_files(self.orphans)} in no commit ({whose}): "
                         + _names(self.orphans))
        lines += [f"  PROBLEM: {problem}" for problem in self.problems]
        lines.append(f"  repair: {self.repair()}" if self.problems else "  OK")
        return "\n".join(lines)

    def _notes(self) -> list[str]:
        """Return the informational lines: what is normal and needs nothing."""
        notes = []
        if self.read_only:
            notes.append("  read-only for this user: searching works; onrecord index needs "
                         "write access")
        if self.writer_active is None:
            notes.append("  cannot tell whether an indexer is running (lock file unreadable)")
        if self.superseded_kept:
            notes.append(f"  {_files(self.superseded_kept)} of commits superseded less than "
                         f"{_GRACE_MINUTES} ago, kept for readers still on them (normal): "
                         + _names(self.superseded_kept))
        if self.superseded_expired:
            notes.append(f"  {_files(self.superseded_expired)} of commits superseded over "
                         f"{_GRACE_MINUTES} ago, no longer needed (normal; the next onrecord "
                         "index or search removes them): " + _names(self.superseded_expired))
        return notes


def _files(names: list[str]) -> str:
    return f"{len(names)} file{'' if len(names) == 1 else 's'}"


def _names(names: list[str]) -> str:
    return ", ".join(names[:10]) + (" ..." if len(names) > 10 else "")


def check_index(index_dir: Path) -> CheckReport:
    """Verify the index at `index_dir` and return a CheckReport; never
    raises for a missing, damaged or unreadable index (that is a problem in
    the report).  Changes nothing on disk."""
    report = CheckReport(Path(index_dir))
    try:
        if not (report.index_dir.is_dir() and _has_toc(report.index_dir)):
            report.problems.append("no index here")
            report.damaged = True
            return report
        ix = open_whoosh(report.index_dir)
        try:
            _check_contents(ix, report)
            report.writer_active = is_write_locked(ix)
        finally:
            ix.close()
        files = classify_files(report.index_dir)
    except PermissionError as exc:  # not damage: the bytes were never read
        report.no_access = True
        report.problems.append(f"cannot be read ({exc.strerror}: {exc.filename})")
        return report
    except Exception as exc:  # any other failure to read means damage, reported not raised
        if (what := newer_writer(exc)) is not None:  # not damage: this onrecord cannot unpickle a newer one's codec
            report.newer = True
            report.problems.append(f"written by a newer onrecord (this one lacks {what})")
            return report
        report.damaged = True
        report.problems.append(f"cannot be read ({type(exc).__name__}: {exc})")
        return report
    report.orphans = files.orphans
    report.superseded_kept, report.superseded_expired = files.kept, files.expired
    report.read_only = not os.access(report.index_dir, os.W_OK)
    if report.orphans and not report.writer_active:
        report.problems.append(f"{len(report.orphans)} orphan files from crashed or failed writers")
    return report


def _has_toc(path: Path) -> bool:
    # Not whoosh's exists_in(): it reads the TOC, and a damaged one must be
    # reported as damage, not as a missing index.  os.listdir, not glob: a
    # directory this user may not list raises PermissionError, not "empty".
    return any(name.startswith("_MAIN_") and name.endswith(".toc")
               for name in os.listdir(path))


def _check_contents(ix: Any, report: CheckReport) -> None:
    report.generation = ix.latest_generation()
    mismatch = schema_mismatch(ix.schema)
    if mismatch:  # the files may be intact, but this version cannot search them
        report.outdated = True
        report.problems.append(f"built by another onrecord version ({mismatch})")
    segments = index_segments(ix)
    for segment in segments:
        report.segments.append((segment.segment_id(), segment.doc_count(),
                                segment.deleted_count()))
    altered = check_files(report.index_dir, segments)
    if altered:  # decoding may not notice: a truncated file can read as a short one
        report.damaged = True
        report.problems.extend(altered)
    with ix.reader() as reader:
        documents = reader.doc_count()
        report.quote_count = count_quote_documents(reader)
        report.doc_count = documents - report.quote_count
        live_total = sum(live for _, live, _ in report.segments)
        if live_total != documents:
            report.problems.append(f"segments hold {live_total} live documents, the reader "
                                   f"counts {documents}")
        stored = _read_stored(reader, report, _open_records(report))
        for name, holders, expected in (("kind", "paragraphs", report.doc_count),
                                        ("doc_id", "documents", documents)):
            counted = _count_postings(reader, name)
            if counted != expected:
                report.problems.append(f"field {name!r} counts {counted} {holders}, "
                                       f"the index holds {expected}")
        if stored != report.doc_count:
            report.problems.append(f"{stored} stored documents for {report.doc_count} paragraphs")


def _open_records(report: CheckReport) -> ArticleRecords | None:
    """Return the index's records opened read-only; None (and a problem
    that is not damage) while a killed writer's rollback journal waits for
    the next writer, which alone may roll it back."""
    try:
        return ArticleRecords(report.index_dir / RECORDS_FILE, readonly=True)
    except sqlite3.Error as exc:
        if not interrupted_write(exc):
            raise
    report.problems.append(f"{UNFINISHED} ({RECORDS_FILE}-journal): its records were not checked")
    return None


def _read_stored(reader: Any, report: CheckReport, records: ArticleRecords | None) -> int:
    """Read every live document's stored fields; flag repeated paragraph
    ids and article versions without a record."""
    ids: Counter[str] = Counter()
    versions: set[tuple[str, str]] = set()
    for docnum in reader.all_doc_ids():
        stored = reader.stored_fields(docnum)
        versions.add((stored.get("doc_id", ""), stored.get("rev", "")))
        if "qi" in stored:  # a quote document: its paragraph has the id
            continue
        ids[stored.get("paragraph_id", "")] += 1
        versions.add((stored.get("doc_id", ""), stored.get("rev", "")))
    repeated = [pid for pid, count in ids.items() if count > 1]
    if repeated:
        report.problems.append(f"{len(repeated)} paragraph ids are indexed more than once "
                               f"(e.g. {repeated[0]})")
    if records is None:
        return sum(ids.values())
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
