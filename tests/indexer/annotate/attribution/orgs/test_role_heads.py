"""A body whose proper name ends in a role word ("the Scottish Executive",
"the Hollywood Reporter") speaks itself: never the holder of that role
named nearby ("chief executive"), nor the last person heard (#31, invented text)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text

_LEAD = "Ann Vole, chief executive of Quillam Trust, said the plan was wrong. "


@pytest.mark.parametrize("text, expected", [
    # "executive": a government's Executive, not the chief executive named before it
    (_LEAD + 'But the Pelland Executive said: "The plan is sound."', "Pelland Executive"),
    (_LEAD + '"The plan is sound," the Pelland Executive said.', "Pelland Executive"),
    # "reporter": a magazine's name, not a person who reports
    ('Tom Dunmore is to direct a film. "He signed on Monday," the Marrow Reporter said.', "Marrow Reporter"),
])
def test_a_body_named_by_a_role_word_speaks_itself(text: str, expected: str) -> None:
    quotes = [q for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]
    assert [q.speaker for q in quotes] == [expected]


@pytest.mark.parametrize("text, expected", [
    # a rank before the head: a person's role, the Chief Executive named before it
    ('Ann Vole is the Quillam Chief Executive. "Sales rose," the Quillam Chief Executive said.', "Ann Vole"),
])
def test_a_ranked_role_stays_a_person(text: str, expected: str) -> None:
    quotes = [q for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]
    assert [q.speaker for q in quotes] == [expected]
