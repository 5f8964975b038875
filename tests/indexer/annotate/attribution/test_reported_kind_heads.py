"""Reported speech (issue #32): "the party" (and "a party spokesman") is the party the
article names last by any alias the institutions registry holds ("Lib Dems",
"Labour's", "Tory leader"), not the last name ending in "Party" (orgs.kindheads,
one test per row of KIND_OF_HEAD); a name ending in the noun that the registry does
not hold, written after that mention, keeps the older reading."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.orgs.kindheads import KIND_OF_HEAD, body_of_kind
from tests.indexer.annotate.attribution.test_reported import reported

# (noun, the text, its last clause, that clause's speaker): one row per row of KIND_OF_HEAD
_ROWS = [
    ("party", "The Tories have promised a rebate for Norland. The Liberal Democrats want a local income tax. "
     "The party says it would cut the bills of most voters.", "it would cut the bills of most voters",
     "Liberal Democrats"),
]


def test_every_kind_head_has_a_row() -> None:
    assert sorted(row[0] for row in _ROWS) == sorted(KIND_OF_HEAD)


@pytest.mark.parametrize(("head", "text", "clause", "speaker"), _ROWS)
def test_the_kind_noun_is_the_registry_body_named_last(head: str, text: str, clause: str, speaker: str) -> None:
    assert head in text
    assert (reported(text)[-1].text, reported(text)[-1].speaker) == (clause, speaker)


@pytest.mark.parametrize(("text", "speaker"), [
    # a possessive alias names the party too
    ("Ann Vole will strengthen Labour's campaign in Norland, the party has confirmed.", "Labour Party"),
    # an adjective alias ("Tory leader") after an older "Party" name
    ("The Liberal Democrats were third. Tory leader Ann Vole spoke in Norland. The party said the plan "
     "was wrong.", "Conservative Party"),
    # a spokesperson of the kind
    ("The Conservatives have promised a rebate. The Lib Dem's pension plan would help women. A party spokesman said "
     "it was courting older voters.", "Liberal Democrats"),
])
def test_an_alias_of_any_form_names_the_party(text: str, speaker: str) -> None:
    assert reported(text)[-1].speaker == speaker


def test_a_later_name_the_registry_does_not_hold_keeps_the_older_reading() -> None:
    text = "The Lib Dems lost two members who defected to the Acme Party. The party argues the pair should go."
    assert body_of_kind(text, "party", text.index("The party"), None) is None


def test_another_noun_is_not_read() -> None:
    text = "The Lib Dems met Acme Widgets. The company said it would help."
    assert body_of_kind(text, "company", text.index("The company"), None) is None


def test_no_registry_body_of_the_kind_before_it() -> None:
    text = "Acme Widgets met Norland Harbour. The party said it would help. The Lib Dems agreed."
    assert body_of_kind(text, "party", text.index("The party"), None) is None


def test_the_descriptor_of_an_alias_ending_in_the_noun_names_the_party() -> None:
    text = ("The Lib Dems chairman spoke in May. The Norland Conservative Association met on Monday. "
            "The party says it tried to call the chairman.")
    assert body_of_kind(text, "party", text.index("The party"), None) == "Conservative Party"


def test_the_subject_named_last_before_a_later_object() -> None:
    text = ("The Lib Dems raised worries about Labour and Conservative calls in Norland. A party official said "
            "people had complained every day.")
    assert body_of_kind(text, "party", text.index("A party"), None) == "Liberal Democrats"
