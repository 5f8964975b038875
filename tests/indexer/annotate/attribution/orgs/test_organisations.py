"""Organisations as speakers (#31): "it said", "the company said", "the report
said" mean the organisation the article introduced; he and she never mean one
(invented text)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.orgs.organisations import Organisations
from onrecord.indexer.annotate.attribution.orgs.orgevidence import org_by_context, org_by_name, shows_org
from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("text, expected", [
    # "it" is the organisation introduced last as a subject ("its" showed it to be one)
    ('Multiplex will have to win legal claims. These claims could take two years. '
     '"Multiplex believes its claims are sound," it said. "Profits will follow," it added.',
     ["Multiplex", "Multiplex"]),
    # ... by its full name, not the short form that drops "Group"
    ('Shares in Harbour Tiles Group fell. Harbour Tiles said it would cut costs. "We will recover," it said.',
     ["Harbour Tiles Group"]),
    # an appositive with an org noun makes a name an organisation's
    ('Brandolo, a leading German insurer, said it did not know yet. However, it said the loss was "significant".',
     ["Brandolo"]),
    # a description is a mention of the organisation named before it: "It" after "The committee"
    ('A report by the Commons work and pensions committee called for change. The committee said the agency '
     'had failed. It blamed managers for "a multitude of problems".', ["Commons work and pensions committee"]),
    ('The Commons committee reached its conclusions after it found delays. It warned that the agency was '
     '"in crisis".', ["Commons committee"]),
    # "it" never means a person, nor a word that only looks like a name ("US")
    ('Tom Reed runs the shop. "Sales will rise," it said.', [None]),
    ('US officials met on Monday. "It is done," it said.', [None]),
])
def test_it_is_the_organisation_introduced(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    ('Shares in Brandolo fell. The company said: "We are confident."', ["Brandolo"]),  # its shares
    ('Sales at retailer Tolvik rose. "We are pleased," the retailer said.', ["Tolvik"]),  # org noun before it
    ('Ann Vole, chairman of Tolvik, said sales fell. "We are sorry," the firm said.', ["Tolvik"]),
    ('Tom Reed joined Labour in 1990. "We regret this," the company said.', [None]),  # a party is no company
])
def test_the_company_is_the_organisation_introduced(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    ('The Harbour Trust published its review. "Waits are too long," the report said.', ["Harbour Trust"]),
    ('The Department of Justice complaint says that Tom Reed "lied to buyers".', ["Department of Justice"]),
    ('Acme Group cut jobs. "We regret it," the company statement said.', ["Acme Group"]),
    ('Ann Vole is angry. "Waits are too long," a report said.', [None]),  # which report is not said
])
def test_a_document_speaks_for_its_owner(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text", [
    # a bakery chain the name scan took for a person: "he" is its boss
    'Paris Crumb was founded in Lyon in 1988. Paris Crumb now has 400 shops, said Tom Reed, its US chief.\n\n'
    'Paris Crumb plans 50 more shops next year.\n\n"We are ready," he said.',
    'Next year it adds 150 bakeries, said Tom Reed, chief executive of Paris Crumb North America.\n\n'
    'Paris Crumb was founded in Korea in 1988. Paris Crumb boasts 20 quarters of growth.\n\n"We are ready," he said.',
])
def test_he_never_means_an_organisation(text: str) -> None:
    assert who(text) == ["Tom Reed"]


def test_a_spokeswoman_still_speaks_for_her_body() -> None:
    text = 'A spokeswoman for the Harbour Guild said it was ready. "We agree," she said.'
    assert who(text) == ["Harbour Guild"]


@pytest.mark.parametrize("text, name, expected", [
    ("Tolvik, which makes tiles, grew.", "Tolvik", True),
    ("Tolvik was founded in 1990.", "Tolvik", True),
    ("Shares in Tolvik rose.", "Tolvik", True),
    ("Tolvik's shares rose.", "Tolvik", True),
    ("Ann Vole Events, which she founded, grew.", "Ann Vole", False),  # a longer name's start
    ("Ann Vole, who founded it, smiled.", "Ann Vole", False),
])
def test_strong_words_show_an_organisation(text: str, name: str, expected: bool) -> None:
    assert shows_org(text, name) is expected


@pytest.mark.parametrize("text, name, org", [
    ("Brandolo, the world's largest reinsurer, grew.", "Brandolo", True),  # org_nouns: reinsurer
    ("Ann Vole, chairman of Brandolo, spoke.", "Brandolo", True),  # employer_roles: chairman
    ("Brandolo Holdings grew. Brandolo said so.", "Brandolo", True),  # org_suffixes: the short form
    ("Brandolo came. Ann Vole left.", "Brandolo", False),
])
def test_lexicon_rows_name_organisations(text: str, name: str, org: bool) -> None:
    orgs = Organisations(text, lambda _phrase: None, [], {})
    assert orgs.is_org_name(name) is org


@pytest.mark.parametrize("name, org", [
    ("Harbour Tiles Group", "Harbour Tiles Group"),  # an org word
    ("Harbour Tiles Ltd", "Harbour Tiles Ltd"),  # a legal suffix
    ("German", None),  # a word that describes: never an organisation
    ("Ola Brandt", None),  # nothing in the name: the words around each mention decide
])
def test_a_name_alone_decides_once(name: str, org: str | None) -> None:
    assert org_by_name(name, lambda _phrase: None, set()) == org


@pytest.mark.parametrize("text, personal, org", [
    ("Shares in Brandolo fell.", True, "Brandolo"),  # strong words, even for a name that looks personal
    ("Brandolo said its plan was sound.", False, "Brandolo"),  # weak words, only for no person's name
    ("Brandolo said its plan was sound.", True, None),
    ("Brandolo had hoped to pitch its new drug.", False, "Brandolo"),  # "its" a few verbs on
    ("Brandolo had hoped it would pitch the new drug at its launch.", False, None),
    ("Brandolo said the plan was sound.", False, None),
    # a name behind a lowercase "the" that speaks is a body's: no person takes "the"
    ("Prices rose, the Brandolo has said.", False, "Brandolo"),
    ("Prices rose, the Brandolo said.", True, None),
    ("Prices rose, the Brandolo survey said.", False, None),
    ("Prices rose. The Brandolo said so.", False, None),
    # a document a body issues, before its name
    ("In a statement from Brandolo, the firm denied it.", False, "Brandolo"),
    ("In a statement from Brandolo, the firm denied it.", True, None),
    ("A letter came from Brandolo.", False, None),
])
def test_the_words_around_a_mention_decide_the_rest(text: str, personal: bool, org: str | None) -> None:
    assert org_by_context(text, text.find("Brandolo"), "Brandolo", personal) == org


def test_a_name_is_an_organisation_s_where_a_later_mention_shows_it() -> None:
    text = "Brandolo spoke first. Later Brandolo, which makes tiles, spoke again."
    orgs = Organisations(text, lambda _phrase: None, [], {})
    assert orgs.is_org_name("Brandolo")


@pytest.mark.parametrize("text, expected", [
    ('The National Association of Harbour Pilots said the move would be "political suicide".',
     ["National Association of Harbour Pilots"]),
    ('The Bank of Acme said it would "hold rates" for now.', ["Bank of Acme"]),
    # joined by "for", its tail by "and": never a person called "Mining" (#31)
    ('Activist Tom Dahl called it a scandal. In a statement, the Department for Trade and Mining said the policy '
     'meant "fewer shipments".', ["Department for Trade and Mining"]),
    ('The Ministry of Rivers and Canals said the plan was "sound".', ["Ministry of Rivers and Canals"]),
    # but a role before "for" is an office, its holder named elsewhere
    ('Tom Dahl won the seat. The MP for Vole North said the plan was "unfair".', ["Tom Dahl"]),
])
def test_an_institution_joined_by_of_keeps_its_whole_name(text: str, expected: list[str]) -> None:
    assert who(text) == expected



@pytest.mark.parametrize("text, expected", [
    # "The Institute" alone is a description of the "... Institute" named before, never a name cut to one word
    ('The Harbour Film Institute hailed two films. The Institute also cited the year. It credited the films\' '
     '"raw energy".', ["Harbour Film Institute"]),
    # an acronym the article spells out stands for the full name as first given
    ('The Harbour Film Institute (HFI) met on Monday. The HFI also questioned "the future of cinema".',
     ["Harbour Film Institute"]),
    # "It" is never an organisation's name ("its" after it made one of it), nor a speaker value
    ('The Harbour Film Institute hailed two films. It credited their "raw energy". Among trends, it noted the '
     'news. It its place, the panel fears, is a cinema where "stars are brands".',
     ["Harbour Film Institute", "Harbour Film Institute"]),
])
def test_an_organisation_keeps_its_full_name(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    # "a spokesman" alone speaks for the organisation the article is about there, as "it" would
    ('The Harbour Pilots Association has issued guidance to members. A spokesman said: "Nothing changes."',
     ["Harbour Pilots Association"]),
    ('The show will not return, the Harbour Trust has said. "There are no plans," a spokeswoman said. '
     'She added the hosts "brought warmth".', ["Harbour Trust", "Harbour Trust"]),
    # ... and nobody when no organisation was introduced
    ('Tom Reed sold the shop. A spokesman said: "Nothing changes."', [None]),
])
def test_a_spokesperson_alone_speaks_for_the_organisation(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a jury, a survey, a site's controllers speak for the organisation named beside them
    ('The Harbour Film Institute (HFI) met on Monday. The 12-strong HFI jury concluded "the year was poor".',
     ["Harbour Film Institute"]),
    ('Prices rose again. The Halvard Group survey concluded there were "signs of a slowdown".', ["Halvard Group"]),
    # "the site" is the web address the article named; "it" after it too
    ('The files were shared on Harbourfiles.org for years. In a message, the site\'s controllers said the site was '
     '"closing for good". It continued: "We are sorry."', ["Harbourfiles.org", "Harbourfiles.org"]),
    # ... and a jury or a site with no owner named names nobody
    ('Halvard Group sold the land. The jury said the case was "very sad".', [None]),
    ('Halvard Group sold the land. The site\'s owners said it was "very sad".', [None]),
])
def test_an_organisation_speaks_through_its_voices(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a lowercase name of a kind of body (lexicon named_org_kinds) is its name, and "the committee" it
    ('Fishing may be hit, the harbour select committee said. But the committee said "an amendment" was needed.',
     ["harbour select committee"]),
])
def test_a_lowercase_named_committee_speaks_by_its_name(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


def test_a_name_whose_for_takes_a_list_is_never_cut_at_its_comma() -> None:
    text = ('Musicians face delays. A Department for Ports, Roads and Rail spokeswoman said: '
            '"We are aware of the problems."')
    assert who(text) == ["Department for Ports, Roads and Rail"]


def test_ventures_ends_a_company_name() -> None:
    text = ('New owner Harbourline Media Ventures has not ruled out new ships. It also plans to develop '
            'a "worldwide travel concept".')
    assert who(text) == ["Harbourline Media Ventures"]


def test_a_lone_word_that_spoke_is_still_an_organisation_its_description_names() -> None:
    # "Dravik said" registers a lone word as a speaker; with no first name nor title it is no
    # one's surname, so "retail bank Dravik" still makes it the organisation "the group" means
    text = ("Kestra bank Dravik has said it is still in talks with Norwell over a sale.\n\n"
            "In May, Dravik said it was close to a deal with Norwell. But the group said Norwell was "
            "still waiting for approval.")
    reported = [q.speaker for p in extract_text(text).paragraphs for q in p.quotes]
    assert reported[-1] == "Dravik"


@pytest.mark.parametrize("owner", ["Grant's", "his"])
def test_an_owners_company_is_an_organisation_whatever_its_name(owner: str) -> None:
    text = f"Studio Fox bought the rights for {owner} company Grant Free to develop."
    assert org_by_context(text, text.index("Grant Free"), "Grant Free", True) == "Grant Free"



def test_a_party_named_by_its_members_is_the_body_a_spokesman_speaks_for() -> None:
    """'the Tories insisted': a plural the registry knows is the party, so 'a spokesman' after it is its."""
    text = ("Ann Vole spoke on Monday. But the Tories insisted they would hold ministers to account.\n\n"
            'They would press ministers on the cost. "It will take a decade," a spokesman said.')
    assert who(text) == ["Conservative Party"]


def test_a_name_before_a_role_held_there_is_an_organisation() -> None:
    """'Ann Vole, Acmex senior vice president': Acmex is her employer, so 'the firm said' is Acmex."""
    text = ("Acmex plans to cut back on adverts for children.\n\nIts rival Brandt began a similar plan. "
            '"We are working on it," said Ann Vole, Acmex senior vice president. '
            'But the firm said it would "keep all its brands".')
    assert who(text)[-1] == "Acmex"


@pytest.mark.parametrize("text", ["said Ann Vole, Acmex senior vice president.", "Acmex chief executive Ann Vole said."])
def test_a_role_held_at_a_name_is_weak_evidence_of_an_organisation(text: str) -> None:
    assert org_by_context(text, text.index("Acmex"), "Acmex", False) == "Acmex"


def test_a_body_closing_the_subjects_appositive_is_whom_a_spokesman_speaks_for() -> None:
    """'One of the bidders, Leeds group ACMX, said it ...': ACMX is the subject, so 'a spokesman' next is its."""
    text = ("The mill was sold cheaply, Mr Vole told a conference.\n\n"
            "One of the jilted bidders, Leeds-based group ACMX, said it welcomed the chance.\n\n"
            '"If the sale is annulled we will bid," a spokesman told reporters.')
    assert who(text) == ["ACMX"]


@pytest.mark.parametrize(("text", "name", "org"), [
    # a name followed by its initials in parentheses spells out a body's acronym
    ("Athletics Norland (AN) banned the runner on Monday.", "Athletics Norland", "Athletics Norland"),
    # initials that are not the name's show nothing
    ("Athletics Norland (XY) banned the runner on Monday.", "Athletics Norland", None),
])
def test_a_name_spelling_out_its_acronym_is_a_body(text: str, name: str, org: str | None) -> None:
    assert org_by_context(text, 0, name, False) == org


def test_the_acronym_then_speaks_as_the_body() -> None:
    text = ("Runner banned\n\nAthletics Vexland (AV) banned the runner on Monday. "
            "AV insisted it was making an example of her.")
    found = [q for q in extract_text(text).paragraphs[-1].quotes if q.kind == "indirect"]
    assert found and found[0].speaker == "Athletics Vexland"


def test_a_name_after_an_adjective_is_still_the_committee() -> None:
    text = ("Fees row\n\nThe influential Commons harbours committee met on Monday. Committee chairman Tavo Brenn "
            "told the Vexa News website the fees were too high.\n\nThe committee said the plans had ignored anger.")
    found = [q for q in extract_text(text).paragraphs[-1].quotes if q.kind == "indirect"]
    assert found and found[0].speaker == "Commons harbours committee"


def test_an_adjective_before_a_place_abbreviation_names_no_body() -> None:
    text = "Vexa Air, the seventh-largest US airline, cut flights. The airline said it regretted the delays."
    assert "US airline" not in {m.name for m in Organisations(text, lambda _: None, [], {}).mentions}
