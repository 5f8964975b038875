"""first_name_gender is kept per word (lru_cache): its answers are the lexicon's lists', first asked or not."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names.names import first_name_gender, lexicon


def _from_lists(first: str) -> str | None:
    lex = lexicon()
    return "f" if first.lower() in lex.female else "m" if first.lower() in lex.male else None


@pytest.mark.parametrize(("first", "gender"), [
    ("Ann", "f"), ("ANN", "f"), ("ann", "f"), ("Tom", "m"), ("TOM", "m"),
    ("Vole", None), ("Acme", None), ("", None), ("Ann's", None),
])
def test_asked_twice_answers_as_the_lists(first: str, gender: str | None) -> None:
    assert _from_lists(first) == gender
    assert first_name_gender(first) == gender
    assert first_name_gender(first) == gender  # the kept answer
    assert first_name_gender.__wrapped__(first) == gender
