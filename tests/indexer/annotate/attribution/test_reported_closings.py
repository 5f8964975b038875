"""Reported speech (issue #32), shapes that were missed (branch rep21): a clause
closed by its attribution with a perfect auxiliary or an adverb between the
speaker and the cue ("CLAUSE, X has warned."), a name closing its own
description, a listener after a closing description, a bare plural source
after the cue, an as/with phrase after an aside; bare clauses opened by
"no"/"nothing", "at least" (rep22), by a conditional, or with a regular past tense; indirect
questions after "told"/"revealed"; a test's finding."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    ("The ferry service could be cut next winter, Harbour and Transport Secretary Tom Reed has warned.",
     "The ferry service could be cut next winter", "Tom Reed"),
    ("The new quay will open in the spring, harbour master Tom Reed has since said.",
     "The new quay will open in the spring", "Tom Reed"),
    ("The bakery's last loaf is almost sold, the owner has recently revealed.",
     "The bakery's last loaf is almost sold", None),
    ("There is real worry about the state of the old pier, Dover's longtime pilot Tom Reed stated.",
     "There is real worry about the state of the old pier", "Tom Reed"),
])
def test_a_closing_speaker_past_an_auxiliary_or_an_adverb(text: str, clause: str, speaker: str | None) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


@pytest.mark.parametrize("text", [
    "The ferry service could be cut next winter, a panel of skippers has warned.",
    "The ferry service could be cut next winter, boat owners at the marina have said.",
])
def test_a_closing_description_past_an_auxiliary_is_its_speaker_phrase(text: str) -> None:
    found = reported(text)
    assert [q.text for q in found] == ["The ferry service could be cut next winter"]


def test_an_auxiliary_before_a_cue_with_an_object_closes_no_clause() -> None:
    text = "While the old ferry is still a favourite, newer boats and faster routes have added choice to the trip."
    assert reported(text) == []


@pytest.mark.parametrize("text", [
    "The bakery's last loaf is almost sold, owner Tom Davis recently revealed.",
    "The bakery's last loaf is almost sold, owner Ann Louis later confirmed.",
])
def test_a_name_ending_in_is_before_an_adverb_is_no_passive(text: str) -> None:
    assert [q.text for q in reported(text)] == ["The bakery's last loaf is almost sold"]


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed noted the harbour board returned the boats to their owners in May.",
     "the harbour board returned the boats to their owners in May"),
    ("Tom Reed reported the Dover Harbour Board approved the sale of the quay.",
     "the Dover Harbour Board approved the sale of the quay"),
])
def test_a_bare_clause_with_a_regular_past_tense_after_a_statement_cue(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed alleges Acme deceived buyers of the ferry tickets.", "Acme deceived buyers of the ferry tickets"),
    ("Tom Reed confirmed Dover Harbour shared information with the police.",
     "Dover Harbour shared information with the police"),
    ("Tom Reed suggested Acme artificially manufactured a case against the port.",
     "Acme artificially manufactured a case against the port"),
    ("Tom Reed claims the harbour master regularly used the boats for trips.",
     "the harbour master regularly used the boats for trips"),
])
def test_a_bare_clause_with_a_names_past_or_a_past_after_an_adverb(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed admits Ann Vole, who has been linked with Acme, will have the final say.",
     "Ann Vole, who has been linked with Acme, will have the final say"),
    ("Tom Reed insisted the fares - for Dover and Deal - would not rise this year.",
     "the fares - for Dover and Deal - would not rise this year"),
    ("Tom Reed insisted the comments, made to the skippers, were meant as a joke.",
     "the comments, made to the skippers, were meant as a joke"),
    ("Tom Reed agreed the 1901 Harbour Act, which governs the quay, was out of date.",
     "the 1901 Harbour Act, which governs the quay, was out of date"),
])
def test_a_bare_clause_whose_subject_holds_an_aside_before_its_verb(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


@pytest.mark.parametrize("text", [
    "Tom Reed announced the plan, which critics said was flawed.",
    "Tom Reed announced the new timetable, which starts in May, and the fares.",
])
def test_an_object_with_a_relative_clause_is_no_bare_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize("text", [
    "Tom Reed announced Monday increased fares for the ferries.",
    "Tom Reed confirmed Acme's alleged role in the sale of the quay.",
    "Tom Reed warned against skippers being too closely linked with the board.",
    "Tom Reed confirmed Acme approved by the board as the new operator.",
])
def test_a_date_a_possessive_or_an_adjective_before_an_ed_word_is_no_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize("text", [
    "Tom Reed announced the expanded timetable for the harbour.",
    "Tom Reed noted Dover's revised figures for the year.",
    "Tom Reed announced a newly opened route for the ferries.",
])
def test_an_ed_adjective_in_a_noun_object_is_no_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed said nothing had changed at the harbour since the storm.", "nothing had changed at the harbour since the storm"),
    ("Tom Reed said no formal offer had been made for the old quay.", "no formal offer had been made for the old quay"),
])
def test_a_bare_clause_whose_subject_is_no_or_nothing(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


@pytest.mark.parametrize("text", [
    "Tom Reed said no to the plan and left the harbour.",
    "Tom Reed said nothing to the skippers waiting outside.",
])
def test_saying_no_or_nothing_reports_no_clause(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Two ferries have stopped running to the island, harbour officers told the Dover Gazette.",
     "Two ferries have stopped running to the island"),
    ("The old pier has closed, leaving the boats without a berth, union officials told the local radio station.",
     "The old pier has closed, leaving the boats without a berth"),
])
def test_a_listener_after_a_closing_description_is_who_heard_the_clause(text: str, clause: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, "told")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ferry fares will rise in the spring, the operator said this week, as it drops its winter routes.",
     "Ferry fares will rise in the spring"),
    ("Cargo volumes were up 10% on the year, the port said, with passenger numbers flat.",
     "Cargo volumes were up 10% on the year"),
])
def test_an_as_or_with_phrase_after_an_aside_belongs_to_the_writer(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


@pytest.mark.parametrize(("text", "clause"), [
    ("Ferry fares could double within two years, say industry analysts.", "Ferry fares could double within two years"),
    ("The harbour had to turn away 40 boats on Sunday, said port officials.",
     "The harbour had to turn away 40 boats on Sunday"),
])
def test_a_bare_plural_source_after_a_closing_cue(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed said if the council agreed, RNLI crews would move to the new station.",
     "if the council agreed, RNLI crews would move to the new station"),
    ("Tom Reed said if the port closed, she\u2019ll lose her job at the quay.",
     "if the port closed, she\u2019ll lose her job at the quay"),
])
def test_a_conditional_before_a_capitalised_or_contracted_subject(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


@pytest.mark.parametrize(("text", "clause", "cue"), [
    ("Tom Reed tells the skippers why the port's fees are fair.",
     "why the port's fees are fair", "tells"),
    ("Tom Reed paused, then revealed why the rescue had moved him so much.", "why the rescue had moved him so much",
     "revealed"),
])
def test_an_indirect_question_after_tell_or_reveal(text: str, clause: str, cue: str) -> None:
    assert [(q.text, q.cue) for q in reported(text)] == [(clause, cue)]


def test_what_a_test_reveals_is_a_finding() -> None:
    assert reported("The harbour's own test revealed that the old pier had rusted.") == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed reported at least six ferries filled the harbour with boats.",
     "at least six ferries filled the harbour with boats"),
    ("Ann Vole said at most two crews were still at sea.", "at most two crews were still at sea"),
])
def test_a_bare_clause_may_open_with_at_least_or_at_most(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]
