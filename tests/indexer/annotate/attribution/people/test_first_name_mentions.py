"""A person named later by first name alone ("Bernard's go-to option is")
is mentioned there: a pronoun after it is theirs, not the last surname's."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes]


INTRO = "Bernard P Tamm runs a studio. Kevin Vole is a sound engineer.\n\n"


@pytest.mark.parametrize(("body", "who"), [
    ("Bernard\u2019s go-to option is \u201cthe BH 470. They are flat,\u201d he explains.", "Bernard P Tamm"),
    ("Bernard points to a cheap mixer. \u201cIt works,\u201d he says.", "Bernard P Tamm"),
    ("Kevin points to a cheap mixer. \u201cIt works,\u201d he says.", "Kevin Vole"),
])
def test_a_first_name_alone_is_a_mention_of_its_one_person(body: str, who: str) -> None:
    assert _speakers(INTRO + body) == [who]


def test_a_first_name_that_is_someone_s_surname_stays_that_surname() -> None:
    text = ("Howard Lee spoke first. Then Michael Howard rose.\n\n"
            "Howard looked up. \u201cWe will win,\u201d he said.")
    assert _speakers(text) == ["Michael Howard"]
