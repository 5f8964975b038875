"""Reported clauses whose subject is the relative pronoun before their speaker.

Owns, in one sentence of a frame (quotes masked), the bare clause of a cue
that otherwise needs a subject and a finite verb after it (the lexicon's
"finite_clause_cues": claim, deny, insist, ...) when its speaker phrase
follows "which", "who" or "whom": the pronoun is the reported clause's
subject, so the clause opens with its finite verb right after the cue ("a
bill which ministers claim will cut crime": "will cut crime"; "a substance
which he later denied was cocaine": "was cocaine"), and it ends where the
relative clause does: at the dash closing one a dash opened, or at the comma
before the main clause's verb when a comma opened it ("The bill, which
ministers claim will cut crime, is due": "will cut crime").  The bare cues
(say, tell) take such a clause already; this is the same shape for the cues
that need a verb.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.clauses.spans import Clause, make_clause
from onrecord.indexer.annotate.attribution.clauses.verbs import AUXILIARY_ALT, PAST_ALT
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase

# the relative pronoun right before the speaker phrase ("which ministers", "who he"), and what opens
# the relative clause before it (a comma, a dash); not "that", mostly a conjunction there
# ("anticipated that his total claims would be", "added that the taxes claimed are"), nor "what",
# a noun phrase's head ("frustrated by what he claimed was indecision")
_RELATIVE_BEFORE_RE = re.compile(r"(,|\s[\u2014\u2013-])?\s*\b(?:which|who|whom)\s+$", re.I)
_RELATIVE_REACH = 12  # characters before the speaker phrase the pronoun (and its comma or dash) may take
_FINITE = rf"(?:{AUXILIARY_ALT}|{PAST_ALT})\b"
# the gap clause's finite verb right after the cue: an auxiliary, a modal or an irregular past
# ("is owed", "will tackle", "was cocaine", "cost"); a bare present ("claim depict") may be a noun
# ("which they claim credit for"), so it stays out
_GAP_VERB_RE = re.compile(rf"\s+{_FINITE}")
# where a relative clause opened by a comma ends: a comma and the main clause's verb (", is due")
_COMMA_END_RE = re.compile(rf",\s+(?:[a-z]+ly\s+)?{_FINITE}")
_DASH_END_RE = re.compile(r"\s[\u2014\u2013-]\s")


def gap_clause(s: str, pos: int, hi: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the clause after a cue ending at `pos` when the speaker `phrase`
    follows a relative pronoun and the words after the cue open with a finite
    verb ("which ministers claim | will tackle crime"), cut where the relative
    clause ends; None otherwise."""
    start = phrase.lead if phrase.lead >= 0 else phrase.start
    relative = _RELATIVE_BEFORE_RE.search(s, max(0, start - _RELATIVE_REACH), start)
    if relative is None or _GAP_VERB_RE.match(s, pos, hi) is None:
        return None
    opener = (relative.group(1) or "").strip()
    close = _COMMA_END_RE.search(s, pos, hi) if opener == "," else _DASH_END_RE.search(s, pos, hi) if opener else None
    return make_clause(s, pos, close.start() if close else hi, phrase, cue, 2)  # "was cocaine" says it all
