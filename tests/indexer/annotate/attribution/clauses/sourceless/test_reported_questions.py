"""Reported speech (issue #32), questions whose asker goes unnamed (branch
rep45): the passive "X was asked whether CLAUSE" reports CLAUSE with no
speaker, and a question answered in the same sentence with no comma
("Asked if CLAUSE Tom Reed replied: ...") ends before its answerer."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.clauses.sourceless.questions import ANSWER_VERBS, answer_start
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize("verb", ANSWER_VERBS)
def test_each_answer_verb_ends_the_question_before_its_answerer(verb: str) -> None:
    s = f"Asked if the ferry would run Tom Reed {verb}: ####."
    assert answer_start(s, len("Asked if "), len(s)) == s.index(" Tom Reed")


@pytest.mark.parametrize("s", [
    "Asked if the ferry would run Tom Reed said the port was shut.",  # no colon: no answer that a quote follows
    "Asked if the ferry would run, the port stayed shut.",
])
def test_no_answer_without_an_answer_verb_and_its_colon(s: str) -> None:
    assert answer_start(s, len("Asked if "), len(s)) is None


@pytest.mark.parametrize(("text", "question"), [
    ('Asked if the ferry would run in May Tom Reed replied: "We hope so."', "the ferry would run in May"),
    ('When asked whether the harbour would reopen she said: "Not this year."', "the harbour would reopen"),
    ('Asked if she enjoys sailing at weekends Ann Vole confesses: "Only when it is calm."',
     "she enjoys sailing at weekends"),
])
def test_an_opening_question_without_a_comma_ends_before_the_answer(text: str, question: str) -> None:
    assert (question, None) in [(q.text, q.speaker) for q in reported(text)]


@pytest.mark.parametrize(("text", "question"), [
    ("Tom Reed was asked if the ferry would run again in May.", "the ferry would run again in May"),
    ("The harbour master was also asked whether the port could stay open.", "the port could stay open"),
    # "also" / "then" between "was" and the cue: still a passive, the one asked is no speaker
    ("Tom Reed was also asked whether the port could stay open.", "the port could stay open"),
    ("Tom Reed was then asked if the quay would reopen.", "the quay would reopen"),
    ("Ann Vole was asked last Tuesday if the new bridge would cut the queues.", "the new bridge would cut the queues"),
    ("On the radio Tom Reed was asked why the harbour board had closed the quay.",
     "why the harbour board had closed the quay"),
    ('But when Tom Reed was asked whether he was taking a risk he replied: "Not at all."',
     "he was taking a risk"),
])
def test_a_passive_question_is_reported_with_no_speaker(text: str, question: str) -> None:
    assert (question, None, "asked") in [(q.text, q.speaker, q.cue) for q in reported(text)]


@pytest.mark.parametrize("text", [
    "Tom Reed was asked to leave the harbour board in May.",
    "Ann Vole was asked about the ferry timetable on Monday.",
])
def test_no_passive_question_without_whether_if_or_a_question_word(text: str) -> None:
    assert all(q.cue != "asked" for q in reported(text))
