"""'said the 34-year-old' is the person the article gave that age ("Ann
Vole, 34," or "34-year-old Ann Vole"); with nobody of that age it stays
unnamed: unnamed beats wrong."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def _speakers(text: str) -> list[str | None]:
    return [q.speaker for p in extract_text(text).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize(("intro", "age", "who"), [
    ("Ann Vole, 34, won the final in Paris. Bob Tamm, the coach, watched from the stands.", "34", "Ann Vole"),
    ("The 29-year-old Cara Dunn lost the final. Bob Tamm, the coach, watched.", "29", "Cara Dunn"),
    ("Ann Vole, 34, won the final in Paris. Bob Tamm, the coach, watched from the stands.", "41", None),
])
def test_an_age_description_is_the_person_of_that_age(intro: str, age: str, who: str | None) -> None:
    body = f"{intro}\n\n\u201cIt was the best day of my life,\u201d said the {age}-year-old."
    assert _speakers(body) == [who]
