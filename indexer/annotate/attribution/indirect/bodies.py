"""A body named inside its own description: "the Acme Press agency reported".

Owns one fact of English news prose: a capitalised name written right before
a body noun ("the Usdaw trade union", "Reuters news agency", "Norland's Vexa
private banks association") names that body: the description is the name
and what kind of body it is, not a second mention of the body the article
named last.  The name is no descriptor ("the German company"), no place the
article writes as one ("in Texas": "the Texas company") or country code
("the US firm"), no known person's ("the Blair government"), and the noun
none a place or person commonly owns (government, police, court).  And a
capitalised body noun after "the" ("The Bank said") is the short form of the
name it opens that the article wrote before ("the Bank of Norland").  A
description of one kind of body is no body whose name says another kind
("the club" is no "Champions League"): it is the latest name of a fitting
kind that opens a sentence or owns something there (`fitting_topic`).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import first_name_gender, is_description
from onrecord.indexer.annotate.attribution.orgs.bodykinds import kinds_clash
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

# nouns a place or a person owns more often than a body's name ("the Kent police", "the Blair government")
_OWNED_HEADS = frozenset(("government", "police", "court", "council", "league", "party", "band"))
# "body" names a body only after a name ("the Acme industry body"): alone it may be a text's ("the body of the e-mail")
_HEADS = ORG_NOUNS - _OWNED_HEADS | {"body"}
# [the | an owner's] Name Words, up to three lowercase modifiers, a body noun
_NAME_WORD = r"(?!(?:The|A|An)\b)[A-Z][\w&.-]*(?<!-based)\b(?!['\u2019])"
_NAMED_BODY_RE = re.compile(r"(?:(?:[Tt]he|[Aa]n?)[ \u00a0]+|[A-Z][\w.-]*['\u2019]s[ \u00a0]+)?"
                            rf"({_NAME_WORD}(?:[ \u00a0]+{_NAME_WORD}){{0,3}})"
                            r"(?:[ \u00a0]+[a-z][\w-]*){0,3}?[ \u00a0]+([a-z][\w-]*)")
_PLACE_BEFORE = r"\b(?:in|across|from|throughout|to|at|of|outside)[ \u00a0]+(?:the[ \u00a0]+)?"


# "The Bank" alone: a capitalised body noun, the short form of a name it opens ("Bank of Norland")
_SHORT_FORM_RE = re.compile(r"[Tt]he[ \u00a0]+([A-Z][a-z]+)")
_OPENED_REACH = 1500  # characters back a short form looks for the name it opens


def short_form_body(phrase: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the body a capitalised body noun after "the" stands for when
    the article named, within _OPENED_REACH before pos, a body whose name it
    opens ("the Bank of Norland ... The Bank said": the Bank of Norland; a
    lowercase "the bank" may be any bank), the latest such; else None."""
    m = _SHORT_FORM_RE.fullmatch(phrase)
    if m is None or m.group(1).lower() not in ORG_NOUNS:
        return None
    opened = re.compile(rf"\b{m.group(1)}[ \u00a0]+of[ \u00a0]+(?:the[ \u00a0]+)?[A-Z][\w&'\u2019-]*"
                        r"(?:[ \u00a0]+[A-Z][\w&'\u2019-]*)*")
    found = [f.group() for f in opened.finditer(people.text, max(0, pos - _OPENED_REACH), pos)]
    return (people.match_org(found[-1]) or found[-1]) if found else None


_BODY_WORDS = ORG_NOUNS | words("org_heads", "org_words")  # "Centre", "Group", "Union": a body's name
# an owner's possessive, then a capitalised name: "Leeds's Vole Centre", "Ann's Shopping Centre"
_POSSESSED_RE = re.compile(r"([A-Z][\w.-]*)['\u2019]s[ \u00a0]+([A-Z][\w&'\u2019-]*(?:[ \u00a0]+[A-Z][\w&'\u2019-]*)*)")
_SAINT_RE = re.compile(r"\b(?:St\.?|Saint)[ \u00a0]+$")


