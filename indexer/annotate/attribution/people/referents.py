"""Descriptions that refer back to a named person: "the Dutchman", "the 34-year-old".

Owns reading a definite nationality noun (the lexicon's "referring_nouns") or an
age ("the 48-year-old actor") as a mention of the person the article is about
there, so that a "he said" after it can mean that person (issue #31: "The affair
still rankles with the Dutchman. '...,' he said" is the Dutchman's).  Which person:
the one the article gave that age ("Ann Vole, 34,", "34-year-old Ann Vole"), else,
when it states no other age, the person named most often so far (no tie) who is
also the one named last or named twice as often as anyone else (else nobody), of
the noun's gender, named within REACH characters before, never the subject of the
description's own sentence ("Vole sold the Dutchman": not Vole); never a title
inside a sentence ("of The Scotsman").  indexer.annotate.attribution.people.speakers
adds these mentions with the role descriptions of people.roles.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.names.placements import is_subject
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.roles import role_mentions
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

Event = tuple[int, Person, bool]
REACH = 1500  # characters back a referent must have been named in: the same stretch of the story
DOMINANCE = 2  # times as often as anyone else the topic is named, when someone else was named last
_NAME_RUN = r"(?:[A-Z][\w'\u2019-]+[ \u00a0]){0,3}([A-Z][\w'\u2019-]+)"
_ANY_AGE_RE = re.compile(r"[A-Z][\w'\u2019-]+,[ \u00a0]+\d{1,3},|\b\d{1,3}-year-old[ \u00a0]+[A-Z]")
_SENTENCE_START_RE = re.compile(r".*[.!?][\"'\u201d\u2019]?\s", re.S)


def description_mentions(text: str, events: list[Event]) -> list[Event]:
    """Return the mention events (position, person, is a subject) of the role
    descriptions (people.roles.role_mentions) and of the referring
    descriptions (referring_mentions) of `text`, given its name mentions `events`."""
    roles = role_mentions(text, events)
    return roles + referring_mentions(text, events + roles)


def referring_mentions(text: str, events: list[Event]) -> list[Event]:
    """Return a mention event for each definite nationality noun or age that
    stands alone ("the Dutchman", "the 34-year-old", "the 48-year-old actor";
    not "the 34-year-old man": someone new) and refers back to a person of
    `events` (the module's rule); none for those that refer to nobody."""
    seen: dict[int, list[int]] = {}
    subjects: dict[int, list[int]] = {}
    people: dict[int, Person] = {}
    for pos, person, subject in sorted(events, key=lambda e: e[0]):
        if person.first:
            people[person.order] = person
            seen.setdefault(person.order, []).append(pos)
            if subject:
                subjects.setdefault(person.order, []).append(pos)
    if not people:
        return []
    found = []
    for m in _referring_re().finditer(text):
        noun = (m.group(2) or m.group(3) or "").lower()
        after = _NEXT_WORD_RE.match(text, m.end())
        if noun in _PLAIN_NOUNS or after and after.group(1) in _PLAIN_NOUNS or _titled(text, m.start()):
            continue  # "the 34-year-old man was arrested": someone the article does not name
        if m.group(1):
            referent = _of_age(text, m.group(1), m.start(), people, seen)
        else:
            referent = _topic(text, m.start(), _gender(noun), people, seen, subjects)
        if referent is not None:
            found.append((m.start(), referent, is_subject(text, m.start())))
    return found


_PLAIN_NOUNS = words("male_nouns", "female_nouns") - lexicon().roles
_NEXT_WORD_RE = re.compile(r"\s+([a-z]+)")


def _titled(text: str, pos: int) -> bool:
    """True when a capitalised "The" at pos stands inside a sentence ("political
    editor of The Scotsman"): a newspaper's or a work's title, no description."""
    return text.startswith("The", pos) and text[:pos].rstrip()[-1:] not in ("", ".", "!", "?", '"', "'",
                                                                              "\u201c", "\u201d", ":")


def _gender(noun: str) -> str | None:
    """Return "f" or "m" for a noun of that gender ("Frenchwoman", "Dutchman"), else None."""
    return "f" if noun.endswith("woman") else "m" if noun.endswith("man") else None


def _of_age(text: str, age: str, pos: int, people: dict[int, Person],
            seen: dict[int, list[int]]) -> Person | None:
    """Return the person the text before pos gives the age `age` last, by
    surname; None when it gives ages but this one to nobody it names; else
    the article's topic there (_topic)."""
    before = text[max(0, pos - 4 * REACH):pos]
    # every branch holds the age's digits: most texts state no age before, so no scan (and no compile)
    stated = list(_stated_age_re(age).finditer(before)) if age in before else []
    for m in reversed(stated):
        last = m.group(1) or m.group(2)
        named = [p for p in people.values() if p.last == last and _last(seen[p.order], pos) >= 0]
        if named:
            return max(named, key=lambda p: _last(seen[p.order], pos))
    if _ANY_AGE_RE.search(before):
        return None  # ages are stated and this one is nobody's: unnamed beats wrong
    return _topic(text, pos, None, people, seen, {})


@lru_cache(maxsize=256)  # one pattern per age (digits), kept out of re's cache that per-name patterns churn
def _stated_age_re(age: str) -> re.Pattern[str]:
    """Return the regex of a surname given the age `age` ("Vole, 34,", "34-year-old Ann Vole")."""
    return re.compile(rf"{_NAME_RUN},[ \u00a0]+{age},|\b{age}-year-old[ \u00a0]+{_NAME_RUN}")


def _topic(text: str, pos: int, gender: str | None, people: dict[int, Person],
           seen: dict[int, list[int]], subjects: dict[int, list[int]]) -> Person | None:
    """Return the person named most often before pos (ties: named last), of
    `gender` or none known, named within REACH before pos and not the subject
    of pos's sentence before it, when named more often than anyone else and
    also the one named last or named DOMINANCE times as often as anyone else;
    else None."""
    start = _SENTENCE_START_RE.match(text, max(0, pos - 400), pos)
    sentence = start.end() if start else max(0, pos - 400)
    fits = [p for order, p in people.items() if _last(seen[order], pos) >= max(0, pos - REACH)
            and (gender is None or p.gender in (None, gender))
            and _last(subjects.get(order, []), pos) < sentence]
    if not fits:
        return None
    counts = sorted((bisect_left(seen[p.order], pos) for p in fits), reverse=True)
    latest = max(fits, key=lambda p: _last(seen[p.order], pos))
    top = max(fits, key=lambda p: (bisect_left(seen[p.order], pos), _last(seen[p.order], pos)))
    # "the 19-year-old striker" after a scorer named as often as the topic: no guess
    if len(counts) == 1:
        return top
    # a tie is no topic ("Allan Scott ... the European Indoor Championships", a body read as a name)
    clear = counts[0] > counts[1] and (top is latest or counts[0] >= DOMINANCE * counts[1])
    return top if clear else None


@lru_cache(maxsize=1)
def _referring_re() -> re.Pattern[str]:
    """Return the regex of "the" and an age (and maybe a person noun) or a
    referring noun, not followed by a capitalised name (a title before it) or
    a hyphen: one pattern over the lexicon's lists, compiled once."""
    lex = lexicon()
    nouns = word_alternation(lex.roles | lex.person_nouns)
    referring = word_alternation(words("referring_nouns"))
    return re.compile(
        rf"[Tt](?<!\w[Tt])he\s+(?:(\d{{1,3}})-year-old(?:['\u2019]s)?(?:\s+((?i:{nouns}))\b)?|((?i:{referring}))\b)"
        rf"(?!['\u2019]?-|\s+[A-Z])")


def _last(positions: list[int], pos: int) -> int:
    """Return the last of the sorted `positions` before pos, or -1."""
    i = bisect_left(positions, pos)
    return positions[i - 1] if i else -1
