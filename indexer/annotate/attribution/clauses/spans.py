"""Reported clause spans: the record of one reported clause and its trimming.

Owns `Clause` (a speaker phrase, its cue and the clause's local span in a
frame) and `make_clause`, which trims a span of blanks and closing stops
and refuses one too short to report anything: no span holds its
attribution, a leading "that" or the final stop; and `cut_naming`, a clause
cut before a quote a naming verb introduces ("..., which he called "..."":
the quote is the naming verb's, the words before it reported speech).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.spans.frames import MASK
from onrecord.indexer.lexicon import words

_CLOSING_RE = re.compile(r"[\s.!?;,:\u2014\u2013-]+$")
MIN_WORDS = 3
_NAMING_ALT = "|".join(sorted(words("naming_cues")))
# what joins a naming verb to the clause before it: ", which he called", ", calling", " and called"
_NAMING_JOIN_RE = re.compile(rf"(?:,\s*(?:(?:and|but)\s+)?|\s+and\s+)(?:(?:which|whom|who)\s+)?"
                             rf"(?:(?:he|she|they|it|we)\s+)?(?:also\s+|later\s+)?(?:{_NAMING_ALT})\b")


@dataclass(frozen=True, slots=True)
class Clause:
    """A reported clause of a frame: its speaker phrase, its cue and its local span."""

    phrase: Phrase
    cue: re.Match[str]
    start: int
    end: int


def make_clause(s: str, start: int, end: int, phrase: Phrase, cue: re.Match[str],
                min_words: int = MIN_WORDS) -> Clause | None:
    """Return the Clause s[start:end] trimmed of blanks and closing stops;
    None when it is shorter than `min_words` words (too short to report anything)."""
    while start < end and s[start].isspace():
        start += 1
    closing = _CLOSING_RE.search(s, start, end)
    end = closing.start() if closing else end
    if len(s[start:end].split()) < min_words:
        return None
    return Clause(phrase, cue, start, end)


def cut_naming(s: str, clause: Clause) -> Clause:
    """Return `clause` cut before a naming verb whose quote follows within the
    clause and none before it ('he backed the law, which he called "..."':
    "he backed the law"); else `clause`."""
    join = _NAMING_JOIN_RE.search(s, clause.start, clause.end)
    if join is None or MASK in s[clause.start:join.start()] or MASK not in s[join.end():clause.end]:
        return clause
    return make_clause(s, clause.start, join.start(), clause.phrase, clause.cue) or clause
