"""A candidate speaker of a quote and its features, for the learned choice
(indexer.annotate.attribution.ranking.ranker).

Owns the Candidate record (a speaker value, its registry Person, whether it
is the cascade's answer and by which rule, where it is mentioned around the
quote), the Situation of the quote (span, partial, colon, opening its
paragraph, a pronoun's gender) and FEATURES, the row of numbers each
candidate is scored by.  Every feature is a constant-time look-up or a
bisection over a person's sorted positions.
"""
from __future__ import annotations

import math
import re
from bisect import bisect_left
from dataclasses import dataclass, field

from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.positions import Positions
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_RE
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.lexicon import words
from onrecord.search import Mention

RULES = ("cue", "byline", "sentence_subject", "introduction", "same_paragraph", "continued",
         "previous_subject", "clause_subject")
RELATIONS = ("before", "after", "previous", "paragraph", "next")
FEATURES: tuple[str, ...] = (
    *(f"cascade_{r}" for r in RULES),  # the cascade's answer, by the rule that found it
    "cascade_pronoun",   # ... found through a pronoun
    "cascade_nominal",   # ... through a description ("the minister")
    *(f"in_{r}" for r in RELATIONS),  # mentioned in that window (the quote's sentence before/after it, ...)
    "carried",           # the last speaker (this paragraph's previous quote or the carry)
    "distance",          # log of characters from the nearest mention to the quote
    "subject",           # the nearest mention is a sentence subject
    "cue_beside",        # a cue word right after (or just before) the nearest mention
    "soft_cue_beside",   # a softer speech verb there ("shares", "recommends")
    "colon_intro",       # named before the quote in its sentence or the one before, and a colon opens the quote
    "opens_after_para",  # named at the previous paragraph's end, and the quote opens its paragraph
    "spoke_before",
    "spoke_last",        # spoke latest of the candidates
    "organisation",
    "full_name",         # two or more words
    "one_word",
    "possessive",        # the nearest mention is "X's"
    "object_of",         # ... follows "of", "for", "at", "by", "with", "from"
    "gender_match",      # the cascade read a pronoun, and this person's known gender is its gender
    "gender_clash",      # ... and another gender
    "nobody",
    "nobody_partial",
    "nobody_cascade",    # the cascade found no speaker
    "nobody_no_cue",     # no cue word in the quote's sentence outside quotes
    "nobody_phrase",     # the cascade found a speaker phrase it could not name ("the newspaper", "I")
)
_FAR = 20000
_SOFT_CUES = words("soft_cues")
_SOFT_RE = re.compile(rf"(?<!\w)(?:{word_alternation(_SOFT_CUES)})\b", re.I)
_NAME_END_RE = re.compile(r"[\w'\u2019.-]+(?:[ \u00a0]+[A-Z][\w'\u2019.-]*)*")
_OBJECT_RE = re.compile(r"\b(?:of|for|at|by|with|from)\s+(?:the\s+)?$", re.I)
_POSSESSIVE_RE = re.compile(r"['\u2019]s?\b")


@dataclass(slots=True)
class Candidate:
    """One speaker a quote may be credited to (None: nobody)."""

    speaker: str | None
    person: Person | None = None
    cascade: bool = False  # the cascade's answer
    rule: str | None = None
    evidence: str | None = None  # the cascade's evidence kind (named, pronoun, nominal, carried)
    mention: Mention | None = None  # the cascade's speaker mention
    carried: bool = False
    near: dict[str, tuple[int, Frame]] = field(default_factory=dict)  # relation -> nearest mention

    def note(self, relation: str, pos: int, frame: Frame) -> None:
        """Record a mention at pos in a window: the nearest one to the quote is kept."""
        if relation in ("after", "next") and relation in self.near:
            return  # windows after the quote are read in order: the first is nearest
        self.near[relation] = (pos, frame)


@dataclass(slots=True)
class Situation:
    """The quote the candidates compete for."""

    text: str
    start: int
    end: int
    partial: bool
    colon: bool  # a colon right before the quote
    opens_paragraph: bool
    gender: str | None  # the cascade's pronoun's gender ("m", "f"), else None
    cue_in_sentence: bool


def _distance(chars: int) -> float:
    return math.log1p(chars / 100) / 5


