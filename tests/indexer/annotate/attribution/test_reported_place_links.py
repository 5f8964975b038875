"""Reported speech (issue #32): a place after the cue's subject ("Ann Vole in Norland
said CLAUSE") is where the speaker is, not who spoke: the clause is the name's (or the
spokesperson's) before the chain of places (names.placelinks.past_place, one test per
row of PLACE_LINKS); a description, or a lone capitalised word that is no first name, before
the place leaves the place as found."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names.placelinks import PLACE_LINKS, past_place
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from tests.indexer.annotate.attribution.test_reported import reported

# (link, the sentence, its clause, its speaker): one row per row of PLACE_LINKS
_ROWS = [
    ("in", "Letters on the harbour. Andrew in Tamm Green complains that the quay was unsafe.",
     "the quay was unsafe", "Andrew"),  # a first name alone: no person run the cue finder knows
    ("at", "The port was sold. The Acme Harbour Office (AHO) at Tamm Green said the quay was unsafe.",
     "the quay was unsafe", "Acme Harbour Office"),
    ("from", "Ann Vole spoke on Monday. One of the pilots, Ann Vole, 34, from Tamm Green said the quay was unsafe.",
     "the quay was unsafe", "Ann Vole"),
    ("on", "Ann Vole spoke on Monday. Reporter Ann Vole at Tamm Green on Dartmoor in the Norland Valley said "
     "the quay was unsafe.", "the quay was unsafe", "Ann Vole"),
    ("with", "Ann Vole spoke on Monday. Reporter Ann Vole, with the Acme Hunt at Tamm Green said "
     "the quay was unsafe.", "the quay was unsafe", "Ann Vole"),
]


def test_every_place_link_has_a_row() -> None:
    assert sorted(row[0] for row in _ROWS) == sorted(link for link, _ in PLACE_LINKS)


@pytest.mark.parametrize(("link", "text", "clause", "speaker"), _ROWS)
def test_a_place_after_the_subject_is_not_who_spoke(link: str, text: str, clause: str, speaker: str) -> None:
    assert [(q.text, q.speaker) for q in reported(text)] == [(clause, speaker)]


def test_a_spokesperson_before_the_place_speaks_for_the_body() -> None:
    s = "A spokesman for the Acme embassy in Norland said"
    found = past_place(s, 0, Phrase("Norland", 36, 43, "name"))
    assert (found.text, found.kind) == ("A spokesman for the Acme embassy", "np")


@pytest.mark.parametrize(("s", "place"), [
    ("Officials in Norland said", "Norland"),  # a capitalised speaker noun names no one
    ("The government in Norland said", "Norland"),  # a description that is no spokesperson
    ("Acme on Monday said", "Monday"),  # "on" opens no chain
    ("Ann Vole with Acme said", "Acme"),  # "with" only after its comma
    ("Research from Acme Bank suggests", "Acme Bank"),  # a lone capitalised word: a common noun
    ("Authorities in Norland said", "Norland"),
    ("Writing in the Daily Bugle, Ann Vole said", "Ann Vole"),  # the name after the comma is no place
])
def test_a_place_stays_without_a_name_before_it(s: str, place: str) -> None:
    start = s.index(place)
    phrase = Phrase(place, start, start + len(place), "name")
    assert past_place(s, 0, phrase) == phrase
