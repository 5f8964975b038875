"""The full-name scan (#31 speed): a run the article repeats is cut once, each
mention placed and given parts of its own; a run without periods is split at once."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names.fullnames import _sentence_pieces, find_full_names, run_names
from onrecord.indexer.annotate.attribution.names.names import lowercase_words


def test_a_repeated_name_is_found_at_each_mention_with_its_own_parts() -> None:
    text = "Finance minister Ola Brandt spoke. Later Ola Brandt left, and Ola Brandt's aide stayed."
    hits = find_full_names(text, lowercase_words(text))
    assert [(h.start, text[h.start:h.start + 10]) for h in hits] == [
        (17, "Ola Brandt"), (41, "Ola Brandt"), (62, "Ola Brandt")]
    hits[0].parts.name.append("changed")  # a caller's change stays with its own mention
    assert hits[1].parts.name == ["Ola", "Brandt"]


@pytest.mark.parametrize("run, common, expected", [
    ("Finance Minister Ola Brandt", frozenset(), [(["Ola", "Brandt"], 17, 0)]),
    ("Ola Brandt's Acme Show", frozenset(), [(["Ola", "Brandt"], 0, 0), (["Acme", "Show"], 13, 0)]),  # the owner too
    ("in March. Tom Dahl", frozenset(), [(["Tom", "Dahl"], 10, 10)]),  # a sentence ends inside the run
    ("Acme", frozenset(), []),
])
def test_run_names_are_relative_to_the_run(run: str, common: frozenset[str],
                                           expected: list[tuple[list[str], int, int]]) -> None:
    assert [(p.name, start, run_start) for p, start, run_start in run_names(run, common)] == expected


@pytest.mark.parametrize("run, expected", [
    ("Ola Brandt", [(5, ["Ola", "Brandt"])]),  # no period: split at once
    ("Ola\u00a0Brandt", [(5, ["Ola", "Brandt"])]),
    ("Ola  von  Brandt", [(5, ["Ola", "von", "Brandt"])]),
    ("Acme", []),  # one word is no name
    ("Sen. Ola Brandt", [(5, ["Sen.", "Ola", "Brandt"])]),  # a title's period ends no sentence
    ("in March. Tom Dahl", [(5, ["in", "March"]), (15, ["Tom", "Dahl"])]),
])
def test_sentence_pieces(run: str, expected: list[tuple[int, list[str]]]) -> None:
    assert _sentence_pieces(run, 5) == expected


@pytest.mark.parametrize("text, name", [
    ('Tavo "TJ" Brenn, chairman of the label, said so.', ["Tavo", "Brenn"]),
    ("Olek 'Mido' Tamm scored twice.", ["Olek", "Tamm"]),
])
def test_a_quoted_nickname_leaves_the_name_around_it_whole(text: str, name: list[str]) -> None:
    assert [h.parts.name for h in find_full_names(text, lowercase_words(text))] == [name]

