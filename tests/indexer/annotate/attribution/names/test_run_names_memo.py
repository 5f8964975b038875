"""run_names is kept per run and the lowercase words among the run's own (its key): the same
answer as reading the run with the article's whole set of lowercase words."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names import fullnames
from onrecord.indexer.annotate.attribution.names.fullnames import run_names

RUNS = ["Harbour Tam Vole", "Lead Planner Tam Vole", "Finance Minister Ola Brandt", "Ola Brandt's Acme Show",
        "in March. Tom Dahl", "Port Harbour Tam Vole's. Then Ann Reed", "Acme Board Tam Vole's", "Acme"]
COMMONS = [frozenset(), frozenset({"harbour"}), frozenset({"planner", "lead"}), frozenset({"march", "then"}),
           frozenset({"board", "vole's", "vole"}), frozenset({"the", "said", "harbour", "show", "acme"})]


def _uncached(run: str, common: frozenset[str]) -> list[tuple[list[str], list[str], int, int]]:
    found = fullnames._run_names.__wrapped__(run, common)  # the whole set of lowercase words
    return [(p.role, p.name, start, run_start) for p, start, run_start in found]


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("common", COMMONS, ids=lambda c: "+".join(sorted(c)) or "none")
def test_kept_answer_is_the_whole_reading(run: str, common: frozenset[str]) -> None:
    for _ in range(2):  # first read, then kept
        assert [(p.role, p.name, s, r) for p, s, r in run_names(run, common)] == _uncached(run, common)


def test_words_outside_the_run_share_one_answer() -> None:
    fullnames._run_names.cache_clear()
    run_names("Harbour Tam Vole", frozenset({"quay", "dock"}))
    run_names("Harbour Tam Vole", frozenset({"pier"}))
    assert fullnames._run_names.cache_info().hits == 1
    # a lowercase word of the run's own changes the reading: its own key
    assert run_names("Harbour Tam Vole", frozenset({"harbour"}))[0][0].name == ["Tam", "Vole"]
    assert run_names("Harbour Tam Vole", frozenset())[0][0].name == ["Harbour", "Tam", "Vole"]
