"""orgevidence's words after a name (#31 speed): the pattern is matched once where the
name has no possessive, and after the possessive too where it has one; the answer is
the two matches the look-up made before.  Made-up names."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.orgs import orgevidence


@pytest.mark.parametrize(("text", "name", "strong"), [
    ("Brontal, which makes pumps, grew.", "Brontal", True),
    ("Brontal's shares fell.", "Brontal", True),
    ("Brontal\u2019s shares fell.", "Brontal", True),
    ("Brontal shares fell.", "Brontal", True),
    ("Brontal's chief said so.", "Brontal", False),
    ("Brontal said so.", "Brontal", False),
    ("Brontals, which", "Brontal", False),
])
def test_strong_words_after_a_name_and_its_possessive(text: str, name: str, strong: bool) -> None:
    assert orgevidence.strong_evidence(text, 0, len(name)) is strong


@pytest.mark.parametrize(("text", "end"), [
    ("Brontal's staff had hoped to pitch its drug", 7), ("Brontal had hoped to pitch its drug", 7),
    ("Brontal, a pump maker", 7), ("Brontal's", 7), ("Brontal", 7), ("Brontal' its", 7),
])
def test_matched_after_is_either_place(text: str, end: int) -> None:
    pattern = orgevidence._WEAK_AFTER_RE
    want = bool(pattern.match(text, end) or pattern.match(text, orgevidence._possessive_end(text, end)))
    assert orgevidence._matches_after(pattern, text, end) is want
