"""articles.db written before the provenance columns (fetched, capture
file and offset): a writer adds them, a read-only reader reads them as
unknown, and each version keeps the first capture it was read from."""
from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

from onrecord.search import Metadata
from onrecord.search.storage.articledb.records import ArticleRecords, VersionRecord

OLD_SCHEMA = """
CREATE TABLE versions (
    doc_id TEXT NOT NULL, rev TEXT NOT NULL, version INTEGER NOT NULL,
    indexed_at TEXT NOT NULL, title TEXT, outlet TEXT, author TEXT, url TEXT,
    published TEXT, claims TEXT, paragraphs TEXT,
    PRIMARY KEY (doc_id, rev))
"""
WHEN = dt.datetime(2026, 12, 3, 22, 0, tzinfo=dt.UTC)


def old_records(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute(OLD_SCHEMA)
    db.execute("INSERT INTO versions VALUES ('a1', 'r1', 1, '2026-01-01T00:00:00+00:00', 'T', "
               "NULL, NULL, NULL, NULL, NULL, NULL)")
    db.commit()
    db.close()


def test_an_older_records_file_is_read_and_then_extended(tmp_path: Path) -> None:
    path = tmp_path / "articles.db"
    old_records(path)
    reader = ArticleRecords(path, readonly=True)
    assert reader.metadata([("a1", "r1")])[("a1", "r1")] == Metadata(title="T")
    reader.close()
    writer = ArticleRecords(path)
    meta = Metadata(title="U", fetched=WHEN, capture_file="/c/x.warc.gz", capture_offset=7)
    writer.write([VersionRecord("a2", "r2", meta)])
    assert writer.metadata([("a2", "r2")])[("a2", "r2")] == meta
    writer.close()


def test_a_version_keeps_its_first_capture(tmp_path: Path) -> None:
    records = ArticleRecords(tmp_path / "articles.db")
    first = Metadata(title="T", fetched=WHEN, capture_file="/c/a.warc.gz", capture_offset=7)
    records.write([VersionRecord("a1", "r1", first)])
    records.write([VersionRecord("a1", "r1", Metadata(title="T", fetched=WHEN + dt.timedelta(days=1),
                                                      capture_file="/c/b.warc.gz", capture_offset=9))])
    [row] = records.versions("a1")
    assert row.meta == first
    records.close()
