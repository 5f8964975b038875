"""Whom a capitalised phrase names in one article's registry of people (people.speakers' DocSpeakers).

Owns reading a run a cue finder found ("Bookmaker Acmebet", "Mr Vole", "The Shadow Secretary for
the Family, Ann Vole", "Swiss Re") as the speaker it names: an institution of the registry, a
person by full name (registered when new), a known person by surname or title, the person a
lone word glued to another stands for; a bare description ("Olympian", "Lib Dem") names nobody.
Split from people.speakers, which keeps the registry (its indexes, mentions and who spoke) and
whose `resolve_run` this is.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from onrecord.indexer.annotate.attribution.names import singles, things
from onrecord.indexer.annotate.attribution.names.fullnames import appositive_name
from onrecord.indexer.annotate.attribution.names.names import (
    ORG_NAME_WORDS,
    NameParts,
    cut_name,
    is_description,
    is_surname_only,
    surname_role,
)
from onrecord.indexer.annotate.attribution.names.runs import (
    looks_like_org,
    org_with_of,
    split_run,
    without_lead_description,
)
from onrecord.indexer.annotate.attribution.orgs import orgevidence
from onrecord.indexer.annotate.attribution.people import lookups
from onrecord.indexer.annotate.attribution.people.people import Person, gender_of, longer_form
from onrecord.indexer.lexicon import words

if TYPE_CHECKING:
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

_CUE_FORMS = words("never_name_cues")
_THE_OR_POSSESSIVE_RE = re.compile(r"^(?:the|The)\s+|['\u2019]s$")


def resolve_run(people: DocSpeakers, run: str, pos: int) -> tuple[str | None, str | None]:
    """Return (canonical speaker, role) for a capitalized phrase at pos: an institution, a person by full name,
    or a known person by surname or title; a bare description ("Olympian", "Lib Dem") names nobody."""
    run = without_lead_description(people.text, run, pos)  # "Bookmaker Acmebet said": Acmebet
    org = people.match_org(run) or org_with_of(run) or orgevidence.publication_named(people.text, run)
    role, title, name, bare = *split_run(run), _THE_OR_POSSESSIVE_RE.sub("", run)  # "the Ministry of X and Y"
    if not name and (word := title or role) is not None and word in people.by_last:
        name, title, role = [word], None, None  # "King said" once Ann King is known: her surname, no title
    numbered = bool(name) and name[-1].isdigit()  # "Number 10", "Radio 1": a body's name, never a person's
    if org and (not name or numbered or looks_like_org(name) or len(name) == 1 and not title or org in (run, bare)):
        people.orgs.append((pos, org))
        return org, None
    if len(name) == 1 and (name[0].lower() in ORG_NAME_WORDS or singles.is_shouted(name[0], people.common)):
        return None, role  # "the Party": which one is not said; "ALWAYS err on the side": emphasis, nobody
    if (looks_like_org(name) or numbered and " " in bare) and not title:
        return _body_speaks(people, run, pos), None
    parts = cut_name(name, people.common)
    name, title = parts.name, title or parts.title
    suffix, end = parts.suffix, people.text.find(run, pos) + len(run)
    describes = things.modifies_noun(people.text, end)  # "the Acme player", "Vole's lawyer"
    if len(name) < 2 or is_surname_only(name) or describes:
        appositive = appositive_name(people.text, end, people.common, not name)
        if appositive:  # "The Shadow Secretary for the Family, Ann Vole, said": Ann Vole
            role, name, title, suffix = None, appositive, None, []
        elif describes:
            return None, role  # a description, not the name before it
    lone = len(name) == 1 and name == parts.name and not (role or title or name[0] in people.by_last
                                                           or name[0] in people.by_first)
    if lone and (glued := _glued_speaker(people, run, parts, end, org, pos)):
        return glued, None
    role = " ".join(([role] if role else []) + parts.role) or None
    if not name or is_description(name) and not (name[-1] in people.by_last and (title or not name[1:])
                                                 or surname_role(name, title)):
        return None, role  # "Mr Bishop" once John Bishop is known, "Mr King": a surname, not a role
    if any(t.lower() in _CUE_FORMS for t in name):
        return None, role  # "What Reviewers Say": a heading's cue word, no name
    return _resolve_person(people, name, title, role, suffix, (pos, end))


def _body_speaks(people: DocSpeakers, run: str, pos: int) -> str:
    """Return the body a run shaped like an organisation's name speaks as (recorded at pos): the name
    the article spells an acronym out as ("the AFI"), else the run without its "the" or possessive."""
    body = _THE_OR_POSSESSIVE_RE.sub("", run)  # "the AFI": the name the article spells it out as
    body = (people.organisations.spelled_out(body) if body.isupper() else None) or body
    people.orgs.append((pos, body))
    return body


def _glued_speaker(people: DocSpeakers, run: str, parts: NameParts, end: int, org: str | None, pos: int) -> str | None:
    """Return the speaker a lone word written only glued to another word stands for ("Swiss Re",
    "The Game", "50 Cent"): the registry's body when the run names one, else that person; None if unglued."""
    glued = singles.glued_name(people.text, run, parts, people.text[max(0, end - len(run) - 8):end - len(run)])
    if not glued:
        return None
    if org:  # "The Liberal Democrats": the registry's body ("Lib Dems" too)
        people.orgs.append((pos, org))
        return org
    return people.speak_as(people.register_single(glued.split(), None), pos)


def _resolve_person(people: DocSpeakers, name: list[str], title: str | None, role: str | None, suffix: list[str],
                    span: tuple[int, int]) -> tuple[str | None, str | None]:
    """Return (canonical speaker, role) for a cut name starting at span[0] and ending at span[1]: a
    person by full name (or a body: "the Acme Style Box"), else a known person by surname or title."""
    pos, end = span
    if len(name) >= 2 and not people.surname_led(name):
        person = longer_form(people.by_last.get(name[-1], []), name, title is not None)
        if person is None and things.is_thing(people.text, people.common, name, title, (role or "").split(),
                                              (people.text.find(name[0], pos), end)):
            people.orgs.append((pos, " ".join(name)))  # "the Acme Style Box said": a body speaks
            return " ".join(name), None
        person = person or people.register_person(name[0], name[-1], gender_of(name[0], title), " ".join(name + suffix))
        person.roles.update((role or "").lower().split())
        return people.speak_as(person, pos), role
    single = _peer_alone(people, name[-1], title) or lookups.find_single(people, name[-1], title, pos) \
        or people.find_by_surname(name[-1], title)
    if single is None and (not singles.may_be_name(people.text, people.common, name[-1], title)
                           or not title and singles.leads_institution(people.text, name[-1], people.common)):
        return None, role  # "Church ministers", "Inanimate objects": a word; "Tufts" of Tufts University
    if single is None:
        single = people.people.get(f" {name[-1]}") or people.register_single(name, title)
    return people.speak_as(single, pos), role


def _peer_alone(people: DocSpeakers, word: str, title: str | None) -> Person | None:
    """Return the peer a lone untitled word names when the article writes it after a peer's title ("Prince
    Ann" before "Ann said") and nobody has it as surname: that person, not someone else with that first name."""
    if title or not singles.peer_title(people.text, word, None):
        return None
    return people.people.get(f" {word}") or (None if word in people.by_last else people.register_single([word], None))
