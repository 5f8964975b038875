"""A sentence after a closed quote that leads into the next quote, never a tag of this one.

Owns the reading of '"... a great year." Ann Vole said: "Knowing ..."' and '"... there?"
Acme chief executive, Ann Vole, added: "..."': the quote's own words end their sentence (a
period, question or exclamation mark inside its marks, BBC text's space before the mark
allowed) and a capitalised sentence follows whose cue runs into a colon and another quote.
That sentence is the next quote's lead (phrases.clues' cue before a quote credits it; its cue
after a quote asks here first), so it names nobody for the quote before, whose speaker is then
the one carried from before it (attribution's same-paragraph carry).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.spans.frames import MASK

# One row per shape, each tested: how a quote's words end their sentence inside its marks
# (the space BBC text leaves before a closing mark allowed), and how the next sentence leads
# into another quote.
SENTENCE_ENDS = (
    r"[.?!]['\"\u2019\u201d]+",  # '... a great year."'
    r"[.?!][ \u00a0]['\"\u2019\u201d]+",  # '... a great year. "' (BBC: a space before the mark)
)
_SENTENCE_END_RE = re.compile("(?:" + "|".join(SENTENCE_ENDS) + r")$")
_LEAD_REACH = 160  # a speaker, an appositive, a cue and a listener: "LTA chief executive, Ann Vole, added:"
# the next sentence's words up to a colon right before a (masked) quote, no sentence end between
_COLON_LEAD_RE = re.compile(r"[A-Z][^.!?:" + MASK + r"]*:\s*" + MASK)


def leads_next_quote(text: str, start: int, end: int, s: str, gap: int) -> bool:
    """True when the quote text[start:end] ends its sentence and the masked frame `s` at
    `gap` (the first word after it) opens a sentence that leads into the next quote with a
    colon ('" Ann Vole said: "'): no cue there tags the quote."""
    if not _SENTENCE_END_RE.search(text, start, end):
        return False
    lead = _COLON_LEAD_RE.match(s, gap, gap + _LEAD_REACH)
    return lead is not None
