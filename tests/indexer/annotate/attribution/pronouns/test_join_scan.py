"""clausesubjects' join scan matches only the join words (and semicolons): the same last join as
matching every lowercase word between blanks and keeping the join words among them."""
from __future__ import annotations

import re

import pytest

from onrecord.indexer.annotate.attribution.pronouns.clausesubjects import _JOIN_RE, _JOINS

_EVERY_WORD_RE = re.compile(r"\s([a-z]+)(?=\s)|;(?=\s)")  # the former scan


def _joins_by_every_word(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    return [m.span() for m in _EVERY_WORD_RE.finditer(text, lo, hi) if m.group(1) is None or m.group(1) in _JOINS]


@pytest.mark.parametrize("join", sorted(_JOINS))
def test_each_join_word_is_found(join: str) -> None:
    text = f"Ann Vole said she was tired {join} Tom Reed rejected it."
    assert [m.group(1) for m in _JOIN_RE.finditer(text)] == [join]


@pytest.mark.parametrize("text", [
    "Ann Vole said she was tired but Tom Reed rejected it.",
    "The courts but the jury and the judge; Tom Reed said yet more.",
    "Sandy band butter yeti andante: no join inside a word.",
    "It ended, and\nTom Reed left; then but\tyet",
    "but at the start and at the end and",
    "Don't and won't but can't; yes",
    "and;  and ;\u00a0but",
])
def test_same_joins_as_every_word(text: str) -> None:
    for lo in range(len(text)):
        for hi in (len(text), len(text) - 3, lo + 12):
            hi = max(lo, min(hi, len(text)))
            assert [m.span() for m in _JOIN_RE.finditer(text, lo, hi)] == _joins_by_every_word(text, lo, hi)
