"""Speakers the reported pass reads off the speaker phrase itself.

Owns crediting a reported clause (`credited`, `note_spoken`: the pass's own
rule and the bodies that spoke, what "it said" later may mean) where the
phrase names its speaker in words the direct path's registry cuts or reads
past: a newspaper description ("the newspaper said": indirect.outlets), a
masthead written whole ("the Sunday Tribune"), a document and who issued it
("A statement by Acme said"), a spokesperson described by the body's kind
("said a company spokesman"), a person before their unclosed appositive
("Ann Vole, from the Acme union said"), an institution's alias cut in two
("Number 10 said"), a descriptor-led name as written ("Swiss Re", not the
"Munich Re" sharing its last word), a body's whole name the registry cut to
a word of it ("General Motors", not "Motors"), a name joined by "and"
("Ironhorse Oil and Gas": clauses.speakers.speakers.joined_name), and a body named
inside its description, by its short form or after a possessive, or of the
kind its description says (indirect.bodies).
"""
from __future__ import annotations

import re
from bisect import insort
from typing import Any

from onrecord.indexer.annotate.attribution.clauses.speakers.speakers import joined_name
from onrecord.indexer.annotate.attribution.descriptions.leads import sentence_stop
from onrecord.indexer.annotate.attribution.indirect.bodies import (
    fitting_topic,
    kinds_clash,
    named_body,
    possessed_body,
    short_form_body,
    staff_owner,
)
from onrecord.indexer.annotate.attribution.indirect.outlets import (
    WORD_RE,
    cited_paper,
    is_masthead,
    is_newspaper_description,
    newspaper_at,
)
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.pronouns.contexts import context_at
from onrecord.indexer.annotate.attribution.ranking.evidence import CONFIDENCE, evidence_of, rule_source
from onrecord.indexer.lexicon import words
from onrecord.search import Mention

_ROLES = words("roles") - words("spokes")  # a spokesperson speaks for whom they are named with
_LEADING_THE_RE = re.compile(r"^(?:the|The)\s+")
_SPOKES = words("spokes")
_POSSESSIVE_END_RE = re.compile(r"['\u2019]s?$")
_DESCRIPTORS = words("descriptors") - words("roles")  # "Swiss", "British": never "President"
# a full name, then ", from|of|at the <Name> " before the phrase taken as the speaker (no closing comma)
_FROM_APPOSITIVE_RE = re.compile(r"(?<![\w'\u2019-])([A-Z][a-z][\w'\u2019-]*\s+[A-Z][\w'\u2019-]+),\s+(?:from|of|at)\s+"
                                 r"(?:the\s+)?(?:[A-Z][\w&'\u2019-]*\s+(?:(?:and|of|for|&)\s+)?)+$")
_FROM_REACH = 90
_WORD_BEFORE_RE = re.compile(r"([A-Z][\w.]*)[ \u00a0]+$")  # "No" of "No 10", "Number" of "Number 10"
_WORD_AFTER_RE = re.compile(r"[ \u00a0]+(\d+|[A-Z][\w.]*)")  # characters the appositive may take before the phrase
# a document and who issued it: "A statement by Acme", "a letter from Ann Vole", "the report by the Acme Trust"
_DOCUMENT_BY_RE = re.compile(rf"(?:(?:[Aa]n?|[Tt]he|[Ii]ts|[Hh]is|[Hh]er)\s+)?(?:[a-z][\w-]*\s+){{0,2}}?"
                             rf"(?:{'|'.join(sorted(words('document_nouns')))})\s+(?:by|from)\s+(?:the\s+)?"
                             r"([A-Z][\w&.'\u2019-]*(?:\s+(?:of\s+|for\s+|and\s+)?[A-Z][\w&.'\u2019-]*)*)")


