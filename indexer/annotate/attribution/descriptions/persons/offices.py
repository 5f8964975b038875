"""Offices: which person a role description ("the foreign secretary", "the
rapper") names.

Owns the person introduced with every office word of a description (a
"home secretary" is not "the foreign secretary"; a "shadow" one is not
the one in office), and the person the text is about where nobody was
introduced with it, never one introduced with another office nor one the
description's own clause opens with ("the chancellor said Mr Vole was
wrong": not Vole); for a sole office ("the prime minister") no one a subject fits,
the person last named who holds no other office.  The word lists are
indexer.lexicon's ("roles", "descriptors", "office_changers", "sole_offices").
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.descriptions.persons.otheroffices import holds_other_office, same_polity
from onrecord.indexer.annotate.attribution.descriptions.persons.rolesynonyms import with_synonyms
from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

_OTHER_OFFICE = words("office_changers")
_SOLE = words("sole_offices")
# the words between a description and the name its clause opens with: its cue, an auxiliary,
# "that", then the name's title or first name ("said Mr Vole", "said Ann Vole")
_CUE_WORDS_RE = re.compile(r"[ \u00a0]*(?:[a-z]+[ \u00a0]+){1,3}(?:[A-Z][\w'.-]*[ \u00a0]+){0,2}")
CLAUSE_REACH = 50  # characters: "has said that Mr Vole" is well within it


def person_with_role(people: DocSpeakers, words: list[str], pos: int) -> Person | None:
    """Return the person introduced with the role `words` name (its head, and
    no office-changing word it lacks: a "shadow foreign secretary" is not
    "the foreign secretary", nor the other way round; every role word it has: a "home secretary" is
    not "the foreign secretary"), mentioned last before pos; one of the
    description's nationality or party first (descriptions.persons.otheroffices.same_polity)."""
    head, wanted = words[-1], set(words)
    office = office_words(wanted)  # "the foreign secretary" is not the home secretary
    changed = wanted & _OTHER_OFFICE  # "the shadow chancellor" is not the chancellor

    def fits(p: Person) -> bool:
        roles = with_synonyms(p.roles)  # "the Acme boss": the person introduced as Acme's manager
        return bool(p.first) and head in roles and not (p.roles & _OTHER_OFFICE) - wanted \
            and changed <= p.roles and office <= roles and p.mentions.last_before(pos) >= 0
    found = [p for p in people.by_order if fits(p)]
    # of two prime ministers, "the Irish prime minister" is the one introduced as Irish
    return max(found, key=lambda p: (same_polity(p.roles, wanted, office), p.mentions.last_before(pos))) \
        if found else None


def note_office(person: Person, office: frozenset[str]) -> None:
    """Give `person` the office a definite description of it just named them
    by ("the chancellor"), when they hold no other office: the same
    description later is them (person_with_role), one of another office of two
    words or more ("the prime minister") is not (current_person).  An MP
    called "the party leader" keeps only her own office: a slip is not spread."""
    if office and not office_words(set(person.roles)) - office:
        person.roles.update(office)


def office_words(found: set[str]) -> frozenset[str]:
    """Return the words of an office among a description's lowercase words: its role words
    without a party or nationality ("the Democrat senator": senator) or an office changer."""
    lex = lexicon()
    return frozenset(found & lex.roles - lex.descriptors - _OTHER_OFFICE)


def clause_names(people: DocSpeakers, end: int) -> frozenset[int]:
    """Return the orders of the people a description's own clause opens with
    after it ends at `end`, one to three lowercase words on ("the chancellor
    said Mr Vole was wrong": Vole, the clause's subject; "told Mr Vole": its
    listener); never a name further into the clause ("said he would take the
    title of Lord Vole": his own), nor one after a comma (an appositive)."""
    text = people.text
    found: set[int] = set()
    for p in people.by_order:
        for at, _ in p.mentions.before(end + CLAUSE_REACH):
            if at < end:
                break
            if _CUE_WORDS_RE.fullmatch(text, end, at):
                found.add(p.order)
    return frozenset(found)


def current_person(people: DocSpeakers, pos: int, gender: str | None,
                   office: frozenset[str] = frozenset(), changed: frozenset[str] = frozenset(),
                   named: frozenset[int] = frozenset()) -> Person | None:
    """Return the person most recently a subject or speaker before pos; for an
    office of two role words or more ("the prime minister", "the foreign
    secretary"), never one introduced with another office ("Home Secretary
    Ann Vole": her office's words hold not all of the description's); for any
    office, never one descriptions.persons.otheroffices says holds another ("shadow
    chancellor Ann Vole" for "the chancellor", whose changers are `changed`);
    never one of `named` (clause_names: whom the description's own clause
    names).  For a sole office ("the chancellor", with no changer) that no
    subject fits, the person last named before pos who fits (the holder the article names only
    as an object, "a rift with Gordon Brown. The chancellor said"); else None."""
    roles = lexicon().roles
    # a peer ("Lord Vole") has no first name but a title's gender: a person too
    fits = [p for p in people.by_order if (p.first or p.gender) and p.order not in named
            and (gender is None or p.gender in (None, gender))
            and not (len(office) > 1 and p.roles & roles and not office <= p.roles)
            and not holds_other_office(p.roles, office, changed)]
    salient = [p for p in fits if p.salient.last_before(pos) >= 0]
    if salient:
        return max(salient, key=lambda p: p.salient.last_before(pos))
    # one person holds a sole office: the article names its holder, if only as an object; not
    # a changed one ("the shadow chancellor", "the former mayor"): a reader knows no such holder
    sole = bool(office & _SOLE) and not changed
    named_before = [p for p in fits if sole and p.mentions.last_before(pos) >= 0]
    return max(named_before, key=lambda p: p.mentions.last_before(pos)) if named_before else None
