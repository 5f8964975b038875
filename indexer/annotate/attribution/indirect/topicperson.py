"""The headline's person as whom a reported clause's epithet means ("The Brazilian said").

Owns one reading of a definite person epithet in a reported clause's speaker
phrase ("the Brazilian", "the former Acme international", "the 22-cap
Norland man", "the comedy star"): when the headline names exactly one
person, the body has named them before the clause and the epithet fits
them (_fits), the epithet is that person, not whoever was a subject last ("Vole quits club ... Club chairman
Ann Tern held talks with Vole. The former Norland international added
..." is Vole's).  News calls the person its story is about by such an
epithet; a lastly named other person is met in passing.  A pick introduced
with the epithet's own noun, speaking since the headline's person was last
named, or named in the body before the headline's person stays (_kept).
"""
from __future__ import annotations

import re
from typing import Any

from onrecord.indexer.annotate.attribution.descriptions.rolesynonyms import with_synonyms
from onrecord.indexer.annotate.attribution.indirect.outlets import WORD_RE
from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues import Phrase

_AGE_RE = re.compile(r"\d+-year-old")


def headline_person(who: dict[str, Any], phrase: Phrase, pos: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the one person the headline names when the
    phrase at pos is a definite person epithet (_epithet_head) and `who`
    names someone else the story has not turned to (_kept); else `who`."""
    head = _epithet_head(phrase)
    if head is None:
        return who
    found = _headline_person(people, pos)
    if found is None or who.get("speaker") == found[0].name:
        return who
    topic, head_end = found
    if not _fits(topic, head, pos, people.text):
        return who
    picked = next((p for p in people.by_order if p.name == who.get("speaker")), None)
    if picked is not None and _kept(picked, topic, head, head_end, pos):
        return who
    return credited(who, people.speak_as(topic, pos), "person")


def _kept(picked: Person, topic: Person, head: str, head_end: int, pos: int) -> bool:
    """True when the person the direct path picked stays: introduced with the
    epithet's noun ("Club director Ann Tern ... the director said"), speaking
    since the headline's person was last named ('..., said Tern. The Norland
    international said'), or named in the body before the headline's person
    (the lead's own subject: "Striker Ann Tern has sued Bo Vole ... The
    striker said")."""
    first = [min((at for at, _ in p.mentions.scanned if at > head_end), default=pos) for p in (picked, topic)]
    return head in with_synonyms(picked.roles) or first[0] < first[1] \
        or picked.spoke.last_before(pos) > topic.mentions.last_before(pos)


def _fits(topic: Person, head: str, pos: int, text: str) -> bool:
    """True when the headline's person may be the epithet at pos: of the
    head noun's gender, if it has one ("the woman" is no man's), and not
    named in the clause's own sentence ("The midfielder claims he lacks the
    backing of boss Ann Vole": the clause is about her, not hers)."""
    lex = lexicon()
    gender = "f" if head in lex.female_nouns else "m" if head in lex.male_nouns else None
    end = text.find(". ", pos)
    return (gender is None or topic.gender in (None, gender)) \
        and not any(pos < at < (len(text) if end < 0 else end) for at, _ in topic.mentions.scanned)


def _epithet_head(phrase: Phrase) -> str | None:
    """Return the head noun of a definite person epithet ("the Brazilian",
    "The 22-cap Norland man", "the 30-year-old"): "the" and words ending in a
    person noun of the lexicon, no owner's "'s" (a capitalised "The Brazilian"
    the phrase finder read as a name too); else None."""
    found = WORD_RE.findall(phrase.text.lower())
    if phrase.kind not in ("np", "name") or len(found) < 2 or found[0] != "the" or "'s" in phrase.text:
        return None
    head = found[-1]
    return head if head in lexicon().person_nouns or _AGE_RE.fullmatch(head) else None


def _headline_person(people: DocSpeakers, pos: int) -> tuple[Person, int] | None:
    """Return the one person the headline (the text's first line) names and
    where the headline ends, when the body names them before pos; else None
    (no headline person, or two: no topic)."""
    text = people.text
    start = len(text) - len(text.lstrip())
    head_end = text.find("\n", start)
    if head_end < 0:
        return None
    named = [p for p in people.by_order if (p.first or p.gender)
             and any(start <= at < head_end for at, _ in p.mentions.scanned)]
    if len(named) != 1 or not any(head_end < at < pos for at, _ in named[0].mentions.scanned):
        return None
    return named[0], head_end
