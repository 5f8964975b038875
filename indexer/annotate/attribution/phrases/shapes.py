"""Shapes of the words around a speech cue, read without the article's registry.

Owns the pure predicates phrases.cues.cues builds speaker phrases with: whether a
lowercase noun phrase can name who spoke (is_speaker_noun: a person, body,
document or agent noun heads it), where a relative clause the cue follows
opens (", whose films include A, B and C, said"), and whether a capitalised
run is a shouted headline rather than a name.  Word lists are
indexer.lexicon's ("speaker_nouns").
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import LEADING_NOISE
from onrecord.indexer.lexicon import words

RELATIVE_OPENERS = frozenset(("who", "whose", "which"))
_NOT_CAPS = LEADING_NOISE | words("determiners")
_DIGIT_LED_NAME_RE = re.compile(r"\d+[A-Z]")  # "4Cast", "3M"
# a regular past is this long at least ("admitted", "warned"): "red", "bed", "shed" end in -ed and are none
MIN_REGULAR_PAST = 5


def is_cap(tok: str) -> bool:
    """True for a capitalised token that may be part of a name."""
    return bool(tok) and (tok[0].isupper() or bool(_DIGIT_LED_NAME_RE.match(tok))) \
        and tok.lower() not in _NOT_CAPS


def relative_opening(toks: list[tuple[str, int, int]], i: int) -> int | None:
    """Return the index of the comma opening a relative clause (", whose
    films include A, B and C") that the comma at i closes, else None: the
    clause's own commas and names are not the speaker."""
    for k in range(i - 2, max(0, i - 30), -1):
        if toks[k][0] == ";":
            return None
        if toks[k][0] == "," and toks[k + 1][0].lower() in RELATIVE_OPENERS:
            return k
    return None


def is_headline(run: list[tuple[str, int, int]]) -> bool:
    """True for a capitalized run that is a headline, not a name: two or more
    all-capital words ("CONGRESS HAS PROBED HIM")."""
    words = [t[0] for t in run if t[0][:1].isalpha()]
    shouting = sum(1 for w in words if w.isupper() and len(w) > 3)
    return shouting >= 2


_SPEAKER_NOUNS = words("speaker_nouns")
_AGENT_END_RE = re.compile(r"(?:er|or|ist|ian|ant|ent|ee)s?$")


_NP_WORD_RE = re.compile(r"[A-Za-z'\u2019-]+")
_NP_POSSESSIVE_RE = re.compile(r"['\u2019]s?$")


def is_speaker_noun(np: str) -> bool:
    """True when a lowercase noun phrase can name who spoke: its head is a
    person, body or document noun ("the spokesman", "a campaign memo") or an
    agent noun ("one voter", "several analysts")."""
    words = _NP_WORD_RE.findall(np.lower())
    if not words or words[-1].endswith(("'s", "\u2019s")):
        return False  # "a day ahead of the government's": cut before its head, no speaker
    head = _NP_POSSESSIVE_RE.sub("", words[-1])
    return head in _SPEAKER_NOUNS or head[:-1] in _SPEAKER_NOUNS or \
        bool(_AGENT_END_RE.search(head)) and len(head) > 4


def is_regular_past(word: str) -> bool:
    """Return True when the lowercase `word` has a regular past's shape: it ends in -ed and
    has MIN_REGULAR_PAST letters at least ("warned", not "red")."""
    return len(word) >= MIN_REGULAR_PAST and word.endswith("ed")
