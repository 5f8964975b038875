"""Reported speech (issue #32): cue words the lexicon's "clause_cues" gained
because the golds report their clauses ("a court ruled that ...", "X made
it clear that ..."), and the shapes those cues still report nothing in."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "clause", "speaker", "cue"), [
    ("Judge Ann Vole ruled that the port had broken its lease.", "the port had broken its lease", "Ann Vole",
     "ruled"),
    ("Tom Reed made it clear that the ferry would not run in winter.", "the ferry would not run in winter",
     "Tom Reed", "made it clear"),
    ("Tom Reed made clear he wanted the ferry to run in winter.", "he wanted the ferry to run in winter",
     "Tom Reed", "made clear"),
    ("Tom Reed makes it clear that the ferry will not run in winter.", "the ferry will not run in winter",
     "Tom Reed", "makes it clear"),
])
def test_a_ruling_or_a_statement_made_clear_reports_its_clause(text: str, clause: str, speaker: str,
                                                               cue: str) -> None:
    assert [(q.text, q.speaker, q.cue) for q in reported(text)] == [(clause, speaker, cue)]


@pytest.mark.parametrize("text", [
    "Judge Ann Vole ruled out a fresh hearing for the ferry company.",
    "The port has ruled the harbour for forty years without a rival.",
    "Tom Reed made clear progress on the ferry timetable this week.",
])
def test_a_ruling_or_made_clear_with_a_noun_object_reports_nothing(text: str) -> None:
    assert reported(text) == []
