"""Reported speech (issue #32): an inverted aside after an opening adverbial,
"By contrast, said Ann Vole, CLAUSE": the adverbial is no clause of its own,
so the whole rest is hers, read more widely than after a clause (a gerund
subject, a list's commas, a capitalised cue word inside a name)
(clauses/adverbial_asides.py, lexicon "aside_adverbials")."""
from __future__ import annotations

import pytest

from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause"), [
    # a gerund opens the clause's subject
    ("By contrast, said Ann Vole, docking the ferries at night can halve the harbour's fuel bill.",
     "docking the ferries at night can halve the harbour's fuel bill"),
    # the commas of a list in the subject
    ("By contrast, said Tom Hale, ports such as Dover, Calais and Ostend were hit far harder by the strike.",
     "ports such as Dover, Calais and Ostend were hit far harder by the strike"),
    # a capitalised cue word is part of a name, no second report
    ("On average, said Ann Vole, pilots working for Tell Ferries will earn more than their rivals next year.",
     "pilots working for Tell Ferries will earn more than their rivals next year"),
])
def test_the_rest_after_an_adverbial_aside_is_reported(text: str, clause: str) -> None:
    speaker = text.split(", ")[1].removeprefix("said ")
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


@pytest.mark.parametrize("text", [
    # the speaker's appositive, no clause: no auxiliary in it
    "By contrast, said Ann Vole, the head of research at the harbour trust in Dover.",
    # an appositive closed by a relative before the verb
    "By contrast, said Ann Vole, head of the trust which runs the harbour, docking fees are rising.",
    # a clause before the aside, a participle after it: the gerund rule is for adverbials only
    "The harbour fees rose sharply, said Ann Vole, adding new berths is what the trust can do.",
])
def test_no_clause_is_read_into_an_appositive_or_after_a_clause(text: str) -> None:
    assert all(not q.text.startswith(("the head", "head of", "adding", "docking")) for q in reported(text))


_ADVERBIAL_CASES = {
    "also": "Also", "but": "But", "by contrast": "By contrast", "for example": "For example",
    "for instance": "For instance", "however": "However", "in contrast": "In contrast",
    "in fact": "In fact", "instead": "Instead", "on average": "On average",
}


def test_every_aside_adverbial_has_a_case() -> None:
    assert set(_ADVERBIAL_CASES) == set(words("aside_adverbials"))


@pytest.mark.parametrize("row", sorted(_ADVERBIAL_CASES))
def test_a_gerund_clause_after_each_adverbial_is_reported(row: str) -> None:
    text = f"{_ADVERBIAL_CASES[row]}, said Ann Vole, mooring the ferries at the quay would cost the trust less."
    assert [(q.text, q.speaker) for q in reported(text)] == [
        ("mooring the ferries at the quay would cost the trust less", "Ann Vole")]


def test_a_head_that_is_no_adverbial_of_the_table_keeps_the_old_reading() -> None:
    text = "Sooner or later, said Ann Vole, mooring the ferries at the quay would cost the trust less."
    assert all(not q.text.startswith("mooring") for q in reported(text))
