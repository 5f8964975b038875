"""Reported speech (issue #32): a speech cue's infinitive after a lead that
makes it a report, not a hedge: "at pains to point out that" (the subject
said it: report_infinitive_leads) and "prompted the minister to say" (the
object said it: report_control_leads); other leads before "to" stay hedged."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker", "cue"), [
    ("Ann Vole was at pains to point out that the ferry ran on time.", "the ferry ran on time", "Ann Vole",
     "point out"),
    ("Ann Vole took pains to stress that the ferry ran on time.", "the ferry ran on time", "Ann Vole", "stress"),
    ("Ann Vole is taking pains to say that the ferry ran on time.", "the ferry ran on time", "Ann Vole", "say"),
])
def test_a_cue_after_a_subject_lead_is_a_report(text: str, clause: str, speaker: str, cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, speaker, cue)]


@pytest.mark.parametrize(("text", "clause", "speaker", "cue"), [
    ("The storm prompted harbour master Ann Vole to say the ferry would wait.", "the ferry would wait", "Ann Vole",
     "say"),
    ("The delay is prompting Ann Vole to warn that the ferry may be sold.", "the ferry may be sold", "Ann Vole",
     "warn"),
    ("Each delay prompts Ann Vole to claim the ferry is cursed.", "the ferry is cursed", "Ann Vole", "claim"),
    ("The storm led Ann Vole to say the ferry would wait.", "the ferry would wait", "Ann Vole", "say"),
    ("Fares rose again, leading Ann Vole to argue that the ferry was too dear.", "the ferry was too dear",
     "Ann Vole", "argue"),
    ("Each delay leads Ann Vole to insist the ferry is safe.", "the ferry is safe", "Ann Vole", "insist"),
])
def test_a_cue_after_a_control_verb_and_its_object_is_the_objects_report(text: str, clause: str, speaker: str,
                                                                          cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, speaker, cue)]


@pytest.mark.parametrize("text", [
    "Ann Vole was keen to say that the ferry ran on time.",  # a wish, no lead: still hedged
    "The storm led the harbour board and its ferry master Ann Vole to say the ferry would wait.",  # object too long
])
def test_other_leads_stay_hedged(text: str) -> None:
    assert [q.text for q in reported(text)] == []
