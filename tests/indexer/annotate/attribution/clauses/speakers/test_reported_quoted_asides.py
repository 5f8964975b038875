"""Reported speech (issue #32): a cue right after a quoted aside of its subject. The
quote closes a relative clause, a participle or an appositive of the sentence's subject
('Tom Reed, who calls the ferry plan a "farce," said ...'); the cue is the subject's and
reports the clause after it. A quote before the cue with no such aside of the subject stays
the cue's own."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.clauses.speakers.quoted_asides import quoted_aside_subject
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause"), [
    ('Tom Reed, who calls the ferry plan a "farce," said he does not believe the harbour can pay for it.',
     "he does not believe the harbour can pay for it"),
    ('Tom Reed, citing "the old charm of the quay," said the town could win the coastal prize next year.',
     "the town could win the coastal prize next year"),
    ('Tom Reed, speaking on "Harbour Radio," said the pilots would strike in June.',
     "the pilots would strike in June"),
])
def test_a_cue_after_a_quoted_aside_of_its_subject_reports_the_clause(text: str, clause: str) -> None:
    assert (clause, "Tom Reed") in [(q.text, q.speaker) for q in reported(text)]


@pytest.mark.parametrize(("frame", "cue", "subject"), [
    ("Tom Reed, who calls it a ######### said the quay is shut.", "said", "Tom Reed"),
    ("Tom Reed, citing ######### said the quay is shut.", "said", "Tom Reed"),
    ("Tom Reed, and the ######### said the quay is shut.", "said", None),  # a coordinated subject
    ("In May, Tom Reed, who calls it a ######### said the quay is shut.", "said", None),  # no aside of the subject
    ("Tom Reed said the plan, called ######### would fail.", "would", None),  # the quote is no aside of the subject
    ("Tom Reed, who runs the quay, said the ferry is late.", "said", None),  # no quote before the cue
])
def test_the_subject_of_a_quoted_aside(frame: str, cue: str, subject: str | None) -> None:
    phrase = quoted_aside_subject(frame, 0, frame.index(f" {cue} ") + 1)
    assert (phrase.text if phrase else None) == subject
