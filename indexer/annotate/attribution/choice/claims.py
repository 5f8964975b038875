"""Claims: whose claim a quoted that-clause is ("Ann Vole's claim that there were "thousands"").

Owns the claim nouns' use (indexer.lexicon's "claim_nouns"): a quote inside the that-clause of
a name's claim, with no cue between, is that name's.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cuewords import find_cues
from onrecord.indexer.annotate.attribution.phrases.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.lexicon import words

_CLAIM_NOUNS = words("claim_nouns")
_CLAIM_RE = re.compile(
    r"\b((?:[A-Z][\w.'\u2019-]*\s+){0,3}[A-Z][\w.-]*)['\u2019]s\s+(?:[a-z-]+\s+)?"
    rf"({word_alternation(_CLAIM_NOUNS)})\s+that\s+")


def claim_owner(frame: Frame, qs: int) -> tuple[Phrase, re.Match[str]] | None:
    """Find 'Ann Vole's claim that there were "thousands"': whose claim the
    quoted clause is, when the claim's that-clause holds the quote."""
    s = frame.s
    lo = frame.sentence(qs)[0]
    last = None
    for m in _CLAIM_RE.finditer(s, lo, qs):
        last = m
    if last is None or len(s[last.end():qs].split()) > 12 or find_cues(s, last.end(), qs):
        return None  # the quote must be (in) the claim's own clause
    noun = re.compile(re.escape(last.group(2))).search(s, last.start(2))
    assert noun is not None  # it was just matched there
    return Phrase(last.group(1), last.start(1), last.end(1), "name"), noun
