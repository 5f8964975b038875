"""Reported speech (issue #32): short clauses and asides. An aside inside the clause ("The plan, Tom
Reed said, is dead.") reports the predicate after it even when that
predicate is two words; a two-word tail that is no predicate stays out. An
"according to" aside before a predicate, past the source's appositive. A
pronoun and its verb alone ("said he would.") are a clause."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed spoke in Dover on Monday. This harbour, he says, is different.", "is different"),
    ("The new ferry timetable, Tom Reed said, was unworkable.", "was unworkable"),
    ("The bakery's owners, Tom Reed added, have left.", "have left"),
])
def test_an_aside_before_a_two_word_predicate_reports_it(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Tom Reed")]


@pytest.mark.parametrize("text", [
    "Still, Tom Reed said, quite rightly.",
    "The harbour, Tom Reed said, in May.",
])
def test_an_aside_before_two_words_without_a_verb_reports_nothing(text: str) -> None:
    assert [q.text for q in reported(text)] == []


def test_an_according_aside_before_a_predicate_holding_a_cue_noun_reports_it() -> None:
    text = "Missing from the harbour talks, according to Tom Reed, was any mention of the ferry."
    assert [(q.text, q.speaker) for q in reported(text)] == [("was any mention of the ferry", "Tom Reed")]


def test_an_according_aside_before_a_second_report_stays_out() -> None:
    text = "At the quay, according to Tom Reed, the pilots warned that the tide was rising."
    assert "according to" not in [q.cue for q in reported(text)]


def test_an_according_aside_with_an_appositive_before_a_predicate_reports_it() -> None:
    text = "At the heart of the row, according to Tom Reed, a former harbour master, was a vote to sell the quay."
    assert [(q.text, q.speaker) for q in reported(text)] == [("was a vote to sell the quay", "Tom Reed")]


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed was asked whether the ferry would sail. Tom Reed said it would.", "it would"),
    ("Tom Reed has denied it happened.", "it happened"),
])
def test_a_pronoun_and_its_verb_alone_are_a_reported_clause(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)][-1:] == [(clause, "Tom Reed")]


def test_two_words_without_a_pronoun_subject_are_no_clause() -> None:
    assert [q.text for q in reported("Tom Reed said goodbye twice.")] == []


@pytest.mark.parametrize(("text", "clauses"), [
    ("Harbour fees rose in May, Tom Reed said, and the ferry company will raise its fares again.",
     ["Harbour fees rose in May", "and the ferry company will raise its fares again"]),
    ("The pilots had already left the quay, Tom Reed says, because the tide was turning fast.",
     ["The pilots had already left the quay", "because the tide was turning fast"]),
])
def test_an_aside_between_two_statements_reports_both(text: str, clauses: list[str]) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(c, "Tom Reed") for c in clauses]


@pytest.mark.parametrize(("text", "clause"), [
    ("However, Tom Reed said, the ferry company will raise its fares.", "the ferry company will raise its fares"),
    ("Unless the fees fall, Tom Reed said, the ferry company will raise its fares.",
     "the ferry company will raise its fares"),
    ("The rise was steep - as shown, Tom Reed claimed, by the fares of the winter ferry.",
     "by the fares of the winter ferry"),
])
def test_an_adverbial_head_or_a_split_phrase_before_an_aside_stays_out(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]
