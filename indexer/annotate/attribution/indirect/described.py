"""Whom a description in a reported clause's speaker phrase names where the direct path did not.

Owns the reported pass's own readings of descriptions (indexer.annotate.
attribution.indirect.reports asks them after the direct path's credit): a
body's staff after its name ("Acme officials said"), a lead's indefinite
person named next ("a viewer who says ..." then "Ann Vole is taking
action"), a lead's group of a body's members or staff ("..., MPs have
said." then "The Acme Committee ..."), and a definite body description
("the bank said") as the body whose reported clause came last.
"""
from __future__ import annotations

import re
from typing import Any

from onrecord.indexer.annotate.attribution.descriptions.leads import (
    in_lead,
    org_named_after_lead,
    person_named_after_lead,
)
from onrecord.indexer.annotate.attribution.descriptions.nominals import MEMBER_BODIES
from onrecord.indexer.annotate.attribution.indirect.outlets import WORD_RE
from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.orgs.staff import staff_owner
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, is_speaker_noun
from onrecord.indexer.lexicon import words

BODY_NOUNS = ORG_NOUNS | words("reported_body_nouns")  # "the charity", "the think-tank": a body that spoke
SELF_NAMED = words("self_named_bodies")  # "the government": itself when no government spoke
_LEAD_STAFF = words("lead_staff_nouns")  # "..., officials have said." in a lead: the body named next
_MEMBER_NOUNS = words("member_nouns")  # "..., MPs have said." in a lead: the committee named next
_GROUP_NOUNS = _LEAD_STAFF | _MEMBER_NOUNS  # a lead's group of a body's staff or members
_ROLES = words("roles")  # "The watchdog's chairman": an office is a person too
MAX_OWNER_WORDS = 4  # words of a capitalised owner opening a lead's description ("Acme Relief Fund's")


def staff_org(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the organisation whose staff the speaker
    phrase names ("Acme Group lawyers said", "Treasury officials said":
    the words before the noun, when the article shows them to be an
    organisation's name) where the direct path named no one; else `who`."""
    if who.get("speaker") or phrase.kind != "np":
        return who
    org = staff_owner(phrase.text, phrase.start + base, people)
    return who if org is None else credited(who, org, "organisation")


def named_next(who: dict[str, Any], phrase: Phrase, pos: int, end: int, base: int,
                people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the person the article names next when its
    phrase is a person description in the lead that named no one ("... sued
    by a viewer who says ..." then "Ann Vole is taking action": Ann Vole;
    "The country's top judge has revealed ..." then "Sir Ann Vole said"),
    never a name inside the clause or the description (`end`: where both
    end); else `who`.  (An organisation's description there is the direct
    path's: leads.org_named_after_lead.)"""
    # "A Norland Party MEP said": a capitalised role run the phrase finder read as a name no one has
    role_run = _role_run(phrase, base, people.text) and who.get("speaker") == phrase.text
    found = ["a"] * role_run + WORD_RE.findall(phrase.text.lower())
    definite = (found[:1] == ["the"] or _OWNER_OPENS_RE.match(phrase.text)) \
        and not _NAMING_WORD_RE.search(_after_owner(phrase.text))  # never "his agent": his
    if not role_run and (who.get("speaker") or phrase.kind != "np") \
            or found[:1] not in (["a"], ["an"]) and not definite \
            or not (is_speaker_noun(phrase.text) or found[-1] in _ROLES) or found[-1] in BODY_NOUNS \
            or not in_lead(people.text, phrase.start + base):
        return who
    person = person_named_after_lead(people, pos, end)
    if person is None:
        return who
    return credited(who | {"role": None} if role_run else who, person, "person")  # the run is no role of theirs


# an owner's name opening the phrase: "London's most senior police officer", "Acme Relief Fund's chief"
_OWNER_OPENS_RE = re.compile(rf"(?:[A-Z][\w.-]*\s+){{0,{MAX_OWNER_WORDS - 1}}}[A-Z][\w.-]*['\u2019]s\s")
# a word a definite person description holds that names a work or a body, not an owner: "the Hollywood reporter"
_NAMING_WORD_RE = re.compile(r"\s[A-Z][\w&.-]*(?!['\u2019])\b")
_OWNER_END_RE = re.compile(r"^.*['\u2019]s\s", re.S)  # the phrase up to its last owner's "'s"


_INDEFINITE_BEFORE_RE = re.compile(r"(?:^|\s)[Aa]n?\s+$")


def _role_run(phrase: Phrase, base: int, text: str) -> bool:
    """True for a capitalised run ending in a role word after "a" or "an"
    ("A Norland Party MEP"): the phrase finder's name is a description."""
    start = phrase.start + base
    return phrase.kind == "name" and phrase.text.rsplit(" ", 1)[-1].lower() in _ROLES \
        and _INDEFINITE_BEFORE_RE.search(text, max(0, start - 4), start) is not None


def _after_owner(text: str) -> str:
    """Return a description's words after its last owner ("The US stock market
    watchdog's chairman": " chairman"): a capital inside the owner names the
    owner ("US"), not the person; the whole text when no owner is written."""
    owner = _OWNER_END_RE.match(text)
    return text if owner is None else text[owner.end() - 1:]  # the space before the first word kept


SPEAKING_REACH = 400  # characters back a definite body description looks for the body that spoke: a sentence or two


def speaking_body(who: dict[str, Any], phrase: Phrase, pos: int, text: str,
                   spoken: list[tuple[int, str]]) -> dict[str, Any]:
    """Return `who` credited to the body whose reported clause was the last
    within SPEAKING_REACH before pos (`spoken`) when its phrase is a definite
    body description ("the bank said", "The US company said") the direct path
    gave to another body; else `who`: that body's name ends in the phrase's
    noun ("Acme Bank"), or holds it and is written since the clause ("Bank
    of Norland figures ..., the bank said")."""
    found = WORD_RE.findall(phrase.text.lower())
    answer = who.get("speaker") or ""
    if phrase.kind != "np" or len(found) < 2 or found[0] != "the" or found[-1] not in BODY_NOUNS \
            or found[-1] in SELF_NAMED or who.get("speaker_type") not in (None, "organisation") \
            or answer.lower().endswith(found[-1]):
        return who
    recent = [(at, org) for at, org in spoken if pos - SPEAKING_REACH <= at < pos]
    if not recent or answer in {org for _at, org in recent}:
        return who
    at, body = max(recent)
    if found[-1] in answer.lower().split() and answer in text[at:pos]:
        return who
    return credited(who, body, "organisation")


def group_named_next(who: dict[str, Any], phrase: Phrase, end: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the organisation the article names first
    after `end` when its phrase, in the lead, is a group of a body's members
    or staff that named no one ("..., a committee of MPs has said." then
    "The Acme Committee found ..."; "say researchers" then "Acme Consulting
    ..."): leads.org_named_after_lead; else `who`."""
    found = WORD_RE.findall(phrase.text.lower())
    if who.get("speaker") not in (None, phrase.text) or phrase.kind not in ("np", "name") or not found \
            or found[-1] not in _GROUP_NOUNS \
            or any(w[:1].isupper() for w in phrase.text.split()[:-1]):
        return who  # ("MPs" is read as a name no one has: its own value; "Acme officials" is _staff_org's)
    org = org_named_after_lead(people, end)
    if org is None or found[-1] in _MEMBER_NOUNS and not org.lower().endswith(MEMBER_BODIES):
        return who  # MPs speak as their committee, not as the department it blamed
    return credited(who, org, "organisation")
