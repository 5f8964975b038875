"""Tests for learned aliases found by string searches (institutions.literals): each must
find exactly what the alias's compiled pattern finds, from every start."""
from __future__ import annotations

import random
import re
import sys

from onrecord.indexer.annotate.institutions.literals import (
    FOLDS_TO_ASCII,
    LiteralAlias,
    alias_searcher,
    ascii_folded,
)
from onrecord.indexer.annotate.institutions.registry import alias_pattern

_ALIAS_WORDS = ["Acme", "acme", "ACME", "Bank", "bank", "of", "the", "The", "Union", "A", "AB", "Ab", "U.S.",
                "R&D", "x_y", "Fund's", "K9", "Ski", "sk"]
_TEXT_WORDS = [*_ALIAS_WORDS, "\u212acme", "A\u017fk", "\u0130", "Stra\u00dfe", "\u00e9cole", "_", "9"]
_SEPARATORS = [" ", "  ", "\n", ", ", "-", "", ".", "\u00a0", "\t", "_", "'"]


def test_the_characters_folding_to_ascii_are_all_listed() -> None:
    ignore_case_ascii = re.compile(r"(?i:[\x00-\x7f])")
    derived = {c for c in map(chr, range(128, sys.maxunicode + 1))
               if ignore_case_ascii.fullmatch(c) or not (c.lower() + c.upper()).isascii()
               and any(ord(x) < 128 for x in c.lower() + c.upper())}
    assert derived <= set(FOLDS_TO_ASCII)


def test_a_literal_alias_finds_what_its_pattern_finds() -> None:
    rng = random.Random(5)
    literal = 0
    for _ in range(3000):
        alias = " ".join(rng.choice(_ALIAS_WORDS) for _ in range(rng.randint(1, 4)))
        text = "".join(rng.choice(_TEXT_WORDS) + rng.choice(_SEPARATORS) for _ in range(rng.randint(1, 12)))
        searcher, pattern = alias_searcher(alias), alias_pattern(alias)
        literal += isinstance(searcher, LiteralAlias) and ascii_folded(text) is not None
        for pos in range(len(text) + 1):
            found, expected = searcher.search(text, pos), pattern.search(text, pos)
            assert (found and found.span()) == (expected and expected.span()), (alias, text, pos)
    assert literal > 1000  # most cases took the string searches


def test_an_alias_with_an_apostrophe_or_beyond_ascii_keeps_its_pattern() -> None:
    assert alias_searcher("Fund's Bank") is alias_pattern("Fund's Bank")
    assert alias_searcher("\u00c9cole Normale") is alias_pattern("\u00c9cole Normale")
    assert isinstance(alias_searcher("North West Command Unit"), LiteralAlias)
