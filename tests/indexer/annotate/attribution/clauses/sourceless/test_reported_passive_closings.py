"""Reported speech (issue #32): a clause a sourceless passive closes ("...,
it has been confirmed.", "..., a court has heard.") is reported with no
speaker (clauses/sourceless/passive_closings.py: one row per passive_closing_verbs and
hearing_bodies word tested here); hedges and passives with an agent or an
object are not."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "cue"), [
    ("The ferry will move to a new harbour next spring, it has been confirmed.", "has been confirmed"),
    ("The ferry will move to a new harbour next spring, it was announced on Monday.", "was announced"),
    ("The ferry will move to a new harbour next spring, it is reported.", "is reported"),
    ("The ferry will move to a new harbour next spring, it has been revealed.", "has been revealed"),
    ("The ferry will move to a new harbour next spring, it has been suggested.", "has been suggested"),
    ("The ferry operator hid its losses from investors, it was claimed in court.", "was claimed"),
    ("The ferry operator hid its losses from investors, it is alleged.", "is alleged"),
    ("The ferry will move to a new harbour next spring, it was disclosed yesterday.", "was disclosed"),
])
def test_a_clause_an_it_passive_closes_is_reported_with_no_speaker(text: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(text.split(",")[0], None, cue)]


@pytest.mark.parametrize(("text", "cue"), [
    ("The ferry operator hid its losses from investors, a court has heard.", "has heard"),
    ("The ferry operator hid its losses from investors, the hearing was told.", "was told"),
    ("The ferry operator hid its losses from investors, an industry conference has been told.", "has been told"),
    ("The ferry operator hid its losses from investors, the tribunal heard on Friday.", "heard"),
    ("The ferry operator hid its losses from investors, a public inquiry has heard.", "has heard"),
    ("The ferry operator hid its losses from investors, the inquest was told.", "was told"),
    ("The ferry operator hid its losses from investors, the trial heard.", "heard"),
    ("The ferry operator hid its losses from investors, the jury were told.", "were told"),
    ("The ferry operator hid its losses from investors, a Commons committee has been told.", "has been told"),
    ("The ferry operator hid its losses from investors, a climate summit has heard.", "has heard"),
])
def test_a_clause_a_hearing_body_closes_in_the_passive_is_reported_with_no_speaker(text: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(text.split(",")[0], None, cue)]


@pytest.mark.parametrize("text", [
    "The ferry will move to a new harbour next spring, it is thought.",  # a hedge: no verb of the list
    "The ferry will move to a new harbour next spring, it is understood.",
    "The ferry will be sold, it was announced by the harbour board.",  # an agent: not sourceless
    "The ferry will be sold, it is reported to be worth a fortune.",  # a complement, no closing
    "The ferry operator hid its losses, the court heard evidence from two clerks.",  # an object of "heard"
    "The ferry operator hid its losses, the neighbours heard.",  # no hearing body
])
def test_other_passive_closings_report_nothing(text: str) -> None:
    assert reported(text) == []


def test_a_hearing_sentence_before_a_cue_word_s_is_not_passed_over() -> None:
    text = ("The ferry operator hid its losses from investors, a court has heard. "
            "Ann Vole said the harbour would reopen in May.")
    assert [(q.text, q.speaker) for q in reported(text)] == [
        ("The ferry operator hid its losses from investors", None),
        ("the harbour would reopen in May", "Ann Vole")]
