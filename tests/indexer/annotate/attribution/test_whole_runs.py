"""A body's name the rules cut the front off (issue #31, invented text): the
speaker value is the whole capitalised run its speaker phrase sits in ("Vole
Watch International UK", "Global Summit for the Paper Economy", "General
Widgets" beside "GW"), not its tail.  Not after a title or role ("President
Vole"), an owner ("Acme's Vole"), a time word, a person's name before a
joint, an acronym after a joint, nor when the article writes the tail as a
name of its own ("Mr Vole")."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.cleanup.wholeruns import PLACE_TAILS, front_words, whole_run
from tests.indexer.annotate.attribution.test_whole_names import speakers


@pytest.mark.parametrize("text, value, name", [
    ("Vole Watch International UK also questioned the plan.", "UK", "Vole Watch International UK"),
    ("The UK said no. Vole Watch International UK also questioned it.", "UK", "Vole Watch International UK"),
    ("A spokesman for the Global Summit for the Paper Economy said so.", "Paper Economy",
     "Global Summit for the Paper Economy"),
    ("GW issues warning. General Widgets has warned of losses.", "Widgets", "General Widgets"),
    ("US think-tank Harbour Tiles & Northern Slate says it grew.", "Slate", "Harbour Tiles & Northern Slate"),
    ("A report said so. Campaign on Tarns said the plan failed.", "Tarns", "Campaign on Tarns"),
])
def test_a_cut_body_name_is_the_whole_run(text: str, value: str, name: str) -> None:
    assert whole_run(text, value, text.rindex(value)) == name


@pytest.mark.parametrize("text, value", [
    ("President Vole said it was over.", "Vole"),  # a title
    ("General Vole said it was over.", "Vole"),  # a soldier's title, no acronym of the run
    ("Chancellor Vole said it was over.", "Vole"),  # a role
    ("On Monday Acme said it was over.", "Acme"),  # a time word
    ("In December Acme said it was over.", "Acme"),
    ("Ann Vole of the FBI said it was over.", "FBI"),  # an acronym after a joint
    ("Harbour Acme said so. Mr Acme smiled.", "Acme"),  # the tail is a name of its own
    ("Harbour Acme said so. Acme grew.", "Acme"),
    ("Acme said it was over.", "Acme"),  # nothing before it
])
def test_a_whole_value_stays(text: str, value: str) -> None:
    assert whole_run(text, value, text.index(value)) is None


def test_a_person_before_a_joint_is_no_word_of_the_body() -> None:
    text = "Analyst Ann Vole of Harbour Tiles said so."
    assert front_words(text, text.index("Tiles"), people=frozenset({"Ann", "Vole"})) == ["Harbour"]


def test_a_sentence_opening_common_noun_is_no_word_of_the_body() -> None:
    text = "It rose. Bookmaker Acme said a bookmaker could not."
    assert front_words(text, text.index("Acme"), common=frozenset({"bookmaker"})) == []


@pytest.mark.parametrize("tail", sorted(PLACE_TAILS))
def test_each_place_tail_ends_a_body_name(tail: str) -> None:
    word = tail.upper() if len(tail) <= 3 else tail.capitalize()
    text = f"The {word} team lost. Vole Watch {word} also questioned it."
    assert whole_run(text, word, text.rindex(word)) == f"Vole Watch {word}"


@pytest.mark.parametrize("text, speaker", [
    ('Vole Watch International UK also questioned whether the "torture evidence" was used.',
     "Vole Watch International UK"),
    ('A spokesman for the Global Summit for the Paper Economy told us: "The gap is real."',
     "Global Summit for the Paper Economy"),
])
def test_the_annotated_value_is_the_whole_name(text: str, speaker: str) -> None:
    assert speaker in speakers(text)
