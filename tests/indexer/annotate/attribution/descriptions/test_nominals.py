"""Descriptions that stand for a speaker: spokespeople, institutions, roles (invented text)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.bodies.orgheads import names_ending_in_re
from onrecord.indexer.annotate.attribution.descriptions.nominals import resolve_nominal
from onrecord.indexer.annotate.attribution.names.runs import expand_acronym
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("text, expected", [
    # a spokesperson speaks for the body named with them
    ('A Brightwater spokesman said the plan was "on track".', ["Brightwater"]),
    ('The Harbour Guild met today. A HG spokesman said: "We agree."', ["Harbour Guild"]),
    ('A spokeswoman for the Harbour Guild said it was ready. "We agree," she said.\n\n'
     '"We start now," the spokeswoman added.', ["Harbour Guild", "Harbour Guild"]),
    ('Singer Ola Brandt was sued. The singer\'s spokesman called the claim "baseless".', [None]),  # not her (#31)
    # the body a spokesperson's modifiers name: a registered one after other words, a party by its
    # descriptor, a body whose name ends in the lowercase word (#31)
    ('Markets were calm. A senior Ruritanian Finance Ministry official told reporters "we have no plans".',
     ["Ruritanian Finance Ministry"]),
    ('The Liberal Democrats launched a poster. A Conservative spokeswoman said: "They can say what they like."',
     ["Conservative Party"]),
    ('The Wexlock Executive lost an appeal. An executive spokesman said: "We will study the ruling."',
     ["Wexlock Executive"]),
    ('A senior spokesman said: "Nothing will change."', [None]),
    ('The Ruritanian government met. A party official said: "Nothing will change."', [None]),  # any party
    # a document is its owner's: "its report" as "it" would mean, "the statement" of "In a statement ... X said"
    ('The Wexford Commission says capping gifts would cost more. "We do not think such a change wise," says its '
     'report.', ["Wexford Commission"]),
    ('Pirates banned\n\nMaker Vexa shut the accounts. Tom Dahl was angry.\n\nIn a statement detailing the bans Vexa said its '
     'system worked. "The method was easy to trace," read the statement.', ["Vexa"]),
    # the article's own name for a body, not the registry's body inside it ("Commons": House of Commons)
    ('A committee of MPs has spoken. There was a "crisis" in recruitment, the Commons fisheries and rivers '
     'committee added. "Major problems" are expected, it said.',
     ["Commons fisheries and rivers committee", "Commons fisheries and rivers committee"]),
    # an institution noun is the latest institution so named
    ('The Coastal and Fisheries Ministry expects growth. "Exports will rise," the ministry said.',
     ["Coastal and Fisheries Ministry"]),
    # a role is the person introduced with it, not a shadow of it
    ('Shadow transport secretary Ola Brandt spoke. Transport Secretary Tom Dahl replied.\n\n'
     '"It is fine," the transport secretary said.', ["Tom Dahl"]),
    # nor someone who held it before ("former president" is no "the president", #31)
    ('Voters ousted former president Tom Dahl last year. The nation\'s new president, Ola Brandt, says taxes will fall. '
     'Offices opened three days before President Brandt was elected.\n\n"We start now," the president told reporters.', ["Ola Brandt"]),
    ('Former farming minister Tom Dahl MP spoke.\n\n"It is wrong," said the Labour MP for Leeds.', ["Tom Dahl"]),
    # members of a body speak as it: "the MPs" after a committee of MPs (#31)
    ('Ann Vole is to quit. The Rivers Committee said the board had failed.\n\n'
     'The MPs found the new system was "nowhere near ready" for use.', ["Rivers Committee"]),
    # a definite person noun is the person the text is about; an indefinite one is someone new
    ('Ola Brandt, 56, won again. "I am happy," the 56-year-old said.', ["Ola Brandt"]),
    ('Ola Brandt won again. "It was luck," a rival coach said.', [None]),
    ('"We will see," added the British producer.', [None]),
])
def test_nominal_speakers(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


def test_expand_acronym() -> None:
    text = "The Northern Rowing Federation and the Board of Trade met."
    assert expand_acronym(text, "NRF") == "Northern Rowing Federation"
    assert expand_acronym(text, "BT") == "Board of Trade"
    assert expand_acronym(text, "XYZ") is None


@pytest.mark.parametrize("text, head, names", [
    ("The South Korean government and the Coastal and Fisheries Ministry met.", "government",
     ["The South Korean government"]),
    ("The Coastal and Fisheries Ministry met.", "ministry", ["The Coastal and Fisheries Ministry"]),
    ("The government met. Acme governments met.", "government", ["The government"]),  # not "governments"
])
def test_names_ending_in_re_is_compiled_once_per_head(text: str, head: str, names: list[str]) -> None:
    # one pattern per head for the whole process: re's own cache is flushed by learned aliases
    assert names_ending_in_re(head) is names_ending_in_re(head)
    assert [m.group() for m in names_ending_in_re(head).finditer(text)] == names


def test_a_description_starts_at_its_own_the() -> None:
    # a "the" after a lowercase noun opens the description: "her spring message" is not its head
    text = ('Harbour Party leader Ola Brandt toured Leeds.\n\n'
            'In her spring message the Harbour Party leader said the port was "a mess".')
    assert who(text) == ["Ola Brandt"]


def test_a_the_after_a_link_word_stays_inside_the_description() -> None:
    text = "Harbour Tiles Ltd cut jobs on Monday. A critic of the company spoke."
    # "a critic of the company" is a critic, not the company
    assert resolve_nominal("a critic of the company", text.index("A critic"), DocSpeakers(text)) is None


def test_a_name_before_which_is_the_body_that_said() -> None:
    # "the ..., which said": the body the relative follows, not what the lead's "a radio station" leads to
    text = ("Radio station drops fishing quiz\n\nA radio station in Norland has dropped a new quiz show where "
            "anglers try to win a cash prize.\n\nThe show was met with protests by the National Council for "
            'Anglers, which said it "mocks" the sport.')
    assert who(text) == ["National Council for Anglers"]


def test_an_official_of_a_body_speaks_for_it_as_a_spokesman_does() -> None:
    text = ('Aid pledges reached $2bn on Monday.\n\n"Sums will have to wait," said a Vexa official at a briefing. '
            '"Rebuilding comes first."')
    assert who(text) == ["Vexa", "Vexa"]


def test_the_spokesman_no_earlier_quote_introduced_speaks_for_the_body_a_spokesman_would() -> None:
    # "a spokesman pointed out" is reported speech, credited after the quotes: "The spokesman" still has a body
    text = ("The Vexa Harbour Board said a ferry might be sent. However a spokesman pointed out that the port "
            'was shallow. The spokesman said: "We will send ships as well as boats."')
    assert who(text) == ["Vexa Harbour Board"]


def test_a_document_before_which_is_no_body() -> None:
    people = DocSpeakers("The rule is set by the Act of Harbours which confirmed in 1701 that the council decides.")
    assert resolve_nominal("the Act of Harbours which", 19, people) is None


@pytest.mark.parametrize("text, expected", [
    # no government named: "the government" is the government, never the body named last (#31)
    ('Dr Ola Brandt, of the Harbour Guild, said 900 people were tested. The government says the Guild is "too late".',
     ["government"]),
    ('Ola Brandt, of the Coastal Trust, spoke. But the government said the plan was "sound".', ["government"]),
    # a body whose name holds "government" is the one meant
    ('The Ruritanian Assembly Government met on Monday. Ola Brandt, of the Harbour Guild, objected. The government '
     'said it was "ready".',
     ["Ruritanian Assembly Government"]),
    # a described government is no bare one: left to the other rules
    ('The Harbour Guild objected. A local government official said it was "ready".', [None]),
])
def test_the_government_no_name_holds_speaks_as_the_government(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected
