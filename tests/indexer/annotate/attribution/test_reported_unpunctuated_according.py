"""Reported speech (issue #32, branch rep68): an opening "According to X" with no comma
before its clause ("According to Ofcom there were ...") reports the clause from the first
word of the lexicon's `unpunctuated_clause_subjects` (or a figure) that follows X and no
preposition, with a verb of the clause after it (clauses.closings._unpunctuated_opener);
and a capitalised finding noun of `firm_finding_nouns` ending a name ("Jupiter Research")
after its cue is a firm's name, not a finding (clauses.speakers.sources.is_finding); before its cue it may
be a finding's issuer ("A study by Acme Research reports": test_reported_sources)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.clauses.closings import _unpunctuated_opener
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    # "there": the clause runs on past a later comma, never only the part after it
    ("According to Acme Ferries there were four million passengers in May, and numbers are climbing.",
     "there were four million passengers in May, and numbers are climbing", "Acme Ferries"),
    # a pronoun
    ("According to Ann Vole it is too late to save the harbour.", "it is too late to save the harbour", "Ann Vole"),
    # a determiner after a description: the description ends before it ("the official news agency")
    ("According to the harbour board the ferry will stop running in May.",
     "the ferry will stop running in May", None),
    # a quantifier
    ("According to Ann Vole most of the old piers were closed down last year.",
     "most of the old piers were closed down last year", "Ann Vole"),
    # a figure: no verb needed after it
    ("According to Ann Vole 40% of ferry users travel at weekends.", "40% of ferry users travel at weekends",
     "Ann Vole"),
])
def test_according_to_x_with_no_comma_reports_the_clause_after_x(text: str, clause: str,
                                                                 speaker: str | None) -> None:
    found = reported(text)
    assert [q.text for q in found] == [clause]
    assert speaker is None or found[0].speaker == speaker


@pytest.mark.parametrize(("text", "clause"), [
    # a determiner after a preposition is the source's own ("the head of the board"): the comma's clause
    ("According to the head of the harbour board, the ferry will stop running.", "the ferry will stop running"),
    # no verb between the determiner and the comma: the source's words, the comma's clause
    ("According to Ann Vole of the harbour board, the ferry will stop running.", "the ferry will stop running"),
    # a figure before a capitalised word is the source's name, not the clause's subject
    ("According to our Q2 2025 Harbour Poll, 64% of ferry users say they will pay more.",
     "64% of ferry users say they will pay more"),
])
def test_according_to_x_with_a_comma_reads_the_clause_after_it(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


@pytest.mark.parametrize(("text", "clause", "speaker"), [
    # the firm_finding_nouns row: "Research" ending a capitalised name
    ("According to Jupiter Research, the ferry will stop running in May.", "the ferry will stop running in May",
     "Jupiter Research"),
    # after a closing cue too
    ("The ferry will stop running in May, said analysts Jupiter Research.", "The ferry will stop running in May",
     "Jupiter Research"),
])
def test_a_firm_named_with_a_finding_noun_is_a_source(text: str, clause: str, speaker: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


@pytest.mark.parametrize("text", [
    # a finding noun in lowercase, or capitalised alone or after a non-firm finding word: findings, no speech
    "According to research by Acme, the ferry will stop running in May.",
    "According to the Harbour Survey, the ferry will stop running in May.",
])
def test_a_finding_stays_no_source(text: str) -> None:
    assert reported(text) == []


@pytest.mark.parametrize("link", sorted(words("unpunctuated_source_links")))
def test_a_clause_subject_right_after_a_source_link_stays_the_sources(link: str) -> None:
    # one row each: after "of <link>" the determiner is the source's ("the head of the board"), so the
    # clause opens only at the next "the" a verb follows; without the row it would open at the first
    s = f"According to the head of {link} the board the ferry will stop running."
    start = s.index("the head")
    source = Phrase(s[start:s.index(" the ferry")], start, s.index(" the ferry"), "np")
    assert s[_unpunctuated_opener(s, source, len(s)):] == "the ferry will stop running."
