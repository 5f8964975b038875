"""Reported speech (issue #32) through an infinitive or "of", shapes found on
PolNeAR train's misses: a commitment ("X vowed to ..."), a request ("X asked
Y to ...") and an accusation ("X accused Y of ..."); plans and wishes stay out."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Ann Vole vowed to reopen the harbour before the winter.", "to reopen the harbour before the winter", "vowed"),
    ("Ann Vole has promised again to cut the harbour fees.", "to cut the harbour fees", "promised"),
    ("Ann Vole pledged last month to keep the ferry running.", "to keep the ferry running", "pledged"),
])
def test_a_commitment_reports_its_infinitive(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Ann Vole", cue)]


@pytest.mark.parametrize("text", [
    "Ann Vole plans to reopen the harbour before the winter.",  # a plan, no speech
    "Ann Vole wants to reopen the harbour before the winter.",  # a wish
    "Ann Vole pledged to the fund most of her savings.",  # "to" opens a noun phrase: no infinitive
    "Ann Vole was promised to the harbour board for a year.",  # a passive
])
def test_plans_wishes_and_a_noun_after_to_are_no_commitment(text: str) -> None:
    assert [q.text for q in reported(text)] == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole asked the harbour board to delay the vote.", "the harbour board to delay the vote"),
    ("Ann Vole asked ferry users in Dover to back the plan.", "ferry users in Dover to back the plan"),
])
def test_a_request_reports_its_listener_and_infinitive(text: str, clause: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Ann Vole", "asked")]


@pytest.mark.parametrize("text", [
    "Ann Vole asked for a photograph to remember the day.",  # what she asked for, no listener
    "Ann Vole asked about the plan to close the harbour.",  # what she asked about
])
def test_asking_for_or_about_a_thing_is_no_request(text: str) -> None:
    assert [q.text for q in reported(text)] == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole accused the harbour board of hiding the ferry figures.", "the harbour board of hiding the ferry figures"),
    ("Ann Vole has accused Ben Tamm of hypocrisy over the ferry.", "Ben Tamm of hypocrisy over the ferry"),
])
def test_an_accusation_reports_the_accused_and_what_of(text: str, clause: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Ann Vole", "accused")]


def test_the_accused_is_no_accuser() -> None:
    assert [q.text for q in reported("Ann Vole was accused of hiding the ferry figures.")] == []  # a passive


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Ann Vole reported spending four million pounds on the harbour.", "spending four million pounds on the harbour",
     "reported"),
    ("Ann Vole recalled sitting in on the harbour talks in May.", "sitting in on the harbour talks in May", "recalled"),
])
def test_a_gerund_after_a_statement_cue_is_its_clause(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Ann Vole", cue)]


@pytest.mark.parametrize("text", [
    "Ann Vole recalled morning prayers at the harbour chapel.",  # a noun in -ing
    "Ann Vole recalled the meeting with the harbour board.",  # a determiner: a noun phrase
])
def test_a_noun_in_ing_is_no_gerund(text: str) -> None:
    assert [q.text for q in reported(text)] == []
