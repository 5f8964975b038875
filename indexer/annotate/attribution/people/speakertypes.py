"""Whether one speaker value of an article is an organisation's or a person's.

Owns the one answer `DocSpeakers.is_org` gives for a value, whenever it is
asked: the institutions registry's own name is a body; a person the registry
holds by a first name or a title ("Ann Vole", "Lord Vole")
is a person even where a rule let them speak as a body (vouched_person); else a body that
spoke as one; another person the registry holds by a first name is a body
only where an org word ends it or strong words say so (orgs.orgevidence); anything else is one
where the article's organisations scan (orgs.organisations) shows it.  The scan is built when asked, so
the answer no longer depends on whether "it" or "the company" needed it
first.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Protocol

from onrecord.indexer.annotate.attribution.names.names import TITLES, first_name_gender, is_role_word, plain_word
from onrecord.indexer.annotate.attribution.names.runs import looks_like_org
from onrecord.indexer.annotate.attribution.names.singles import PEER_TITLES
from onrecord.indexer.annotate.attribution.orgs.organisations import Organisations
from onrecord.indexer.annotate.attribution.people.people import Person

_TITLES = TITLES | PEER_TITLES  # "Mr", "Dr", "Lord": a person's, whatever follows


class _Registry(Protocol):
    """What the answer reads of people.speakers.DocSpeakers."""

    @property
    def by_last(self) -> Mapping[str, list[Person]]: ...

    def match_org(self, phrase: str) -> str | None: ...

    def org_like(self, name: str) -> bool: ...

    @property
    def organisations(self) -> Organisations: ...


def vouched_person(people: _Registry, name: str) -> bool:
    """True when a person the registry holds is called `name`, opened by a
    known first name, a title or an office ("Ann Vole", "Lord Vole").  The strong words
    of orgs.orgevidence are not asked: they read "Ann Vole, from the
    league," and "Ann Vole, who leads the group," as a body's."""
    first = name.split()[0]
    if first_name_gender(first.split("-")[0]) is None and plain_word(first) not in _TITLES \
            and not is_role_word(first):  # "Jean-Michel Vole", "President Vole of Acmeland" too
        return False  # a gender a pronoun gave "Acme" later vouches for nothing
    return any(p.name == name for p in people.by_last.get(name.split()[-1], ()))


def is_org_value(people: _Registry, name: str, spoken: Collection[str]) -> bool:
    """Return True when the speaker value `name` is an organisation's: the
    registry's name, else (not a vouched person) a body that spoke as one
    (`spoken`) or one the article's organisations scan shows."""
    if people.match_org(name) == name:
        return True
    if vouched_person(people, name):
        return False  # "Lord Vole said" after "the Vole Inquiry": his words, not the inquiry's
    if name in spoken:
        return True
    if any(p.name == name and p.first for p in people.by_last.get(name.split()[-1], ())):
        # a person by the registry's reading ("Keanu Vole"): only strong words make them a body
        # ("Acme Vole, which ..."); the whole scan, built for this alone, cost 10% of extraction
        return looks_like_org(name.split()) or people.org_like(name)  # "Acme Alliance": an org word
    return people.organisations.is_org_name(name)
