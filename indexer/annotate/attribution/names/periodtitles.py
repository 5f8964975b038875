"""Titles written with a period before a name, US style ("Mr. Obama", "Sen. Cruz").

Owns the rule that such a title is never a name itself: the period after it
ends no sentence and cuts no name, so a lone-speaker scan that meets
"said Mr. Burman" must take "Burman", not "Mr" (issue #31: "he said" then
resolved to a person called "Mr").  The titles are data (lexicon list
"period_titles", one row each); indexer.annotate.attribution.names.lonespeakers
asks here.
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

PERIOD_TITLES = words("period_titles")
# a title word, its period, and the space before a capitalised word: "Mr. B", "Sen. C"
_TITLE_DOT_RE = re.compile(r"[ \u00a0]+([A-Z][a-z]{1,3})\.(?=[ \u00a0]+[A-Z])")


def is_period_title(word: str) -> bool:
    """Return True when `word` ("Mr", "Gov") is a title US outlets write with a period."""
    return word.lower() in PERIOD_TITLES


def past_title(text: str, pos: int) -> int:
    """Return where the name after a period title starting at `pos` begins, less its
    space (" Mr. Burman" -> the space before "Burman"), or `pos` when none starts there."""
    m = _TITLE_DOT_RE.match(text, pos)
    return m.end() if m is not None and is_period_title(m.group(1)) else pos
