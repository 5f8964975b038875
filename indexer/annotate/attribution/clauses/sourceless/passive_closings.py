"""Passive closings that name no source (issue #32).

Owns, in one sentence of a frame (quotes masked, local offsets), a clause a
sourceless passive closes: "CLAUSE, it has been confirmed." / "..., it was
announced on Monday." (passive_closing_verbs) and "CLAUSE, a court has
heard." / "..., the hearing was told." (hearing_bodies: a body that hears
evidence or talks).  The gold annotates them as reported speech with no
speaker; a hedge ("it is thought", "it is understood") is no report and
stays out (its verb is in no list).  `hearing_cue` lets a line whose only
cue is "heard" (no clause cue word) reach the sentence scan.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

_VERB_ALT = word_alternation(words("passive_closing_verbs"))
_BODY_ALT = word_alternation(words("hearing_bodies"))
# what may follow the cue before the sentence ends: a time or place ("on Monday", "in court"), never an
# agent ("by the firm": a named source) nor a complement ("to be", "that")
_TAIL = r"(?:\s+(?:on|in|at|last|this|earlier|yesterday|today)\b[^,;:#\"\u201c]{0,30}?)?[\s.!?'\u2019\"\u201d]*"
# the two passives: "has been confirmed" (after "it"), "has been told" / "heard" (after a hearing body)
_IT_CUE = rf"(?:has\s+been|had\s+been|is|was)\s+(?:{_VERB_ALT})"
_BODY_CUE = r"(?:(?:has|had)\s+(?:been\s+told|heard)|(?:was|were)\s+told|heard)"
# ", it has been confirmed" / ", it was announced": the writer's passive with "it" for its subject
_IT_RE = re.compile(rf",\s+it\s+(?P<cue>{_IT_CUE})(?={_TAIL}$)")
# ", a court has heard" / ", an industry conference has been told" / ", the hearing was told": up to three
# words (a place, a kind) between the determiner and the body
_BODY_RE = re.compile(rf",\s+(?:the|a|an)\s+(?:[\w'\u2019-]+\s+){{0,3}}(?i:{_BODY_ALT})\s+"
                      rf"(?P<cue>{_BODY_CUE})(?={_TAIL}$)")
# either passive alone: the cue as a Match of its own for make_clause
_CUE_RE = re.compile(rf"{_IT_CUE}|{_BODY_CUE}")
_HEARD_RE = re.compile(r"\bheard\b")


def hearing_cue(text: str, start: int, end: int) -> re.Match[str] | None:
    """Return the first "heard" in text[start:end] (a line's only cue may be
    "a court has heard", which no clause cue word matches); None if none."""
    if text.find("heard", start, end) < 0:  # most lines: a string search, no regex scan
        return None
    return _HEARD_RE.search(text, start, end)


def passive_closing_clause(s: str, lo: int, hi: int) -> Clause | None:
    """Return the clause a sourceless passive closes in the sentence s[lo:hi]
    ("CLAUSE, it has been confirmed."): s[lo:comma] with the passive as its
    cue and phrase (no one named speaks); None for any other sentence."""
    comma = s.rfind(",", lo, hi)  # the closing passive holds no comma: only the sentence's last one opens it
    if comma < 0:
        return None
    found = _IT_RE.match(s, comma, hi) or _BODY_RE.match(s, comma, hi)
    if found is None:
        return None
    # the span the match found, as a Match of its own (always there: the test only narrows the type)
    cue = _CUE_RE.fullmatch(s, found.start("cue"), found.end("cue"))
    if cue is None:
        return None
    return make_clause(s, lo, found.start(), Phrase(cue.group(), cue.start(), cue.end(), "np"), cue)
