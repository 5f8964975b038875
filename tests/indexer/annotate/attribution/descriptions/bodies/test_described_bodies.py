"""A body described but never named ("the statistical office said", "The
prime minister's office said") is the description itself, or the body the
article names in the same words, never the latest body of another kind
(descriptions.bodies.describedbodies, issue #32)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.bodies.describedbodies import as_named
from tests.indexer.annotate.attribution.test_reported import reported


@pytest.mark.parametrize(("text", "word", "speaker"), [
    # no office named: the description as written, not the country named before it
    ("Norland grows\n\nNorland's economy grew by 2% last year, the statistical office said.", "economy",
     "statistical office"),
    # an owner's office, after a country and a person spoke
    ("Norland payroll\n\nNorland says graft has cost it dearly. Prime Minister Tavo Vole said the guilty would "
     "be punished. The prime minister's office said the fraud was found in an audit.", "audit",
     "prime minister's office"),
    # the article names the body in capitals later: that name
    ("Polls row\n\nThe Vole Party said it had done nothing wrong. The data watchdog's office says surveys are "
     "allowed.\n\nA spokesman for the Data Watchdog's Office said the rules were clear.", "surveys",
     "Data Watchdog's Office"),
    # an office named in reach ending in the noun: that office, as before
    ("Norland figures\n\nThe Norland Statistics Office said output fell in the third quarter. Exports rose by 2%, "
     "according to the statistics office.", "Exports", "Norland Statistics Office"),
])
def test_a_described_body_speaks(text: str, word: str, speaker: str) -> None:
    found = [q for q in reported(text) if word in q.text]
    assert found and found[0].speaker == speaker


@pytest.mark.parametrize(("written", "names", "expected"), [
    ("data watchdog's office", ["Vole Party", "Data Watchdog's Office"], "Data Watchdog's Office"),
    ("statistical office", ["Norland Statistics Office"], "statistical office"),  # other words: as written
    ("statistical office", [], "statistical office"),
])
def test_as_named(written: str, names: list[str], expected: str) -> None:
    assert as_named(written, names) == expected
