"""Tests for bench/quality/htmleval.py's ingest speed row: pages decompressed as
score.py does, then timed through `onrecord index` (a fake two-page set)."""
from __future__ import annotations

import gzip
import os
import subprocess
from pathlib import Path

import pytest

from bench.quality.htmleval import (
    PACKAGES,
    PAGE_SET,
    decompress_pages,
    export_revision,
    ingest_row,
    peer_row,
    peer_row_or_failure,
    stages_row,
    time_one_ingest,
)

PAGE = ("<html><head><title>Council agrees the budget</title></head><body><article>"
        "<h1>Council agrees the budget</h1>"
        "<p>The council met on Tuesday and agreed the budget after a long debate in the chamber.</p>"
        "<p>\"It was the right call,\" said the council leader, Ann Lee, after the vote.</p>"
        "</article></body></html>")


def fake_set(root: Path) -> Path:
    html = root / PAGE_SET / "html"
    html.mkdir(parents=True)
    for key in ("0001", "0002"):
        (html / f"{key}.html.gz").write_bytes(gzip.compress(PAGE.replace("budget", f"budget {key}").encode()))
    return root


def decompressed(tmp_path: Path) -> Path:
    """Return a folder holding the fake set's pages, decompressed."""
    out = tmp_path / "out"
    out.mkdir()
    decompress_pages(fake_set(tmp_path / "set"), out)
    return out


def test_pages_are_decompressed_by_id(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    assert decompress_pages(fake_set(tmp_path / "set"), out, limit=1) == 1
    assert [p.name for p in out.iterdir()] == ["0001.html"]


def test_ingest_row_times_onrecord_index_and_says_how(tmp_path: Path) -> None:
    out = decompressed(tmp_path)
    label, value = ingest_row(out, runs=1)
    assert label == "htmleval ingest"
    assert "pages/s wall" in value and "`onrecord index` of 2 pages" in value
    assert "one per core" in value and "median of 1 runs" in value


def test_stages_row_splits_extraction_from_indexing(tmp_path: Path) -> None:
    out = decompressed(tmp_path)
    label, value = stages_row(out, every=1)
    assert label == "htmleval stages"
    assert "extraction " in value and "indexing " in value and "ms a page" in value
    assert "(2 paragraphs a page;" in value and "one page in 1: 2 pages" in value


def test_a_revision_is_exported_as_an_onrecord_package(tmp_path: Path) -> None:
    path = Path(export_revision("HEAD", tmp_path).split(os.pathsep)[0])
    for name in PACKAGES:
        assert (path / "onrecord" / name / "__init__.py").is_file()
    assert not (path / "onrecord" / "tests").exists()


def test_a_crashing_peer_is_no_run(tmp_path: Path) -> None:
    (tmp_path / "onrecord" / "cli").mkdir(parents=True)
    (tmp_path / "onrecord" / "cli" / "__init__.py").write_text("raise ImportError('an old layout')\n")
    with pytest.raises(subprocess.CalledProcessError):
        time_one_ingest(tmp_path, str(tmp_path))


@pytest.mark.slow  # two `onrecord index` processes, one of an exported revision
def test_peer_row_times_both_revisions_and_gives_the_ratio(tmp_path: Path) -> None:
    out = decompressed(tmp_path)
    label, value = peer_row(out, "HEAD", runs=1)
    assert label == "htmleval ingest vs HEAD"
    assert value.startswith("this checkout ") and ", HEAD " in value and ": ratio " in value
    assert "`onrecord index` of 2 pages" in value and "median of 1 each" in value


def test_a_peer_that_cannot_run_is_one_row_saying_why(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    label, value = peer_row_or_failure(out, "no-such-revision-anywhere", runs=1)
    assert label == "htmleval ingest vs no-such-revision-anywhere"
    assert value.startswith("failed: git exited ") and "no-such-revision-anywhere" in value
