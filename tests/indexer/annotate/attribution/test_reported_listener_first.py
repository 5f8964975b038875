"""Reported speech (issue #32): after a cue of listener_first_cues ("tell",
"tells", "told") the first words are who was told, never the clause's
subject.  Where no listener was read (clauses/complements.py's _OBJECT_RE),
up to six words ending the sentence after the cue report only with a finite
verb in them: "Ann Vole told the BBC News website." reports nothing, "told
the court the firm had lied" still does."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.clauses.complements import LISTENER_FIRST_CUES
from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported

_CUES = ["tell", "tells", "told"]


def test_the_cues_tested_are_the_lexicon_s() -> None:
    assert set(_CUES) == LISTENER_FIRST_CUES
    assert LISTENER_FIRST_CUES <= words("bare_clause_cues") & words("object_cues")


@pytest.mark.parametrize("cue", _CUES)
def test_a_listener_ending_the_sentence_reports_nothing(cue: str) -> None:
    # a role or an owner before the name (BBC: "mobile analyst Carolina Milanesi told the BBC News website.")
    subject = "harbour workers" if cue == "tell" else "harbour analyst Ann Vole"
    text = f'"The harbour is closed," {subject} {cue} the BBC News website. "We will reopen it in May."'
    assert reported(text) == []


@pytest.mark.parametrize("text", [
    '"The harbour is closed," Acme\'s Ann Vole told the Daily Gazette. "We will reopen it in May."',
    '"The harbour is closed," Acme chairman Ann Vole told the BBC News website.',
    "Ann Vole told a news conference.",
    "Tom Reed told the stock markets.",
])
def test_a_listener_with_no_finite_verb_after_it_reports_nothing(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize(("text", "clause"), [
    ("Tom Reed told the court the firm had lied about the harbour.", "the court the firm had lied about the harbour"),
    ("Tom Reed told the BBC lessons were being learned.", "the BBC lessons were being learned"),
    ("Ann Vole told voters she\u2019s with them.", "voters she\u2019s with them"),  # a pronoun subject: kept as before
    ("Ann Vole told reporters the harbour would close next spring.", "the harbour would close next spring"),
    ("Ann Vole told the inquiry she had never seen the harbour plans.", "she had never seen the harbour plans"),
    ("Ann Vole told MPs the harbour would reopen in May.", "the harbour would reopen in May"),
    ("Ann Vole told the BBC News website that the harbour would reopen.", "the harbour would reopen"),
])
def test_a_clause_after_the_listener_still_reports(text: str, clause: str) -> None:
    found = reported(text)
    assert [text[q.start:q.end] for q in found] == [clause]
    assert [q.speaker for q in found] == [text.split(" told")[0]]
