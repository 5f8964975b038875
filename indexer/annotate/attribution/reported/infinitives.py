"""Infinitive reports: a speech act reporting what someone is to do.

Owns the clause after a cue of the lexicon's "infinitive_cues" in one
sentence of a frame (quotes masked, local offsets): "X promised to repeal
the law", "X vowed last month to fight on", "X threatened to sue", and,
after a cue of "object_infinitive_cues", who was addressed and what they
are to do ("X urged the council to act", "X called on voters to stay
home").  The span runs from "to" (from who was addressed) to the
sentence's end, as PolNeAR spans them.  Wishes and plans ("wants to",
"plans to", "hopes to") are in no list, so they stay out.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.cues import Phrase, is_speaker_noun
from onrecord.indexer.annotate.attribution.reported.spans import Clause, make_clause
from onrecord.indexer.lexicon import words

INFINITIVE_CUES = words("infinitive_cues")
_OBJECT_CUES = words("object_infinitive_cues")
# an adverb or a time between the cue and its "to": "vowed again to", "promised last month to"
_GAP_RE = re.compile(r"\s*,?\s*(?:(?:again|also|repeatedly|once|today|yesterday|[a-z]+ly|"
                     r"(?:on|last|this|in|at|during|earlier)\s+[^,;:.!?#\"]{1,30}?)\s*,?\s*(?=to\s))?")
# who was addressed: up to six words, no punctuation, then "to" ("urged state party leaders to")
_ADDRESSEE_RE = re.compile(r"\s+((?!to\b)(?:[\w.'\u2019&-]+\s+){0,5}?[\w.'\u2019&-]+)\s+(?=to\s)")
_NOT_ADDRESSEE = frozenset("that whether if how why what when where which who and but or for about as while "
                           "he she they we i is was are were has have had be been would will could should not".split())
# "to" and a verb, not a preposition before a noun phrase ("told the story to the children")
_TO_RE = re.compile(r"to\s+(?!(?:the|a|an|his|her|their|its|my|our|this|that|these|those|him|them|me|us|you|"
                    r"it|some|any|all|every|each|no)\b)[a-z]")


def infinitive_clause(s: str, pos: int, hi: int, phrase: Phrase, cue: re.Match[str]) -> Clause | None:
    """Return the clause a cue of infinitive_cues ending at `pos` reports:
    from "to" ("promised to ..."), or from who was addressed after a cue of
    object_infinitive_cues ("urged the council to ..."; none addressed is a
    passive: "urged to resign"); None when no "to" and a verb follow, or
    when a thing is the subject ("the debate promised to be close")."""
    word = " ".join(cue.group().lower().split())
    if word not in INFINITIVE_CUES or phrase.kind == "np" and not is_speaker_noun(phrase.text):
        return None  # "the debate promised to be", "a ballot initiative threatened to raise": no one speaks
    if word in _OBJECT_CUES:
        addressee = _ADDRESSEE_RE.match(s, pos, hi)
        if addressee is None or _NOT_ADDRESSEE & set(addressee.group(1).lower().split()):
            return None
        start = at = addressee.end()
        start = addressee.start(1)
    else:
        start = at = _GAP_RE.match(s, pos, hi).end()  # type: ignore[union-attr]  # all of it is optional
    if _TO_RE.match(s, at, hi) is None:
        return None
    return make_clause(s, start, hi, phrase, cue)
