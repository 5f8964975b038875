"""Reported speech (issue #32): an absolute participle names its own speaker,
"..., with analysts saying (that) CLAUSE": the words between "with" and the
cue said the clause, unless they are a survey's share or a crowd
(phrases/absolutes.py, lexicon "absolute_share_leads")."""
from __future__ import annotations

import pytest

from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause"), [
    ("Ferry shares rose 4% on Monday, with analysts saying the new route would lift profits.",
     "the new route would lift profits"),
    ("Ferry shares rose 4% on Monday, with traders saying that the new route would lift profits.",
     "the new route would lift profits"),
    ("The harbour board met on Friday, with the pilots claiming the new crane was unsafe.",
     "the new crane was unsafe"),
    ("The harbour vote is close, with the Greens also arguing that the quay should stay open.",
     "the quay should stay open"),
    ("The harbour vote is close - with the Greens arguing that the quay should stay open.",
     "the quay should stay open"),
])
def test_the_words_after_with_say_the_clause(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


def test_the_sentence_subject_does_not_say_an_absolute_clause() -> None:
    # (moved from test_reported_recall, which kept this sentence out before absolutes were read)
    text = "Acme shares jumped on the news, with analysts saying sales of boats were strong."
    assert [(q.text, q.speaker) for q in reported(text)] == [("sales of boats were strong", None)]


def test_a_described_name_after_with_is_the_speaker() -> None:
    text = "Dover Ferries cut forty jobs in May, with its chief executive Ann Vole saying the firm had no choice."
    assert [(q.text, q.speaker) for q in reported(text)] == [("the firm had no choice", "Ann Vole")]


@pytest.mark.parametrize("text", [
    "The harbour poll closed in May, with 40% of pilots saying the quay should stay open.",
    "The harbour poll closed in May, with two in three pilots saying the quay should stay open.",
    "The ferry lost its last race, with the crowd booing the new captain loudly.",
    # no comma or dash before "with": the object of the verb, no absolute
    "The virus replaces the harbour forums with a webpage announcing that the site was closed.",
])
def test_a_share_or_no_cue_after_with_reports_nothing(text: str) -> None:
    assert reported(text) == []


_SHARE_SUBJECTS = {
    "both": "both crews", "few": "few pilots", "most": "most pilots", "some": "some pilots",
}


def test_every_share_lead_has_a_case() -> None:
    assert set(_SHARE_SUBJECTS) == set(words("absolute_share_leads"))


@pytest.mark.parametrize("lead", sorted(_SHARE_SUBJECTS))
def test_a_share_lead_after_with_is_no_speaker(lead: str) -> None:
    text = f"The harbour poll closed in May, with {_SHARE_SUBJECTS[lead]} saying the quay should stay open."
    assert reported(text) == []
