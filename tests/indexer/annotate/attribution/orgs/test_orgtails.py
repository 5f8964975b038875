"""An organisation's name that runs on past "on", "of the" or "for the" (#31):
one name, not two cut at the joint (invented text)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.orgs.organisations import Organisations
from onrecord.indexer.annotate.attribution.orgs.orgtails import HEADS, register_rests, with_tail
from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_attribution import who


def _names(text: str) -> set[str]:
    """Return the full names the organisation scan registers in `text`."""
    return set(Organisations(text, lambda _: None, [], {})._full.values())


@pytest.mark.parametrize("head", sorted(words("connector_org_heads")))
def test_each_connector_head_takes_the_rest_of_its_name(head: str) -> None:
    run = f"Harbour {head.capitalize()}"
    text = f"The {run} on Coastal Fishing met."
    assert with_tail(text, 4 + len(run), run) == f"{run} on Coastal Fishing"


@pytest.mark.parametrize("text, name", [
    ("Yesterday the Vole Committee on Harbour Safety said it was worried.", "Vole Committee on Harbour Safety"),
    ("A report by the Northern Federation of the Tile Trade was published.",
     "Northern Federation of the Tile Trade"),
    ("The Global Summit for the Paper Economy said its members agreed.", "Global Summit for the Paper Economy"),
    ("The Joint Council for the Welfare of Ferry Workers said so.", "Joint Council for the Welfare of Ferry Workers"),
    ("The Northern Federation of the Tile and Slate Roofers Guild said it would help.",
     "Northern Federation of the Tile and Slate Roofers Guild"),
])
def test_a_name_is_one_across_its_joint(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize("text, cut", [
    ("The Vole Commission on Monday said it would act.", "Vole Commission on Monday"),  # a day, not a name
    ("The Vole Council on the Harbour Road Bus Depot Yard Gate said so.", "Vole Council on the Harbour Road"),  # runs on
    ("The Vole Council on the Harbour Road Bus Depot Yard Gate said so.",
     "Vole Council on the Harbour Road Bus Depot Yard Gate"),
    ("The Vole Board on BBC Radio 4 said so.", "Vole Board on BBC Radio"),  # a number after it
    ("The Vole Council on Harbour's future said so.", "Vole Council on Harbour"),  # a possessive owner
    ("The Vole Group on Harbour Safety said so.", "Vole Group on Harbour Safety"),  # no connector head
])
def test_a_joint_is_no_name_of_its_own_when_what_follows_is_not_its_rest(text: str, cut: str) -> None:
    assert cut not in _names(text)


def test_the_committee_is_the_whole_name() -> None:
    text = ('Ferry rules were questioned by the Vole Committee on Harbour Safety. In a report the '
            'committee said there was a "serious risk" of delays.')
    assert who(text) == ["Vole Committee on Harbour Safety"]


def test_heads_are_lowercase_nouns() -> None:
    assert HEADS and all(h == h.lower() and " " not in h for h in HEADS)


@pytest.mark.parametrize("name, rest, expected", [
    ("Vole Federation of the Tile and Slate Roofers", "Tile and Slate Roofers",
     "Vole Federation of the Tile and Slate Roofers"),
    ("Vole Committee on Harbour Safety", "Harbour Safety", "Vole Committee on Harbour Safety"),
    ("Vole Institute for the Future", "Future", None),  # one word: too little to stand for the body
    ("Vole Group on Harbour Safety", "Harbour Safety", None),  # no connector head
])
def test_the_rest_after_the_joint_stands_for_the_whole_body(name: str, rest: str, expected: str | None) -> None:
    full = {name: name}
    register_rests(full, [name])
    assert full.get(rest) == expected

