"""What `onrecord index` says after a run: each skip once, right plurals,
duplicates counted, guessed encodings and metadata notes listed."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import format_problems, format_summary, main
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.config import Config
from onrecord.search.model import IngestSummary
from onrecord.search.storage.opening import open_index

ARTICLE = "Budget vote\n\nThe council passed the {word} budget on Tuesday.\n"
LATIN = "Caf\u00e9 owners back the {word} plan\n\nThe mayor\u2019s aide called it na\u00efve.\n"


def _corpus(folder: Path) -> Path:
    """Two good files, a copy of one, a cp1252 file, a JSON record with an
    over-long title, and an undecodable file."""
    folder.mkdir()
    (folder / "a.txt").write_text(ARTICLE.format(word="harbour"), encoding="utf-8")
    (folder / "b.txt").write_text(ARTICLE.format(word="school"), encoding="utf-8")
    (folder / "copy-of-a.txt").write_text(ARTICLE.format(word="harbour"), encoding="utf-8")
    (folder / "latin.txt").write_bytes(LATIN.format(word="riverside").encode("cp1252"))
    (folder / "long.json").write_text(json.dumps({"title": "T" * 5_000, "text": "Rates rise."}))
    (folder / "zz-bad.txt").write_bytes(b"x" + bytes(range(0x80, 0x100)) * 4)
    return folder


@pytest.mark.parametrize(("counts", "expected"), [
    ((1, 1, 1, 1, 1), "Indexed 1 article, 1 paragraph, 1 quote from 1 file in 0.0 s into ix; "
                      "skipped 1 file."),
    ((2, 3, 0, 1_200, 0), "Indexed 2 articles, 3 paragraphs, 0 quotes from 1,200 files in 0.0 s "
                          "into ix; skipped 0 files."),
])
def test_summary_line_uses_right_plurals(counts: tuple[int, ...], expected: str) -> None:
    articles, paragraphs, quotes, files, skipped = counts
    summary = IngestSummary(files=files, articles=articles, paragraphs=paragraphs, quotes=quotes,
                            skipped=[("x.txt", "bad")] * skipped)
    assert format_summary(summary, Path("ix")) == expected


def test_guessed_encodings_are_grouped_and_capped() -> None:
    summary = IngestSummary(guessed_encodings=[(f"f{i}.txt", "windows-1252") for i in range(7)]
                            + [("r.txt", "koi8-r")], duplicates=1)
    lines = format_summary(summary, Path("ix")).splitlines()[1:]
    assert lines == [
        "1 article repeated one already read in this run (same URL or text): indexed once, "
        "the last copy kept.",
        "Read 7 files as windows-1252 (not plain UTF-8; check it reads right): "
        "f0.txt, f1.txt, f2.txt, f3.txt, f4.txt and 2 more",
        "Read 1 file as koi8-r (not plain UTF-8; check it reads right): r.txt",
    ]


def test_notes_are_capped_with_a_count_of_the_rest() -> None:
    summary = IngestSummary(notes=[("a.jsonl", f"line {i}: title cut") for i in range(53)])
    lines = format_problems(summary)
    assert len(lines) == 51
    assert lines[-1] == "  ... and 3 more notes"


def test_index_reports_duplicates_encodings_notes_and_skips(tmp_path: Path, cli_runner: CliRunner) -> None:
    folder = _corpus(tmp_path / "in")
    result = cli_runner.invoke(main, ["index", str(folder), "--index", str(tmp_path / "ix")])
    assert result.exit_code == 1
    out, err = result.stdout, result.stderr
    assert "Indexed 4 articles" in out and "from 6 files" in out and "skipped 1 file." in out
    assert "1 article repeated one already read in this run" in out
    assert f"Read 1 file as windows-1252 (not plain UTF-8; check it reads right): {folder / 'latin.txt'}" in out
    assert f"note {folder / 'long.json'}: record 1: title cut to 2,048 bytes (was 5,000)" in err
    assert err.count("zz-bad.txt") == 1


def test_each_skip_is_printed_once_by_the_real_command(tmp_path: Path) -> None:
    # A real process: under pytest, log records are captured instead of
    # reaching stderr, which would hide a second print of the same skip.
    folder = _corpus(tmp_path / "in")
    run = subprocess.run([sys.executable, "-c", "from cli import main; main()", "index", str(folder),
                          "--index", str(tmp_path / "ix")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    assert (run.stdout + run.stderr).count("zz-bad.txt") == 1
    assert "Traceback" not in run.stderr


def test_serial_and_cluster_runs_report_the_same(tmp_path: Path, dask_address: str) -> None:
    folder = _corpus(tmp_path / "in")
    reports = []
    for workers in (1, 2):
        index = open_index(tmp_path / f"ix{workers}", create=True)
        summary = ingest_paths([folder], index, workers=workers, cluster=dask_address if workers == 2 else "",
                               config=Config(task_min_bytes=1, task_max_bytes=1))  # one file per worker task
        index.close()
        reports.append((summary.files, summary.articles, summary.duplicates, summary.skipped,
                        summary.guessed_encodings, summary.notes))
    assert reports[0] == reports[1]
    files, articles, duplicates, skipped, encodings, notes = reports[0]
    assert (files, articles, duplicates, len(skipped)) == (6, 4, 1, 1)
    assert encodings == [(str(folder / "latin.txt"), "windows-1252")]
    assert notes == [(str(folder / "long.json"), "record 1: title cut to 2,048 bytes (was 5,000)")]
