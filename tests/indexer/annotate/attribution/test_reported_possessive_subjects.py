"""Reported speech (issue #32): after a cue that needs a finite verb in a bare clause
("admitted", "denied", "accepted"), a subject opened by a possessive determiner, its
noun words, then a regular past is a clause ("admitted his side failed to cope"): one
test per row of the lexicon's "possessive_subject_openers"; an -ed word right after the
determiner is an adjective, and a past before "by" a participle: no clause."""
from __future__ import annotations

import pytest

from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported

# (determiner, the sentence, its clause): one row per row of possessive_subject_openers
_ROWS = [
    ("his", "Norland skipper Ann Vole admitted his side failed to cope with the pressure.",
     "his side failed to cope with the pressure"),
    ("her", "Coach Ann Vole conceded her players struggled in the second half.",
     "her players struggled in the second half"),
    ("its", "The Acme board acknowledged its early forecasts proved wrong.", "its early forecasts proved wrong"),
    ("their", "The Voles have long denied their ancestors practised smuggling.",
     "their ancestors practised smuggling"),
    ("our", "Ann Vole admitted our team played poorly at Tamm Green.",
     "our team played poorly at Tamm Green"),
    ("my", "Tom Reed admitted my brother worked for the port.", "my brother worked for the port"),
]


def test_every_opener_has_a_row() -> None:
    assert sorted(row[0] for row in _ROWS) == sorted(words("possessive_subject_openers"))


@pytest.mark.parametrize(("opener", "text", "clause"), _ROWS)
def test_a_possessive_subject_and_a_regular_past_is_a_clause(opener: str, text: str, clause: str) -> None:
    assert clause.startswith(opener + " ")
    assert [q.text for q in reported(text)] == [clause]


@pytest.mark.parametrize("text", [
    "Acme announced its revised plans for the harbour.",  # an -ed adjective right after the determiner
    "Acme warned its customers affected by the outage.",  # a participle before "by"
    "Ann Vole admitted her mistake in the final.",  # no verb: the cue's object
])
def test_no_clause_without_a_past_after_the_noun(text: str) -> None:
    assert reported(text) == []
