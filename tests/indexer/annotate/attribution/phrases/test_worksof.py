"""A list of names after an office's "for" or a person noun's "of" is no
speaker (issue #31, invented text): "The MP for Bath and Wells said" is the
MP's words, "The star of Rain Man and Tootsie said" the star's, never a
place's or a film's."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.phrases.cues.cues import phrase_before
from tests.indexer.annotate.attribution.test_attribution import who

LEAD = "Ann Vole has been an MP since 1997. "


@pytest.mark.parametrize("sentence, phrase", [
    ("The MP for Tarnford and Sheepwick said", "The MP for Tarnford and Sheepwick"),
    ("The Tory MP for Tarnford and North Sheepwick admitted", "The Tory MP for Tarnford and North Sheepwick"),
    ("The MSP for Glenvole and Tarnside said", "The MSP for Glenvole and Tarnside"),
    ("The senator for Tarnford and Sheepwick said", "The senator for Tarnford and Sheepwick"),
    ("The star of Harbour Lights and Tarnside said", "The star of Harbour Lights and Tarnside"),
])
def test_the_office_or_noun_is_the_phrase(sentence: str, phrase: str) -> None:
    cue = sentence.rsplit(" ", 1)[1]
    found = phrase_before(sentence, 0, sentence.index(cue) - 1)
    assert found != "coord" and found is not None and found.text == phrase


@pytest.mark.parametrize("sentence, phrase", [
    ("Tarnford and Sheepwick said", "Sheepwick"),  # no office: two bodies or places speaking
    ("The MP for Tarnford said", "The MP for Tarnford"),  # one place: the run as before
    # a spokesman's "for" takes whom they speak for, no seat: the name, as before
    ("A spokesman for Harbour and Tarn Affairs Commissioner Ann Vole said",
     "Tarn Affairs Commissioner Ann Vole"),
])
def test_no_list_after_an_office_is_read_as_before(sentence: str, phrase: str) -> None:
    cue = sentence.rsplit(" ", 1)[1]
    found = phrase_before(sentence, 0, sentence.index(cue) - 1)
    assert found != "coord" and found is not None and found.text == phrase


def test_the_mp_is_the_speaker() -> None:
    text = LEAD + 'The MP for Tarnford and Sheepwick said: "The gap is very real indeed."'
    assert who(text) == ["Ann Vole"]
