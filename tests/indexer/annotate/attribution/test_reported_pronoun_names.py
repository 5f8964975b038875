"""Reported speech (issue #32): a pronoun reporting a clause never means a
person the clause itself names ("Mr Tamm has failed, he claimed": not Tamm;
"he said Tamm was wrong": not Tamm), however recently that person was named.
Invented articles."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    # a closing cue after a clause naming someone else
    ("Olek Tamm has failed the town, Ivan Grosz has said.\n\n"
     "Mr Tamm has failed to fix the harbour, he claimed.",
     "Mr Tamm has failed to fix the harbour", "Ivan Grosz"),
    # a cue before a clause naming the person mentioned last
    ("Ivan Grosz has said he has dropped Olek Tamm from his crew.\n\n"
     "Olek Tamm said he would not quit. Later he said Mr Tamm was no longer welcome.",
     "Mr Tamm was no longer welcome", "Ivan Grosz"),
    # a possessive of the name counts too
    ("Olek Tamm met Ivan Grosz at the port on Monday.\n\n"
     "Afterwards he said Tamm's plan would cost too much.",
     "Tamm's plan would cost too much", "Ivan Grosz"),
])
def test_a_pronoun_never_means_a_person_its_clause_names(text: str, clause: str, speaker: str) -> None:
    found = {q.text: q.speaker for q in reported(text)}
    assert found[clause] == speaker


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    # the clause names no one: the pronoun keeps the person mentioned last
    ("Olek Tamm met Ivan Grosz at the port on Monday.\n\nLater he said the harbour would reopen in May.",
     "the harbour would reopen in May", "Olek Tamm"),
])
def test_a_pronoun_over_a_clause_naming_no_one_is_unchanged(text: str, clause: str, speaker: str) -> None:
    found = {q.text: q.speaker for q in reported(text)}
    assert found[clause] == speaker


def test_a_spokesperson_still_speaks_for_the_person_the_clause_names() -> None:
    text = ("Ivan Grosz met Olek Tamm at the port on Monday.\n\n"
            "A spokesman for Olek Tamm said the deal was legal. He added that Mr Tamm had met the mayor only once.")
    found = {q.text: q.speaker for q in reported(text)}
    assert found["Mr Tamm had met the mayor only once"] == "Olek Tamm"
