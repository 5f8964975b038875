"""surname_hits looks only where a surname occurs: it must find exactly what
one pass over every capitalised word of the article finds."""
from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from onrecord.indexer.annotate.attribution.names import surnames as module
from onrecord.indexer.annotate.attribution.names.surnames import surname_hits

_WORDS = ["Vole", "Vole's", "Voles", "O'Vole", "Smith-Vole", "ex-Vole", "Ann", "Mr", "Mrs.", "Dr",
          "Street", "said", "the", "Neill", "O'Neill", "vole", "_Vole", "3Vole", "Vole\u2019s", "Acme",
          "Ölz", "Dahl", "A", "I"]
_SEPARATORS = [" ", "  ", "\n", ", ", ". ", "-", "'", "\u2019", "", "\u00a0"]
_SURNAMES = ["Vole", "Neill", "Dahl", "Ölz", "A", "Street"]


def _scan_every_word(text: str, surnames: set[str]) -> Iterator[tuple[int, str, str | None]]:
    """surname_hits as one pass over every capitalised word (how it was written before)."""
    for m in module._CAP_WORD_RE.finditer(text):
        word = m.group()
        if word not in surnames:
            word = re.sub(r"['\u2019]s$", "", word)
            if word not in surnames or module._NEXT_CAP_RE.match(text, m.end()):
                continue
        elif module._NEXT_CAP_RE.match(text, m.end()):
            continue
        t = module._TITLE_BEFORE_RE.search(text, max(0, m.start() - 12), m.start())
        before = None if t else module._FULL_NAME_BEFORE.search(text, max(0, m.start() - 30), m.start())
        if before and before.group(1).lower() not in module._NOT_NAME_BEFORE and not re.search(
                r"['\u2019]s$", before.group(1)):
            continue
        yield (t.start() if t else m.start()), word, (t.group(1) if t else None)


def test_finds_what_a_pass_over_every_capitalised_word_finds() -> None:
    rng = random.Random(32)
    for _ in range(3000):
        text = "".join(rng.choice(_WORDS) + rng.choice(_SEPARATORS) for _ in range(rng.randint(1, 12)))
        names = set(rng.sample(_SURNAMES, rng.randint(1, 3)))
        assert list(surname_hits(text, names)) == list(_scan_every_word(text, names)), (text, names)


@pytest.mark.parametrize("text, found", [
    ("Mr Vole said. Vole's plan", [(0, "Vole", "Mr"), (14, "Vole", None)]),
    ("O'Neill spoke; Neill did not", [(15, "Neill", None)]),  # not the Neill inside O'Neill
    ("Smith-Neill and ex-Neill", [(19, "Neill", None)]),  # a lowercase word does not run on
    ("Neill Street", []),
])
def test_hits_inside_a_longer_word_are_not_hits(text: str, found: list[tuple[int, str, str | None]]) -> None:
    assert list(surname_hits(text, {"Neill", "Vole"})) == found
