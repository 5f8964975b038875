"""A reported body's speaker is its name without the words before it that describe it
(issue #32, invented text): a contrast word ("Rival Zentor"), a hyphenated adjective
("the Lisbon-published Daily Courier"); where those words are all the speaker phrase
holds ("a Parliament-appointed panel"), the speaker stays unknown."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.orgs.leadmodifiers import without_lead_modifiers


def reported_speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "indirect"]


@pytest.mark.parametrize("text, speakers", [
    ("Game news\n\nAcme launched its new console in Europe last week. "
     "Rival Zentor has said it will launch its own console in the spring.\n", ["Zentor"]),
    ("Bank news\n\nThe two banks may drop plans to list in Paris, the Lisbon-published Daily Courier said.\n",
     ["Daily Courier"]),
    ("Jobs news\n\nAbout a million jobs went between 1990 and 2001, a Parliament-appointed panel said.\n", [None]),
    ("Games news\n\nGame sales will top a billion euros next year, according to the Leeds-based journal Games "
     "Weekly.\n", [None]),
])
def test_a_reported_body_loses_the_words_that_describe_it(text: str, speakers: list[str | None]) -> None:
    assert reported_speakers(text) == speakers


@pytest.mark.parametrize("name, expected", [
    ("Rival Zentor", "Zentor"),
    ("Fellow Zentor Group", "Zentor Group"),
    ("Lisbon-published Daily Courier", "Daily Courier"),
    ("Parliament-appointed", None),
    ("Wal-Mart", "Wal-Mart"),  # a capital after the hyphen: a name's own
    ("Ross-van Dorp", "Ross-van Dorp"),  # a surname's particle after the hyphen
    ("Zentor", "Zentor"),
])
def test_without_lead_modifiers(name: str, expected: str | None) -> None:
    assert without_lead_modifiers(name) == expected
