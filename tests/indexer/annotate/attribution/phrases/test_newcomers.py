"""A full name followed by a role appositive is a newcomer the pronoun after it may mean (issue #31)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.phrases.newcomers import described


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes]


@pytest.mark.parametrize(("text", "expected"), [
    ("came from Paul Vole, director of research at Acme Labs.", True),
    ("the choice of Paul Vole, executive editor of Acme Weekly.", True),
    ("thinks Paul Vole, an analyst with Acme Labs.", True),
    ("was met by Paul Vole, the club captain.", True),
    ("was met by Paul Vole, a friend of the family.", False),  # no role word
    ("was met by Paul Vole, who runs a shop.", False),  # a relative, no appositive role
    ("was met by Paul Vole and Tom Reed.", False),
    ("was met by Paul Vole, director Tom Reed and others.", False),  # a list: no field after the role
])
def test_role_appositive_after_name(text: str, expected: bool) -> None:
    assert described(text, text.index("Vole") + len("Vole")) is expected


@pytest.mark.parametrize(("middle", "who"), [
    ("A different view came from Paul Vole, director of research at Acme Labs. He said:", "Paul Vole"),
    ("Prices are also the worry of Paul Vole, chief economist at Brightbank. He said:", "Paul Vole"),
])
def test_he_after_a_described_newcomer_is_the_newcomer(middle: str, who: str) -> None:
    text = f'"The plan is late and costly," said Tom Reed.\n\n{middle} "Nobody expects a cut this year."\n'
    assert _speakers(text)[-1] == who
