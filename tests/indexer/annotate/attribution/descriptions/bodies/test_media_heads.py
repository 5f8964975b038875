"""A media description is the outlet of its kind named last, not the latest body (#31; invented text)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.bodies.mediaheads import media_outlet
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from tests.indexer.annotate.attribution.test_attribution import who

_FILLER = "The list runs from the abacus to the tablet and takes in a hundred other small machines. " * 14


@pytest.mark.parametrize("text, expected", [
    # magazine_nouns: the name written after "magazine", a body named between them passed over
    ('The Zaxo Slate was picked as the best gadget by UK magazine Pocket Kit.\n\n'
     'Electronics firm Brenco made the radio that came second. "Who can forget its hiss?" asked the magazine.', ["Pocket Kit"]),
    # ... or before it
    ('Readers of Kestrel magazine voted this week. The Brenco tablet won.\n\n'
     '"It is a classic," said the magazine.', ["Kestrel"]),
    # ... and three paragraphs on, through the same description before it (beyond the reach alone)
    ('The Zaxo Slate was picked by UK magazine Pocket Kit. The magazine made a list. ' + _FILLER +
     'The magazine dates the abacus to 190 AD. ' + _FILLER + 'Electronics firm Brenco made the radio that came third.\n\n'
     '"Who can forget its hiss?" asked the magazine.', ["Pocket Kit"]),
    # station_nouns: a "Radio" name, not the place named after it
    ('The hosts will keep their shows on Radio 7. One grew up in Norland.\n\n'
     '"Nobody can replace him," said the radio station.', ["Radio 7"]),
    ('The singer will play a BRC Radio 4 special. He lives in Tarnford.\n\n'
     '"It will be a great night," the station said.', ["BRC Radio 4"]),
    # newspaper_nouns in the quote path: the masthead named last, not the body named after it
    ('The Sunday Bugle said the Tarnford Exchange had set a date.\n\n'
     '"Talks are near," the newspaper claimed.', ["The Sunday Bugle"]),
])
def test_a_media_description_is_the_outlet_named_last(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected


@pytest.mark.parametrize("text, np, head", [
    ("The Daily Bugle covered it. Ministers then published the white paper.", "the white paper", "paper"),
    ("Brenco said profits rose. The magazine was sold.", "The magazine", "magazine"),  # no magazine named
    ("Ola Brandt sang in Norland. The station was closed.", "The station", "station"),  # no station named
    ("Pocket Kit magazine rated it. The company said so.", "The company", "company"),  # no media noun
])
def test_no_outlet_for_a_description_of_none(text: str, np: str, head: str) -> None:
    assert media_outlet(np, head, text.index(np), DocSpeakers(text)) is None
