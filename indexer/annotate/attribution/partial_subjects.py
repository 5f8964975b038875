"""A partial quote's own named subject over the speaker carried from the quote before (issue #31).

Owns the reading asked when a cue-less partial quote would take the previous
quote's speaker of its paragraph ("same_paragraph"): a sentence that opens on
another person's name and a stance verb of theirs before the words ('Green
MEP Ann Vole welcomed Tom Reed's "courage"', 'Mr Vole also attacked Acme's
"unfair" taxes'), or any finite verb of an act of theirs (voicing.acts_on_quote:
'And Ann Vole, who chairs the board, paid tribute to the "beautiful legacy"'),
is that person's, read as the sentence's subject (rule `clause_subject`).  A
name with neither ('India is a "growing economy"', 'The Acme plan is for
"functional" tests', 'Tom Reed seems a "safe pair of hands"') stays what the
words are about: the last speaker keeps them.  It also owns the step `attribution`
asks of every cue-less partial quote outside a headline (`subject_speaker`): the
sentence's opening subject read once, for this reading, a speaker's description
(resolving.own_subject) and a quote no cue or carried speaker claims.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.cleanup.voicing import acts_on_quote, voices_view
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.annotate.attribution.phrases.subjects import phrase_at_sentence_start
from onrecord.indexer.annotate.attribution.resolving import Attribution, own_subject, resolve
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.annotate.attribution.spans.quotes import QuoteSpan
from onrecord.indexer.annotate.attribution.spans.titles import is_scare_term

_WORD_RE = re.compile(r"[a-z]+")
_PARTICIPLE_END_RE = re.compile(r"\b[a-z]+ing\s+$")  # "So using Acme has ...": its object, no subject


def named_subject(frame: Frame, text: str, people: DocSpeakers, qs: int, carried: Attribution,
                  subj: Phrase | None) -> Attribution | None:
    """Return the Attribution of the person whose name opens the sentence of the partial quote at qs
    (local to `frame`; `subj`, its opening subject by phrase_at_sentence_start, read once by the caller)
    when a stance verb or an act verb of theirs stands before it and they are not `carried`'s speaker;
    else None."""
    lo = frame.sentence(qs)[0]
    if subj is None or subj.kind != "name" or subj.end > qs or not subj.text[:1].isupper():
        return None  # "the Acme plan": a name before a noun is no subject
    if _PARTICIPLE_END_RE.search(frame.s, lo, subj.start):
        return None  # 'So using Acme has pushed me to be "careful"': a participle's object
    if not voices_view(_WORD_RE.findall(frame.s[subj.end:qs].lower())) and not acts_on_quote(frame.s, subj.end, qs):
        return None  # 'Tom Reed is a "growing talent"': what is said of him, no act of his
    who = resolve(subj, None, frame, text, people, "clause_subject")
    if who.speaker is None or who.speaker == carried.speaker or not people.is_person(who.speaker):
        return None
    return who


def subject_speaker(frame: Frame, text: str, people: DocSpeakers, sp: QuoteSpan, qs: int,
                    who: Attribution) -> Attribution | None:
    """Return the speaker of the partial quote sp (at qs, local to `frame`) by its sentence's
    opening subject, read once: a speaker's description (own_subject) or a named person's
    stance (named_subject) over the paragraph's last speaker `who` carries, the subject
    itself when `who` names no mention; `who` when neither applies; None for a scare quote
    (no subject names a speaker: nobody's words)."""
    if who.rule != "same_paragraph" and who.mention is not None:
        return who
    lo = frame.sentence(qs)[0]
    subj = phrase_at_sentence_start(frame.s, lo, qs)
    if who.rule == "same_paragraph":
        # 'A Tory spokesman "totally refuted" it': not the last speaker
        # 'Ann Vole welcomed Tom Reed's "courage"': her stance, not the last speaker's words
        who = own_subject(frame, text, people, qs, subj) or named_subject(frame, text, people, qs, who, subj) or who
    if who.mention is not None:
        return who
    if subj is None or subj.kind == "np" and not is_speaker_noun(subj.text) or (
            subj.start - lo >= 40 and not frame.s[lo:subj.start].rstrip().endswith(",")):
        return None  # scare quotes ("dead birds") name no speaker
    who = resolve(subj, None, frame, text, people, "clause_subject")
    if who.speaker is None and subj.kind != "np" and is_scare_term(text, sp.start, sp.end):
        return None  # 'Yes, "tutee" is a word': a term no cue reports and no subject says
    return who
