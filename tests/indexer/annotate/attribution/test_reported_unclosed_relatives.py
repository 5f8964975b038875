"""Reported speech (issue #32, branch rep68): a relative clause after the sentence's subject
that runs on to the cue with no comma closing it ("Ms Vole, who presents The Harbour Show tells
...") or with only a comma before the cue and none opening it ("Acme which posted a loss, said")
leaves the subject the speaker, not the relative verb's object nor an opening adverb
(clauses.speakers.speakers._unclosed_relative_subject)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "mention"), [
    # "who", no comma closing it: its object ("The Harbour Show") is no speaker
    ("Ms Vole, who presents The Harbour Show tells the paper that she will stay.", "Ms Vole"),
    # "which" with no comma opening it, one closing it: not the adverb opening the sentence
    ("Meanwhile, Acme Ferries which posted its ninth loss, said it was cutting routes.", "Acme Ferries"),
    # "who" after a description no speaker noun list holds: a person
    ("The 28-year-old host who also presents Harbour Nights said she wanted new projects.",
     "The 28-year-old host"),
])
def test_an_unclosed_relative_leaves_the_subject_the_speaker(text: str, mention: str) -> None:
    found = reported(text)
    assert [q.speaker_mention.text if q.speaker_mention else None for q in found] == [mention]


@pytest.mark.parametrize(("text", "mention"), [
    # the relative pronoun is the object, the name its subject: the name speaks (relative gaps)
    ("The plan, which Ann Vole says will cut crime, is dead.", "Ann Vole"),
    # closed by commas on both sides: read as before
    ("Ann Vole, who was elected last year, said that the harbour would close.", "Ann Vole"),
])
def test_other_relatives_are_read_as_before(text: str, mention: str) -> None:
    assert [q.speaker_mention.text if q.speaker_mention else None for q in reported(text)] == [mention]
