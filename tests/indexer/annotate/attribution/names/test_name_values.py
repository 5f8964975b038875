"""One speaker value per person, the fullest name the article gives (invented text):
long names, particles, generations, title words as surnames, later mentions by
any word of the name, and the words before a name that describe the person."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names.fullnames import find_full_names
from onrecord.indexer.annotate.attribution.names.names import (
    cut_name,
    is_full_name,
    lowercase_words,
)
from onrecord.indexer.annotate.attribution.names.runs import split_run
from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("text, expected", [
    # a four-word name stays whole, and a title + surname later maps back to it
    ('Orla Nunes Cavaco Tamm, MD, a physician, helps.\n\n"Fats matter," Dr. Tamm says.', ["Orla Nunes Cavaco Tamm"]),
    # a later mention by an inner word of the name
    ('The paper is by Yeun Joon Park of Lakeside.\n\n"We were surprised," says Joon.', ["Yeun Joon Park"]),
    # particles inside the name, and the surname with its particle later
    ('Harbour chief Ursula von der Vole spoke.\n\n"We act," said von der Vole.', ["Ursula von der Vole"]),
    ('Dutch coach Louis van Tamm was angry.\n\n"We lost," said Van Tamm.', ["Louis van Tamm"]),
    ('Osman bin Vole released a tape.\n\n"We will go," bin Vole said.', ["Osman bin Vole"]),
    ('Foreign minister Saud al-Tammi spoke.\n\n"We are calm," said al-Tammi.', ["Saud al-Tammi"]),
    # a capitalised first word is a first name, not a particle
    ('Al Vole spoke.\n\n"We are calm," said Vole.', ["Al Vole"]),
    # a month or a title word as the surname after a first name
    ('"We will fight this," said Theresa May.', ["Theresa May"]),
    ('Stephen King said: "Boo."', ["Stephen King"]),
    # the generation is part of the full name (the golds' convention: the fullest form the article gives)
    ('Dr Martin Luther Vole Jr said: "I have a dream."', ["Martin Luther Vole Jr"]),
    # words describing the person before the name are not the name
    ('Oscar-winner Andrea Tamm said: "I love this film."', ["Andrea Tamm"]),
    ('Billionaire Donald Vole praised the plan.\n\n"It is great," Vole said.', ["Donald Vole"]),
    ("Acme News' Sean Vole said: \"We go on.\"", ["Sean Vole"]),
    # lexicon `descriptors` row "teenager": an age word before the name is no part of it
    ('Teenager Zelka Vormund won the final.\n\n"I am happy," said Vormund.', ["Zelka Vormund"]),
])
def test_speaker_value_is_the_fullest_name(text: str, expected: list[str]) -> None:
    assert who(text) == expected


def test_initials_lead_a_name() -> None:
    assert who('J. Christopher Vole said: "Go."') == ["J. Christopher Vole"]


@pytest.mark.parametrize("name, ok", [
    (["Orla", "Nunes", "Cavaco", "Tamm"], True),
    (["Ursula", "von", "der", "Vole"], True),
    (["Theresa", "May"], True),
    (["During", "May"], False),
    (["Vole", "UK"], False),
    (["Ann", "Bea", "Cy", "Dee", "Vole"], False),
])
def test_is_full_name(name: list[str], ok: bool) -> None:
    assert is_full_name(name) is ok


def test_a_headline_is_not_a_four_word_name() -> None:
    text = "Ministers Move Against Ann Vole. The move against her failed."
    assert [h.parts.name for h in find_full_names(text, lowercase_words(text))] == [["Ann", "Vole"]]


@pytest.mark.parametrize("run, role, name", [
    ("Exchequer Gordon Vole", ["Exchequer"], ["Gordon", "Vole"]),
    ("Ann Vole Jr.", [], ["Ann", "Vole"]),
    ("Stephen King", [], ["Stephen", "King"]),
    ("Ann Vole MP", ["MP"], ["Ann", "Vole"]),
])
def test_cut_name_roles_generations_and_title_surnames(run: str, role: list[str], name: list[str]) -> None:
    parts = cut_name(run.split())
    assert (parts.role, parts.name) == (role, name)


@pytest.mark.parametrize("run, expected", [
    ("Dr Martin Luther King Jr", (None, "Dr", ["Martin", "Luther", "King"])),
    ("Larry King", (None, None, ["Larry", "King"])),
    ("Wisconsin Republican", ("Wisconsin Republican", None, [])),
    ("Acme News' Sean Vole", ("Acme News'", None, ["Sean", "Vole"])),
])
def test_split_run_generations_and_owners(run: str, expected: tuple) -> None:
    assert split_run(run) == expected


@pytest.mark.parametrize("text, expected", [
    ('Lord Tamm spoke in the Lords.\n\n"The law is clear," said Tamm.', ["Lord Tamm"]),
    ('"Yes," said Baroness Vole. "No," said Vole.', ["Baroness Vole", "Baroness Vole"]),
    ('"Yes," said Mr Vole.', ["Vole"]),  # Mr is no part of a name
])
def test_a_peer_is_named_with_their_title(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    # an office before a name set off by commas is hers: the name is the speaker, whole
    ('The Shadow Secretary of State for the Family, Ann Vole, said: "We will fight this."', ["Ann Vole"]),
    # a month after a first name is a surname, not a time word before the cue
    ('Theresa May said: "We act."', ["Theresa May"]),
    ('Ann Vole in May said: "We act."', ["Ann Vole"]),
    # "her lawyer, Tom Dahl," names him
    ('The woman sued, her lawyer, Tom Dahl, said. "It failed," he said.', ["Tom Dahl"]),
])
def test_offices_and_months_around_a_name(text: str, expected: list[str]) -> None:
    assert who(text) == expected


def test_an_employer_after_a_bare_role_is_not_a_person() -> None:
    text = ('"We use freelancers," said Rafi Vole, president, Coastal Luxury Outdoors.\n\n'
            'For Vole, those states helped. "It helped," he told me.')
    assert who(text) == ["Rafi Vole", "Rafi Vole"]


def test_a_word_leading_an_institutions_name_is_not_a_person() -> None:
    text = ('Tufts University biologist Ann Vole studies worms. The Tufts team met. '
            '"We think we are the crown of creation," she says.')
    assert who(text) == ["Ann Vole"]


def test_a_surname_inside_a_shows_name_is_still_hers() -> None:
    text = 'Rachel Vole hosts The Rachel Vole Show. "You will have to ask," Vole said.'
    assert who(text) == ["Rachel Vole"]


def test_an_office_of_the_something_is_role() -> None:
    assert split_run("Chancellor of the Exchequer Gordon Vole") == ("Chancellor of the Exchequer", None, ["Gordon", "Vole"])


@pytest.mark.parametrize("text, expected", [
    # a heading's cue word is no name; a common word in capitals is emphasis, not an acronym
    ('What Reviewers Say | "It is good."', [None]),
    ('ALWAYS err on the side of "too light and airy" and always rest.', [None]),
    ('The US said: "We act." Tell us.', ["US"]),
    # a surname that is also a cue form ("read") stays a name
    ('Acme chief executive Ian Read spoke. "We assessed it," Read said.', ["Ian Read"]),
])
def test_headings_and_shouting_name_nobody(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


def test_a_place_after_a_comma_is_not_a_person() -> None:
    text = ('Kit Dahl agrees with a team at the University of Erewhon, Los Angeles. '
            '"We are the crown of creation," she says.')
    assert who(text) == ["Kit Dahl"]


@pytest.mark.parametrize("run, role", [
    ("Ann Vole QC", ["QC"]),  # a rank of counsel after the surname, as "MP" is
    ("Ann Vole MSP", ["MSP"]),
])
def test_a_rank_after_the_surname_is_no_part_of_the_name(run: str, role: list[str]) -> None:
    parts = cut_name(run.split())
    assert (parts.role, parts.name) == (role, ["Ann", "Vole"])


@pytest.mark.parametrize("text", [
    'Cathy Tamm has warned fans.\n\nPraising Celtic and Rangers for their efforts, she said: "There is progress."',
    'Cathy Tamm has warned fans.\n\nBacking Labour and the unions, she said: "There is progress."',
])
def test_a_participle_opening_a_sentence_is_no_first_name(text: str) -> None:
    assert who(text) == ["Cathy Tamm"]


@pytest.mark.parametrize("name, ok", [(["Praising", "Celtic"], False), (["Sterling", "Vole"], False),
                                      (["Ming", "Vole"], True), (["Ann", "Fleming"], True)])
def test_a_participle_is_not_a_full_name_s_first_word(name: list[str], ok: bool) -> None:
    assert is_full_name(name) is ok


@pytest.mark.parametrize("name, ok", [(["Windows", "ATMs"], False), (["Labour", "MPs"], False),
                                      (["JJ", "Abrams"], True)])
def test_an_acronym_s_plural_is_no_surname(name: list[str], ok: bool) -> None:
    assert is_full_name(name) is ok


def test_a_headline_s_plural_acronym_is_nobody_a_pronoun_may_mean() -> None:
    text = ('Concerns over Windows ATMs\n\nDominic Vole runs Acme Research. Todd Reed, a spokesman for Acme, '
            'spoke first. "It is risky," Mr Reed said.\n\nBut Mr Vole from Acme Research said the risk was low.'
            '\n\nOnly 10% of all ATMs get swapped every year. "Banks simply upgrade," he said.')
    assert who(text) == ["Todd Reed", "Dominic Vole"]


@pytest.mark.parametrize("text, expected", [
    # letters of an office, honour or degree after a full name are not part of it
    ('"The ruling is unlawful," Petra Quillfeather QC says.', ["Petra Quillfeather"]),
    ('"We must go," said Ann Vole MP.', ["Ann Vole"]),
    ('"We must go," Ann Vole MP said.', ["Ann Vole"]),
    ('"Nothing changed," Tom Reed OBE said.', ["Tom Reed"]),
    ('"The data are clear," said Kim Lark PhD.', ["Kim Lark"]),
])
def test_post_nominal_letters_are_not_the_name(text: str, expected: list[str]) -> None:
    assert who(text) == expected
