"""Reported clauses opening a sentence: a participle whose speaker follows its clause.

Owns, in one sentence of a frame (quotes masked, local offsets), the
participle cue that opens the sentence, alone or after "after", "since",
"while", "before", "besides" or "in addition to" ("After saying that the
port would close, Ann Vole left", "Since announcing in May that he would not
run, Tom Reed has ..."): who says it is the main clause's subject, right
after the comma that ends the reported clause; and the question a sentence
opens with, put to its subject by someone it leaves unnamed ("Asked if he
would stand again, Tom Reed said ...": "he would stand again", nobody's;
its end, with no comma, before an answer: `questions`).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.sourceless.questions import answer_start
from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.annotate.attribution.phrases.cues.inversions import phrase_after

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
    return _main_subject(s, cue.end(), hi, _VERB_RE)


def _main_subject(s: str, pos: int, hi: int, verb: re.Pattern[str]) -> tuple[Phrase, int] | None:
    """Return the main clause's subject after the first comma past pos that
    a subject and its `verb` follow, and that comma; None when none does."""
    comma = s.find(",", pos, hi)
    while comma >= 0:
        phrase = phrase_after(s, comma + 1, hi)
        if phrase is not None and not s[comma + 1:phrase.start].strip() \
                and (phrase.kind != "np" or is_speaker_noun(phrase.text)) and verb.match(s, phrase.end, hi):
            return phrase, comma
        comma = s.find(",", comma + 1, hi)
    return None


# a question opening the sentence, put to the main clause's subject: "Asked if ...", "Asked by X why ..."
_ASKED_RE = re.compile(r"\s*(?:(?:when|but|and)\s+)?(?P<cue>[Aa]sked)(?:\s+by\s+[^,;:]{2,60}?)?"
                       r"\s+(?:(?:about\s+)?(?:if|whether)\s+|(?=(?:why|how|what|where|who)\s))", re.I)

_ASKED_WORD_RE = re.compile(r"asked", re.I)
# the main clause's verb after a question: an answer ("said", "replied") or any verb _VERB_RE reads
_ANSWER_RE = re.compile(rf"{_VERB_RE.pattern}|\s+(?:(?:only|also|then|[a-z]{{3,}}ly)\s+)*(?:said|told|wrote)\b")


def asked_clause(s: str, lo: int, hi: int) -> Clause | None:
    """Return the question the sentence s[lo:hi] opens with ("Asked if he
    would stand again, Tom Reed said ...": "he would stand again"), ending at
    the comma before the main clause's subject and verb; its phrase is the
    cue (whoever asked is not named); None for any other sentence."""
    found = _ASKED_RE.match(s, lo, hi)
    if found is None:
        return None
    cue = _ASKED_WORD_RE.match(s, found.start("cue"))
    ended = _main_subject(s, found.end(), hi, _ANSWER_RE)
    # no comma before the answer: "Asked if CLAUSE Tom Reed replied: ..." (BBC r18, r24, r26, r30, r36)
    end = ended[1] if ended is not None else answer_start(s, found.end(), hi)
    if cue is None or end is None:
        return None
    return make_clause(s, found.end(), end, Phrase(cue.group(), cue.start(), cue.end(), "np"), cue)
