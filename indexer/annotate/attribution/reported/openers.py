"""Reported clauses opening a sentence: a participle whose speaker follows its clause.

Owns, in one sentence of a frame (quotes masked, local offsets), the
participle cue that opens the sentence, alone or after "after", "since",
"while", "before", "besides" or "in addition to" ("After saying that the
port would close, Ann Vole left", "Since announcing in May that he would not
run, Tom Reed has ..."): who says it is the main clause's subject, right
after the comma that ends the reported clause.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues import Phrase, is_speaker_noun, phrase_after

# what may stand before the participle: a conjunction or "now", a preposition of time, an adverb
_LEAD_RE = re.compile(r"\s*(?:(?:now|but|and|yet)\s*,?\s*)?(?:(?:after|since|while|before|besides|"
                      r"in\s+addition\s+to)\s+)?(?:(?:also|first|initially|later|[a-z]{3,}ly)\s+)?", re.I)
# the main clause's verb right after its subject: an auxiliary, a past or present tense, after adverbs
_VERB_RE = re.compile(r"\s+(?:(?:only|also|then|still|now|[a-z]{3,}ly)\s+)*(?:has|have|had|is|are|was|were|will|"
                      r"would|could|can|did|does|do|[a-z]{2,}(?:ed|s))\b")


def opening_subject(s: str, lo: int, hi: int, cue: re.Match[str]) -> tuple[Phrase, int] | None:
    """Return the main clause's subject and where the reported clause ends
    (the comma before that subject) for a participle cue opening the
    sentence s[lo:hi] ("After saying that CLAUSE, Ann Vole left"); None when
    the cue does not open it or no subject and verb follow a comma."""
    if _LEAD_RE.fullmatch(s, lo, cue.start()) is None:
        return None
    comma = s.find(",", cue.end(), hi)
    while comma >= 0:
        phrase = phrase_after(s, comma + 1, hi)
        if phrase is not None and not s[comma + 1:phrase.start].strip() \
                and (phrase.kind != "np" or is_speaker_noun(phrase.text)) and _VERB_RE.match(s, phrase.end, hi):
            return phrase, comma
        comma = s.find(",", comma + 1, hi)
    return None
