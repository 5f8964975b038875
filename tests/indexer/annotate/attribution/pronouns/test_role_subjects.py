"""'NM7's co-ordinator Peter Krantz explained that ...' then '"...," he said':
a role word before the name (lexicon roles: co-ordinator, coordinator) makes
him the sentence's subject, so "he" is him, not the man who spoke before."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("role", ["co-ordinator", "coordinator"])
def test_a_coordinator_named_with_his_role_is_the_next_he(role: str) -> None:
    text = ('Screens\n\nDoug Pell leads the project at Brightline. "We are hoping to fill the gap," Pell said. '
            '"We want the space in between," he added.\n\n'
            f"NM7's {role} Peter Krantz explained that the new format would change the viewer's role.\n\n"
            '"Viewers will steer the story," he said.')
    assert _speakers(text)[-1] == "Peter Krantz"
