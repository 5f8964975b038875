"""A partial quote's own named subject over the speaker carried from the quote before (issue #31).

Owns the reading asked when a cue-less partial quote would take the previous
quote's speaker of its paragraph ("same_paragraph"): a sentence that opens on
another person's name and a stance verb of theirs before the words ('Green
MEP Ann Vole welcomed Tom Reed's "courage"', 'Mr Vole also attacked Acme's
"unfair" taxes') is that person's, read as the sentence's subject (rule
`clause_subject`).  A name without its stance verb ('India is a "growing
economy"', 'The Acme plan is for "functional" tests') stays what the words
are about: the last speaker keeps them.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.cleanup.voicing import voices_view
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues import Phrase
from onrecord.indexer.annotate.attribution.resolving import Attribution, resolve
from onrecord.indexer.annotate.attribution.spans.frames import Frame

_WORD_RE = re.compile(r"[a-z]+")
_PARTICIPLE_END_RE = re.compile(r"\b[a-z]+ing\s+$")  # "So using Acme has ...": its object, no subject


def named_subject(frame: Frame, text: str, people: DocSpeakers, qs: int, carried: Attribution,
                  subj: Phrase | None) -> Attribution | None:
    """Return the Attribution of the person whose name opens the sentence of the partial quote at qs
    (local to `frame`; `subj`, its opening subject by phrase_at_sentence_start, read once by the caller)
    when a stance verb of theirs stands before it and they are not `carried`'s speaker; else None."""
    lo = frame.sentence(qs)[0]
    if subj is None or subj.kind != "name" or subj.end > qs or not subj.text[:1].isupper():
        return None  # "the Acme plan": a name before a noun is no subject
    if _PARTICIPLE_END_RE.search(frame.s, lo, subj.start):
        return None  # 'So using Acme has pushed me to be "careful"': a participle's object
    if not voices_view(_WORD_RE.findall(frame.s[subj.end:qs].lower())):
        return None
    who = resolve(subj, None, frame, text, people, "clause_subject")
    if who.speaker is None or who.speaker == carried.speaker or not people.is_person(who.speaker):
        return None
    return who
