"""Reported speech (issue #32): a bare reported clause opened by a subordinate
clause ("They said as Ann Vole was in custody, her case came within its reach")
is reported whole: one row of the lexicon's "reported_subordinators" per case;
without a subject and a finite verb after the comma nothing is reported."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole said after the port closed, the ferry would run from Tarn.",
     "after the port closed, the ferry would run from Tarn"),
    ("Ann Vole said as the port was in administration, the ferry would run from Tarn.",
     "as the port was in administration, the ferry would run from Tarn"),
    ("Ann Vole said before a new port is built, the ferry will run from Tarn.",
     "before a new port is built, the ferry will run from Tarn"),
    ("Ann Vole said while it was a deal in principle, the firms had to make it work.",
     "while it was a deal in principle, the firms had to make it work"),
])
def test_a_subordinate_clause_opens_the_reported_clause(text: str, clause: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, "Ann Vole", "said")]


@pytest.mark.parametrize("text", [
    # no subject and finite verb after the comma: "said" closes on its own time, no clause
    "Ann Vole said nothing as she left the court, smiling at the crowd.",
    "Ann Vole said goodbye as she left the court, and the crowd cheered.",
    # a conjunction after a cue that takes no bare clause ("announced" needs "that" or a finite verb)
    "Ann Vole announced as the port was sold, and the crowd cheered.",
])
def test_no_clause_after_the_subordinate_clause_reports_nothing(text: str) -> None:
    assert reported(text) == []


def test_a_participle_after_the_comma_reports_its_own_clause_only() -> None:
    quotes = reported("Ann Vole said as she left the court, adding that the ferry would run daily.")
    assert [(q.text, q.cue) for q in quotes] == [("the ferry would run daily", "adding")]
