"""A definite person description whose speaker phrase runs on past its noun
("The finance minister meanwhile insisted", "The finance minister would not comment ..., but
insisted") is that description, resolved as it would be alone; a body's, an
indefinite or a longer phrase keeps its words (#31, invented text)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.descriptions.nominals import _trim_tail


def _speakers(text: str) -> list[str | None]:
    """Return the speaker of every direct and partial quote of `text`, in order."""
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


@pytest.mark.parametrize("text, expected", [
    # an adverb between the description and its cue
    ('Finance Minister Ada Quell set out her plans on Monday. Rival Tom Brack said they were "reckless". '
     'The finance minister meanwhile insisted her sums were "sound".', ["Tom Brack", "Ada Quell"]),
    # a first clause's auxiliary and verb between them: "would not comment ..., but insisted"
    ('Finance Minister Ada Quell set out her plans on Monday. Rival Tom Brack said they were "reckless". '
     'The finance minister would not comment on the row, but insisted she would not be "distracted".',
     ["Tom Brack", "Ada Quell"]),
])
def test_a_description_followed_by_an_adverb_or_auxiliary_is_resolved(text: str, expected: list[str | None]) -> None:
    assert _speakers(text) == expected


@pytest.mark.parametrize("words, expected", [
    (["The", "minister", "meanwhile"], ["The", "minister"]),
    (["the", "Tory", "leader", "will", "argue"], ["the", "Tory", "leader"]),
    (["The", "actor", "repeatedly"], ["The", "actor"]),
    (["the", "firm", "has"], ["the", "firm", "has"]),  # a body's description: left as it was
    (["A", "Ruritanian", "group", "has"], ["A", "Ruritanian", "group", "has"]),  # indefinite: someone new
    (["In", "its", "report", "on", "the", "work"], ["In", "its", "report", "on", "the", "work"]),
])
def test_trim_tail_cuts_only_a_definite_person_description(words: list[str], expected: list[str]) -> None:
    assert _trim_tail(words) == expected


@pytest.mark.parametrize("text, expected", [
    # "the chancellor" named Tom Brack: "the prime minister" later is someone else, though Brack spoke last
    ('Piet Vole earlier dismissed the claim as old news. Tom Brack has made an appeal for unity. '
     'The chancellor said he would not be "distracted". But the prime minister said it was "a load of nonsense".',
     ["Tom Brack", "Piet Vole"]),
    # ... and "the chancellor" again is Brack, while "the shadow chancellor" is not him
    ('Tom Brack has made an appeal for unity. The chancellor said he would not be "distracted". Shadow '
     'Chancellor Ann Lisk attacked the plans. The chancellor said they were "sound". The shadow chancellor '
     'said they were "reckless".', ["Tom Brack", "Tom Brack", "Ann Lisk"]),
])
def test_an_office_a_description_gave_a_person_stays_theirs(text: str, expected: list[str | None]) -> None:
    assert _speakers(text) == expected
