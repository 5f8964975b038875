"""Speakers past a quoted aside: 'Ann Vole, who calls the plan a "disaster," said ...'.

Owns the subject of a forward cue that comes right after a quote closing an
aside of the sentence's subject, in one sentence of a frame (quotes masked,
local offsets): a relative clause or a participle after the comma that ends
the subject ('Ann Vole, who calls the plan a "disaster," said she ...',
'Mr. Toad, citing "the river's charm," said the town ...'). The quote is the
subject's words in passing; the cue after it is the subject's and reports the
clause that follows. A quote right before a cue with no such aside
('"...," Ann Vole said') is the cue's own and stays out (`clauses`).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.subjects import phrase_at_sentence_start
from onrecord.indexer.annotate.attribution.spans.frames import MASK

# the aside: a comma, a relative pronoun, a participle or an appositive (no conjunction: "Ann Vole, and
# "...," said" is a coordinated subject), words without a comma or a stop, then the quote
# (its closing comma inside or after the marks) right before the cue
_QUOTED_ASIDE_RE = re.compile(rf",\s+(?!(?:and|or|but|nor|then|so|yet)\s)[a-z][\w'\u2019-]*\s[^,;:.!?{MASK}]{{0,80}}?"
                              rf"{MASK}+\s*,?\s*$")


def quoted_aside_subject(s: str, lo: int, end: int) -> Phrase | None:
    """Return the sentence's subject when a quoted aside of it closes right
    before a cue starting at `end` ('Ann Vole, who called it "a disaster,"
    said'); None when the text before the cue is no such aside."""
    if not s[lo:end].rstrip(" ,").endswith(MASK):
        return None  # (a cheap test first: most cues follow no quote)
    comma = s.find(",", lo, end)
    if comma < 0 or _QUOTED_ASIDE_RE.match(s, comma, end) is None:
        return None
    head = phrase_at_sentence_start(s, lo, comma)
    if head is None or s[head.end:comma].strip():
        return None  # the aside must follow the subject whole: "In May, Ann Vole, who ..." has another shape
    return head
