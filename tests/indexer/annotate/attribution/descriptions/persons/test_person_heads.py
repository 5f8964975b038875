"""Person-headed descriptions (issue #32): a description whose head is a
person's noun names a person or nobody, never the body named inside it,
also where its last word is no role: a role after a hyphenated prefix ("the
Quill co-chairman") or before a preposition tying the person to a body ("the
drummer with rock band Tarn") (descriptions/persons/personheads.py, lexicon
"person_body_links"; "politician" a row of "person_nouns")."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.persons.personheads import person_head
from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("phrase", "head"), [
    ("The Quill co-chairman", 2),
    ("the ex-minister", 1),
    ("The drummer with rock band Tarn", 1),
    ("the chairman of the Tarn Rowing Federation", 1),
    ("a director at Tarn Studios", 1),
    ("the lawyer from Tarn Chambers", 1),
])
def test_the_person_noun_heading_a_description_is_found(phrase: str, head: int) -> None:
    assert person_head(phrase.split()) == head


@pytest.mark.parametrize("phrase", [
    "the Tarn Rowing Federation",  # a body's name
    "The Friends of the Tarn",  # a capitalised name with "of", no description
    "the board of Tarn Studios",  # a body's noun before "of"
    "the self-styled Tarn Society",  # a hyphenated modifier, no role last
    "a spokesman for Tarn Studios",  # a spokesperson speaks for the body (descriptions.nominals)
    "the Tarn chairman",  # a role last: the old test already reads it
])
def test_no_person_head_is_found_where_the_last_word_test_suffices_or_no_person_heads(phrase: str) -> None:
    assert person_head(phrase.split()) == -1


_RISE = "Ferry fares rose in May. {} said the rise would hurt the islands."


@pytest.mark.parametrize("description", [
    "The Tory co-chairman",  # a role after a hyphenated prefix: never the party
    "A senior EU politician",  # a person noun of the lexicon ("politician") last
])
def test_a_person_headed_description_never_credits_the_body_inside_it(description: str) -> None:
    assert [(q.text, q.speaker) for q in reported(_RISE.format(description))] == [
        ("the rise would hurt the islands", None)]


def test_a_person_introduced_with_the_role_is_credited() -> None:
    text = "Tory co-chairman Ann Vole toured the islands on Monday. " + _RISE.format("The Tory co-chairman")
    assert [q.speaker for q in reported(text)] == ["Ann Vole"]


_LINK_CASES = {
    "at": "The economist at the EU mission",
    "from": "The lawyer from the EU delegation",
    "of": "The chairman of the Tory group",
    "with": "The adviser with the Tory team",
}


def test_every_person_body_link_has_a_case() -> None:
    assert set(_LINK_CASES) == set(words("person_body_links"))


@pytest.mark.parametrize("row", sorted(_LINK_CASES))
def test_each_link_keeps_the_body_after_it_from_speaking(row: str) -> None:
    assert [(q.text, q.speaker) for q in reported(_RISE.format(_LINK_CASES[row]))] == [
        ("the rise would hurt the islands", None)]
