"""A reported clause's speaker as a turn for the pronouns after it (issue #31).

Quotes are attributed before reported clauses (indirect.reports), so a person
who speaks only in a reported clause ("Ann Vole said the plan would help.",
"Ann Vole warned that ...") has no turn yet when the "he said" of the next
quote chooses its antecedent: the learned choice (antecedents) then sees her
as never having spoken, and a person named after her in a narrative sentence
or inside her report wins ('Tony Reed said he would ... the law set when a
court ruled on Tom Vole. "...," he said': Reed).  Owns the test that a
mention is such a turn: the name, then a speech cue (`_GAPS`, one row per
shape between them: nothing, an age, an adverb, a relative clause) and no quote
mark, colon or comma right after the cue: what follows is a clause, not a
quote (a quote's turn is recorded when it is attributed); never a name
inside another's report ("Ann Vole said that when Tom Reed had announced
...": Reed is her topic, pronouns.reporttopics).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE, PARTICIPLE_CUES
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import NAME_RE, OWNER_ENDS

# between a name and its cue, one row each (a test per row): nothing; ", 55," an age or a short
# appositive; an -ly adverb; ", who chairs the committee," a relative clause
_GAPS = (
    re.compile(r"[ \u00a0]+"),
    re.compile(r",[^,.\"\u201c]{1,30},[ \u00a0]+"),
    re.compile(r"[ \u00a0]+[a-z]+ly[ \u00a0]+"),
    re.compile(r",[ \u00a0]+who[ \u00a0][^,.\"\u201c]{1,90},[ \u00a0]+"),
)
_BACK = 150  # characters a cue before the name is looked for in, back to its sentence's start
_SENTENCE_END_RE = re.compile(r".*(?:[.!?][\"'\u201d\u2019]?\s|\n)", re.S)
# right after the cue: what a quote's tag has there, not a clause
_QUOTE_NEXT_RE = re.compile(r"[ \u00a0]*(?:[:,\"'\u201c\u2018]|$)")


def report_turn(text: str, at: int) -> int:
    """Return `at` when the name mentioned there is the subject of a speech
    cue that reports a clause (a turn of theirs no quote records), else -1."""
    if at < 0:
        return -1
    m = NAME_RE.match(text, at)
    if m is None or text.endswith(OWNER_ENDS, at, m.end()):
        return -1
    cue = next((c for gap in _GAPS if (g := gap.match(text, m.end())) and (c := CUE_RE.match(text, g.end()))), None)
    if cue is None or cue.group().lower() in PARTICIPLE_CUES or _QUOTE_NEXT_RE.match(text, cue.end()):
        return -1  # most mentions: no cue after the name, so the look back below is rarely paid
    return -1 if _inside_report(text, at) else at


def _inside_report(text: str, at: int) -> bool:
    """True when a speech cue stands before `at` in its sentence ('Ann Vole said that when Tom Reed
    had announced ...'): a name inside another's report is its topic, not a new speaker."""
    lo = max(0, at - _BACK)
    end = _SENTENCE_END_RE.match(text, lo, at)
    return CUE_RE.search(text, end.end() if end else lo, at) is not None
