"""The per-file time budget (issue 17): a file that takes too long is skipped
with its reason and the rest of the run commits, serially and in worker
processes.  No test waits on real time: the budget is 0 s, or the clock is a
counter that advances one "second" each time it is read, so a file's cost
is the number of deadline checks its processing makes."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from click.testing import CliRunner

from bench.ingest.heavy import quote_heavy_text
from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.indexer.distributed.tasks import index_inputs
from onrecord.indexer.errors import BudgetError, IngestError
from onrecord.indexer.pipeline import extract_file, ingest_paths
from onrecord.indexer.read.reader import load_input
from onrecord.search.config import Config, load_config
from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.engine import search
from onrecord.search.model import Metadata, ParsedArticle, SearchRequest
from onrecord.search.storage.opening import open_index, ram_index

SMALL = '"We will appeal," said Jane Porter.\n\nThe council met on Monday.\n'
BIG = quote_heavy_text(300, layout="paragraphs")  # hundreds of paragraphs: hundreds of checks


class StepClock:
    """A clock that moves one second every time it is read."""

    def __init__(self) -> None:
        self.ticks = itertools.count()

    def __call__(self) -> float:
        return float(next(self.ticks))


def _files(folder: Path) -> list[Path]:
    folder.mkdir()
    paths = [folder / "a.txt", folder / "big.txt", folder / "c.txt"]
    paths[0].write_text(SMALL.replace("appeal", "appeal today"), encoding="utf-8")
    paths[1].write_text(BIG, encoding="utf-8")
    paths[2].write_text(SMALL.replace("Jane Porter", "Tom Reed"), encoding="utf-8")
    return paths


def test_deadline_raises_once_its_clock_passes_the_budget(tmp_path: Path) -> None:
    clock = StepClock()
    deadline = Deadline(3, clock)  # starts at 0, due at 3
    deadline.check()
    deadline.check()
    with pytest.raises(DeadlineExceeded):
        deadline.check()
    path = tmp_path / "a.txt"
    path.write_text(SMALL, encoding="utf-8")
    with pytest.raises(BudgetError, match=r"took longer than the 3 s per-file budget"):
        extract_file(path, budget=3, clock=StepClock())  # the file's reason, from search's Deadline
    assert issubclass(BudgetError, IngestError)  # skipped like any unreadable file


def test_a_zero_budget_is_always_over(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text(SMALL, encoding="utf-8")
    with pytest.raises(BudgetError, match="took longer than the 0 s per-file budget"):
        extract_file(path, budget=0)
    assert extract_file(path, budget=float("inf"))[0].paragraphs[0].quotes  # inf: no limit
    assert extract_file(path)[0].paragraphs[0].quotes  # None: no budget


def test_attribution_checks_the_deadline_per_quote_inside_one_paragraph() -> None:
    # One paragraph, 200 quotes: a per-paragraph check alone would read the
    # clock a handful of times and never reach 100.
    article = chunk_article(ParsedArticle(source="t", text=quote_heavy_text(200, layout="block"),
                                          meta=Metadata()))
    clock = StepClock()
    with pytest.raises(DeadlineExceeded):
        annotate_article(article, Deadline(100, clock))
    assert 100 <= next(clock.ticks) < 110  # stopped at the first check past the deadline


def test_serial_ingest_skips_the_slow_file_and_commits_the_rest(tmp_path: Path) -> None:
    index = ram_index()
    summary = ingest_paths(_files(tmp_path / "in"), index, workers=1, file_budget=50, clock=StepClock())
    assert summary.skipped == [(str(tmp_path / "in" / "big.txt"), "took longer than the 50 s per-file budget")]
    assert summary.articles == 2
    result = search(index, SearchRequest(query="appeal", per_page=10))
    assert sorted(s for hit in result.hits for s in hit.speakers) == ["Jane Porter", "Tom Reed"]


def test_a_worker_task_skips_the_slow_file_and_writes_the_others(tmp_path: Path) -> None:
    paths = _files(tmp_path / "in")
    outcome = index_inputs([load_input(path) for path in paths], budget=50, scratch=str(tmp_path),
                           clock=StepClock())
    assert [reason for _path, reason in outcome.reasons] == [
        None, "took longer than the 50 s per-file budget", None]
    assert outcome.segment is not None and len(outcome.found) == 2
    assert list(tmp_path.iterdir()) == [tmp_path / "in"]  # the scratch segment folder is gone


@pytest.mark.slow
def test_cluster_ingest_applies_the_budget_in_its_workers(tmp_path: Path) -> None:
    index = open_index(tmp_path / "ix", create=True)
    try:
        summary = ingest_paths(_files(tmp_path / "in"), index, workers=2, file_budget=0,
                               config=Config(cluster_min_bytes=0))
    finally:
        index.close()
    assert summary.files == 3 and summary.articles == 0
    assert {reason for _path, reason in summary.skipped} == {"took longer than the 0 s per-file budget"}


def test_the_budget_is_configurable() -> None:
    assert load_config(env={}).file_budget == 60.0
    assert load_config(env={"ONRECORD_FILE_BUDGET": "5"}).file_budget == 5.0
    assert load_config(env={"ONRECORD_FILE_BUDGET": "5"}, file_budget=7).file_budget == 7


def test_the_cli_flag_sets_the_budget(tmp_path: Path, cli_runner: CliRunner) -> None:
    from onrecord.cli import main
    path = tmp_path / "a.txt"
    path.write_text(SMALL, encoding="utf-8")
    result = cli_runner.invoke(main, ["index", str(path), "--index", str(tmp_path / "ix"), "--file-budget", "0"])
    assert result.exit_code == 1
    assert "took longer than the 0 s per-file budget" in result.output
