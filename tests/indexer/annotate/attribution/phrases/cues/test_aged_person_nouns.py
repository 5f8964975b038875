"""A capitalised person noun right after an age before a cue ("The 55-year-old Frenchman
told", "the 24-year-old Swiss added") is the head of a description, not a name of its own:
the phrase is the whole description, which descriptions.nominals reads as the person the text
is about; a name after an age stays the name."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.phrases.cues.cues import phrase_before


def _phrase(sentence: str) -> str | None:
    """Return the text of the phrase before the sentence's last word (its cue), None for none."""
    cue = sentence.rsplit(" ", 1)[1]
    found = phrase_before(sentence, 0, sentence.rindex(cue) - 1)
    return None if found is None or found == "coord" else found.text


@pytest.mark.parametrize("sentence, phrase", [
    ("The 55-year-old Frenchman told", "The 55-year-old Frenchman"),  # a person noun after an age
    ("Speaking to Le Matin, the 24-year-old Swiss added", "the 24-year-old Swiss"),
    ("The 24-year-old Ann Vole added", "Ann Vole"),  # a name after an age stays the name
    ("The 24-year-old Vole added", "Vole"),
    ("The Frenchman told", "The Frenchman"),
])
def test_an_aged_person_noun_is_a_description(sentence: str, phrase: str) -> None:
    assert _phrase(sentence) == phrase
