"""Names cut from capitalised runs, and speakers named by them (invented text)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names.fullnames import find_full_names
from onrecord.indexer.annotate.attribution.names.names import (
    cut_name,
    is_description,
    lowercase_words,
)
from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("run, common, role, title, name", [
    ("Harbour boss Olek Tamm", "", ["Harbour", "boss"], None, ["Olek", "Tamm"]),
    ("Lib Dem spokesman Ola Brandt", "", ["Lib", "Dem", "spokesman"], None, ["Ola", "Brandt"]),
    ("Frenchman Tilo Brandt", "", ["Frenchman"], None, ["Tilo", "Brandt"]),
    ("Acmecorp's Lena Ford", "", ["Acmecorp's"], None, ["Lena", "Ford"]),
    ("Dockside Director Dame Ada Lowe", "", ["Dockside", "Director"], "Dame", ["Ada", "Lowe"]),
    ("Boss Olek Tamm", "the boss left", ["Boss"], None, ["Olek", "Tamm"]),
    # an occupation opening the run is her role, whatever the first name after it
    ("Journalist Gwillem Brandt", "", ["Journalist"], None, ["Gwillem", "Brandt"]),
    ("Historian Gwillem Brandt", "", ["Historian"], None, ["Gwillem", "Brandt"]),
    ("Lecturer Gwillem Brandt", "", ["Lecturer"], None, ["Gwillem", "Brandt"]),
    ("Newport-based Olek Tamm", "", ["Newport-based"], None, ["Olek", "Tamm"]),
    ("Olek Tamm MP", "", ["MP"], None, ["Olek", "Tamm"]),
    ("Olek Tamm's", "", [], None, ["Olek", "Tamm"]),
])
def test_cut_name(run: str, common: str, role: list[str], title: str | None, name: list[str]) -> None:
    parts = cut_name(run.split(), lowercase_words(common))
    assert (parts.role, parts.title, parts.name) == (role, title, name)


def test_descriptions_are_not_names() -> None:
    assert is_description(["Lib", "Dem"]) and is_description(["Olympian"])
    assert not is_description(["Ola", "Brandt"])


@pytest.mark.parametrize("words, described", [
    (["Anglo-Norwegian"], True), (["Franco-Danish"], True), (["German-French"], True),
    (["Anglo-Brandt"], False), (["Norwegian-Brandt"], False),  # a name in it: a name
])
def test_descriptors_joined_by_a_hyphen_describe(words: list[str], described: bool) -> None:
    assert is_description(words) is described


def test_a_compound_descriptor_is_no_organisation_the_company_means() -> None:
    text = 'Shares in Anglo-Norwegian drugmaker fell 8% on Monday. "Changes are coming," the company said.'
    assert who(text) == [None]


def test_full_names_keep_initials_and_stop_at_sentence_ends() -> None:
    text = "JR Kessel spoke. Then Ola Brandt. Mr Tamm left."
    assert [h.parts.name for h in find_full_names(text, lowercase_words(text))] == [["JR", "Kessel"], ["Ola", "Brandt"]]


@pytest.mark.parametrize("text, expected", [
    # a surname or title+surname is the full name the article introduced
    ('Harbour boss Olek Tamm spoke first.\n\n"We are ready," said Tamm.', ["Olek Tamm"]),
    ('Finance chief Rolf Danner opened the meeting.\n\n"Costs fall," Mr Danner said.', ["Rolf Danner"]),
    ('Producer Rolf Danner was late. "We start soon," said Mr Danner.', ["Rolf Danner"]),
    # an employer in the possessive, a nationality or a sentence-initial word is not the name
    ('Acmecorp\'s Lena Ford said: "Prices will rise."', ["Lena Ford"]),
    ('Frenchman Tilo Brandt said: "We go on."', ["Tilo Brandt"]),
    ('The boss was away. Boss Olek Tamm said: "We go on."', ["Olek Tamm"]),
    # a description alone names nobody: no guess
    ('"We go on," said the Frenchman.', [None]),
])
def test_speaker_is_the_introduced_full_name(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


def test_pronoun_follows_a_subject_named_by_surname() -> None:
    text = 'Tom Dahl met Jim Moss on Monday. Moss later resigned. "I had no choice," he said.'
    assert who(text) == ["Jim Moss"]


def test_pronoun_gender_from_first_names_and_initials() -> None:
    text = ('Kathy Lund chaired the panel. JR Kessel, head of sales, praised the plan. '
            '"It works," he said.')
    assert who(text) == ["JR Kessel"]


@pytest.mark.parametrize("text, expected", [
    # role words between a description and the name: the name is the speaker
    ('Dockside chairman Ola Brandt wrote to the council accusing it of a "deliberate delay".', ["Ola Brandt"]),
    ('"It gets harder," says former Olympian and radio pundit Ola Brandt.', ["Ola Brandt"]),
    # an abbreviated role does not end the sentence the name is in
    ('Democratic Sen. Ola Brandt (D-Vt.) scolded him: "You are wrong," she said.', ["Ola Brandt"]),
])
def test_speaker_past_descriptions_and_roles(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


def test_participle_cue_after_an_object_belongs_to_the_subject() -> None:
    text = 'Ola Brandt wrote to the council accusing it of a "deliberate delay".'
    assert who(text) == ["Ola Brandt"]


def test_all_capital_words_and_months_are_not_surnames() -> None:
    text = ('Overall UK sales fell in March. Tom Dahl, chief economist, said it was bad. '
            '"It will get worse," he said.')
    assert who(text) == ["Tom Dahl"]


@pytest.mark.parametrize("text, expected", [
    # a lone capitalised word that is only ever sentence-initial is a word, not a name
    ('Wooden boats are back. Wooden boats "float better", it is claimed.', [None]),
    ('Chapel elders say they "will not allow" the show.', [None]),
    # a possessive before a person noun: that person, not the name in the possessive
    ('Ola Brandt died in May. Brandt\'s daughter keeps his "private letters".', [None]),
])
def test_words_that_are_not_speakers(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


def test_so_called_marks_a_scare_quote() -> None:
    assert who('Tom Dahl spoke about the so-called "cosy club" of lenders.') == []


@pytest.mark.parametrize("text, expected", [
    # a name inside a quote is not a pronoun's antecedent
    ('Tom Dahl spoke next. "The best sailor here is Jim Moss, by far," he said.', ["Tom Dahl"]),
    # "The director is X": X is who the next sentences are about
    ('Mr Dahl spoke first. The show\'s director is Jim Moss, known for opera. "It will be loud," he said.',
     ["Jim Moss"]),
    # an opening adverbial with a comma, then the subject
    ('A week before the vote, Mr Dahl used a rally to say his party had "a real chance".', ["Dahl"]),
    # a name led by digits
    ('"Rates will rise," said forecasting house 4Sight.', ["4Sight"]),
])
def test_subjects_and_antecedents(text: str, expected: list[str]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text", [
    "Then Olek Tamm's Harbour Show opened.",
    "Then Olek Tamm\u2019s Harbour Show opened.",  # a curly apostrophe is an owner's too
    "Then Harbour Boss Olek Tamm's Show opened.",
])
def test_the_owner_opening_a_run_is_a_full_name(text: str) -> None:
    assert ["Olek", "Tamm"] in [h.parts.name for h in find_full_names(text, lowercase_words(text))]


def test_cut_name_takes_a_plain_set_of_common_words() -> None:
    assert cut_name("Boss Olek Tamm".split(), {"boss"}).role == ["Boss"]  # type: ignore[arg-type]
