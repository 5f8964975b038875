"""Reported speech (issue #32), the question a sentence opens with (branch
rep22): "Asked if CLAUSE, X said ..." reports CLAUSE, put to X by someone
the sentence leaves unnamed (no speaker), beside X's own answer."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "question"), [
    ("Asked if he would stand for the harbour board again, Tom Reed said he had not decided.",
     "he would stand for the harbour board again"),
    ('Asked whether the ferry would run in May, Ann Vole replied: "We hope so."', "the ferry would run in May"),
    ('Asked by the film makers why he had left the port, Tom Reed said: "It was time."',
     "why he had left the port"),
])
def test_an_opening_question_is_reported_with_no_speaker(text: str, question: str) -> None:
    found = [(q.text, q.speaker, q.cue) for q in reported(text)]
    assert (question, None, "Asked") in found


def test_the_answer_after_an_opening_question_keeps_its_speaker() -> None:
    text = "Asked if he would stand for the harbour board again, Tom Reed said he had not decided."
    assert [(q.text, q.speaker) for q in reported(text)][-1] == ("he had not decided", "Tom Reed")


@pytest.mark.parametrize("text", [
    "Tom Reed asked if the ferry would run in May.",
    "Asked about the ferry, Tom Reed said he had not decided.",
])
def test_no_opening_question_without_if_or_a_question_word(text: str) -> None:
    assert all(q.cue != "Asked" for q in reported(text))
