"""A definite description stands for the entity the article introduced of
that type: "the magazine" for the magazine it named, "the data seller" for
the company, "the Labour peer and former minister" for the peer."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind != "indirect"]


@pytest.mark.parametrize(("body", "who"), [
    ("Ann Vole topped a list in US magazine Tamm Weekly's annual survey.\n\n"
     "\u201cVole returned to the stage after a decade away,\u201d the magazine reported.", "Tamm Weekly"),
    ("Ann Vole led a poll by British newspaper Daily Tamm's readers.\n\n"
     "\u201cShe is the star of the year,\u201d the newspaper wrote.", "Daily Tamm"),
    ("Shares in Tamm Media fell by a tenth last year. The news and financial data seller said "
     "it expected \u201ca gradual recovery\u201d this spring.", "Tamm Media"),
    ("Lord Vole agreed to withdraw his bill. \u201cWe cannot wait,\u201d he told peers. During the "
     "debate, the Labour peer and former minister said: \u201cThe crown should change.\u201d", "Lord Vole"),
])
def test_a_description_is_the_entity_introduced_with_its_type(body: str, who: str) -> None:
    assert _speakers(body)[-1] == who
