"""Reported speech (issues #31, #32): a speaking "it" inside its own sentence
is that sentence's subject when the subject is a body or a body's
description (pronouns.subjectbodies), not the body named last before the pronoun
(often the sentence's own object); a sentence whose subject is no body, or
that reports another's words between subject and pronoun, keeps the old
reading."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported

_BEFORE = "Vole Shipping bought the Leeds ferry line last week. "


@pytest.mark.parametrize(("opening", "sentence", "speaker"), [
    # a description subject (main reads these two right too, through the name in the sentence: guards)
    ("The Norland government said it would act. ",
     "The Norland government forced Vole Shipping to sell the line for a fuel bill it says the firm owes.",
     "Norland government"),
    ("The Norland government said it would act. ",
     "The government has ruled out a rescue of Vole Shipping, because it says it would reward the firm.",
     "Norland government"),
    # a named body subject, the last body named (Vole Shipping) in its object
    ("Acme Ferries Group said it would fight. ",
     "Acme Ferries Group has sued Vole Shipping, which it says broke the deal.",
     "Acme Ferries Group"),
])
def test_it_inside_a_sentence_is_its_body_subject(opening: str, sentence: str, speaker: str) -> None:
    text = "Ferry row\n\n" + opening + _BEFORE + sentence
    said = [q for q in reported(text) if q.speaker_mention and q.speaker_mention.text == "it"]
    assert said[-1].speaker == speaker


@pytest.mark.parametrize("sentence", [
    # the subject is no body: people, a plural noun
    "Fees rose sharply in May, which it says broke the deal.",
    # another's words between subject and pronoun: analysts' report, not the subject's
    "Norland officials said analysts told it the deal broke the rules, and it says the firm owes tax.",
])
def test_it_inside_a_sentence_keeps_the_old_reading(sentence: str) -> None:
    text = "Ferry row\n\nAcme Ferries Group said it would fight. " + _BEFORE + sentence
    said = [q.speaker for q in reported(text) if q.speaker_mention and q.speaker_mention.text == "it"]
    # the old reading: the body that spoke last, not the subject (no body) nor a body inside the sentence
    assert said == ["Acme Ferries Group"]
