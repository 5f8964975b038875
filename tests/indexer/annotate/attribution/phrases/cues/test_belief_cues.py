"""'Ada Vole, who believes "the team can win"': "believes" reports its
subject's words as "thinks" does (a weak cue: lexicon cue_verb_forms and
weak_cue_stems), so the quote is hers, not the last speaker's."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind != "indirect"]


@pytest.mark.parametrize("lead", ["It is a view shared by Ada Vole, who believes",
                                  "The view is shared by Ada Vole, who believes"])
def test_a_belief_cue_credits_its_subject(lead: str) -> None:
    text = f'Cup\n\n"We have a fantastic chance," said Tom Reeve. {lead} "the team can win the cup".'
    assert _speakers(text) == ["Tom Reeve", "Ada Vole"]
