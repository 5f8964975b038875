"""Whom a reported clause credits: the speaker fields of one clause `reports` found.

Owns reading a clause's speaker phrase after the caller's `credit` (the
direct-quote path's resolution): a role no one was introduced with left
unnamed, or a definite one the lead's person (`_role_credit`); an
organisation's name or description given to that organisation where the
person path found none (`_org_credit`: a name as written, "the firm" as the
body that spoke last, a self-named body); then each later reading of the
phrase in turn, every one its own module of this package (`clause_credit`).
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from onrecord.indexer.annotate.attribution.clauses.spans import Clause
from onrecord.indexer.annotate.attribution.descriptions.bodies.bodyranks import ranked_body
from onrecord.indexer.annotate.attribution.descriptions.leads import in_lead
from onrecord.indexer.annotate.attribution.descriptions.nominals import INSTITUTION_REACH, resolve_nominal
from onrecord.indexer.annotate.attribution.descriptions.persons.offices import clause_names, current_person
from onrecord.indexer.annotate.attribution.descriptions.persons.rolesynonyms import with_synonyms
from onrecord.indexer.annotate.attribution.indirect.described import (
    BODY_NOUNS,
    SELF_NAMED,
    group_named_next,
    named_next,
    speaking_body,
    staff_org,
)
from onrecord.indexer.annotate.attribution.indirect.leadbodies import lead_body
from onrecord.indexer.annotate.attribution.indirect.outlets import WORD_RE
from onrecord.indexer.annotate.attribution.indirect.ownnames import own_name, untimed_name
from onrecord.indexer.annotate.attribution.indirect.selfnamed import self_named_body
from onrecord.indexer.annotate.attribution.indirect.staffnames import staff_run_body
from onrecord.indexer.annotate.attribution.indirect.staffruns import run_body
from onrecord.indexer.annotate.attribution.indirect.topicperson import headline_person
from onrecord.indexer.annotate.attribution.indirect.works import book_author
from onrecord.indexer.annotate.attribution.indirect.written import credited, note_spoken, read_off
from onrecord.indexer.annotate.attribution.names.runs import body_name
from onrecord.indexer.annotate.attribution.orgs.organisations import REFERENT_REACH
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.lexicon import words
from onrecord.search import Mention

_ROLES = words("roles") - words("spokes")  # a spokesperson speaks for whom they are named with
_MODIFIER_ROLES = words("modifier_roles")  # "the state", "the local press": a role word heading no person
_POSSESSIVE_IN_RE = re.compile(r"\w['\u2019]s?\s")  # "the campaign's director": the owner's, never the lead's person
_ORG_HEADS = words("org_heads")
_DOCUMENT_NOUNS = words("document_nouns")  # "the Commission report": a document, its issuer descriptions' to name
_LEADING_THE_RE = re.compile(r"^(?:the|The)\s+")
# a description, then the organisation's name: "business lobby group the CBI", "the watchdog the FSA"
_THE_NAME_RE = re.compile(
    r"^[a-z][\w-]*(?:\s+[a-z][\w-]*)*\s+the\s+([A-Z][\w&.'\u2019-]*(?:\s+[A-Z][\w&.'\u2019-]*)*)$")
_POSSESSIVE_RE = re.compile(r"['\u2019](?:s\b|\s|$)")  # "Acme's CEO", "the Voles' lawyer"
_IRISH_RE = re.compile(r"[A-Z]['\u2019][A-Z][a-z]+")  # "O'Dwyer": a surname, never an owner or a noun ("-er")
# a capital after a hyphen: "Merriam-Webster", "Rolls-Royce" are names, never an agent noun ("-ster", "-er")
_NAME_COMPOUND_RE = re.compile(r"[A-Za-z]-[A-Z]")
# a capitalised person noun after "the": "the Scot", "the Dutchman" (lexicon: person_nouns)
_PERSON_NOUN_RE = re.compile(rf"[Tt]he\s+(?:{'|'.join(sorted(w.capitalize() for w in words('person_nouns')))})")

# (phrase, cue, frame, people, the clause's absolute span) -> the Quote fields naming the speaker
Credit = Callable[[Phrase, "re.Match[str]", Frame, DocSpeakers, tuple[int, int]], dict[str, Any]]


def clause_credit(clause: Clause, start: int, end: int, text: str, frame: Frame, people: DocSpeakers,
                  credit: Credit, spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return the speaker fields of the clause at text[start:end]: a role's
    holder or what `credit` finds, then each later reading of its phrase in
    turn (a body speaking, a person or group named next, staff, a document's
    issuer, a book's author); `spoken` is extended."""
    phrase, base = clause.phrase, frame.base
    who = _role_credit(phrase, base, text, people, start) if _unknown_role(phrase, people, start) \
        else _org_credit(credit(phrase, clause.cue, frame, people, (start, end)), phrase, start, people, spoken)
    who = headline_person(who, phrase, min(start, phrase.start + base), people)  # "The Brazilian said"
    who = speaking_body(own_name(who, phrase, people), phrase, min(start, phrase.start + base), people.text, spoken)
    who = named_next(who, phrase, start, max(end, phrase.end + base), base, people)
    who = group_named_next(who, phrase, max(end, phrase.end + base), people)
    who = staff_run_body(staff_org(who, phrase, base, people), phrase, base, people)  # "Seattle officials said"
    who = lead_body(who, phrase, max(end, phrase.end + base), base, people)  # "a charity has warned"
    who = untimed_name(read_off(who, phrase, base, people, spoken), phrase)  # "On Thursday Acme said"
    who = self_named_body(who, phrase, base, people, spoken)  # "Police said", "West Yorkshire police said"
    return _ranked_credit(book_author(who, phrase, base, people), phrase, base, people, spoken)


