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

A name phrase opening with a weekday ("On Thursday Acme said": "Thursday
Acme") is the cue finder's run across the sentence's opening time adverbial:
the name is the rest ("Acme"), never the weekday with it nor, for a registry
"person" of no gender, title or role ending in the rest's last word ("Dunmore
Rovers" for "Thursday Rovers"), that longer name (issue #32).
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words

_GIVEN = words("female", "male", "unisex_first_names")  # "Will", "Hope": a person's first name all the same
_BODY_LEADS = words("body_name_leads")
_WEEKDAYS = words("weekdays")  # (months left out: "June Carter Cash" opens with a given name)


def own_name(who: dict[str, Any], phrase: Phrase, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the phrase's name as written ("Leicester")
    when it was credited to a registry person that is a body's longer name
    ending in the same word ("Radio Leicester"), or to the phrase with a
    leading weekday ("Thursday Rovers": "Rovers", not the registry's
    "Dunmore Rovers"); else `who` unchanged."""
    speaker, name = who.get("speaker"), untimed(phrase.text)
    if phrase.kind != "name" or not speaker or not name[:1].isupper() or speaker == name:
        return who
    timed = name != phrase.text
    person = _person(people, speaker)
    if person is None or not (is_body_named(person, name, people.common) or timed and _bare(person, name)):
        return who
    return credited(who, name, "organisation", "name")


def untimed_name(who: dict[str, Any], phrase: Phrase) -> dict[str, Any]:
    """Return `who` credited to its name phrase without a leading weekday
    when credited to the phrase as written ("Thursday Acme": "Acme", the
    organisations scan reads the run whole); else `who` unchanged."""
    name = untimed(phrase.text)
    if phrase.kind != "name" or name == phrase.text or who.get("speaker") != phrase.text:
        return who
    return credited(who, name, who.get("speaker_type") or "organisation", "name")


def untimed(name: str) -> str:
    """Return `name` without a leading weekday ("Thursday Acme": "Acme"); a
    name that is the weekday alone, or has none, unchanged."""
    first, _, rest = name.partition(" ")
    return rest if first.lower() in _WEEKDAYS and rest[:1].isupper() else name


def _bare(person: Person, name: str) -> bool:
    """True when the registry's `person` lengthens `name` (_lengthened) and
    has no role either ("Dunmore Rovers" for "Rovers"): nothing shows a
    person, the registry only lengthened the name."""
    return _lengthened(person, name) is not None and not person.roles


def is_body_named(person: Person, name: str, common: Collection[str]) -> bool:
    """True when the registry's `person` lengthens `name` (_lengthened) with
    a body's word (a body lead or one of the article's lowercase `common`
    words, and no given name): "Wales", "Universities Wales" of "Radio Wales"."""
    first = _lengthened(person, name)
    if first is None:
        return False
    lead = first.lower()
    return lead in _BODY_LEADS or lead in common and lead not in _GIVEN


def _lengthened(person: Person, name: str) -> str | None:
    """Return the first word of the registry's two-word `person` of unknown
    gender and no title when `name` ends in its last word without its first
    ("Radio" of "Radio Wales" for "Wales"), else None."""
    parts, said = person.name.split(), name.split()
    if len(parts) != 2 or person.gender is not None or person.honoured:
        return None
    return parts[0] if said and said[-1] == parts[1] and parts[0] not in said else None


def _person(people: DocSpeakers, name: str) -> Person | None:
    """Return the registry person called `name`, or None."""
    found = [p for p in people.by_first.get(name.split()[0], []) if p.name == name]
    return found[0] if found else None
