"""Questions the writer reports without naming who asked them (issue #32).

Owns, in one sentence of a frame (quotes masked, local offsets), the passive
question "X was asked whether/if/why CLAUSE" (the gold's convention: the
asker, whom the sentence leaves unnamed, is its speaker, so the clause is
nobody's), and where a question ends when its answer follows in the same
sentence with no comma between ("Asked if CLAUSE Tom Reed replied: ...",
"when Ann Vole was asked whether CLAUSE she said: ..."): before the
answerer and the answer verb that a colon closes.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words

# the verbs an answer right after a question takes before its colon ("he replied: ..."), one row each
ANSWER_VERBS = ("said", "says", "replied", "replies", "answered", "answers", "responded", "confessed",
                "confesses", "admitted", "added", "insisted", "explained")
# the answerer: a subject pronoun or a name of one to three capitalised words ("Eriksson", "Dr Liam Fox"),
# never a month's or a day's ("would run in May Tom Reed replied:")
_TIME_NAME = rf"(?!(?:{'|'.join(sorted(w.capitalize() for w in words('weekdays', 'months')))})\b)"
_ANSWER_RE = re.compile(rf"\s+(?:(?:he|she|they|we|I)|{_TIME_NAME}[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){{0,2}})"
                        r"\s+(?:simply\s+|just\s+|then\s+)?(?:" + "|".join(ANSWER_VERBS) + r")\s*:")
# a passive question: "was (also) asked (by reporters | last week) whether|if CLAUSE" or "asked why|how ... CLAUSE";
# "was asked to", "was asked about" put no question clause
_PASSIVE_ASK_RE = re.compile(
    r"\b(?:was|were|is|are|been|being)\s+(?:(?:also|then|later|once|again|[a-z]{3,}ly)\s+)?(?P<cue>asked)"
    r"(?:\s+(?:by|on|in|at|during|last|this|earlier|yesterday|today)\b[^,;:.!?#\"\u201c]{0,40}?)?"
    r"\s*,?\s+(?:(?:whether|if)\s+|(?=(?:why|how|what|where|who|when)\s))")
_ASKED_RE = re.compile("asked")


def answer_start(s: str, pos: int, hi: int) -> int | None:
    """Return where an answer in the same sentence begins after a question
    from pos (the blank before "Tom Reed replied:"); None when no answerer
    and answer verb closed by a colon follow before hi."""
    found = _ANSWER_RE.search(s, pos, hi)
    return None if found is None else found.start()


def passive_asked_clause(s: str, lo: int, hi: int) -> Clause | None:
    """Return the question of a passive "X was asked whether CLAUSE" in the
    sentence s[lo:hi]: the clause to the answer that follows it ("he
    replied:") or else to the sentence's end; its phrase is the cue (the
    asker is not named); None when the sentence has no passive question."""
    if s.find("asked", lo, hi) < 0:
        return None  # most sentences: no regex scan for the auxiliary words before a cue they lack
    found = _PASSIVE_ASK_RE.search(s, lo, hi)
    if found is None:
        return None
    cue = found.start("cue")
    end = answer_start(s, found.end(), hi)
    match = _ASKED_RE.match(s, cue)
    if match is None:
        return None
    return make_clause(s, found.end(), hi if end is None else end, Phrase("asked", cue, match.end(), "np"), match)
