"""Reported speech (issue #32): a cue that needs a finite verb after its
subject ("claim", "deny", "insist") reports a clause with no subject of its
own when its speaker follows a relative pronoun: the pronoun is that
clause's subject ("a levy which farmers claim will ruin them": "will ruin
them"; clauses.gaps.opens_gap_clause)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.clauses.clauses import find_clauses
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole spoke on Monday. The port will charge a new levy, which farmers claim will ruin the harbour trade.",
     "will ruin the harbour trade"),
    ("Ann Vole spoke on Monday. Ann Vole ran a quarry, which her rivals insist was closed by the council.",
     "was closed by the council"),
    ("Ann Vole spoke on Monday. The report named a firm which Ann Vole denied is owned by the harbour board.",
     "is owned by the harbour board"),
    ("Ann Vole spoke on Monday. The ferry carried a crate - which its owners later denied was full of guns.",
     "was full of guns"),
    ("Ann Vole spoke on Monday. Ann Vole sued a builder, who she alleges will ignore the repairs.",
     "will ignore the repairs"),
])
def test_a_relative_pronoun_is_the_clause_subject(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


@pytest.mark.parametrize(("text", "clause"), [
    # a comma opened the relative clause: it ends at the comma before the main clause's verb, not at a list comma
    ("Ann Vole spoke on Monday. The levy, which farmers claim will ruin trade, shipping and fishing, is due in May.",
     "will ruin trade, shipping and fishing"),
    # a dash opened it: it ends at the closing dash, and two words are a clause ("was stolen")
    ("Ann Vole spoke on Monday. The ferry carried a crate - which its owners denied was stolen - to the quay.",
     "was stolen"),
])
def test_the_gap_clause_ends_with_its_relative_clause(text: str, clause: str) -> None:
    assert [q.text for q in reported(text)] == [clause]


@pytest.mark.parametrize("text", [
    # no relative pronoun: "claim" takes its noun object, no clause
    "Ann Vole spoke on Monday. The farmers claim will power for the new harbour trade.",
    # a bare present after the cue may be the cue's noun object ("claim credit"), so it stays out
    "Ann Vole spoke on Monday. The port kept a levy which farmers claim credit for in the harbour trade.",
    # "that" after a verb is a conjunction, the cue word a noun or a participle ("total claims", "taxes claimed")
    "Ann Vole spoke on Monday. Ann Vole expected that the total claims would be less than last year.",
    "Ann Vole spoke on Monday. The paper added that most of the fees claimed are owed by the harbour.",
    # "what ... claimed was X" is a noun phrase ("quit over what he claimed was delay"), no clause
    "Ann Vole spoke on Monday. The tycoon quit over what he claimed was a long delay by the harbour board.",
    # the relative pronoun stands too far before the speaker phrase
    "Ann Vole spoke on Monday. The levy which in the view of many local farmers they claim will ruin trade.",
])
def test_no_gap_clause_without_a_relative_and_a_finite_verb(text: str) -> None:
    assert [q.text for q in reported(text)] == []


@pytest.mark.parametrize(("sentence", "clause"), [
    ("A levy which farmers claim will ruin the harbour trade.", "will ruin the harbour trade"),
    ("A quarry which he later denied was closed by the council.", "was closed by the council"),
])
def test_find_clauses_reads_the_gap(sentence: str, clause: str) -> None:
    assert [sentence[c.start:c.end] for c in find_clauses(sentence, 0, len(sentence))] == [clause]
