"""Reported speech (issue #32): a body's officials or members named by their
plural noun after a capitalised run the cue finder cut off ("Dunmore
officials said", "... and Vexi officials warned", "Committee members said")
are the organisation the article names in those words or, the one such,
ending in them (indirect.staffnames.staff_run_body); a field's experts and a
run naming no organisation of the article stay unnamed."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.indirect.staffnames import named_body, spelled_out
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "word", "speaker"), [
    # a place run opening the sentence, the article's body ending in it
    ("Plot row\n\nNow the City of Dunmore wants its plot back by February. "
     "Dunmore officials said no such deal had been offered.", "deal", "City of Dunmore"),
    # a body's head noun opening the sentence: the one body named ending in it
    ("Visa report\n\nThe Carrick Accounts Committee published its report on Monday. "
     "Committee members said the ministry had been wrong to dismiss the staff.", "wrong", "Carrick Accounts Committee"),
    # after "and", mid-sentence: the short name the article spells out in brackets
    ("New names\n\nThe Vexo Standards Institute (Vexi) has approved two new names. "
     "The process could take months and Vexi officials warned that there were no guarantees.",
     "guarantees", "Vexo Standards Institute"),
])
def test_a_body_voice_after_its_name(text: str, word: str, speaker: str) -> None:
    found = [q for q in reported(text) if word in q.text]
    assert found and found[0].speaker == speaker


@pytest.mark.parametrize(("text", "word"), [
    # a field's experts are no body's voice, though a body's name ends in the run
    ("Shoppers wary\n\nThe poll was carried out by Vexo Security, which sells software. "
     "Security experts say that scare stories are rife.", "scare"),
    # two bodies end in the run: neither
    ("Two reports\n\nThe Carrick Committee and the Dunmore Committee met on Monday. "
     "Committee members said the plan was dead.", "plan"),
    # a nationality names no organisation of the article
    ("Talks stall\n\nThe Vexo Group wants a deal. Chinese officials said the talks had stalled.", "stalled"),
])
def test_no_body_voice(text: str, word: str) -> None:
    found = [q for q in reported(text) if word in q.text]
    assert found and found[0].speaker is None


@pytest.mark.parametrize(("run", "names", "expected"), [
    ("Vexi", ["Vexi", "Vexo Group"], "Vexi"),                          # written so
    ("Dunmore", ["City of Dunmore", "Vexo Group"], "City of Dunmore"),  # the one ending in it
    ("Committee", ["Carrick Committee", "Dunmore Committee"], None),    # two: none
    ("Security", ["Security Council Watch"], None),                    # opening with it: no
    ("Dunmore", [], None),
])
def test_named_body(run: str, names: list[str], expected: str | None) -> None:
    assert named_body(run, names) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("The Vexo Standards Institute (Vexi) met.", "Vexo Standards Institute"),
    ("The Vexo Standards Institute met Vexi.", None),  # no brackets: not spelled out
])
def test_spelled_out(text: str, expected: str | None) -> None:
    assert spelled_out("Vexi", ["Vexo Standards Institute", "Vexi"], text) == expected
