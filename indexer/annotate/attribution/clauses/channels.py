"""Channels of reported speech: what a statement was issued in.

Owns the phrase after a cue that names where a statement was made, ending
the sentence ("the Fed said in its latest Beige Book report.", "..., it said
in a statement."): no bare clause, and its noun no cue of its own.  The
nouns are the lexicon's table "channel_nouns".
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

# "in" + a determiner + up to four words + a channel noun, to the sentence's end
CHANNEL_RE = re.compile(rf"\s*,?\s*in\s+(?:a|an|his|her|their|its|the)\s+(?:[\w'\u2019-]+\s+){{0,4}}?"
                        rf"(?:{'|'.join(sorted(words('channel_nouns')))})s?\s*[.!?]?\s*$")


def drop_channel_nouns(s: str, cues: list[re.Match[str]]) -> list[re.Match[str]]:
    """Return `cues` without a cue word that ends the channel after the cue
    before it ("said in its latest Beige Book report.": "report" is a noun)."""
    kept: list[re.Match[str]] = []
    for before, cue in zip([None, *cues], cues, strict=False):
        found = None if before is None else CHANNEL_RE.match(s, before.end())
        if found is None or found.end() < cue.end():
            kept.append(cue)
    return kept
