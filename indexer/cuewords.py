"""The speech-cue lexicon: reporting verbs and their inflected forms.

Owns which words report speech (said, told, added, according to ...):
irregular verbs list their forms, regular ones are inflected by rule
(bare forms are left out: they are mostly nouns, "a claim", "a note").
A newcomer adds a verb with one word in REGULAR_VERBS.  How a cue finds its
speaker is indexer.cues' job.
"""
from __future__ import annotations

import re

from onrecord.indexer.wordtrie import word_alternation

_IRREGULAR = {
    "say": ("say", "says", "said", "saying"),
    "tell": ("tell", "tells", "told", "telling"),
    "write": ("write", "writes", "wrote", "writing", "written"),
    "find": ("found",),
    "think": ("thinks", "thought"),
    "speak": ("spoke",),
    "call": ("called", "calling", "calls"),
    "describe": ("described", "describes", "describing"),
    "brand": ("branded", "branding"),
    "dub": ("dubbed",),
    "state": ("stated", "states", "stating"),
    "post": ("posted",),
    "read": ("reads", "read"),
    "report": ("reported",),
}
REGULAR_VERBS = (
    "add continue tweet warn insist admit explain claim argue note announce declare "
    "acknowledge reply respond recall remark comment conclude accuse ask suggest urge "
    "vow promise predict complain joke quip boast concede confirm deny emphasize "
    "emphasise stress observe testify allege counter mention label praise slam "
    "criticize criticise blast caution assert contend maintain agree disagree propose "
    "demand wonder signal reason recount muse sigh scoff exclaim shout yell plead "
    "estimate hint insist lament reiterate recount summarize summarise describe "
    "question challenge retort answer continue tout chide mock pledge cite "
    "blame interject assure chant repeat denounce decry dismiss defend charge"
).split()


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
    words: set[str] = set()
    for forms in _IRREGULAR.values():
        words.update(forms)
    for verb in REGULAR_VERBS:
        words.update(_inflect(verb))
    return frozenset(words)


CUE_WORDS = _cue_words()
_CUE_ALT = word_alternation(CUE_WORDS)
CUE_RE = re.compile(
    r"\b(?:according to|put it|puts it|pointed out|points out|shot back|"
    rf"(?:went|go|goes|going) on(?= to\b|[,:])|{_CUE_ALT})\b",
    re.IGNORECASE)
PARTICIPLE_CUES = frozenset(w for w in CUE_WORDS if w.endswith("ing"))
