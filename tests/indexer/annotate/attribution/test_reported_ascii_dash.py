"""Reported speech (issue #32): an ASCII dash between spaces leads a
participle cue as an em dash does ("... - saying CLAUSE"), so the cue takes
the sentence's subject as its speaker (clauses.clauses._PARTICIPLE_LEAD_RE)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    ("Ann Vole spoke on Monday. Ann Vole refused to sign the deal - saying the terms were unfair.",
     "the terms were unfair", "Ann Vole"),
    # (read before the ASCII dash led a cue too, through the aside's own dashes: a guard, not the change)
    ("Ann Vole spoke on Monday. Ann Vole attacked the plan - which may close the quay - arguing that it was rushed.",
     "it was rushed", "Ann Vole"),
    ("Ann Vole spoke on Monday. Ann Vole called for an inquiry - warning that costs had doubled.",
     "costs had doubled", "Ann Vole"),
])
def test_an_ascii_dash_leads_a_participle_cue(text: str, clause: str, speaker: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


@pytest.mark.parametrize("text", [
    "Ann Vole spoke on Monday. Ann Vole refused to sign the deal-saying nothing.",
    "Ann Vole spoke on Monday. The plan was a follow-up to last year's cost-saying study.",
    # a hyphen with a space after it but none before ("co- and ...") is a word's, not a dash: a bare "-"
    # in the lead pattern would read this one
    "Ann Vole spoke on Monday. Ann Vole refused to sign the co- saying the terms were unfair.",
])
def test_a_hyphen_inside_a_word_leads_nothing(text: str) -> None:
    assert [q.text for q in reported(text)] == []