def _ranked_credit(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers,
                   spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to the name "The club said" ranks first where no reading found a speaker
    (descriptions.bodies.bodyranks); else `who`."""
    if who.get("speaker") is not None or phrase.kind != "np":
        return who
    org = ranked_body(phrase.text, phrase.start + base, people)
    if org is None:
        return who
    note_spoken(people, spoken, phrase.start + base, org)
    return credited(who, org, "organisation", phrase.kind)


def _org_credit(who: dict[str, Any], phrase: Phrase, pos: int, people: DocSpeakers,
                spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to an organisation where the person path found
    none: a name the article shows is an organisation's ("Allianz said"),
    an organisation's name as written ("The National Association of Probation
    Officers", "lobby group the CBI"), and "the firm" resolved to a
    description ("Wembley firm") instead of the organisation the article
    introduced last (the direct path's registry)."""
    speaker = who.get("speaker")
    written = _written_org(phrase)
    org = run_body(written, speaker)  # "A Norland Police spokeswoman": Norland Police, never a person
    if _self_named(phrase) and not (speaker or "").lower().endswith(phrase.text.lower().split()[-1]):
        org = _spoken_org(phrase, pos, spoken)  # "the government said": a government, never "Police Federation"
    elif org is not None:  # "The Association of British insurers said": the name as written, not a part of it
        # a person found for it, or the registry's longer name, stays ("Acme Group's Ann Vole")
        kept = speaker and org == written and (  # (a spokesperson's body, never the person found for her)
            org in speaker or who.get("speaker_type") != "organisation" and speaker not in org)
        org = None if kept else people.match_org(org) or org
    elif speaker is None and phrase.kind == "name" and _IRISH_RE.fullmatch(phrase.text):
        return credited(who, phrase.text, "person", "name")  # "O'Dwyer said": a surname no one introduced
    elif speaker is None and phrase.kind == "name" and _PERSON_NOUN_RE.fullmatch(phrase.text):
        person = resolve_nominal(phrase.text.lower(), pos, people)  # "the Scot admitted": the player it is about
        return who if person is None else credited(who, person, "person")
    elif speaker is None and phrase.kind == "name":
        # a name no person of the article has ("Hoka told me", "Drawdown notes that"): a brand's, as written
        org = people.match_org(phrase.text) or _as_written(phrase.text)
    elif speaker and phrase.kind == "np" and _described(speaker):
        org = next((m.name for m in reversed(people.organisations.mentions)  # the last one named, not described
                    if pos - INSTITUTION_REACH <= m.pos < pos and not _described(m.name)), None)
    elif speaker is None:
        org = _spoken_org(phrase, pos, spoken)
    if org is None:
        if speaker and who.get("speaker_type") == "organisation":
            note_spoken(people, spoken, pos, speaker)  # "Acme said ...": what "the firm said" later may mean
        elif speaker and phrase.kind == "name" and _may_be_body(people, speaker):
            spoken.append((pos, speaker))  # "according to Acme Re": what "it said" later may mean
        return who
    note_spoken(people, spoken, pos, org)
    return credited(who, org, "organisation", phrase.kind)


def _self_named(phrase: Phrase) -> bool:
    """True for "the government" (the lexicon's self_named_bodies after "the"): a body named as itself."""
    found = WORD_RE.findall(phrase.text.lower())
    return phrase.kind == "np" and len(found) == 2 and found[0] == "the" and found[1] in SELF_NAMED


def _may_be_body(people: DocSpeakers, name: str) -> bool:
    """True when the registry's person called `name` may be a body: nothing gives
    them a gender (no known first name, no title) nor a role ("chief", "minister")."""
    person = next((p for p in people.by_order if p.name == name), None)
    return person is not None and person.gender is None and not person.roles


def _spoken_org(phrase: Phrase, pos: int, orgs: list[tuple[int, str]]) -> str | None:
    """Return the organisation a definite description ("the charity", "the
    trade weekly") or "it" means where the direct path found no one: of the
    bodies that spoke before pos (a quote's or a reported clause's speaker)
    within INSTITUTION_REACH (REFERENT_REACH for "it"), the latest whose name
    ends in the description's noun, else the latest; None when none spoke.
    A self-named body ("the government") is never another body: the latest
    whose name ends in its noun, else the noun itself.
    `orgs`: (position, name) of the bodies credited so far, any order."""
    found = WORD_RE.findall(phrase.text.lower())
    if phrase.kind == "pronoun" and found == ["it"]:
        reach, head = REFERENT_REACH, ""
    elif phrase.kind == "np" and len(found) > 1 and found[0] == "the" and found[-1] in BODY_NOUNS:
        reach, head = INSTITUTION_REACH, found[-1]
    else:
        return None
    spoken = [(at, org) for at, org in orgs if pos - reach <= at < pos]
    same = [(at, org) for at, org in spoken if org.lower().rsplit(" ", 1)[-1] == head]
    if head in SELF_NAMED:  # "the government said": a government, never the last other body that spoke
        return max(same)[1] if same else head
    return max(same or spoken)[1] if spoken else None


def _written_org(phrase: Phrase) -> str | None:
    """Return the organisation a phrase names as written: a capitalised name
    holding an institution's head ("The Association of British insurers":
    "Association of British insurers"), or the name after a description
    ("business lobby group the CBI": "CBI"); else None."""
    named = _THE_NAME_RE.search(phrase.text) if phrase.kind == "np" else None
    if named is not None:
        return named.group(1)
    text = body_name(_LEADING_THE_RE.sub("", phrase.text))  # "the Leeds-based Acme Court": the court
    found = text.split()
    if len(found) < 2 or not text[:1].isupper() or found[-1] in _DOCUMENT_NOUNS:
        return None
    return text if any(w[:1].isupper() and w.lower() in _ORG_HEADS for w in found) else None


def _as_written(name: str) -> str | None:
    """Return a name as written without its "The", or None for a common noun
    capitalised at a sentence's start ("Analysts said", "Noting that"; never
    a hyphenated name: "Merriam-Webster said") and for an owner's person
    ("Acme's CEO": the registry's to resolve)."""
    low = name.lower()
    common = is_speaker_noun(low) and not _NAME_COMPOUND_RE.search(name)
    if common or low.endswith("ing") or _POSSESSIVE_RE.search(low):
        return None
    return _LEADING_THE_RE.sub("", name)


def _described(name: str) -> bool:
    """True for a place and a noun taken as an organisation's name ("Wembley firm": "the Wembley firm")."""
    found = name.split()
    return len(found) == 2 and found[-1].islower()


def _unknown_role(phrase: Phrase, people: DocSpeakers, pos: int) -> bool:
    """True for a role description ("the inspector") whose role no person of
    the article was introduced with: it names no one (never merely the
    person last named), unless a person was the subject of the text within
    ROLE_SUBJECT_REACH before the clause at pos and no one new of that role
    came since ("Ann Vole gave a speech. The chancellor said ...": hers; not
    after "An inspector arrived.")."""
    found = WORD_RE.findall(phrase.text.lower())
    if phrase.kind != "np" or not found or found[-1] not in _ROLES:
        return False
    if any(found[-1] in with_synonyms(p.roles) for p in people.by_order):  # "the striker": an introduced forward
        return False
    last = max((p.salient.last_before(pos) for p in people.by_order if p.first), default=-1)
    return last < 0 or pos - last > ROLE_SUBJECT_REACH \
        or bool(re.search(rf"\b[Aa]n?\s+(?:[\w-]+\s+)?{re.escape(found[-1])}\b", people.text[last:pos]))


def _lead_person(people: DocSpeakers, pos: int, since: int, named: frozenset[int] = frozenset()) -> str | None:
    """Return the canonical name of the person the article's first paragraph
    names first (the headline skipped: it may name whom the story acts on),
    when no one else is the person the text is about at pos
    (descriptions.persons.offices.current_person: they, or nobody and no one named after
    the lead before `since`, the description), recorded as speaking at pos;
    else None, and None when that person is one of `named` (whom the
    description's own clause names: descriptions.persons.offices.clause_names).  A
    lead's person is whom a later role description no one was introduced
    with means ("Ann Vole has won a court order ...
    The Acme striker claims ...")."""
    text = people.text
    head_end = text.find("\n", len(text) - len(text.lstrip()))
    found = [(p.mentions.scanned[i][0], p.order, p) for p in people.by_order if p.first or p.gender
             for i in [bisect_left(p.mentions.scanned, (head_end, -1))] if i < len(p.mentions.scanned)]
    if head_end < 0 or not found:
        return None
    at, _, first = min(found)
    if at >= pos or not in_lead(text, at) or first.order in named:
        return None  # "The premier insisted Mr Vole will ...": not Vole, whom the clause is about
    current = current_person(people, pos, None, named=named)
    if current is None and any(p is not first and (p.first or p.gender) and not in_lead(text, seen)
                               for p in people.by_order for seen, _ in p.mentions.before(since)):
        return None  # someone named since the lead, though no subject: "an ally of Ann Vole. The premier said"
    return people.speak_as(first, pos) if current is None or current is first else None


ROLE_SUBJECT_REACH = 250  # characters: about the sentence before


def _role_credit(phrase: Phrase, base: int, text: str, people: DocSpeakers, pos: int) -> dict[str, Any]:
    """Return the Quote fields of a role description no person was introduced
    with (_unknown_role): a definite one's lead person (_lead_person)
    credited, unless it holds an owner or the article used its head noun
    before; else its mention alone."""
    who = _unnamed(phrase, base, text)
    found = WORD_RE.findall(phrase.text.lower())
    if found[0] != "the" or found[-1] in _MODIFIER_ROLES or _POSSESSIVE_IN_RE.search(phrase.text):
        return who  # "a make-up artist": someone new; "the state": no person; "the campaign's director": its
    if re.search(rf"\b{re.escape(found[-1])}\b", text[:phrase.start + base], re.I):
        return who  # "the prime minister" the article spoke of before: someone it did not name, not the lead's
    person = _lead_person(people, pos, phrase.start + base, clause_names(people, phrase.end + base))
    return who if person is None else credited(who, person, "person")


def _unnamed(phrase: Phrase, base: int, text: str) -> dict[str, Any]:
    """Return the Quote fields of a speaker phrase that names no one: its mention alone."""
    start, end = (phrase.lead if phrase.lead >= 0 else phrase.start) + base, phrase.end + base
    return {"speaker_mention": Mention(text[start:end], start, end)}
