"""A pronoun subject after a short lead-in: 'In 2010, he warned ...' (issue #31, cause B).

subjectverbs.previous_subject hands a "he"/"she" to the subject of the
sentence before only when the pronoun opens its own sentence or closes a
quote opening it, and antecedents.chained follows a pronoun back only
through sentences a pronoun opens.  A pronoun after a short adverbial
lead-in ("In 2010, he warned", "And on Monday, she said", "Asked on Fox
who leads, he said", "For 12 years, he had") is that sentence's subject
just the same; without this the fitted choice took the article's last
speaker or last-named person instead (PolNeAR train: breitbart, politico,
usa-today x2).  The lead-in opens with a word of the lexicon's time_leads
or clause_openers, holds no comma, quote mark or sentence end, and is
short: a longer one may be a clause naming someone of its own.  Someone
of the pool named in the lead-in still stops previous_subject (its own
guard), so "With Vole beside him, he said" is left to the fitted choice.
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

_LEADS = words("time_leads", "clause_openers")  # "In", "On", "During", "Asked", "For", "After" ...
MAX_LEAD = 60  # characters of lead-in before the comma: "In his speech on Monday night"
_CONJUNCTION = r"(?:(?:And|But|Yet|So)\s+)?"
# "And he confirmed ...": a conjunction before the pronoun leaves it the sentence's subject
_OPENING_PRONOUN_RE = re.compile(rf"[\"'\u201c\u2018(]?{_CONJUNCTION}([Hh]e|[Ss]he)\b")
# a conjunction, a lead-in word, words with no comma, quote or stop, then ", he" / ", she"
_LEAD_IN_RE = re.compile(rf"{_CONJUNCTION}([A-Za-z]+)\b[^,.;:!?\"\u201c\u201d\n]{{1,{MAX_LEAD}}},[ \u00a0]+"
                         r"(he|she)\b")


def lead_in_pronoun(text: str, sentence: int) -> re.Match[str] | None:
    """Return the match of a he/she after a short lead-in opening the
    sentence at `sentence` ("In 2010, he"; its group 2 the pronoun), else None."""
    m = _LEAD_IN_RE.match(text, sentence)
    return m if m is not None and m.group(1).lower() in _LEADS else None


def opening_pronoun(text: str, sentence: int) -> tuple[str, int] | None:
    """Return (the pronoun, its position) when a he/she opens the sentence
    at `sentence` ("He said", '"And she ...') or follows a short lead-in
    opening it ("In 2010, he"), else None."""
    m = _OPENING_PRONOUN_RE.match(text, sentence)
    if m is not None:
        return m.group(1), m.start(1)
    lead = lead_in_pronoun(text, sentence)
    return (lead.group(2), lead.start(2)) if lead is not None else None


def after_lead_in(text: str, sentence: int, pos: int) -> bool:
    """Return True when the pronoun at `pos` follows a short lead-in
    that opens the sentence at `sentence` ("In 2010, he"), else False."""
    lead = lead_in_pronoun(text, sentence)
    return lead is not None and lead.start(2) == pos
