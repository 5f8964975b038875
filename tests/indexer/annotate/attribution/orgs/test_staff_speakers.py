"""A body's staff as a quote's speaker: "Zebra Network producers defended" is Zebra Network's."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    """Return the speaker of every direct and partial quote of `text`, in order."""
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


@pytest.mark.parametrize("text, expected", [
    # the staff noun right after the body's name, the body's name in the phrase
    ('Lender loses files\n\nThe Quillmore Bank said files were lost. "We are looking into it and customers '
     'are safe," Quillmore Bank officials said.\n', ["Quillmore Bank"]),
    # a lexicon row: producers
    ('Quiz show is a hit\n\nThe Zebra Network show drew eight million viewers. Zebra Network producers '
     'defended the show, saying it was a "wholesome night in".\n', ["Zebra Network"]),
    # a body noun before the staff noun: the bank the article names
    ('Lender loses files\n\nThe Quillmore Bank said files were lost. "We are looking into it and customers '
     'are safe," bank officials said.\n', ["Quillmore Bank"]),
])
def test_a_body_s_staff_speak_for_the_body(text: str, expected: list[str | None]) -> None:
    assert _speakers(text) == expected


@pytest.mark.parametrize("text", [
    # no body before the staff noun: a group, nobody's one voice
    'Lender loses files\n\nThe Quillmore Bank said files were lost. "We are looking into it," officials said.\n',
    # a body noun no body of the article's name holds: the union is not the airline
    'Flights cancelled\n\nThe Quillmore Airline said staff were sick. But union officials denied there had been a '
    'deliberate "walkout".\n',
    # a country, not a body
    'Storm hits coast\n\nRoads closed on Monday. "We have never seen waves like it," US officials said.\n',
])
def test_staff_of_no_named_body_speak_for_no_one(text: str) -> None:
    assert _speakers(text) == [None]
