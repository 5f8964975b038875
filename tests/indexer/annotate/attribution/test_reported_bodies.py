"""Reported speech (issue #32): a body named inside its own description
("the Acme Press agency reported") is that body (indirect.bodies), not the
body the article named last."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.bodies import (
    kinds_clash,
    named_body,
    possessed_body,
    short_form_body,
    staff_owner,
)
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("sentence", "speaker"), [
    ("The Acme Press agency reported that the talks had failed.", "Acme Press"),
    ("The Tamm trade union said shop workers should get a break.", "Tamm"),
    ("On Monday, Norland's Vexa private banks association said the economy would slow.", "Vexa"),
    ("The Vexa industry body said sales of music players rose.", "Vexa"),
    ("The Norland Beat radio station reported that the minister had left.", "Norland Beat"),
])
def test_a_name_before_a_body_noun_names_the_body(sentence: str, speaker: str) -> None:
    text = "The Norland Party and the Vole Bank met on Monday to talk about jobs. " + sentence
    assert [q.speaker for q in reported(text)][-1] == speaker


@pytest.mark.parametrize("phrase", [
    "The firm", "The German company", "The US company", "A US bank", "Europe's biggest drugmaker",
    "the Texas company",  # written as a place: "in Texas"
    "the Vole government",  # a noun a place or person owns
    "The Vole company",  # Ann Vole's
])
def test_descriptions_that_name_no_body(phrase: str) -> None:
    people = DocSpeakers("Ann Vole met bankers in Texas. " + phrase + " said it would grow.")
    assert named_body(phrase, people) is None


def test_a_sentence_adverb_names_no_body() -> None:
    text = ("Acme Air and Vole Jets signed a deal on Monday. Separately, the biggest parcel delivery firm, "
            "Bexco, said it had ordered ten jets. The US company said it needed more room for freight.")
    assert [q.speaker for q in reported(text)][-1] == "Bexco"


def test_a_capitalised_body_noun_is_the_name_it_opens() -> None:
    text = ("Bank of Norland deputy governor Ann Vole said growth was strong. The Office for Farm Statistics "
            "will publish its estimate on Friday. The Bank said good policy depends on good data.")
    assert [q.speaker for q in reported(text)][-1] == "Bank of Norland"


def test_a_lowercase_body_noun_is_no_short_form() -> None:
    people = DocSpeakers("The Bank of Norland met. The bank said")
    assert short_form_body("The bank", 30, people) is None
    assert short_form_body("The Bank", 30, people) == "Bank of Norland"


@pytest.mark.parametrize(("sentence", "speaker"), [
    ("A spokesman for Leeds's Vole Centre said it was the biggest Christmas yet.", "Vole Centre"),
    ("A spokeswoman for the St Ann's Shopping Centre in Norton said it was the busiest day.",
     "St Ann's Shopping Centre"),
])
def test_a_body_after_a_possessive_is_the_body(sentence: str, speaker: str) -> None:
    assert [q.speaker for q in reported("Shops reported strong sales on Saturday. " + sentence)] == [speaker]


def test_a_person_after_a_possessive_is_no_body() -> None:
    assert possessed_body("Acme's Ben Tamm said", 0, "Acme's Ben Tamm") is None


def test_a_document_by_a_body_is_the_body_s_words() -> None:
    text = ("The phone becomes almost useless. A statement by Vexa played down the program "
            "and said few people would fall victim to it.")
    assert [q.speaker for q in reported(text)] == ["Vexa"]


@pytest.mark.parametrize(("text", "speaker"), [
    ("Iranian striker Ali Vole will not travel to Norland for Vexa Munich's Champions League match on "
     "Wednesday. The German club said the player had pulled out because of a back injury.", "Vexa Munich"),
    ("Fast networks are here, says the Global Mobile Suppliers Association. At the fair, Vexatel showed off "
     "a faster system. The German company said data could be sent at one gigabit a second.", "Vexatel"),
])
def test_a_description_is_no_body_of_another_kind(text: str, speaker: str) -> None:
    assert [q.speaker for q in reported(text)][-1] == speaker


@pytest.mark.parametrize(("head", "org", "clash"), [
    ("club", "Champions League", True),
    ("company", "Acme Association", True),
    ("company", "Acme Corporation", False),  # a company, a firm, a corporation: one kind
    ("group", "Acme Association", False),  # "the group" may be any body
    ("company", "Multiplex Group", False),
    ("club", "Acme", False),  # a name that says no kind
])
def test_kinds_clash(head: str, org: str, clash: bool) -> None:
    assert kinds_clash(head, org) is clash


def test_a_body_s_staff_speak_for_it() -> None:
    text = "Car makers test cars every year. Oil changes keep a car going longest, VCR's engineers say."
    assert [q.speaker for q in reported(text)] == ["VCR"]


def test_a_person_s_staff_are_not_the_person() -> None:
    people = DocSpeakers("Ann Vole was charged. Ann Vole's lawyers said she was innocent.")
    assert staff_owner("Ann Vole's lawyers", people) is None


def test_a_spokesman_described_by_the_body_s_kind_speaks_for_it() -> None:
    text = ("A man faces charges of hacking into computers at the US arm of mobile phone firm Vexatel. Mr Tamm "
            "tried twice to hack Vexatel's network and took 400 names, said a company spokesman.")
    assert [q.speaker for q in reported(text)] == ["Vexatel"]


def test_an_alias_cut_in_two_is_the_institution() -> None:
    found = reported("The police chief spoke first. No 10 was similarly cautious but said the threat was real. "
                     "Number 10 said an error was made.")
    assert [(q.speaker, q.speaker_mention.text if q.speaker_mention else None) for q in found][-2:] == [
        ("Downing Street", "No 10"), ("Downing Street", "Number 10")]


def test_a_described_twin_name_is_written_as_is() -> None:
    text = ("Vexa Re and Swiss Re, the two biggest reinsurers, met on Monday. Swiss Re has said total claims are "
            "likely to be small. Vexa Re said it expected little.")
    assert [q.speaker for q in reported(text)] == ["Swiss Re", "Vexa Re"]


def test_a_place_adjective_and_a_body_noun_name_no_body() -> None:
    # "the Oslo-based advocacy group" describes the watchdog named before it, set off by a comma
    text = ("Norland was accused of blocking the Vexa Daily site by the press watchdog, Pens Without Walls. "
            "The Oslo-based advocacy group said the site had been down for a week.")
    assert [q.speaker for q in reported(text)] == ["Pens Without Walls"]


def test_an_appositive_org_noun_before_its_relative_shows_a_body() -> None:
    # "Vexway, the private firm which runs ...": a body, so "It said" is Vexway's
    text = ("Ferry crews walked out last week. Vexway, the private firm which runs the city's ferries, has offered "
            "a 5% rise. It said it would put the pledge in writing.")
    assert [q.speaker for q in reported(text)] == ["Vexway"]


def test_a_name_whose_officials_are_written_is_a_body() -> None:
    # "Vexon officials": a body's staff, so the later "it claimed" is Vexon's
    text = ("Vexon sacked Mr Tamm in May. Mr Tamm said no other Vexon officials knew of the talks. "
            "Vexon apologised publicly - although it claimed it did not gain any unfair advantage.")
    assert [q.speaker for q in reported(text)][-1] == "Vexon"



_OWNED = ("Slow sales of Vole scooters hit profits at {owner}Acme Group on Tuesday. Vole sold 20,000 scooters "
          "in Norland last year, down from 31,000 the year before, as buyers turned to cheaper models. "
          "The scooters' makers blamed a wet summer and the rising price of steel for the fall in demand. "
          "Dealers in the north of the country saw the sharpest drop, with sales down by almost half in "
          "the autumn months. Analysts expect a better year ahead as new models reach the showrooms. "
          "Vole has cut its prices across its range. The firm said it would keep the factory open.")


@pytest.mark.parametrize(("owner", "speaker"), [
    ("parent ", "Acme Group"),  # lexicon owner_nouns: "the firm" is the owner, not the brand named since
    ("owner ", "Acme Group"),
    ("", "Vole"),  # no owner written: the body the text is about
])
def test_the_firm_is_the_owner_the_article_named_not_its_brand(owner: str, speaker: str) -> None:
    assert [q.speaker for q in reported(_OWNED.format(owner=owner))][-1] == speaker
