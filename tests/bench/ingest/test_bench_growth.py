"""bench.ingest.growth (issue #29, items 6 and 7): its verdict on a row's growth,
and that each hostile input it times is read (small sizes: no timing here;
the benchmark itself is `python -m bench.ingest.growth`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench.ingest.growth import CASES, MAX_DOUBLING, doublings, format_row, main, within_bound
from onrecord.indexer.extraction import extract_file


@pytest.mark.parametrize(("seconds", "linear"), [
    ([1.0, 2.0, 4.1], True),
    ([1.0, 2.5, 5.0], True),
    ([1.0, 3.0, 9.0], False),  # quadratic: x3 per doubling
    ([1.0, 2.0, 8.0], False),  # fine, then quadratic
    ([0.01, 0.04, 0.08], True),  # too short to judge the first doubling
])
def test_within_bound_tells_linear_from_faster(seconds: list[float], linear: bool) -> None:
    assert within_bound(seconds) is linear


def test_doublings_and_the_row() -> None:
    assert doublings([1.0, 2.0, 6.0]) == [2.0, 3.0]
    row = format_row(CASES[0], [1, 2, 4], [1.0, 2.0, 6.0])
    assert row.startswith(f"| {CASES[0].name} |") and "x2.00, x3.00" in row
    assert f"FASTER THAN LINEAR (bound x{MAX_DOUBLING})" in row
    assert format_row(CASES[0], [1, 2, 4], [1.0, 2.0, 4.0]).endswith("| linear |")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_hostile_input_is_read(tmp_path: Path, case) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"input{case.suffix}"
    path.write_text(case.make(300), encoding="utf-8")
    (article,) = extract_file(path)
    assert article.paragraphs


@pytest.mark.slow
def test_the_benchmark_runs_and_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--runs", "1", "--scale", "0.01"])
    out = capsys.readouterr().out
    assert len([line for line in out.splitlines() if line.startswith("| ")]) == len(CASES) + 1
    assert status in (0, 1)
