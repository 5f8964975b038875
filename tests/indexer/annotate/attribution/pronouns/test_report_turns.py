"""A reported clause's speaker is a turn for the "he said" after it (issue #31, invented text):
quotes are attributed before reported clauses, so without it the learned choice sees a person
who spoke only in a reported clause as never having spoken, and a person named after them wins
(reportturns.py).  One row per gap between the name and its cue; a quote's tag, an owner, a
participle and a name inside another's report are no such turn."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.pronouns.reportturns import report_turn
from tests.indexer.annotate.attribution.test_attribution import quotes


@pytest.mark.parametrize("sentence", [
    "Tom Reed said he would do everything he could.",  # the name, then its cue
    "Tom Reed, 55, said he would do everything he could.",  # an age or short appositive between
    "Tom Reed quickly insisted that he would do everything he could.",  # an -ly adverb between
    "Tom Reed, who chairs the Quill Harbour trust board, said he would do everything.",  # a relative clause
])
def test_a_reported_clauses_speaker_is_a_turn(sentence: str) -> None:
    assert report_turn(sentence, 0) == 0


@pytest.mark.parametrize("sentence, name", [
    ('Tom Reed said: "We will do everything."', "Tom Reed"),  # a quote's tag: its quote records the turn
    ('"We will," Tom Reed said, "do everything."', "Tom Reed"),  # the same, a comma after the cue
    ("Tom Reed's lawyer said he would do everything.", "Tom Reed"),  # an owner: the lawyer speaks
    ("Tom Reed, saying he would do everything, left.", "Tom Reed"),  # a participle opens no report
    ("Ann Vole said that when Tom Reed announced it he was wrong.", "Tom Reed"),  # inside her report
    ("Tom Reed left the court on Monday.", "Tom Reed"),  # no cue at all
])
def test_no_turn(sentence: str, name: str) -> None:
    assert report_turn(sentence, sentence.index(name)) == -1


LEAD = "Bill debate goes on\n\nThe bill returned to the Commons on Monday.\n\n"


@pytest.mark.parametrize("report", [
    "Tom Reed said he would do everything he could to meet the concerns.",
    "Tom Reed, 55, insisted that he would do everything he could to meet the concerns.",
])
def test_the_pronoun_is_the_reported_speaker(report: str) -> None:
    # a narrative sentence naming another man (not as a subject) between the report and the quote
    between = "But the bill must not overturn the law set when a court ruled on Dan Vole."
    text = LEAD + f'{report} {between} "It is important we get this right," he said.\n'
    assert quotes(text)[-1].speaker == "Tom Reed"


def test_a_quoted_speaker_after_the_report_keeps_the_pronoun() -> None:
    text = LEAD + ('Tom Reed said he would do everything he could to meet the concerns. '
                   '"It is a disgrace," Dan Vole told the BBC. "It is important we get this right," he said.\n')
    assert quotes(text)[-1].speaker == "Dan Vole"
