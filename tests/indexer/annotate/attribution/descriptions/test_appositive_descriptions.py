"""'"...," said one of their lawyers, Tavo Brenn.': a description before a
cue's speaker, then a name set off by a comma closing the clause; the name
is who spoke (indexer.annotate.attribution.descriptions.appositives), whole and
without the next sentence's first word."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("who", ["one of their lawyers, Tavo Brenn", "their lawyer, Tavo Brenn",
                                 "the committee chairman, MP Tavo Brenn", "a lawyer for the pair, Dr. Tavo Brenn"])
def test_a_name_in_apposition_after_a_description_is_the_speaker(who: str) -> None:
    text = (f"Ferry\n\nThe hearing was put off again.\n\n\u201cA ruling is now expected by March,\u201d "
            f"said {who}. Norland and Ostby face long delays.")
    assert _speakers(text) == ["Tavo Brenn"]


def test_a_body_in_apposition_is_not_a_person_speaking() -> None:
    text = ("Ferry\n\nThe hearing was put off again.\n\n\u201cA ruling is now expected by March,\u201d "
            "said the lead agency, Thames Valley Police.")
    assert _speakers(text) == [None]
