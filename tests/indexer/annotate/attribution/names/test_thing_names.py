"""Capitalised phrases that name things, not people (invented text): a
company, product or place with no title, known first name or role is never
a person, so no pronoun, surname or first name resolves to it; a run that
only modifies a person noun names nobody; a heading is no subject."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names.fullnames import find_full_names
from onrecord.indexer.annotate.attribution.names.names import lowercase_words
from onrecord.indexer.annotate.attribution.names.things import is_thing, modifies_noun, vouched
from tests.indexer.annotate.attribution.test_attribution import quotes, who


@pytest.mark.parametrize("text, expected", [
    # the phrase's last word is written in lowercase elsewhere: a box, not Mr Box
    ('Ann Vole tried it.\n\nZeb Box sends a box of clothes every month.\n\n"It is so soft," she said.',
     ["Ann Vole"]),
    # a park, not a man named Park
    ('Tom Reed grew up here.\n\nKids play at Orva Park, a park up the hill.\n\n"It was home," he said.',
     ["Tom Reed"]),
])
def test_a_pronoun_never_resolves_to_a_thing(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text", [
    'Zeb Wines sells wines by post.\n\nZeb\u2019s "zero-waste" plan cuts "waste" in half.',
    # a lone word leading a thing's name is that thing's, not a person's first name
    'Orva Catering ran the catering.\n\n"We cook for all," said Orva.',
])
def test_a_lone_word_of_a_thing_is_no_person(text: str) -> None:
    assert not any(who(text))


@pytest.mark.parametrize("text", [
    '"Prices rose in most districts," the Teal Book said.',
    'The Teal Book said: "Prices rose in most districts."',
    '"We are thrilled," the Orva Gallery said.',
    '"It is on loan," the Orva Museum said.',
    '"It is fine," the Zeb Institution said.',
])
def test_a_thing_or_institution_that_speaks_is_an_organisation(text: str) -> None:
    (quote,) = quotes(text)
    assert quote.speaker is not None and quote.speaker_type == "organisation"


@pytest.mark.parametrize("text, expected", [
    # a role appositive or a relative clause vouches for a person whose surname is a common word
    ('"We are ready," said Zaw Win, an activist, after the win.', ["Zaw Win"]),
    ('Bo From, who founded the group, spoke.\n\n"We lost," From said, back from Ohio.', ["Bo From"]),
    # a lowercase role word before the name, and a title anywhere
    ('"We won," said council president Zaw Small after a small vote.', ["Zaw Small"]),
    ('"We won," said Zaw Small after a small vote. Mr Small left.', ["Zaw Small"]),
    # initials
    ('J.D. Power studies buyers and their power.\n\n"Buyers care," J.D. Power said.', ["J.D. Power"]),
])
def test_a_name_shape_vouches_for_a_person(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    ('Ann Vole won in Waterford.\n\n"It hurt," says the Waterford man.', [None]),
    ('"It was offside," said the Sale player.', [None]),
    ('"It is critical," said MIT Sloan professor, the founding director of the lab.', [None]),
    ('"It was wrong," said Ann Vole\'s lawyer.', [None]),
    # an appositive after the role still names the person
    ('"It is fast," said Car Talk expert, Ann Vole, on Monday.', ["Ann Vole"]),
])
def test_a_run_before_a_person_noun_is_a_description(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


def test_a_heading_is_no_subject() -> None:
    text = 'Ann Vole tried the boxes.\n\nQuick Picks\n\n"It fits well," she said.'
    assert who(text) == ["Ann Vole"]


@pytest.mark.parametrize("before, noun, expected", [
    ("the Acme", " player said", True),
    ("an Acme", " spokesman said", False),  # a spokesperson speaks for Acme
    ("the Vole", " campaign said", False),  # a body named for her
    ("Ann Vole", " said", False),
])
def test_modifies_noun(before: str, noun: str, expected: bool) -> None:
    assert modifies_noun(before + noun, len(before)) is expected


def test_vouched_and_is_thing_on_their_own() -> None:
    text = "The Teal Book came out. Ann Vole read the book."
    common = lowercase_words(text)
    hits = {" ".join(h.parts.name): h for h in find_full_names(text, common)}
    assert vouched(["Ann", "Vole"], None, []) and not vouched(["Teal", "Book"], None, [])
    assert is_thing(text, common, ["Teal", "Book"], None, [], (hits["Teal Book"].start, 13))
    assert not is_thing(text, common, ["Ann", "Vole"], None, [], (hits["Ann Vole"].start, 32))


@pytest.mark.parametrize("text, expected", [
    # the owner opening a run is a full name: the surname later is that person
    ("The film of Ann Pullman's Dark Hills trilogy is out.\n\n\"It is fine,\" Pullman told fans.", ["Ann Pullman"]),
    ("Sprinter Kelly Bowes' Olympic win was top.\n\n\"It was magic,\" Bowes said.", ["Kelly Bowes"]),
])
def test_an_owner_opening_a_run_is_a_full_name(text: str, expected: list[str]) -> None:
    assert who(text) == expected


def test_a_common_word_is_no_misspelt_surname() -> None:
    text = 'Ann Moore paints walls in more colours.\n\nMore often, "too small" results in clutter.'
    assert "Ann Moore" not in who(text)


@pytest.mark.parametrize("text, name", [
    # a heading names the ground bare; the article writes "the" before it below: a place
    ("Stade de Vole, Harbourton\n\nHarbourton have won twice at the Stade de Vole.", ["Stade", "de", "Vole"]),
    # a product reviewed bare at first, "the Quill Atmos" later: a thing
    ("Quill Atmos\n\nWe carried the Quill Atmos for a week.", ["Quill", "Atmos"]),
])
def test_a_run_the_article_writes_after_the_elsewhere_is_a_thing(text: str, name: list[str]) -> None:
    assert is_thing(text, lowercase_words(text), name, None, [], (0, len(" ".join(name))))


def test_a_name_before_a_capitalised_word_after_the_stays_a_person() -> None:
    # "the Ann Vole Trust" is the trust's name: Ann Vole is still a person
    text = "Tavo Brenn spoke.\n\nThe Tavo Brenn Trust gave money."
    assert not is_thing(text, lowercase_words(text), ["Tavo", "Brenn"], None, [], (0, 10))


def test_a_pronoun_skips_a_ground_the_article_writes_after_the() -> None:
    text = ("Stade de Vole, Harbourton\n\nHarbourton have won twice at the Stade de Vole.\n\n"
            'Captain Tavo Brenn sees hope. "We are getting better," he said.')
    assert who(text) == ["Tavo Brenn"]
