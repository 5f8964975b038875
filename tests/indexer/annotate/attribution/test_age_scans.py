"""The age look-ups' shortcuts (#31 speed): a text that never writes the age's digits
skips the scan, and the per-age patterns are cached; both answer what the regex
compiled per call did.  Random texts (seeded) are checked against that regex."""
from __future__ import annotations

import random
import re

import pytest

from onrecord.indexer.annotate.attribution.descriptions import nominals
from onrecord.indexer.annotate.attribution.people import referents

_TOKENS = ["Ann", "Vole", "Olek", "Tamm", "34", "7", "134", "34-year-old", "a", "An", "the", ",", "x"]
_SEPARATORS = [" ", ", ", "\u00a0", "", "-"]


def _random_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_TOKENS) + rng.choice(_SEPARATORS) for _ in range(rng.randint(1, 12)))
            for _ in range(count)]


def _spans(found: list[re.Match[str]]) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in found]


@pytest.mark.parametrize("age", ["34", "7", "134", "4"])
def test_stated_age_is_the_regex_it_replaced(age: str) -> None:
    name_run = referents._NAME_RUN
    for text in _random_texts(36, 2000):
        want = list(re.finditer(rf"{name_run},[ \u00a0]+{age},|\b{age}-year-old[ \u00a0]+{name_run}", text))
        got = list(referents._stated_age_re(age).finditer(text)) if age in text else []
        assert _spans(got) == _spans(want), (text, age)


@pytest.mark.parametrize("age", ["34", "7", "134", "4"])
def test_given_age_is_the_regex_it_replaced(age: str) -> None:
    name_run = nominals._NAME_RUN
    for text in _random_texts(37, 2000):
        want = list(re.finditer(rf"({name_run}),[ \u00a0]+{age}\b|\b{age}-year-old[ \u00a0]+({name_run})"
                                rf"|\b[Aa]n?[ \u00a0]+{age}-year-old\b", text))
        got = list(nominals._given_age_re(age).finditer(text)) if age in text else []
        assert _spans(got) == _spans(want), (text, age)


@pytest.mark.parametrize(("text", "names"), [
    ("Olek Tamm, 34, was there.", [("Olek Tamm", None)]),
    ("The 34-year-old Ann Vole left.", [(None, "Ann Vole")]),
    ("An inquiry heard a 34-year-old man fell.", [(None, None)]),
    ("Olek Tamm, 43, was there.", []),
])
def test_given_age_reads_the_name(text: str, names: list[tuple[str | None, str | None]]) -> None:
    assert [m.groups() for m in nominals._given_age_re("34").finditer(text)] == names
