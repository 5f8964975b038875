"""One speaker value per person, in the fullest form the article gives (invented
text): middle initials without a period, generations, double-barrelled
surnames, names after a coordinated or trailing role, royal and peer titles,
and the words that never lead or make a name."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names.fullnames import find_full_names
from onrecord.indexer.annotate.attribution.names.names import (
    cut_name,
    is_role_word,
    lowercase_words,
)
from onrecord.indexer.annotate.attribution.names.runs import split_run
from onrecord.indexer.annotate.attribution.names.singles import peer_title
from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("text, expected", [
    # a middle initial without its period, and the first name alone later
    ('Bernard P Vole, founder of Acme.\n\n"Buy it," Bernard says.', ["Bernard P Vole"]),
    # the generation stays in the value, from any mention of the person
    ('District Attorney Bruce L Tamm Jr, who led the case, said it was "closed".', ["Bruce L Tamm Jr"]),
    ('Ann Vole III opened the hall.\n\n"We are ready," Vole said.', ["Ann Vole III"]),
])
def test_initials_and_generations_stay_in_the_value(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a double-barrelled surname later, alone or with a title, is the person named in full
    ('Joy Tamm Vole, a psychologist, says it works.\n\n"It is real," Tamm Vole says. The joy was real.',
     ["Joy Tamm Vole"]),
    ('Mrs Parker Vole said: "I am happy." She thanked "Mrs Bertha Parker Vole and the staff".',
     ["Bertha Parker Vole", "Bertha Parker Vole"]),
])
def test_a_later_surname_of_several_words_is_the_full_name(text: str, expected: list[str]) -> None:
    assert who(text) == expected


def test_a_longer_run_without_a_first_name_is_not_a_fuller_form() -> None:
    text = ('Ann Vole made Acme Sans Flex.\n\nAcme Sans Flex lets designers "sculpt" text.\n\n'
            "Try Acme Sans Flex today.")
    assert "Try Acme Sans Flex" not in [p for p in who(text) if p]


@pytest.mark.parametrize("text, expected", [
    # a second role joined by "and" ends in the name
    ('"It is about meaning," says Acme Events Co-Owner and Lead Planner Bea Tamm. Every planner knows it.',
     ["Bea Tamm"]),
    # lowercase role words between the description and the name in commas
    ('The garden was full. "My pick is the rose," said Garden Chat expert, Jon Vole, on Monday.', ["Jon Vole"]),
    # a place, then a noun for a person: "Ulster man", "Kerry woman" describe the name after them
    ('Tom Vole wins his cap.\n\n"We are ready," said Leinster man Vole.', ["Tom Vole"]),
    ('"We are ready," said Kerry woman Ann Vole.', ["Ann Vole"]),
])
def test_the_name_after_a_description_is_the_speaker(text: str, expected: list[str]) -> None:
    assert who(text) == expected


def test_a_planner_title_before_the_name_is_her_role() -> None:
    text = 'Lead Planner Bea Tamm said the planner was busy.\n\n"Plates," Tamm says.'
    assert who(text) == ["Bea Tamm"]


def test_a_heading_of_common_words_is_no_name() -> None:
    text = "Common Car Rental Terms\n\nWhen you rent a car, read the rental terms."
    assert [h.parts.name for h in find_full_names(text, lowercase_words(text))] == []


@pytest.mark.parametrize("word, ok", [
    ("Co-Owner", True), ("Ex-Chairman", True), ("Vice-President", True), ("owner", True),
    ("Co-Vole", False), ("Newport-based", False),
])
def test_role_words_with_prefixes(word: str, ok: bool) -> None:
    assert is_role_word(word) is ok


def test_a_prefixed_role_ends_the_description() -> None:
    assert cut_name("Acme Co-Founder Ann Vole".split()).name == ["Ann", "Vole"]


def test_a_determiner_never_leads_a_name() -> None:
    text = 'Some Lakeside fans were angry.\n\n"It is sad," he said.'
    assert [h.parts.name for h in find_full_names(text, lowercase_words(text))] == []
    assert who(text) == [None]


@pytest.mark.parametrize("text, expected", [
    # a royal named with a first name keeps the title, and is not another man of that first name
    ('Prince Bertram, 56, and Ann Bertram Vole met. Bertram said they were "delighted".', ["Prince Bertram"]),
    ('The Duke of Tamm said it was "fine".', ["Duke of Tamm"]),
])
def test_royal_and_peer_titles_stay_in_the_value(text: str, expected: list[str]) -> None:
    assert who(text) == expected


def test_peer_title_with_of() -> None:
    assert peer_title("The Earl of Vole spoke.", "Vole", None) == "Earl of"
    assert peer_title("Lord Vole spoke.", "Vole", None) == "Lord"


def test_a_first_name_english_writes_as_a_word_is_a_first_name() -> None:
    text = 'Hope Tamm Vole, a planner, was hopeful. We hope so.\n\n"Yes," said Hope Tamm Vole.'
    assert who(text) == ["Hope Tamm Vole"]


@pytest.mark.parametrize("run, expected", [
    ("Yeun Joon Vole of Lakeside Judge Business School", (None, None, ["Yeun", "Joon", "Vole"])),
    ("Dr. Ehsan Vole of VSI", (None, "Dr.", ["Ehsan", "Vole"])),
    ("Dr. Vole at Acme", (None, "Dr.", ["Vole"])),
    ("Chancellor of the Exchequer Gordon Vole", ("Chancellor of the Exchequer", None, ["Gordon", "Vole"])),
])
def test_the_employer_after_of_is_not_the_name(run: str, expected: tuple) -> None:
    assert split_run(run) == expected


def test_name_of_org_speaks_as_the_name() -> None:
    assert who('"Slouching hurts," said spine surgeon Dr. Ehsan Vole of VSI.') == ["Ehsan Vole"]


@pytest.mark.parametrize("text, expected", [
    ('The coach named his side.\n\n"We are ready," said O\'Vole. "Nobody is hurt."', ["O'Vole", "O'Vole"]),
    ('The coach named his side.\n\n"We are ready," said D\u2019Tamm.', ["D\u2019Tamm"]),
])
def test_a_surname_with_an_apostrophe_alone_is_a_name(text: str, expected: list[str]) -> None:
    """A lone surname like O'Neill is letters around a prefix's apostrophe: a name, not a token to drop."""
    assert who(text) == expected


@pytest.mark.parametrize("knight", ["Sir Tom Vole", "Lord Tom Vole"])
def test_mr_and_a_surname_is_not_the_knight_or_peer_of_that_surname(knight: str) -> None:
    """A knight or peer is never called "Mr": 'Mr Vole' beside Sir Tom Vole is the other Vole."""
    text = (f"{knight} said terror groups would act.\n\nThe comments come after Ed Vole defended his plans.\n\n"
            'But Mr Vole insisted: "There is no greater liberty."')
    assert who(text) == ["Ed Vole"]


@pytest.mark.parametrize("text, expected", [
    ('Lord Vole of Birkenhead, in his ruling, said: "It is wrong."\n\nLord Vole added: "It is over."',
     ["Lord Vole of Birkenhead", "Lord Vole of Birkenhead"]),
    ('Lord Kite of Acme Bank said: "It is wrong."', ["Lord Kite"]),  # an employer, not the title's place
])
def test_a_peers_territorial_title_stays_in_the_value(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a surname that is also a title or role word, written alone once the person is introduced
    ('Ann King wrote the essay in 2019.\n\nKing describes the plan as a "total mess".', ["Ann King"]),
    ('Dr Olek Judge runs the clinic.\n\nJudge calls the rules "a tangle".', ["Olek Judge"]),
    # a role word as surname ("Tom Bishop"), alone before a cue
    ('Tom Bishop wrote the essay in 2019.\n\n"It is a mess," Bishop said.', ["Tom Bishop"]),
    # with nobody of that surname it is still a title, no one's name
    ('The essay came out in 2019.\n\nKing describes the plan as a "total mess".', [None]),
    ('The essay came out in 2019.\n\n"It is a mess," Bishop said.', [None]),
])
def test_a_title_word_alone_is_the_surname_the_article_introduced(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected
