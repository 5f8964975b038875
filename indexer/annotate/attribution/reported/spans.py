"""Reported clause spans: the record of one reported clause and its trimming.

Owns `Clause` (a speaker phrase, its cue and the clause's local span in a
frame) and `make_clause`, which trims a span of blanks and closing stops
and refuses one too short to report anything: no span holds its
attribution, a leading "that" or the final stop.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from onrecord.indexer.annotate.attribution.phrases.cues import Phrase

_CLOSING_RE = re.compile(r"[\s.!?;,:\u2014\u2013-]+$")
MIN_WORDS = 3


@dataclass(frozen=True, slots=True)
class Clause:
    """A reported clause of a frame: its speaker phrase, its cue and its local span."""

    phrase: Phrase
    cue: re.Match[str]
    start: int
    end: int


def make_clause(s: str, start: int, end: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the Clause s[start:end] trimmed of blanks and closing stops;
    None when it is too short to report anything."""
    while start < end and s[start].isspace():
        start += 1
    closing = _CLOSING_RE.search(s, start, end)
    end = closing.start() if closing else end
    if len(s[start:end].split()) < MIN_WORDS:
        return None
    return Clause(phrase, cue, start, end)
