"""Commitments, requests, accusations and gerunds: a clause reported with no finite verb.

Owns the complements of cues that report no that-clause but a non-finite
one, in one sentence of a frame (quotes masked, local offsets): a
commitment's infinitive ("X vowed to cut taxes", "X promised last week to
..."), a request's listener and infinitive ("X asked the council to delay
the vote"), an accusation's accused and charge ("X accused the council of
hiding the figures") and a gerund ("X reported spending $1m", "X recalled
sitting in on the talks").  The clause runs from the "to" of a commitment,
from the listener of a request, from the accused of an accusation and from
the gerund to the sentence's end.  The cue words are the lexicon's tables
"commitment_cues", "request_cues", "accusation_cues" and "gerund_cues"; a
plan or a wish ("X plans to", "X wants to") is in none of them, so it is no
speech.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues import Phrase
from onrecord.indexer.annotate.attribution.reported.spans import Clause, make_clause
from onrecord.indexer.lexicon import words

COMMITMENT_CUES = words("commitment_cues")
REQUEST_CUES = words("request_cues")
ACCUSATION_CUES = words("accusation_cues")
GERUND_CUES = words("gerund_cues")
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
# a gerund and its object: "reported spending $1m", "recalled sitting in on"; never a preposition
# or a noun in -ing ("reported during the talks", "recalled the meeting": no determiner allowed)
_NOT_GERUNDS = "|".join(sorted(words("not_gerunds")))
_GERUND_RE = re.compile(rf"{_GAP}\s+(?=(?!(?:{_NOT_GERUNDS})\b)[a-z]{{2,}}ing\s+[\w$\u00a3\u20ac])")
_CUE_GROUPS = ((COMMITMENT_CUES, _TO_RE), (REQUEST_CUES, _REQUEST_RE), (ACCUSATION_CUES, _ACCUSED_RE),
               (GERUND_CUES, _GERUND_RE))


def nonfinite_clause(s: str, pos: int, hi: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the clause a commitment, request, accusation or gerund cue
    ending at `pos` reports ("to cut taxes", "the council to delay the
    vote", "the council of hiding the figures", "spending $1m on ads");
    None for any other cue or shape."""
    word = cue.group().lower()
    for cues, shape in _CUE_GROUPS:
        if word in cues:
            found = shape.match(s, pos, hi)
            if found is not None:
                return make_clause(s, found.end(), hi, phrase, cue)
    return None
