"""Word lists as regexes (#31 speed): the letter-led alternation matches what the
IGNORECASE alternation it replaced matches, in the same order."""
from __future__ import annotations

import random
import re
import sys

import pytest

from onrecord.indexer.annotate.attribution.clauses.clauses import CLAUSE_CUE_RE
from onrecord.indexer.annotate.attribution.phrases.cues import wordtrie
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE, CUE_WORDS
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import (
    letter_led_alternation,
    word_alternation,
    word_start_alternation,
)


def test_each_letters_class_is_every_character_it_matches_in_any_case() -> None:
    everything = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        folded = set(re.findall(f"(?i){letter}", everything))
        assert folded == set(letter + letter.upper() + wordtrie.CASE_FOLDS.get(letter, "")), letter


_PHRASES = [r"point\s+out", r"went on(?= to\b|[,:])", "says", r"according\s+to"]
_WORDS = frozenset({"said", "says", "saying", "ask", "asked", "kiss", "insist", "tell", "told", "a"})
_PIECES = ["said", "SAID", "\u017faid", "\u212aiss", "\u0130nsist", "\u0131nsist", "point out", "Point\nOut",
           "went on to", "went on,", "went onto", "according to", "asks", "a", "x", "-", " ", ".", "told"]


@pytest.mark.parametrize("seed", [1, 2])
def test_letter_led_alternation_matches_what_ignorecase_matched(seed: int) -> None:
    old = re.compile(rf"(?<![\w-])(?:{'|'.join(_PHRASES)}|{word_alternation(_WORDS)})\b", re.IGNORECASE)
    new = re.compile(rf"(?<![\w-])(?:{letter_led_alternation(_PHRASES, _WORDS)})\b")
    rng = random.Random(seed)
    for _ in range(3000):
        text = "".join(rng.choice(_PIECES) + rng.choice(["", " ", "\n", ", "]) for _ in range(rng.randint(1, 6)))
        assert [m.span() for m in new.finditer(text)] == [m.span() for m in old.finditer(text)], text


def test_letter_led_alternation_refuses_what_does_not_open_with_a_letter() -> None:
    with pytest.raises(ValueError):
        letter_led_alternation(["1st"], frozenset())


def test_cue_patterns_still_find_cues_in_any_case() -> None:
    assert [m.group() for m in CUE_RE.finditer("He SAID, she \u017faid; they went on to say it")] == [
        "SAID", "\u017faid", "went on", "say"]
    assert CLAUSE_CUE_RE.search("Officials Pointed  Out that") and not CLAUSE_CUE_RE.search("unsaid")
    assert "said" in CUE_WORDS


def test_word_start_alternation_matches_what_the_word_boundary_matched() -> None:
    titles = ["Baroness", "Baron", "Lord", "Lady", "L\u00e9on", "_x"]
    old = re.compile(rf"\b(?:{'|'.join(map(re.escape, titles))})")
    new = re.compile(word_start_alternation(titles))
    rng = random.Random(3)
    pieces = [*titles, "xLord", "Baronet", "-", "_", "1", "\u00e9", " ", "\n", "'"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        assert [m.span() for m in new.finditer(text)] == [m.span() for m in old.finditer(text)], text
    with pytest.raises(ValueError):
        word_start_alternation(["(x)"])
