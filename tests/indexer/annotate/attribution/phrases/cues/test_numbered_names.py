"""A name that ends in a number is one speaker phrase (issue #32, invented
text): "Radio 9 said" and "Tarnway 2000 said" are the station's and the
group's words, never a bare "9" or "2000"; a month's or a day's number, or
one after a preposition, is no such name."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.phrases.cues.cues import phrase_before
from tests.indexer.annotate.attribution.test_attribution import who


def _phrase(sentence: str) -> str | None:
    """Return the text of the phrase before the sentence's last word (its cue), None for none."""
    cue = sentence.rsplit(" ", 1)[1]
    found = phrase_before(sentence, 0, sentence.rindex(cue) - 1)
    return None if found is None or found == "coord" else found.text


@pytest.mark.parametrize("sentence, phrase", [
    ("Radio 9 said", "Radio 9"),
    ("Tarnway 2000 said", "Tarnway 2000"),
    ("Campaign group Tarnway 2000 warned", "Tarnway 2000"),
    ("But Channel 7 confirmed", "Channel 7"),
    ("Vole Radio 3 added", "Vole Radio 3"),
])
def test_the_number_ends_the_name(sentence: str, phrase: str) -> None:
    assert _phrase(sentence) == phrase


@pytest.mark.parametrize("sentence, not_phrase", [
    ("The report published in May 2005 said", "May 2005"),  # a date, not a name
    ("The figures out on Tuesday 14 said", "Tuesday 14"),
    ("The candidate in Ward 3 said", "Ward 3"),  # a preposition's object, not who spoke
    ("Fans of Tarnway 13 said", "Tarnway 13"),
])
def test_no_numbered_name_where_none_speaks(sentence: str, not_phrase: str) -> None:
    assert _phrase(sentence) != not_phrase


def test_an_age_set_off_by_commas_leaves_the_name() -> None:
    assert _phrase("Ann Vole, 49, said") == "Ann Vole"


def test_the_station_is_the_speaker() -> None:
    text = 'The Tarnway show ended on Friday. Radio 9 said: "The show will return next year."'
    assert who(text) == ["Radio 9"]


@pytest.mark.parametrize("text, speaker", [
    ('Ann Vole spoke on Monday. Number 10 said: "The plan is dead."', "Downing Street"),  # the registry's alias
    ('Ann Vole spoke on Monday. Tarnway 2000 said: "The plan is dead."', "Tarnway 2000"),
    ('The late show moves to Friday. Vole Radio 3 said: "It will return."', "Vole Radio 3"),
])
def test_a_numbered_name_is_a_body_not_a_person(text: str, speaker: str) -> None:
    assert who(text) == [speaker]
