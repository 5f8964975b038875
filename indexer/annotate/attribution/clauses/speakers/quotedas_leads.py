"""Who a participle after "quoted ... as" reports: "X was quoted as saying CLAUSE".

Owns the speaker of a clause cue led by "as" after "quoted" or "reported":
the passive "Ann Vole was quoted in a local paper as saying ..." credits the
sentence's subject, the active "The paper quoted Ann Vole as saying ..." the
words between "quoted" and "as".  The comma and "by" leads of other
participles ("..., saying", "by saying") never took "as", so these clauses
were lost (BBC r14, r22, r35, web dev; the closing shape "..., Reuters quoted
X as saying." is `closings`' and not read here).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.speakers.speakers import subject_before
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.spans.frames import MASK

# "quoted" or "reported", up to 80 characters of no clause break, then "as" right before the cue
_AS_LEAD_RE = re.compile(r"\b(?:quoted|reported)\b([^,;:#\"\u201c\u2014\u2013.!?]{0,80}?)\s+as\s+$")
_AS_REACH = 100  # characters before the cue the lead may take
# a quote closing right before the reporting words: '"...," the agency quoted Ann Vole as saying via ...'
_AFTER_QUOTE_RE = re.compile(r"[\s,\u201d\u2019\"']*[^,;:.!?#]*")
# the auxiliaries of a passive before "quoted": "was quoted", "has been quoted", "had been widely quoted"
# (not clauses.verbs' _PASSIVE_RE: that one ignores case and takes "being", "am" and "also"/"then" adverbs;
# sharing it is a change of output to measure, not a cleanup)
_PASSIVE_RE = re.compile(r"\b(?:was|were|is|are|been|be)\s+(?:[a-z]+ly\s+)?$")
# the whole auxiliary chain the subject ends before: "Ann Vole has been"
_AUX_CHAIN_RE = re.compile(r"(?:\s+(?:has|have|had|was|were|is|are|been|may|might|could|would|will))+$")


def quoted_as_speaker(s: str, lo: int, cue_start: int) -> Phrase | None:
    """Return the phrase who speaks a cue at `cue_start` led by "quoted ...
    as" / "reported ... as": the subject before a passive's auxiliaries, else
    the object before "as"; None when no such lead stands before the cue or
    the lead's sentence opens with the quote it credits."""
    if s.find(" as ", max(lo, cue_start - 5), cue_start) < 0:
        return None  # nearly every cue: no regex tried
    lead = _AS_LEAD_RE.search(s, max(lo, cue_start - _AS_REACH), cue_start)
    quote = s.rfind(MASK, lo, lead.start()) if lead is not None else -1
    if lead is None or quote >= 0 and _AFTER_QUOTE_RE.fullmatch(s, quote + 1, lead.start()):
        return None  # the cue credits the quote before it (phrases.cues.quotedas), no clause after it
    passive = _PASSIVE_RE.search(s, max(lo, lead.start() - 30), lead.start())
    if passive is not None:  # "Ann Vole has been quoted in the paper as saying": Ann Vole
        end = len(s[:passive.start()].rstrip())
        aux = _AUX_CHAIN_RE.search(s, lo, end)
        return subject_before(s, lo, aux.start() if aux else end)
    if not lead.group(1).strip():
        return None  # "reported as saying" with no one between: no object to credit
    return subject_before(s, lead.start(1), lead.end(1))