def _nearest(c: Candidate, s: Situation) -> tuple[int, Frame | None, int]:
    """Return (position, frame, characters to the quote) of the candidate's nearest mention."""
    best: tuple[int, Frame | None, int] = (-1, None, _FAR)
    for relation, (pos, frame) in c.near.items():
        gap = pos - s.end if relation in ("after", "next") else s.start - pos
        if 0 <= gap < best[2]:
            best = (pos, frame, gap)
    if best[1] is None and c.mention is not None:
        m = c.mention
        gap = m.start - s.end if m.start >= s.end else s.start - m.end
        best = (m.start, None, max(0, gap))
    return best


def _has(positions: Positions, pos: int) -> bool:
    return any((i := bisect_left(items, (pos, -1))) < len(items) and items[i][0] == pos
               for items in (positions.scanned, positions.attributed))


def _mention_features(c: Candidate, s: Situation) -> list[float]:
    """cue_beside, soft_cue_beside, possessive, object_of, subject at the nearest mention."""
    pos, frame, gap = _nearest(c, s)
    if pos < 0 or gap >= _FAR:
        return [0.0] * 5
    end_m = _NAME_END_RE.match(s.text, pos)
    end = end_m.end() if end_m else pos
    line = s.text if frame is None else frame.s
    base = 0 if frame is None else frame.base
    lo, hi = pos - base, end - base
    after, before = line[hi:hi + 30], line[max(0, lo - 20):lo]
    cue = bool(CUE_RE.search(after) or CUE_RE.search(before))
    soft = bool(_SOFT_RE.search(after))
    possessive = bool(_POSSESSIVE_RE.match(s.text, end))
    object_of = bool(_OBJECT_RE.search(line, max(0, lo - 12), max(0, lo)))
    subject = c.person is not None and _has(c.person.salient, pos)
    return [float(cue), float(soft), float(possessive), float(object_of), float(subject)]


def feature_rows(pool: list[Candidate], people: DocSpeakers, s: Situation) -> list[list[float]]:
    """Return one feature row (FEATURES' order) per candidate of the pool."""
    spoke = [c.person.spoke.last_before(s.start) if c.person else -1 for c in pool]
    latest = max(spoke, default=-1)
    return [_row(c, people, s, spoke[k], latest) for k, c in enumerate(pool)]


def _row(c: Candidate, people: DocSpeakers, s: Situation, spoke: int, latest: int) -> list[float]:
    if c.speaker is None:
        return [0.0] * (len(FEATURES) - 5) + [1.0, float(s.partial), float(c.cascade), float(not s.cue_in_sentence),
                                              float(c.mention is not None)]
    cascade = [float(c.cascade and c.rule == r) for r in RULES]
    near = [float(r in c.near) for r in RELATIONS]
    _pos, _frame, gap = _nearest(c, s)
    cue, soft, possessive, object_of, subject = _mention_features(c, s)
    words_n = len(c.speaker.split())
    gender = c.person.gender if c.person else None
    before = "before" in c.near or "previous" in c.near
    return [
        *cascade, float(c.cascade and c.evidence == "pronoun"), float(c.cascade and c.evidence == "nominal"),
        *near, float(c.carried), _distance(gap), subject, cue, soft,
        float(s.colon and before), float(s.opens_paragraph and "paragraph" in c.near),
        float(spoke >= 0), float(spoke >= 0 and spoke == latest),
        float(people.is_org(c.speaker)), float(words_n >= 2), float(words_n == 1),
        possessive, object_of,
        float(s.gender is not None and gender == s.gender),
        float(s.gender is not None and gender not in (None, s.gender)),
        0.0, 0.0, 0.0, 0.0, 0.0,
    ]


def nearest_mention(c: Candidate, s: Situation) -> Mention | None:
    """Return the candidate's mention nearest the quote (a window's, else the
    cascade's), or None when it is only the carried speaker."""
    pos, frame, gap = _nearest(c, s)
    if pos < 0 or gap >= _FAR:
        return None
    if frame is None and c.mention is not None:
        return c.mention
    m = _NAME_END_RE.match(s.text, pos)
    end = m.end() if m else pos
    return Mention(s.text[pos:end], pos, end)
