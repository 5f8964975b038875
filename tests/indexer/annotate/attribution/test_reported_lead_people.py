"""Reported speech (issue #32): a person described in the lead is the person
the next sentence names (indirect.described.named_next), also when the
description's owner is a name of several words ("Acme Relief Fund's chief"),
holds a capital of its own ("The Norland harbour watchdog's chairman"), its
head is an office rather than a speaker noun ("chairman"), or the person named
next carries a peer's or knight's title and no first name ("Lord Vole"), and
a capitalised run ending in a role after "A" ("A Norland Freedom Party MEP")."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("lead", "named", "speaker"), [
    ("Ferry fees are an indictment of the port, Acme Relief Fund's chief has said.",
     "In a talk in Leeds, Ann Vole said the fees had doubled.", "Ann Vole"),
    ("The Norland harbour watchdog's chairman has said he is willing to cut the ferry fees.",
     "In a speech in Leeds, Ben Tamm promised several changes.", "Ben Tamm"),
    ("The country's top judge has revealed he has clashed with ministers over the ferry inquiry.",
     "Lord Vole said he was determined his veto should stay.", "Lord Vole"),
    ("Norland's top sailor has said the ferry fees are too high.",
     "Baroness Tamm said the fees had doubled.", "Baroness Tamm"),
    # a capitalised run ending in a role after "A": a description, though the phrase finder read a name
    ("A Norland Freedom Party MEP suggested the ferry fees were too high, a new film has revealed.",
     "Ann Vole, the party's deputy leader, made the comments at a meeting.", "Ann Vole"),
])
def test_a_lead_description_is_the_person_named_next(lead: str, named: str, speaker: str) -> None:
    text = "Fees 'too high'\n\n" + lead + "\n\n" + named
    assert reported(text)[0].speaker == speaker


@pytest.mark.parametrize("lead", [
    # a work's name in the description itself ("the Norland reporter") names no person next
    "The Norland reporter says the ferry fees are too high.",
    # someone named before the description: the backward rules decide, never the name after
    "After Tom Reed left, Acme Relief Fund's chief has said the ferry fees are too high.",
])
def test_a_lead_description_names_no_one_next_here(lead: str) -> None:
    text = "Fees 'too high'\n\n" + lead + "\n\nIn a talk in Leeds, Ann Vole said the fees had doubled."
    assert reported(text)[0].speaker != "Ann Vole"


def test_a_capital_opening_the_description_is_no_naming_word() -> None:
    text = ("Fees 'too high'\n\nThe harbour commissioner says he is asking for details of the ferry fees.\n\n"
            "Ann Vole condemned the fees.")
    assert reported(text)[0].speaker == "Ann Vole"
