"""The headline's person as whom a reported clause's epithet means ("The Brazilian said").

Owns the reported pass's use of descriptions.persons.topicpeople: a reported
clause's definite person epithet ("the Brazilian", "the former Acme
international", "the 22-cap Norland man") is the one person the headline
names when it fits them and the direct path's pick is no one the story turned
to ("Vole quits club ... Club chairman Ann Tern held talks with Vole. The
former Norland international added ..." is Vole's).
"""
from __future__ import annotations

from typing import Any

from onrecord.indexer.annotate.attribution.descriptions.persons.topicpeople import topic_person
from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase


def headline_person(who: dict[str, Any], phrase: Phrase, pos: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the one person the headline names when the
    phrase at pos is a definite person epithet of theirs and `who` names
    someone else the story has not turned to (topicpeople.topic_person);
    else `who`."""
    topic = topic_person(who.get("speaker"), phrase, pos, people)
    return who if topic is None else credited(who, people.speak_as(topic, pos), "person")
