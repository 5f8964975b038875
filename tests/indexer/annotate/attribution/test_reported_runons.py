"""Reported speech (issue #32): a reported clause ends where the writer's own
words resume: a coordinated present perfect after a cue in the past, or a
second cue in the past whose quote follows (reported/runons.py)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause"), [
    ("Ann Vole said she would back the ferry plan, but she hasn't given a date for the vote.",
     "she would back the ferry plan"),
    ("Ann Vole said the harbour needed a new crane and has asked the council for the money.",
     "the harbour needed a new crane"),
    ("Ann Vole said the quay was unsafe but has so far not taken the matter to court.",
     "the quay was unsafe"),
])
def test_a_clause_ends_before_a_coordinated_present_perfect(text: str, clause: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, "Ann Vole")]


def test_a_clause_in_the_present_perfect_keeps_its_coordination() -> None:
    text = "Ann Vole said the port has grown quickly and has hired forty new pilots."
    assert [q.text for q in reported(text)] == ["the port has grown quickly and has hired forty new pilots"]


def test_a_clause_ends_before_a_second_cue_whose_quote_follows() -> None:
    text = 'Ann Vole said the bridge would reopen in May and urged drivers to use the "eastern ring road" until then.'
    assert [(q.text, q.speaker) for q in reported(text)] == [("the bridge would reopen in May", "Ann Vole")]


def test_a_present_report_is_not_cut() -> None:
    text = "Ann Vole says she backs the ferry plan and has asked the council for the money."
    assert [q.text for q in reported(text)] == ["she backs the ferry plan and has asked the council for the money"]
