"""Reported speech (issue #32), "according to X" shapes (branch rep22): a
clause before "according to X," whose words after the source's comma are
its appositive or a participle, no clause of their own."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "speaker"), [
    ("The ferry crews turn out early on market days, according to Tom Reed, director of the Dover Harbour Board.",
     "Tom Reed"),
    ("The ferry crews turn out early on market days, according to Tom Reed, director of the board, which runs "
     "the quay.", "Tom Reed"),
    ("The ferry crews turn out early on market days, according to the Harbour Board, one of the bodies running "
     "the port.", "Harbour Board"),
    ("The ferry firm has struck a deal with its crews, according to the Harbour Board, taking a step toward "
     "ending the long strike.", "Harbour Board"),
])
def test_a_clause_before_an_according_aside_with_no_clause_after_it(text: str, speaker: str) -> None:
    clause = text.split(", according to")[0]
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


def test_an_according_aside_before_a_clause_still_reports_the_clause_after_it() -> None:
    text = "Since the spring, according to Tom Reed, the old ferry company has lost most of its money."
    assert [q.text for q in reported(text)] == ["the old ferry company has lost most of its money"]
