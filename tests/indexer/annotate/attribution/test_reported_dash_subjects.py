"""Reported speech (issue #32): a named subject, an aside in dashes, then the
cue ("Ann Vole - keen to calm investors - had said CLAUSE") reports the
clause as the subject's when an auxiliary stands between the closing dash and
the cue, when a conjunction opens the sentence, or when the name closes its
own description ("Harbour master Ann Vole - ... - said"); never the object
of another verb before the aside (clauses.speakers.speakers._dash_subject, and the
lexicon's skip_before_cue words after the aside)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    # an auxiliary between the closing dash and the cue (one test per shape of the lead-in)
    ("Ann Vole spoke on Monday. A day earlier, Ann Vole - keen to calm investors - had said "
     "only ten firms would be sold.", "only ten firms would be sold", "Ann Vole"),
    ("Ann Vole spoke on Monday. Ann Vole - a harbour pilot for 20 years - has said that the quay was unsafe.",
     "the quay was unsafe", "Ann Vole"),
    # a conjunction opening the sentence before the subject
    ("Acme Holdings cut jobs in May. But Acme Holdings - itself a target of a lawsuit - said the papers "
     "had been backdated.", "the papers had been backdated", "Acme Holdings"),
    ("Ann Vole spoke on Monday. And Ann Vole - six years older than her rival - admitted she was impressed.",
     "she was impressed", "Ann Vole"),
    # the name closing its own description
    ("Ann Vole spoke on Monday. Fund manager Ann Vole - the port's largest investor - said she would "
     "only invest more if she got a say.", "she would only invest more if she got a say", "Ann Vole"),
    # an aside of a relative clause longer than 120 characters
    ("Ann Vole spoke on Monday. But Ann Vole - who gained fame as one of the harbour's rebels and is running "
     "her own campaign alongside the official North Dover campaign - said she was not convinced.",
     "she was not convinced", "Ann Vole"),
])
def test_a_named_subject_before_a_dash_aside_speaks_the_clause(text: str, clause: str, speaker: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


@pytest.mark.parametrize("text", [
    # the name before the aside is another verb's object, not the sentence's subject
    "If you meet Ann Vole - and it is easy - tell them the rules are clear.",
    "Ann Vole spoke on Monday. The port hired Ben Tamm - a pilot for 20 years - and said the quay was safe.",
])
def test_an_object_before_a_dash_aside_is_no_subject(text: str) -> None:
    assert [q.speaker for q in reported(text) if q.speaker == "Ben Tamm" or q.text.startswith("the rules")] == []
