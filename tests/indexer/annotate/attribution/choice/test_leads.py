"""A description opening the article is the person or organisation the next
sentence names: news describes first and names next (#31, invented text)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _partial_speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "partial"]


@pytest.mark.parametrize("opening", ["Norland's harbour minister", "The harbour minister"])
def test_a_role_in_the_lead_is_the_person_named_next(opening: str) -> None:
    text = (f'Fines for captains\n\n{opening} has warned captains that she will act "without delay".\n\n'
            "Ola Brandt said the fines would rise in May.")
    assert _partial_speakers(text) == ["Ola Brandt"]


def test_a_role_in_the_lead_after_someone_else_is_left_to_the_backward_rules() -> None:
    text = ('Fines for captains\n\nAfter Tom Reed left, Norland\'s harbour minister has warned captains that she '
            'will act "without delay".\n\nOla Brandt said the fines would rise in May.')
    assert _partial_speakers(text) == [None]


def test_a_role_past_the_lead_never_looks_forward() -> None:
    text = ('Fines for captains\n\nCaptains met on Monday.\n\nThe port was shut.\n\n'
            'Norland\'s harbour minister has warned captains that she will act "without delay".\n\n'
            "Ola Brandt said the fines would rise in May.")
    assert _partial_speakers(text) == [None]
