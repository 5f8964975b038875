"""Resolving a quote's speaker phrase: the Attribution a phrase and its cue give.

Owns what one found phrase names: a pronoun its antecedent
(people.speakers), a name run its person or body (descriptions.definites; a
body the article shows to be one even where the registry read the run as
nobody, a role or a shorter name: `named_body`), a
description what it stands for (descriptions.nominals), a body's staff
the body (orgs.staff: "Fox producers defended"), a dash byline's bare name
itself; a spokesperson "for" a person names nobody, one for a body speaks
for it (her "she" later is that body); a cue-less partial quote's sentence opening on a
speaker noun's description is that description's (`own_subject`).  indexer.annotate.attribution.
attribution decides which phrase to resolve; this says whom it names.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from onrecord.indexer.annotate.attribution.described_pronouns import Described, described_subject
from onrecord.indexer.annotate.attribution.descriptions.bodies.spokesbodies import spokesperson_body
from onrecord.indexer.annotate.attribution.descriptions.definites import resolve_name_run
from onrecord.indexer.annotate.attribution.descriptions.nominals import resolve_nominal
from onrecord.indexer.annotate.attribution.descriptions.persons.kinfolk import kin_speaker
from onrecord.indexer.annotate.attribution.descriptions.persons.rolesafter import affiliated_person, named_before_role
from onrecord.indexer.annotate.attribution.descriptions.persons.topicpeople import topic_person
from onrecord.indexer.annotate.attribution.names.names import (
    F_TITLES,
    M_TITLES,
    N_TITLES,
    ORG_NAME_WORDS,
    is_description,
    is_role_word,
)
from onrecord.indexer.annotate.attribution.names.runs import body_name, looks_like_org
from onrecord.indexer.annotate.attribution.names.things import modifies_noun
from onrecord.indexer.annotate.attribution.orgs.roleheads import role_headed_body
from onrecord.indexer.annotate.attribution.orgs.staff import staff_owner
from onrecord.indexer.annotate.attribution.people.people import pronoun_gender
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import SOFT_CUES
from onrecord.indexer.annotate.attribution.phrases.labelled import labels_thing
from onrecord.indexer.annotate.attribution.ranking.evidence import evidence_of
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
    rule: str | None = None  # the indexer.annotate.attribution.ranking.evidence rule that found the speaker
    evidence: Evidence | None = None


_THE_RE = re.compile(r"^(?:the|The)\s+")
_OWNER_END_RE = re.compile(r"['\u2019]s?$")
_PERSON_FOR_RE = re.compile(r"[^ ]+ [^ ]+ for ")  # "Ann Vole for Acme Magazine": a credit line's name, then a body
_BYLINE_NAME_RE = re.compile(r"[A-Z][A-Za-z'\u2019-]+(?: [A-Z]\.?)?")
_TITLE_ALT = "|".join(sorted(M_TITLES | F_TITLES | N_TITLES, key=len, reverse=True))
# the names a clause gives a person: its opening name ("Ann Vole was wrong"), one after a title ("Mr
# Vole's plan"); a bare name inside is often a thing's ("the Vole golf courses")
_NAMED_RE = re.compile(rf"(?:^(?:The\s+)?|\b(?i:{_TITLE_ALT})\.?\s+)([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)")
_SPOKES_FOR_RE = re.compile(r"\b(spokes(?:wo)?m[ae]n|spokesperson|representative)\s+(?:for|of|at)\s+(?:the\s+)?$", re.I)


def resolve(phrase: Phrase, cue: re.Match[str] | None, frame: Frame, text: str,
            people: DocSpeakers, rule: str, clause: tuple[int, int] | None = None) -> Attribution:
    """Return the Attribution `phrase` (local to `frame`) and its `cue` give,
    found by `rule`: the speaker it names (None: nobody), its mention and cue
    as absolute Mentions, a role, the evidence.  A pronoun never means a
    person named inside the absolute `clause` it reports, when given."""
    base = frame.base
    start, end = (phrase.lead if phrase.lead >= 0 else phrase.start) + base, phrase.end + base
    mention = Mention(text[start:end], start, end)
    cue_m = None if cue is None else Mention(text[cue.start() + base:cue.end() + base],
                                             cue.start() + base, cue.end() + base)
    speaker, role, by_nominal = None, None, False
    if cue is not None and rule == "cue" and labels_thing(text, start, end, cue.start() + base, cue.end() + base):
        return Attribution(None, mention, cue_m, None, rule=rule)  # 'described Acme as "jarring"': Acme is no speaker
    if phrase.kind == "pronoun":
        # "Mr Vole has failed, he claimed", "he said Vole was wrong": a name the clause holds is another's
        named = frozenset(w for m in _NAMED_RE.finditer(text[clause[0]:clause[1]]) for w in m[1].split()) \
            if clause else frozenset()
        spoke = described_subject(frame, phrase.start, gender) if (gender := pronoun_gender(phrase.text)) else None
        speaker = _spokesperson_speaker(spoke, frame, text, people, rule) if spoke and not spoke.definite else None
        speaker = speaker or people.resolve_pronoun(phrase.text, start, named)
        if speaker is None and spoke:  # "The official said ...": whom no one named before, the description's
            speaker = _spokesperson_speaker(spoke, frame, text, people, rule)
    elif phrase.kind == "name":
        speaker, role = _name_speaker(phrase.text, start, cue, people)
    if speaker is None and phrase.kind != "pronoun":  # "the minister", "a Fox spokesman"
        speaker = _described_speaker(text[start:end], start, rule, people)
        by_nominal = speaker is not None
        if speaker is not None and role == phrase.text and people.is_person(speaker):
            role = None  # "A Quill Party MEP said" and the person named next: the run is no role of theirs
    speaker, by_nominal, affiliate = _later_readings(phrase, text, (start, end), rule, people, speaker, by_nominal)
    if speaker is None and rule == "byline" and _BYLINE_NAME_RE.fullmatch(phrase.text):
        speaker = phrase.text  # '"..." - Tiffany' / '- LT': the line signs the quote with a name
    spokes = _SPOKES_FOR_RE.search(frame.s, max(0, phrase.start - 40), phrase.start)
    if affiliate:
        speaker = affiliate
    elif speaker and spokes:
        speaker = _spoken_for(speaker, spokes, base, people)
    evidence = evidence_of(rule, phrase.kind, by_nominal) if speaker else None
    return Attribution(speaker, mention, cue_m, role, rule=rule, evidence=evidence)


def _spokesperson_speaker(spoke: Described, frame: Frame, text: str, people: DocSpeakers, rule: str) -> str | None:
    """Return whom the spokesperson description a "he"/"she" continues names ('A spokesman said ...
    "...," he added': described_pronouns): the body the article's scan noted it a proxy of, else its
    description's reading."""
    lo, hi = spoke.start + frame.base, spoke.end + frame.base
    noted = next((body for at, body, _gender in people.proxies if lo <= at < hi), None)
    return noted or _described_speaker(text[lo:hi], lo, rule, people)


def _later_readings(phrase: Phrase, text: str, span: tuple[int, int], rule: str, people: DocSpeakers,
                    speaker: str | None, by_nominal: bool) -> tuple[str | None, bool, str | None]:
    """Return (speaker, by_nominal, affiliate) after the readings asked when the phrase's own
    reading named nobody (the one person a story is about, a relative, the name before a role),
    or named a body a person's role links her to (affiliate: she speaks, not the body)."""
    start, end = span
    # "the lock forward said" in a story about one player, where no description reading named anyone: a
    # reading that did ("the 20-year-old", "the American") was right in all 8 BBC corpus quotes it would change
    # (the reported pass asks indirect.topicperson after its own credit)
    if speaker is None and rule != "reported" and (topic := topic_person(None, phrase, start, people)) is not None:
        speaker, by_nominal = people.speak_as(topic, start), True
    if phrase.kind == "pronoun":
        return speaker, by_nominal, None
    if speaker is None and rule != "reported":  # "his wife, Ann": the relative so named
        speaker = kin_speaker(text[start:end], start, people)
    if speaker is None and rule == "cue":
        # "Ann Vole, Acme vice president, said" read as "president": the name before it (a quote's cue only:
        # for a reported clause's it named only false clauses on the tuning rows)
        return named_before_role(text, start, end, people), by_nominal, None
    if speaker and rule == "cue" and not people.is_person(speaker):
        # "Ann Vole, spokeswoman for the Acme Union (AU), said" read as the union: the person her role links
        # it to, who speaks for it herself (no proxy to note)
        return speaker, by_nominal, affiliated_person(text, start, people)
    return speaker, by_nominal, None


def _described_speaker(words: str, start: int, rule: str, people: DocSpeakers) -> str | None:
    """Return whom the description `words` (at absolute `start`) names: its
    nominal reading, a bare spokesperson's body, else (a quote's phrase only)
    the body whose staff it is; None when none names anyone."""
    speaker = resolve_nominal(words, start, people)
    # "a spokesman said" after "Acme backed the cuts": Acme, not the body named or heard last (asked
    # after resolve_nominal, whose notes a later "he" of the spokesperson reads)
    speaker = spokesperson_body(words, start, people) or speaker
    if speaker is None and rule != "reported":  # a reported clause's staff: indirect.described.staff_org
        speaker = staff_owner(words, start, people)
    return speaker


def _name_speaker(run: str, start: int, cue: re.Match[str] | None,
                  people: DocSpeakers) -> tuple[str | None, str | None]:
    """Return (speaker, role) a name run at `start` gives: the person the
    registry resolves it to (never "The Norland Forest MP"), else a body."""
    speaker, role = resolve_name_run(run, start, people)
    # the organisations scan is built only where the registry found no one or cut a describing word off
    # ("British"), not for every role; a soft cue ("shares") is one only beside a person's name:
    # '," Acme shares fell' is the body's shares
    if (speaker is None or role and is_description(role.split())) \
            and not (cue and cue.group().lower() in SOFT_CUES):
        speaker = named_body(run, start, speaker, people)
    if speaker is None and role is None:  # "the Scottish Executive": the body, never the role "executive"
        speaker = role_headed_body(run, start, people)
    return speaker, role


def _spoken_for(speaker: str, spokes: re.Match[str], base: int, people: DocSpeakers) -> str | None:
    """Return whom the spokesperson `spokes` (its match local to the frame at
    base) speaks for when their phrase names `speaker`: nobody for a person
    something shows to be one ("a spokesman for Ann Vole said": unnamed),
    else the body, noted as her proxy so her "she" later is it too."""
    if people.is_person(speaker) and any(p.name == speaker and (p.gender or p.roles or p.honoured)
                                         for key, p in people.people.items() if key[:1] != "\0"):  # no proxy
        return None  # a first name, title or role vouches for a person; "a spokesman for Acme Watch": a body
    at = spokes.start(1) + base
    # noted where she is named ("for Acme Watch said" is no subject, "a spokeswoman" is), once:
    # the registry's scan of spokespeople may have noted her already (at "a", "an", "the" before her)
    if all(not at - 4 <= pos <= at for pos, _body, _gender in people.proxies):
        noun = spokes.group(1).lower()
        people.note_proxy(speaker, "f" if "woman" in noun else "m" if "man" in noun else None, at)
    return speaker


def named_body(run: str, pos: int, speaker: str | None, people: DocSpeakers) -> str | None:
    """Return the organisation a speaker's name run at pos names when the
    article shows it one (orgs.organisations) but the registry read it as
    nobody, a role or a shorter name ("Orange said", "Manchester's Acme Centre
    said": "Centre" a rugby position; "the British Acme Institute": "British"
    a nationality before "Acme Institute"); else `speaker` as read.  A run
    describing a person after it ("the Acme player") stays nobody's."""
    bare = _THE_RE.sub("", run)
    if _OWNER_END_RE.search(bare):
        return speaker  # "Children's charities said": an owner before a noun, no body speaking
    named = body_name(bare)  # "Manchester's Acme Centre": the body without its owner ...
    body = people.organisations.full_name(named)
    if named != bare and body and not _written_alone(people.text, body):
        return speaker  # ... when the article writes it alone too ("St Ann's Shopping Centre" is no "Shopping Centre")
    if body is None or body == speaker or _holds_person(body):
        return speaker
    head = body.split(" of ", 1)[0]  # "the British Acme of Vole": "Acme" cut at "of" too
    if speaker is not None and not (head.endswith(f" {speaker}") and is_description(head[:-len(speaker)].split())):
        return speaker  # only a describing word cut off stays ("British"); not "France's", "Distributor"
    if speaker is None and modifies_noun(people.text, people.text.find(run, pos) + len(run)):
        return None
    people.orgs.append((pos, body))  # "it said" later may mean it
    return body


def _holds_person(body: str) -> bool:
    """True when the scan's `body` holds a person's role ("Acme Office Minister
    Ann Vole", "Vole North MP") or is a credit line's name before "for" ("Ann
    Vole for Acme Magazine"): a person's words, not a body's."""
    if _PERSON_FOR_RE.match(body) and not looks_like_org(body.split(" for ")[0].split()):
        return True
    return any(is_role_word(w) and w.lower() not in ORG_NAME_WORDS for w in body.split())


def _written_alone(text: str, name: str) -> bool:
    """True when `text` writes `name` somewhere not right after an owner's
    "'s" ("The Acme Centre spokeswoman", not only "St Ann's Acme Centre")."""
    return re.search(rf"(?<!['\u2019]s )\b{re.escape(name)}\b", text) is not None


_AUX_END_RE = re.compile(r"\s+(?:is|was|are|were|has|had|have)$")


def own_subject(frame: Frame, text: str, people: DocSpeakers, qs: int, subj: Phrase | None) -> Attribution | None:
    """Return who the sentence of a cue-less partial quote at qs opens on, when
    its opening subject `subj` (phrase_at_sentence_start, read once by the
    caller) is a speaker noun's description ("A Tory spokesman") resolving to
    someone; else None (a name opening it is mostly whom the words are about)."""
    lo = frame.sentence(qs)[0]
    if subj is not None and (aux := _AUX_END_RE.search(subj.text)):  # "a spokeswoman was": her verb
        subj = replace(subj, text=subj.text[:aux.start()], end=subj.start + aux.start())
    if subj is None or subj.kind != "np" or not is_speaker_noun(subj.text) \
            or subj.start - lo >= 40 and not frame.s[lo:subj.start].rstrip().endswith(","):
        return None
    who = resolve(subj, None, frame, text, people, "clause_subject")
    return who if who.speaker else None
