"""Commitments, requests and accusations: a clause reported through "to" or "of".

Owns the complements of cues that report no that-clause but an infinitive
or an accusation, in one sentence of a frame (quotes masked, local
offsets): a commitment ("X vowed to cut taxes", "X promised last week to
..."), a request ("X asked the council to delay the vote") and an
accusation ("X accused the council of hiding the figures").  The clause
runs from the "to" of a commitment, from the listener of a request and
from the accused of an accusation to the sentence's end.  The cue words
are the lexicon's tables "commitment_cues", "request_cues" and
"accusation_cues"; a plan or a wish ("X plans to", "X wants to") is in
none of them, so it is no speech.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues import Phrase
from onrecord.indexer.annotate.attribution.reported.spans import Clause, make_clause
from onrecord.indexer.lexicon import words

COMMITMENT_CUES = words("commitment_cues")
REQUEST_CUES = words("request_cues")
ACCUSATION_CUES = words("accusation_cues")
# what "to" opens when it is an infinitive: a lowercase verb, not a noun phrase ("pledged to the party")
_NOT_VERBS = "|".join(sorted(words("determiners") | frozenset("him her them it us me you".split())))
_VERB = rf"(?!(?:{_NOT_VERBS})\b)[a-z]"
# an adverb or a time between the cue and its "to": "vowed again to", "promised last month to", "pledged on Monday to"
_GAP = r"(?:\s+(?:[a-z]+ly|again|also|once\s+more|(?:last|this|next)\s+[a-z]+|on\s+[A-Z][a-z]+day))?"
_TO_RE = re.compile(rf"{_GAP}\s+(?=to\s+{_VERB})")
# a listener of up to 60 characters before "to" + a verb: "asked the council to", "asked voters in Dover to"
_REQUEST_RE = re.compile(rf"\s+(?!(?:about|for|if|whether|why|how|what|when|who|where|that|to|of|in|on|at)\b)"
                         rf"(?=[^,;:!?#\"]{{1,60}}?\s+to\s+{_VERB})")
# the accused, then "of" and what of: "accused the council of hiding", "accused Ann Vole of hypocrisy"
_ACCUSED_RE = re.compile(r"\s+(?!(?:of|by)\b)(?=[^,;:!?#\"]{1,80}?\s+of\s+[a-z])")
_CUE_GROUPS = ((COMMITMENT_CUES, _TO_RE), (REQUEST_CUES, _REQUEST_RE), (ACCUSATION_CUES, _ACCUSED_RE))


def infinitive_clause(s: str, pos: int, hi: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the clause a commitment, request or accusation cue ending at
    `pos` reports ("to cut taxes", "the council to delay the vote", "the
    council of hiding the figures"); None for any other cue or shape."""
    word = cue.group().lower()
    for cues, shape in _CUE_GROUPS:
        if word in cues:
            found = shape.match(s, pos, hi)
            return None if found is None else make_clause(s, found.end(), hi, phrase, cue)
    return None
