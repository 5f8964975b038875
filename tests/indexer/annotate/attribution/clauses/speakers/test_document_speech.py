"""A document the article already met, as the subject of a plain speech verb
("The report said that ..."), reports its issuer's words (issue #32): the
clause is found and credited to the issuer; a finding ("the study found"),
an unnamed report ("a report said") and rumour ("reports say") stay out."""
from __future__ import annotations

import re

import pytest

from onrecord.indexer.annotate.attribution.clauses.speakers.documentspeech import document_speaks
from onrecord.indexer.annotate.attribution.clauses.verbs import CLAUSE_CUE_RE, is_verb
from tests.indexer.annotate.attribution.test_reported import reported

_LEAD = "The Harbour Trust published its annual review of ferry safety on Monday. "


@pytest.mark.parametrize(("sentence", "clause"), [
    ("The review said that the night ferries needed more crew.", "the night ferries needed more crew"),
    ("The review added that the pier lights were often broken.", "the pier lights were often broken"),
    ("Its review says the ticket office should open earlier.", "the ticket office should open earlier"),
    ("The annual report said that two boats had failed checks.", "two boats had failed checks"),
])
def test_a_document_met_before_speaks_for_its_issuer(sentence: str, clause: str) -> None:
    found = reported(_LEAD + sentence)
    assert [(q.text, q.speaker) for q in found] == [(clause, "Harbour Trust")]


def test_an_issuer_named_in_the_document_phrase_speaks() -> None:
    found = reported("The Ferry Safety Organisation (FSO) met on Monday. The FSO report added that the cafe should close.")
    assert [(q.text, q.speaker) for q in found] == [("the cafe should close", "Ferry Safety Organisation")]


@pytest.mark.parametrize("sentence", [
    "The study found that the night ferries needed more crew.",
    "The survey showed that the pier lights were often broken.",
    "A report said the ticket office should open earlier.",
    "Reports say the ticket office should open earlier.",
])
def test_findings_unnamed_reports_and_rumour_stay_out(sentence: str) -> None:
    assert reported(_LEAD + sentence) == []


@pytest.mark.parametrize(("found", "cue", "speaks"), [
    (["the", "report"], "said", True),
    (["The", "FAO", "report"], "added", True),
    (["A", "Financial", "Times", "report"], "said", True),  # an indefinite one with its owner named
    (["a", "new", "report"], "said", False),
    (["its", "review"], "says", True),
    (["the", "report"], "showed", False),  # a finding verb
    (["a", "report"], "said", False),  # no document met before
    (["the", "reports"], "said", False),  # plural: rumour or several
    (["the", "study"], "said", False),  # a study is a finding, no document issued
    (["the", "head", "of", "the", "report"], "said", False),
    (["report"], "said", False),
])
def test_which_document_subject_speaks(found: list[str], cue: str, speaks: bool) -> None:
    match = re.match(r"\w+", cue)
    assert match is not None
    assert document_speaks(found, match) is speaks


@pytest.mark.parametrize(("sentence", "verb"), [
    ("The FAO report said that fish stocks fell.", False),  # "said" reports; "report" is its subject
    ("The annual report adds the pier is old.", False),
    ("Officials report that fish stocks fell.", True),
    ("Crews report the pier is old.", True),
])
def test_report_before_a_speech_verb_is_a_noun(sentence: str, verb: bool) -> None:
    cue = next(c for c in CLAUSE_CUE_RE.finditer(sentence) if c.group().lower() == "report")
    assert is_verb(sentence, 0, cue) is verb
