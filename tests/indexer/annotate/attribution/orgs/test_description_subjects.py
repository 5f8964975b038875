"""A generic description ("the group", "the firm") means the organisation the
article is about, its latest subject, over one named after it in passing; a
subject named long before yields to the one named last (#31, invented text)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text

_FILLER = "Sales of umbrellas fell in the wet north, where shoppers stayed at home for most of the month. " * 7


@pytest.mark.parametrize("text, expected", [
    # the subject of the sentence before, not the deal's other party named after it
    ('Zorvex Holdings said it was close to a deal with Quillam Ltd. "Talks go on," the group said.',
     "Zorvex Holdings"),
    # a subject named paragraphs before: the organisation named last is meant
    (f'Zorvex Holdings said sales rose.\n\n{_FILLER}Reporters wrote to Quillam Ltd. "No comment," the firm said.',
     "Quillam Ltd"),
])
def test_a_generic_description_is_the_subject_named_near_it(text: str, expected: str) -> None:
    quotes = [q for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]
    assert [q.speaker for q in quotes] == [expected]