def read_off(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers,
             spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to the speaker its phrase names itself (a
    newspaper, a joined name, a body named in its description), else `who`."""
    who = newspaper(who, phrase, base, people, spoken)
    who = joined(who, phrase, base, people, spoken)
    who = document_by(who, phrase, base, people)
    who = body_voice(who, phrase, base, people)
    who = person_from(who, phrase, base, people)
    who = alias_around(who, phrase, base, people)
    who = described_twin(who, phrase)
    who = whole_name(who, phrase, people)
    who = self_named(who, phrase, base, people, spoken)
    return kind_fitted(who, phrase, base, people, spoken)


def kind_fitted(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers,
                spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to the body a definite description's kind fits
    ("The German club said" after "Acme Munich's Cup match": Acme Munich,
    bodies.fitting_topic) where the body credited is of another kind (the
    Cup's "League"); else `who`."""
    found = WORD_RE.findall(phrase.text.lower())
    speaker = who.get("speaker")
    if phrase.kind != "np" or not speaker or len(found) < 2 or found[0] != "the" \
            or not kinds_clash(found[-1], speaker):
        return who
    pos = phrase.start + base
    body = fitting_topic(found[-1], pos, speaker, people)
    if body is None:
        return who
    note_spoken(people, spoken, pos, body)
    return credited(who, body, "organisation")


def described_twin(who: dict[str, Any], phrase: Phrase) -> dict[str, Any]:
    """Return `who` credited to a two-word name as written when its first word
    is a descriptor and the speaker credited is another name sharing its last
    word ("Swiss Re said" after "Munich Re and Swiss Re": Swiss Re, not Munich
    Re); else `who`."""
    run = _LEADING_THE_RE.sub("", phrase.text)
    toks, speaker = run.split(), (who.get("speaker") or "").split()
    if phrase.kind != "name" or len(toks) != 2 or len(speaker) != 2 or speaker[-1] != toks[-1] \
            or speaker[0] == toks[0] or toks[0].lower() not in _DESCRIPTORS:
        return who
    return credited(who, run, "organisation", "name")


def whole_name(who: dict[str, Any], phrase: Phrase, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to a body's whole name as written where the
    registry credited one word of it ("General Motors has confirmed":
    "Motors"; "the British Chamber of Commerce (BCC) said": "Chamber") or
    the name without its possessive ("According to Standard & Poor's":
    "Standard & Poor"), when the article shows the whole to be an
    organisation's (organisations.is_org_name, spells_out); else `who`."""
    run, speaker = _LEADING_THE_RE.sub("", phrase.text), who.get("speaker") or ""
    first = run.split(" ", 1)[0]
    if phrase.kind != "name" or not speaker or speaker == run or " " not in run \
            or _POSSESSIVE_END_RE.search(first) or first.isupper():
        return who  # "France's Peugeot", "ISP AOL": an owner or a kind before the name
    part, possessive = speaker in run.split(), run in (speaker + "'s", speaker + "\u2019s")
    if not part and not possessive:
        return who  # (the article's organisations are scanned only for a phrase that may be one)
    orgs = people.organisations
    whole = part and (orgs.is_org_name(run) or orgs.spells_out(run)) or possessive and orgs.is_org_name(speaker)
    return credited(who, run, "organisation", "name") if whole else who


def alias_around(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the institution whose alias the phrase finder
    cut in two ("No 10 was cautious but said": "No"; "Number 10 said": "10"):
    the phrase with the word before or after it an alias the registry knows
    and the phrase alone none; else `who`."""
    if phrase.kind not in ("name", "np") or " " in phrase.text or who.get("speaker_type") == "person":
        return who
    text, start, end = people.text, phrase.start + base, phrase.end + base
    before = _WORD_BEFORE_RE.search(text, max(0, start - 20), start)
    after = _WORD_AFTER_RE.match(text, end)
    spans = ([(before.start(1), end)] if before else []) + ([(start, after.end(1))] if after else [])
    for lo, hi in spans:
        org = people.match_org(text[lo:hi])
        if org and not people.match_org(phrase.text):
            return credited(who, org, "organisation", "name") | {"speaker_mention": Mention(text[lo:hi], lo, hi)}
    return who


def person_from(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the person whose unclosed appositive names
    where they are from ("Ann Vole, from the Acme Workers union said": Ann
    Vole, not the union) when the phrase is that appositive's noun; else `who`."""
    if phrase.kind != "np" or " " in phrase.text.strip():
        return who
    pos = phrase.start + base
    m = _FROM_APPOSITIVE_RE.search(people.text, max(0, pos - _FROM_REACH), pos)
    if m is None:
        return who
    person = people.resolve_run(m.group(1), m.start(1))[0]
    if person is None or not people.is_person(person):
        return who
    return credited(who, person, "person", "name") | {"speaker_mention": Mention(m.group(1), m.start(1), m.end(1))}


def body_voice(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the body a spokesperson described by its
    kind speaks for ("..., said a company spokesman": the company the text
    is about there, as "it" would mean it) where no one was named; else `who`."""
    found = WORD_RE.findall(phrase.text.lower())
    if who.get("speaker") or phrase.kind != "np" or len(found) != 3 or found[0] not in ("a", "an", "the") \
            or found[1] not in ORG_NOUNS or found[2] not in _SPOKES:
        return who
    body = people.organisations.referent(phrase.start + base, people.orgs, True)
    return who if body is None else credited(who, body, "organisation")


def document_by(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to whoever issued the document its phrase names
    with them ("A statement by Acme said": Acme; "a letter from Ann Vole
    said": Ann Vole, the registry's person); else `who`."""
    m = _DOCUMENT_BY_RE.fullmatch(phrase.text) if phrase.kind == "np" else None
    if m is None:
        return who
    pos = phrase.start + base + m.start(1)
    person = people.resolve_run(m.group(1), pos)[0]
    org = people.match_org(m.group(1)) or people.organisations.full_name(m.group(1))
    if person and not org:
        return credited(who, person, "organisation" if people.is_org(person) else "person", "name")
    return credited(who, org or m.group(1), "organisation", "name")


def credited(who: dict[str, Any], speaker: str, speaker_type: str, kind: str = "np") -> dict[str, Any]:
    """Return `who` credited to `speaker` by the reported pass's own rule,
    its evidence that of a speaker phrase of `kind` ("np": a description)."""
    evidence = evidence_of("reported", kind, kind == "np")
    return who | {"speaker": speaker, "evidence": evidence, "confidence": CONFIDENCE[evidence],
                  "speaker_type": speaker_type, "speaker_source": rule_source("reported")}


def note_spoken(people: DocSpeakers, spoken: list[tuple[int, str]], pos: int, org: str,
                replaced: str | None = None) -> None:
    """Record that `org` spoke a reported clause at pos: in `spoken`, and in
    the registry's speaking bodies (what "it said" after it may mean) unless
    its name holds a role word ("Committee Chairman Ann Vole": a person's).
    `replaced`: whom the direct path credited the clause to instead; its
    records in the clause's sentence become `org`'s ("The paper said ...
    It said": the paper, not the body the direct path read "the paper" as)."""
    if replaced and replaced != org:
        _rename_spoken(people, pos, replaced, org)
    spoken.append((pos, org))
    if not _ROLES & set(WORD_RE.findall(org.lower())):
        insort(people.orgs, (pos, org))



def _rename_spoken(people: DocSpeakers, pos: int, old: str, new: str) -> None:
    """Rename to `new` the registry's records of `old` speaking in the
    sentence holding pos (renamed, not dropped: the registry reads the
    list's new tail by its length)."""
    start = context_at(people.text, pos).sentence
    stop = sentence_stop(people.text, pos)
    people.orgs[:] = [(at, new if org == old and start <= at < stop else org) for at, org in people.orgs]


def self_named(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers,
                spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to the body its description names inside it
    ("the Acme Press agency reported": Acme Press, bodies.named_body); else `who`."""
    pos = phrase.start + base
    body = named_body(phrase.text, people) or short_form_body(phrase.text, pos, people) \
        or staff_owner(phrase.text, people) if phrase.kind in ("np", "name") else None
    if body is None and phrase.kind == "name" and not who.get("speaker"):
        body = possessed_body(people.text, pos, phrase.text)  # "Leeds's Vole Centre said": the Vole Centre
    if body is None or body == who.get("speaker"):
        return who
    note_spoken(people, spoken, pos, body, who.get("speaker"))  # "it said" after it: the body
    return credited(who, body, "organisation", "name")


def joined(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers,
            spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to the one name a run joined by "and" makes with
    the name phrase ("Ironhorse Oil and Gas said", speakers.joined_name) and
    its mention widened to it; else `who`."""
    if phrase.kind != "name":
        return who
    pos = phrase.start + base
    found = joined_name(people.text, pos, phrase.text, people)
    if found is None:
        return who
    name, start = found
    note_spoken(people, spoken, pos, name)  # "it said" after it: the body
    mention = Mention(people.text[start:phrase.end + base], start, phrase.end + base)
    return credited(who, name, "organisation", "name") | {"speaker_mention": mention}


def newspaper(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers,
               spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to the newspaper a definite newspaper description
    means ("the newspaper said": the masthead named last, indirect.outlets),
    the registry's name for it when it has one, or to a masthead written
    whole ("the Sunday Tribune claimed": not the "Tribune" its cut kept);
    else `who`."""
    pos = phrase.start + base
    if phrase.kind == "name":
        run = _LEADING_THE_RE.sub("", phrase.text)
        speaker = who.get("speaker") or ""
        whole = speaker != run and run.endswith(" " + speaker) and is_masthead(run, run != phrase.text)
        return credited(who, run, "organisation", "name") if whole else who
    if phrase.kind != "np" or not is_newspaper_description(phrase.text):
        return who
    # the later of the masthead named and a newspaper credited ("According to the FT, ... the paper said")
    found = max((x for x in (newspaper_at(people.text, pos), cited_paper(spoken, pos)) if x), default=None)
    if found is None:
        return who
    paper = people.match_org(found[1]) or found[1]
    note_spoken(people, spoken, pos, paper, who.get("speaker"))  # "It also said" after it: the paper
    return credited(who, paper, "organisation")
