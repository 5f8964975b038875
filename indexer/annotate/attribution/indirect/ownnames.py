"""A reported clause's name kept as written when the registry's longer
"person" ending in its last word is a body's name (issue #32).

The person registry takes two capitalised words for a person ("Radio
Leicester", "Ailing Acme" at a sentence's start), so "Leicester say" was
credited to "Radio Leicester" by its last word, as a surname, and
"Universities Scotland claimed" (read as a role before "Scotland") to
"Radio Scotland".  A person's first word is a given name, not a word the
article writes in lowercase ("radio", "ailing") nor a body word of the
lexicon (`body_name_leads`: "Radio"): such a "person" is a body's name, and
the phrase naming its last word without its first names a body of its own.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues import Phrase
from onrecord.indexer.lexicon import words

_GIVEN = words("female", "male", "unisex_first_names")  # "Will", "Hope": a person's first name all the same
_BODY_LEADS = words("body_name_leads")


def own_name(who: dict[str, Any], phrase: Phrase, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the phrase's name as written ("Leicester")
    when it was credited to a registry person that is a body's longer name
    ending in the same word ("Radio Leicester"); else `who` unchanged."""
    speaker, name = who.get("speaker"), phrase.text
    if phrase.kind != "name" or not speaker or not name[:1].isupper() or speaker == name:
        return who
    person = _person(people, speaker)
    if person is None or not is_body_named(person, name, people.common):
        return who
    return credited(who, name, "organisation", "name")


def is_body_named(person: Person, name: str, common: Collection[str]) -> bool:
    """True when the registry's two-word `person`, of unknown gender, is a
    body's name (its first word a body lead or one of the article's
    lowercase `common` words, and no given name) and `name` ends in its last
    word without its first ("Wales", "Universities Wales" of "Radio Wales")."""
    parts, said = person.name.split(), name.split()
    if len(parts) != 2 or person.gender is not None or person.honoured:
        return False
    first, last = parts
    lead = first.lower()
    body = lead in _BODY_LEADS or lead in common and lead not in _GIVEN
    return body and said[-1] == last and first not in said


def _person(people: DocSpeakers, name: str) -> Person | None:
    """Return the registry person called `name`, or None."""
    found = [p for p in people.by_first.get(name.split()[0], []) if p.name == name]
    return found[0] if found else None
