"""A participle cue after a verb's or a preposition's object ("Ann Vole left
Acme saying", "issuing a statement through Acme describing") is said by the
clause's subject, not the object; a name a role word, a body's kind or
"with" introduces ("with finance chief Ann Vole saying") speaks (#31, invented text)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    """Return the speaker of every direct and partial quote of `text`, in order."""
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind in ("direct", "partial")]


@pytest.mark.parametrize("text, expected", [
    ('Councillor Tom Brack also left the Quillan Party saying its leader was "out of touch".', ["Tom Brack"]),
    ('Tom Brack moved to calm the row, issuing a statement through Westfield Rovers describing the talk as '
     '"idle gossip".', ["Tom Brack"]),
    ('Piet Vole does not mention the Rovers, simply adding in a note: "We play to win."', ["Piet Vole"]),
    # the name after "with", a role or a body's kind is the participle's subject
    ('Bonds rallied, with finance minister Ada Quell saying the plan was "sound".', ["Ada Quell"]),
    ('Analysts took note, with Westfield Rovers calling the bid "derisory".', ["Westfield Rovers"]),
])
def test_a_participle_after_an_object_is_the_subjects(text: str, expected: list[str | None]) -> None:
    assert _speakers(text) == expected
