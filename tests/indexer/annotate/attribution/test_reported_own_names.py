"""Reported speech (issue #32): a body's name keeps its own name when the
registry took a longer two-word run ending in its last word for a person
(indirect.ownnames.own_name): "Dunmore say" is Dunmore, not "Radio Dunmore"."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.ownnames import is_body_named, untimed
from onrecord.indexer.annotate.attribution.people.people import Person
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "word", "speaker"), [
    # a broadcaster led by "Radio" before a town: the town's club is the speaker
    ("Dunmore bid\n\nThe coach told BBC Radio Dunmore he was keen. Dunmore say they will not be rushed into a bid.",
     "rushed", "Dunmore"),
    # the same with a town the story names once
    ("Carrick hopes\n\nThe striker spoke to Radio Carrick on Friday. Carrick said they had made no offer for him.",
     "offer", "Carrick"),
])
def test_a_body_keeps_its_name(text: str, word: str, speaker: str) -> None:
    found = [q for q in reported(text) if word in q.text]
    assert found and found[0].speaker == speaker


@pytest.mark.parametrize(("name", "gender", "said", "common", "expected"), [
    ("Radio Dunmore", None, "Dunmore", (), True),                # a body lead before the town
    ("Radio Dunmore", None, "Colleges Dunmore", (), True),       # another body ending in the town
    ("Radio Dunmore", None, "BBC Radio Dunmore", (), False),     # the same body, written whole
    ("Ailing Vexo", None, "Vexo", ("ailing",), True),            # a lowercase word of the article first
    ("Ailing Vexo", None, "Vexo", (), False),                    # never written lowercase: a name
    ("Tavo Brenn", None, "Brenn", (), False),                    # a surname: the person stays
    ("Mark Brenn", None, "Brenn", ("mark",), False),             # a given name, if also a common word
    ("Radio Dunmore", "m", "Dunmore", (), False),                # a known gender: a person
    ("Vexo Plus", None, "Vexo", ("plus",), False),               # the first word: the registry's name stays
])
def test_is_body_named(name: str, gender: str | None, said: str, common: tuple[str, ...], expected: bool) -> None:
    first, last = name.split()
    assert is_body_named(Person(name, first, last, gender), said, common) is expected


@pytest.mark.parametrize(("text", "word", "speaker"), [
    # a weekday opening the sentence is no part of the body's name
    ("Vexo plan\n\nOn Thursday Vexo announced that two chip groups had merged to back one standard.",
     "merged", "Vexo"),
    # nor does the registry's longer name for the rest stand in for it
    ("Rovers bid\n\nOn Thursday Rovers said they would not be raising their offer for the striker. "
     "Ann Vole said: \"We are in talks with Dunmore Rovers but we have no deal.\"",
     "raising", "Rovers"),
    # a person's title after the weekday: the person, as before
    ("Vole speech\n\nOn Wednesday Mr Tavo Vole said the plan was sound.", "sound", "Tavo Vole"),
])
def test_a_weekday_is_no_part_of_the_name(text: str, word: str, speaker: str) -> None:
    found = [q for q in reported(text) if word in q.text]
    assert found and found[0].speaker == speaker


@pytest.mark.parametrize(("name", "expected"), [
    ("Thursday Vexo", "Vexo"),
    ("Friday Dunmore Rovers", "Dunmore Rovers"),
    ("Thursday", "Thursday"),            # the weekday alone: nothing after it
    ("June Vole", "June Vole"),          # a month is left: a given name too
    ("Vexo", "Vexo"),
])
def test_untimed(name: str, expected: str) -> None:
    assert untimed(name) == expected
