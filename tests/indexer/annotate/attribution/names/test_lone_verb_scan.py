"""The lone-speaker verb scan (names.lonespeakers._VERB_RE) reads the lexicon's
"lone_speaker_verbs" as a prefix-factored alternation (phrases.cues.wordtrie), for
speed: it must find what the flat longest-first list "added|admits|..." found,
for every verb of the table, in every form the text may hold it."""
from __future__ import annotations

import re

import pytest

from onrecord.indexer.annotate.attribution.names import lonespeakers

_FLAT_RE = re.compile(
    rf"[ \u00a0]((?:{'|'.join(sorted(lonespeakers.SPEAKING_VERBS, key=lambda v: (-len(v), v)))}))\b")


def _found(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], str]]:
    return [(m.span(1), m.group(1)) for m in pattern.finditer(text)]


@pytest.mark.parametrize("verb", sorted(lonespeakers.SPEAKING_VERBS))
def test_verb_row_is_plain_letters(verb: str) -> None:
    # the factored form matches what the flat list matches only for words of letters before "\b"
    assert re.fullmatch(r"[a-z]+", verb)


@pytest.mark.parametrize("verb", sorted(lonespeakers.SPEAKING_VERBS))
def test_factored_scan_finds_what_the_flat_list_found(verb: str) -> None:
    text = (f"Tamble {verb} it. Vole {verb}s so, Ann {verb}ed,\u00a0{verb}. Ann {verb[:-1]} and"
            f" {verb[:2]} {verb}-led {verb}_x {verb}1 {verb.capitalize()} {verb}")
    found = _found(lonespeakers._VERB_RE, text)
    assert found == _found(_FLAT_RE, text)
    assert (text.index(f" {verb} it") + 1, verb) in [(span[0], word) for span, word in found]
