"""Who answers a question the sentence before asks: the person asked, not the asker (issue #31).

'Tom Reed asked Ann Vole whether the plan would work. "It will," she said.'
means Vole: a sentence whose verb is "asked" with a named person right after
it and a question after that person (a wh-word, "whether", "if", "about")
hands the next turn to the one asked.  The fitted choice prefers the
sentence's subject or its last speaker, the asker (PolNeAR train: an
interviewer or a reporter chosen over the candidate who answers, cause C).
"asked X to ..." and "asked X for ..." are requests, not questions: what
follows is as often the asker's, so they are left to the fitted choice.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import opens_or_closes_quote

# "asked" (or "asks"), then a name of up to four capitalised words (a title first: "asked Sen. Ann
# Vole"), then what opens a question about something
_ASKED_RE = re.compile(r"\bask(?:ed|s)[ \u00a0]+((?:[A-Z][\w.'\u2019-]*[ \u00a0]+){0,3}[A-Z][\w'\u2019-]*)"
                       r"[ \u00a0]+(?:whether|if|about|how|what|why|when|where|who|which)\b")
_P = TypeVar("_P", bound=Person)


def asked_person(pool: Sequence[_P], text: str, previous: int, sentence: int, pos: int) -> Sequence[_P]:
    """Return [the person of the pool] the sentence before asks a question
    ("X asked Vole whether ..."; a mention of theirs inside the name right
    after "asked"), when the pronoun opens its sentence or closes a quote opening
    it and nobody of the pool is named in its sentence before it; else the
    pool.  `previous` is the sentence before's start, `sentence` the
    pronoun's sentence's start and `pos` the pronoun's position."""
    if previous >= sentence or not opens_or_closes_quote(text, sentence, pos) \
            or any(p.mentions.last_before(pos) >= sentence for p in pool):
        return pool
    asked = [m.span(1) for m in _ASKED_RE.finditer(text, previous, sentence)]
    if len(asked) != 1:
        return pool  # no question, or two: which one the answer follows is unclear
    lo, hi = asked[0]
    found = [p for p in pool if p.mentions.last_before(hi) >= lo]
    return found if len(found) == 1 else pool
