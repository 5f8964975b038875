"""Resolving a quote's speaker phrase: the Attribution a phrase and its cue give.

Owns what one found phrase names: a pronoun its antecedent
(registry.speakers), a name run its person or body (choice.definites), a
description what it stands for (choice.nominals), a body's staff
the body (choice.staff: "Fox producers defended"), a dash byline's bare name
itself; a spokesperson "for" a person names nobody, one for a body speaks
for it (her "she" later is that body).  indexer.annotate.attribution.
attribution decides which phrase to resolve; this says whom it names.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from onrecord.indexer.annotate.attribution.choice.definites import resolve_name_run
from onrecord.indexer.annotate.attribution.choice.evidence import evidence_of
from onrecord.indexer.annotate.attribution.choice.nominals import resolve_nominal
from onrecord.indexer.annotate.attribution.choice.staff import staff_owner
from onrecord.indexer.annotate.attribution.phrases.cues import Phrase
from onrecord.indexer.annotate.attribution.registry.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.search import Evidence, Mention


@dataclass(slots=True)
class Attribution:
    """Who one piece of evidence names as a quote's speaker, and how it was found."""

    speaker: str | None = None
    mention: Mention | None = None
    cue: Mention | None = None
    role: str | None = None
    subject_only: bool = False  # found as a partial quote's sentence subject, with no cue
    rule: str | None = None  # the indexer.annotate.attribution.choice.evidence rule that found the speaker
    evidence: Evidence | None = None


_BYLINE_NAME_RE = re.compile(r"[A-Z][A-Za-z'\u2019-]+(?: [A-Z]\.?)?")
_SPOKES_FOR_RE = re.compile(r"\b(spokes(?:wo)?m[ae]n|spokesperson|representative)\s+(?:for|of|at)\s+(?:the\s+)?$", re.I)


def resolve(phrase: Phrase, cue: re.Match[str] | None, frame: Frame, text: str,
            people: DocSpeakers, rule: str) -> Attribution:
    """Return the Attribution `phrase` (local to `frame`) and its `cue` give,
    found by `rule`: the speaker it names (None: nobody), its mention and cue
    as absolute Mentions, a role, the evidence."""
    base = frame.base
    start, end = (phrase.lead if phrase.lead >= 0 else phrase.start) + base, phrase.end + base
    mention = Mention(text[start:end], start, end)
    cue_m = None if cue is None else Mention(text[cue.start() + base:cue.end() + base],
                                             cue.start() + base, cue.end() + base)
    speaker, role, by_nominal = None, None, False
    if phrase.kind == "pronoun":
        speaker = people.resolve_pronoun(phrase.text, start)
    elif phrase.kind == "name":
        speaker, role = resolve_name_run(phrase.text, start, people)  # not "The Norland Forest MP"
    if speaker is None and phrase.kind != "pronoun":  # "the minister", "a Fox spokesman"
        speaker = resolve_nominal(text[start:end], start, people)
        if speaker is None and rule != "reported":  # a reported clause's staff: reported.described.staff_org
            speaker = staff_owner(text[start:end], start, people)
        by_nominal = speaker is not None
    if speaker is None and rule == "byline" and _BYLINE_NAME_RE.fullmatch(phrase.text):
        speaker = phrase.text  # '"..." - Tiffany' / '- LT': the line signs the quote with a name
    spokes = _SPOKES_FOR_RE.search(frame.s, max(0, phrase.start - 40), phrase.start)
    if speaker and spokes and people.is_person(speaker):
        speaker = None  # "a spokesman for Ann Vole said": not Ann Vole, and unnamed
    if speaker and spokes:  # "a spokeswoman for X said": her "she" later is X too
        people.note_proxy(speaker, "f" if "woman" in spokes.group(1) else "m" if "man" in spokes.group(1)
                          else None, start)
    evidence = evidence_of(rule, phrase.kind, by_nominal) if speaker else None
    return Attribution(speaker, mention, cue_m, role, rule=rule, evidence=evidence)
