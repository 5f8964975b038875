"""A regular past's shape (phrases.shapes.is_regular_past), the one test the act and finite-verb
readers in names/, pronouns/ and cleanup/ share: an -ed word of MIN_REGULAR_PAST letters at least
(five: the rows pin both sides of it, "added" read and "shed" not)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.phrases.shapes import is_regular_past


@pytest.mark.parametrize(("word", "past"), [
    ("warned", True),
    ("dedicated", True),
    ("added", True),  # five letters: the shortest read
    ("red", False),
    ("shed", False),  # four letters: a noun or an irregular past, which a lexicon list names
    ("warns", False),
    ("", False),
])
def test_a_regular_past_is_an_ed_word_long_enough(word: str, past: bool) -> None:
    assert is_regular_past(word) is past