def possessed_body(text: str, start: int, phrase: str) -> str | None:
    """Return the body a name after an owner's possessive names ("Leeds's
    Vole Centre said": the Vole Centre), or the whole saint's name when "St"
    stands before it ("St Ann's Shopping Centre"), when its words hold a
    body's word ("Centre", "Group"); None for a person ("Acme's Ann Vole")
    and anything else.  `start`: where the phrase starts in `text`."""
    m = _POSSESSED_RE.fullmatch(phrase)
    if m is None or first_name_gender(m.group(2).split()[0]) \
            or not any(w.lower() in _BODY_WORDS for w in m.group(2).split()):
        return None
    saint = _SAINT_RE.search(text, max(0, start - 8), start)
    return f"{saint.group()}{phrase}" if saint else m.group(2)


# a name opening a sentence or clause before a lowercase word, or owning something anywhere
_TOPIC_RE = re.compile(r"(?:(?:^|(?<=[.!?]\s)|(?<=,\s))([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})\s+[a-z]"
                       r"|(?<![\w&.-])([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})['\u2019]s\s)")
_TOPIC_REACH = 400  # characters back the body a description's kind fits may be named


def fitting_topic(head: str, pos: int, clash: str, people: DocSpeakers) -> str | None:
    """Return the body a description of kind `head` at pos means once the one
    credited (`clash`) is of another kind: the latest name within _TOPIC_REACH
    that opens a sentence or clause (or owns what does: "Acme Munich's Cup
    match") and is no person, descriptor, place, body of another kind or
    word the article writes in lowercase too (a heading's "Probe ...")."""
    found = None
    for m in _TOPIC_RE.finditer(people.text, max(0, pos - _TOPIC_REACH), pos):
        name = m.group(1) or m.group(2)
        toks = name.split()
        if name == clash or first_name_gender(toks[0]) or people.is_person(name) or is_description(toks) \
                or len(toks) == 1 and name.lower() in people.common \
                or kinds_clash(head, name) or toks[0] in ("The", "A", "An", "But", "And", "At", "In", "On"):
            continue
        found = name
    return None if found is None else people.match_org(found) or people.organisations.full_name(found) or found


# an owner's staff: "CR's experts", "the Acme Trust's lawyers" (up to two modifiers before the noun)
_STAFF_OWNER_RE = re.compile(r"(?:[Tt]he[ \u00a0]+)?([A-Z][\w&.-]*(?:[ \u00a0]+[A-Z][\w&.-]*){0,3})['\u2019]s?"
                             r"(?:[ \u00a0]+[a-z][\w-]*){0,2}?[ \u00a0]+([a-z]+)")
_STAFF = words("org_staff_nouns")


def staff_owner(phrase: str, people: DocSpeakers) -> str | None:
    """Return the body whose staff a phrase names by its possessive ("CR's
    experts say": CR, spelled out when the article spells it; "the Acme
    Trust's lawyers"); None for a person's staff ("Ann Vole's lawyers": not
    her words), a descriptor or anything else."""
    m = _STAFF_OWNER_RE.fullmatch(phrase)
    if m is None or m.group(2) not in _STAFF:
        return None
    owner = m.group(1)
    if people.is_person(owner) or first_name_gender(owner.split()[0]) or is_description(owner.split()) \
            or any(owner in p.name.split() for p in people.by_order):
        return None
    spelled = people.organisations.spelled_out(owner) if owner.isupper() else None
    return spelled or people.match_org(owner) or people.organisations.full_name(owner) or owner


def named_body(phrase: str, people: DocSpeakers) -> str | None:
    """Return the body a description names inside it ("The Acme Press agency":
    Acme Press, the registry's name for it when it has one), else None."""
    m = _NAMED_BODY_RE.fullmatch(phrase)
    if m is None or m.group(2) not in _HEADS:
        return None
    name = m.group(1)
    if is_description(name.split()) or len(name) <= 2 and name.isupper() or people.is_person(name) \
            or re.search(_PLACE_BEFORE + re.escape(name) + r"\b", people.text):
        return None
    if len(name.split()) == 1 and any(name in p.name.split() for p in people.by_order):
        return None  # "the Vole company" of Ann Vole: hers, not a body called Vole
    return people.match_org(name) or people.organisations.full_name(name) or name
