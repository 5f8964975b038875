"""A bare quote after a narrative sentence turning to a new person's wish or stance (issue #31).

Owns the reading asked before a quote that names nobody takes the paragraph's
previous speaker ("same_paragraph"): when the sentence right before it quotes
nothing, has no speech cue and its predicate is one by which a person named as
its subject states their own wish or stance (lexicon `turn_predicates`: 'US coach
Ann Vole wants the team to play more on clay. "..."', 'Vole, though, is keen to
protect his players. "..."'), the quote is that person's (rule
`sentence_subject`), not the last speaker's.  A sentence of a state or a prospect
('Tom Reed looks certain to get the call. "..."', "Acme's currency is fixed")
has no such predicate: the last speaker keeps the quote, as do a body, a thing
and the last speaker named again.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, phrase_before
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import find_cues
from onrecord.indexer.annotate.attribution.resolving import Attribution, resolve
from onrecord.indexer.annotate.attribution.spans.frames import MASK, Frame
from onrecord.indexer.lexicon import words

# longest first, so "lays the blame" is read whole; spaces as any blank run
_PREDICATE_RE = re.compile(r"\b(?:" + "|".join(
    r"\s+".join(map(re.escape, row.split())) for row in sorted(words("turn_predicates"), key=len, reverse=True)
) + r")\b")
# what may stand between the subject and its predicate: one aside set off by commas
# ("Vole, though, is keen", "Ann Vole, leader of the Acme group, lays the blame")
_GAP_RE = re.compile(r"(?:\s*,[^,.;:!?]{1,80},)?\s*")


def turned_speaker(frame: Frame, text: str, people: DocSpeakers, qs: int, carried: Attribution
                   ) -> Attribution | None:
    """Return the Attribution of the person the sentence before the bare quote at qs (local to
    `frame`) turns to by a wish or stance predicate of theirs (_PREDICATE_RE), when that
    sentence quotes nothing, has no speech cue and they are not `carried`'s speaker; else None."""
    before = frame.nonblank_before(qs)
    if before < 0 or frame.s[before] in ":,":
        return None  # 'X wants this: "..."' is the colon's rule; a comma continues the quote's own sentence
    lo = frame.sentence(before)[0]
    if MASK in frame.s[lo:qs] or (found := _PREDICATE_RE.search(frame.s, lo, qs)) is None:
        return None  # most sentences: a quote in them, or no such predicate
    subject = phrase_before(frame.s, lo, found.start())
    if not isinstance(subject, Phrase) or subject.kind != "name" \
            or not _GAP_RE.fullmatch(frame.s, subject.end, found.start()) or find_cues(frame.s, lo, qs):
        return None  # "Acme's chief wants": a description; 'X said Y wants': a cue reports it
    if carried.speaker and subject.text.split()[-1] in carried.speaker.split():
        return None  # the last speaker named again keeps the quote (by surname: resolving records a turn)
    who = resolve(subject, None, frame, text, people, "sentence_subject")
    if who.speaker is None or who.speaker == carried.speaker or not people.is_person(who.speaker):
        return None  # a body ("Lund Council wants"), or no one the registry holds as a person
    return who
