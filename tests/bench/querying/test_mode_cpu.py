"""bench.querying.mode_cpu: both modes' query CPU and answer hashes, and their comparison."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.engines.queries import BenchQuery
from bench.querying.mode_cpu import compare_runs, main, measure_mode_cpu, mode_query_sets
from tests.factories import make_article, write_index

SETS = {"paragraphs": [BenchQuery("word:river", "word", text="river"), BenchQuery("all", "all")],
        "quotes": [BenchQuery("word:river", "word", text="river", mode="quotes")]}


def test_every_query_is_hashed_once_and_timed_each_pass(tmp_path: Path) -> None:
    index = write_index(tmp_path / "ix", [[make_article(f"a{n}", [f"The river bank {n} flooded."])
                                           for n in range(20)]])
    result = measure_mode_cpu(index, SETS, runs=2)
    assert result["unstable"] == []
    assert {mode: set(h) for mode, h in result["hashes"].items()} == {
        "paragraphs": {"word:river", "all"}, "quotes": {"word:river"}}
    assert all(len(ms) == 2 for by_name in result["ms"].values() for ms in by_name.values())
    again = measure_mode_cpu(index, SETS, runs=1)
    assert again["hashes"] == result["hashes"]  # the same index answers the same
    out = tmp_path / "run.json"
    out.write_text(json.dumps(result))
    assert main(["compare", f"a={out}", f"b={out}"]) == 0


@pytest.mark.parametrize(("other", "equal"), [("x", "2 of 2"), ("y", "1 of 2; differing: quotes q")])
def test_the_comparison_counts_equal_answers(other: str, equal: str) -> None:
    base = {"hashes": {"paragraphs": {"p": "x"}, "quotes": {"q": "x"}},
            "ms": {"paragraphs": {"p": [2.0, 4.0]}, "quotes": {"q": [10.0]}}}
    branch = {"hashes": {"paragraphs": {"p": "x"}, "quotes": {"q": other}},
              "ms": {"paragraphs": {"p": [3.0]}, "quotes": {"q": [5.0]}}}
    report = compare_runs({"base": base, "branch": branch})
    assert report.endswith(f"answers equal: {equal}")
    assert "base | quotes | 10.0 | 10.0 | 10.0 | 10.0" in report
    assert report.index("quotes q: 10.0 -> 5.0") < report.index("paragraphs p: 3.0 -> 3.0")


def test_the_query_sets_come_from_the_build_names() -> None:
    names = [f"Name {n}" for n in range(5)]
    sets = mode_query_sets({"speakers": names, "institutions": names, "outlets": ["BBC"]})
    assert sets["quotes"] and all(q.mode == "quotes" for q in sets["quotes"])
    assert all(q.mode == "paragraphs" for q in sets["paragraphs"])


def test_answers_that_changed_within_a_run_are_named() -> None:
    result = {"hashes": {"quotes": {"q": "x"}}, "ms": {"quotes": {"q": [1.0]}}, "unstable": ["quotes q"]}
    assert compare_runs({"a": result}).endswith("changed between one run's passes: quotes q")
