"""The speech-cue lexicon: reporting verbs and their inflected forms.

Owns how the reporting verbs of the lexicon (indexer.lexicon:
"cue_verbs", "cue_verb_forms", "cue_phrases") become cue words and one
regex: irregular verbs list their forms, regular ones are inflected by rule
(bare forms are left out: they are mostly nouns, "a claim", "a note").
A newcomer adds a verb with one row in "cue_verbs".  How a cue finds its
speaker is indexer.cues' job.
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words
from onrecord.indexer.wordtrie import word_alternation

REGULAR_VERBS = tuple(sorted(words("cue_verbs")))


def _inflect(verb: str) -> tuple[str, ...]:
    stem = verb[:-1] if verb.endswith("e") else verb
    consonant_y = verb.endswith("y") and verb[-2] not in "aeiou"
    past = verb + "d" if verb.endswith("e") else (stem[:-1] + "ied" if consonant_y else verb + "ed")
    third = verb[:-1] + "ies" if consonant_y else verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
    if verb in ("admit", "slam", "dub", "quip", "plead"):
        past = {"admit": "admitted", "slam": "slammed", "dub": "dubbed", "quip": "quipped", "plead": "pleaded"}[verb]
    ing = stem + "ing" if verb.endswith("e") else verb + ("ting" if verb == "admit" else "ing")
    return (third, past, ing)  # bare forms are mostly nouns: a claim, a note, a warning


def _cue_words() -> frozenset[str]:
    found: set[str] = set(words("cue_verb_forms"))
    for verb in REGULAR_VERBS:
        found.update(_inflect(verb))
    return frozenset(found)


CUE_WORDS = _cue_words()
_CUE_ALT = word_alternation(CUE_WORDS)
_PHRASE_ALT = "|".join(re.escape(p) for p in sorted(words("cue_phrases"), key=lambda p: (-len(p), p)))
CUE_RE = re.compile(
    rf"\b(?:{_PHRASE_ALT}|(?:went|go|goes|going) on(?= to\b|[,:])|{_CUE_ALT})\b",
    re.IGNORECASE)
PARTICIPLE_CUES = frozenset(w for w in CUE_WORDS if w.endswith("ing"))
