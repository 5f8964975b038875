"""The headline's person as whom a definite person epithet means ("The Brazilian said").

Owns one reading of a definite person epithet as a speaker phrase ("the
Brazilian", "the former Acme international", "the 22-cap Norland man", "the
41-year-old chart-topper", "the lock forward"): when the headline names
exactly one person, the body has named them before the phrase and the epithet
fits them (fits), the epithet is that person, not whoever was a subject last
("Vole quits club ... Club chairman Ann Tern held talks with Vole. The former
Norland international added ..." is Vole's).  News calls the person its story
is about by such an epithet; a lastly named other person is met in passing.  A
pick introduced with the epithet's own noun, speaking since the headline's
person was last named, or named in the body before the headline's person stays
(_kept); so does a headline person not named in the phrase's paragraph or the
one before (a round-up's later paragraphs are about others: named_near).  The
reported pass asks it after its own credit (indirect.topicperson), the quote
pass (resolving) only where no description reading named anyone.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from onrecord.indexer.annotate.attribution.descriptions.persons.rolesynonyms import with_synonyms
from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words

if TYPE_CHECKING:  # people.speakers imports pronouns.epithetsubjects, which reads this module
    from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

_AGE_RE = re.compile(r"\d+-year-old")
_WORD_RE = re.compile(r"[\w'\u2019-]+")

# Epithet heads beyond the lexicon's person nouns (which other readings share): the
# lexicon's epithet_nouns, words news uses for the story's own person that name a trade
# or a position, read only here (one row each, one test each in
# tests/indexer/annotate/attribution/descriptions/persons/test_topic_people.py).
EPITHET_NOUNS = words("epithet_nouns")


@lru_cache(maxsize=1)
def epithet_nouns() -> frozenset[str]:
    """Return the nouns that may head a person epithet: the lexicon's person nouns and EPITHET_NOUNS."""
    return lexicon().person_nouns | EPITHET_NOUNS


def topic_person(picked: str | None, phrase: Phrase, pos: int, people: DocSpeakers) -> Person | None:
    """Return the one person the headline names when the phrase at pos is a
    definite person epithet (epithet_head) that fits them and `picked` (the
    name the phrase resolved to, None: nobody) is someone the story has not
    turned to (_kept); else None (keep the pick)."""
    head = epithet_head(phrase)
    if head is None:
        return None
    found = _headline_person(people, pos)
    if found is None or picked == found[0].name:
        return None
    topic, head_end = found
    if not fits(topic, head, pos, people.text) or not named_near(topic, pos, people.text):
        return None
    person = next((p for p in people.by_order if p.name == picked), None)
    if person is not None and _kept(person, topic, head, head_end, pos):
        return None
    return topic


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


def named_near(topic: Person, pos: int, text: str) -> bool:
    """True when the headline's person is named in the paragraph holding pos or
    the one before it: a round-up's later paragraphs are about others ("Vole
    won ... [two paragraphs on] ... Tern grew in confidence. 'Bring it on,' said
    the 23-year-old")."""
    para = text.rfind("\n\n", 0, pos)
    start = max(0, text.rfind("\n\n", 0, para)) if para > 0 else 0
    return any(start <= at < pos for at, _ in topic.mentions.scanned)


def fits(topic: Person, head: str, pos: int, text: str) -> bool:
    """True when the headline's person may be the epithet at pos: of the
    head noun's gender, if it has one ("the woman" is no man's), and not
    named in the phrase's own sentence ("The midfielder claims he lacks the
    backing of boss Ann Vole": the clause is about her, not hers)."""
    lex = lexicon()
    gender = "f" if head in lex.female_nouns else "m" if head in lex.male_nouns else None
    end = text.find(". ", pos)
    return (gender is None or topic.gender in (None, gender)) \
        and not any(pos < at < (len(text) if end < 0 else end) for at, _ in topic.mentions.scanned)


def epithet_head(phrase: Phrase) -> str | None:
    """Return the head noun of a definite person epithet ("the Brazilian",
    "The 22-cap Norland man", "the 30-year-old"): "the" and words ending in a
    person noun (epithet_nouns) or an age, no owner's "'s" (a capitalised
    "The Brazilian" the phrase finder read as a name too); else None."""
    found = _WORD_RE.findall(phrase.text.lower())
    if phrase.kind not in ("np", "name") or len(found) < 2 or found[0] != "the" or "'s" in phrase.text:
        return None
    head = found[-1]
    return head if head in epithet_nouns() or _AGE_RE.fullmatch(head) else None


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
