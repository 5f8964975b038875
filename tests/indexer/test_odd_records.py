"""Odd values in JSON/JSONL records and sidecars lose only themselves
(issue #29, items 4 and 5): a lone surrogate skips its one record with its
line number, a date known to the year or month is kept at that precision,
and an impossible date is dropped with a note while the record is indexed."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.engine import search
from onrecord.search.features.articleview import get_article
from onrecord.search.model import SearchRequest
from onrecord.search.storage.store import Index
from onrecord.web.app import create_app

LONE = "\ud800"


def jsonl(path: Path, *records: dict[str, str]) -> Path:
    # json.dumps writes a lone surrogate as the escape "\ud800", as exports do.
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def record(n: int, **fields: str) -> dict[str, str]:
    return {"title": f"Record {n}", "text": f"Record number {n} is about the harbour works.", **fields}


@pytest.mark.parametrize("field", ["title", "author", "outlet", "url", "published", "text"])
def test_a_lone_surrogate_skips_only_its_record(tmp_path: Path, disk_index: Index, field: str) -> None:
    bad = record(2, **{field: f"Harbour{LONE} works"})
    path = jsonl(tmp_path / "export.jsonl", record(1), bad, record(3))
    summary = ingest_paths([path], disk_index, workers=1)
    assert (summary.articles, summary.skipped) == (2, [])
    notes = [note for _path, note in summary.notes]
    assert any(n.startswith(f"line 2: {field} holds a lone surrogate (U+D800)") for n in notes), notes
    titles = {hit.title for hit in search(disk_index, SearchRequest(query="harbour")).hits}
    assert titles == {"Record 1", "Record 3"}


def test_a_lone_surrogate_in_a_sidecar_does_not_skip_the_file(tmp_path: Path, disk_index: Index) -> None:
    path = tmp_path / "story.txt"
    path.write_text("The council met on Tuesday about the harbour works.\n", encoding="utf-8")
    (tmp_path / "story.meta.json").write_text(json.dumps({"title": f"Bad{LONE}", "outlet": "Gazette"}),
                                               encoding="utf-8")
    summary = ingest_paths([path], disk_index, workers=1)
    assert (summary.articles, summary.skipped) == (1, [])
    (hit,) = search(disk_index, SearchRequest(query="harbour")).hits
    assert (hit.title, hit.outlet) == (None, "Gazette")


def test_the_cli_prints_no_traceback_for_a_lone_surrogate(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "export.jsonl", record(1), record(2, title=f"X{LONE}"), record(3))
    result = CliRunner().invoke(main, ["index", str(path), "--index", str(tmp_path / "idx")])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert "Indexed 2 articles" in result.output


@pytest.mark.parametrize(("stated", "iso", "shown"), [
    ("2020", "2020", "2020"),
    ("2020-06", "2020-06", "June 2020"),
    ("2020-06-15", "2020-06-15", "15 June 2020"),
])
def test_a_year_or_month_is_kept_at_its_precision(tmp_path: Path, disk_index: Index,
                                                   stated: str, iso: str, shown: str) -> None:
    path = jsonl(tmp_path / "export.jsonl", record(1, published=stated, url="https://x.example/1"))
    summary = ingest_paths([path], disk_index, workers=1)
    assert (summary.articles, summary.notes) == (1, [])
    (hit,) = search(disk_index, SearchRequest(query="harbour")).hits
    assert hit.published == iso
    assert get_article(disk_index, hit.doc_id).meta.published.isoformat() == iso
    # Sorted and filtered by the period's first day.
    since = search(disk_index, SearchRequest(query="harbour", since=dt.date(int(stated[:4]), 1, 1)))
    assert since.total == 1
    client = create_app(disk_index).test_client()
    assert shown in client.get(f"/doc/{hit.doc_id}").get_data(as_text=True)
    assert shown in client.get("/?q=harbour").get_data(as_text=True)
    atom = client.get("/feed.atom?q=harbour").get_data(as_text=True)
    assert f"<published>{stated[:4]}-" in atom and "T00:00:00Z</published>" in atom


@pytest.mark.parametrize("stated", ["0001-01-01", "9999-12-31", "soon", "2020-13"])
def test_an_impossible_date_is_dropped_and_the_record_kept(tmp_path: Path, disk_index: Index,
                                                           stated: str) -> None:
    path = jsonl(tmp_path / "export.jsonl", record(1, published=stated), record(2, published="2021-03-04"))
    summary = ingest_paths([path], disk_index, workers=1)
    assert (summary.articles, summary.skipped) == (2, [])
    notes = [note for _path, note in summary.notes]
    assert notes == [f"line 1: published {stated!r} is not a date: dropped, the record kept"]
    dates = {hit.title: hit.published for hit in search(disk_index, SearchRequest(query="harbour")).hits}
    assert dates == {"Record 1": None, "Record 2": "2021-03-04"}


class StepClock:
    """A clock that moves one second every time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_budget_is_each_records_in_a_jsonl_file(tmp_path: Path, disk_index: Index) -> None:
    # 40 quick records read past a 30 s budget together, none alone: all kept.
    path = jsonl(tmp_path / "export.jsonl", *(record(n) for n in range(1, 41)))
    summary = ingest_paths([path], disk_index, workers=1, file_budget=30, clock=StepClock())
    assert (summary.articles, summary.skipped, summary.notes) == (40, [], [])


def test_a_record_over_the_budget_is_left_out_alone(tmp_path: Path, disk_index: Index) -> None:
    slow = {"title": "Slow", "text": "\n\n".join(f'"Quote {i}," said Ann Lee.' for i in range(200))}
    path = jsonl(tmp_path / "export.jsonl", record(1), slow, record(3))
    summary = ingest_paths([path], disk_index, workers=1, file_budget=30, clock=StepClock())
    assert (summary.articles, summary.skipped) == (2, [])
    assert [note for _p, note in summary.notes] == [
        "line 2: over the 30 s budget each record has; left out, the other records kept"]
    assert {h.title for h in search(disk_index, SearchRequest(query="harbour")).hits} == {"Record 1", "Record 3"}


def test_a_text_file_over_the_budget_is_still_skipped(tmp_path: Path, disk_index: Index) -> None:
    path = tmp_path / "long.txt"
    path.write_text("\n\n".join(f'"Quote {i}," said Ann Lee.' for i in range(200)), encoding="utf-8")
    summary = ingest_paths([path], disk_index, workers=1, file_budget=30, clock=StepClock())
    assert summary.skipped == [(str(path), "took longer than the 30 s per-file budget")]
