"""A relative as a speaker: "his wife, Ann", "Vole's father said", "his son said".

Owns reading a speaker phrase that is a kinship description (a possessive, "his",
"her", "their" or a name's "Vole's", before a noun of the lexicon's kin_nouns)
as the relative the article names with that same noun: an introduction
"<possessive> <kin noun>[,] <Name>" anywhere in the article ("Mr Vole's father,
Azmat, said"; "Vole's son Stephen, 57, said ... his son said"; "Ann Vole's mother
has said ... His mother Kate Vole told").  The introduction at the phrase itself
wins; else the article must introduce exactly one person with that noun (and,
where both possessives are names, the same family name), else nobody.  A lone
given name after a name's possessive takes that family name ("Vole's son Stephen"
is Stephen Vole, as the story calls him); after "his" or "her" it stays as
written ("his wife, Sheila").  Asked by resolving only where no other reading
of the phrase named anyone: news names a speaking relative once, by kin.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

KIN_NOUNS = words("kin_nouns")
_NOT_NAME = words("pronouns", "weekdays", "months", "not_names", "determiners")
_OWNER = r"(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?((?:[A-Z][\w\u2019'-]*\s+){0,2}[A-Z][\w-]*)['\u2019]s?"
_NAME = r"([A-Z][a-z][\w'\u2019-]*(?:\s+[A-Z][a-z][\w'\u2019-]*){0,2})"


class Relative(NamedTuple):
    """One introduction of a relative: where its kin noun starts, the noun,
    the owner's family name (None: a pronoun), the name as written."""

    at: int
    kin: str
    family: str | None
    name: str


@lru_cache(maxsize=1)
def _phrase_re() -> re.Pattern[str]:
    """Return the regex of a whole kinship description: a possessive and a kin noun."""
    return re.compile(rf"(?:[Hh]is|[Hh]er|[Tt]heir|{_OWNER})\s+({word_alternation(KIN_NOUNS)})")


@lru_cache(maxsize=1)
def _introduction_re() -> re.Pattern[str]:
    """Return the regex of a relative's introduction: a possessive, a kin noun, then a capitalised name."""
    kin = word_alternation(KIN_NOUNS)
    return re.compile(rf"\b(?:[Hh]is|[Hh]er|[Tt]heir|{_OWNER})\s+({kin}),?\s+{_NAME}(?![\w'\u2019-])")


def kin_speaker(words_: str, start: int, people: DocSpeakers) -> str | None:
    """Return the relative the kinship description `words_` (at absolute
    `start`) names: the introduction at the phrase itself, else the one
    person the article introduces with the same kin noun (and family name),
    by the registry's name where it knows them; None when the phrase is no
    kinship description or nobody fits."""
    last = words_.rsplit(None, 1)[-1:]
    if not last or last[0].lower() not in KIN_NOUNS:
        return None  # most phrases end in no kin noun: a set look-up spares the pattern
    phrase = _phrase_re().fullmatch(words_.strip())
    if phrase is None:
        return None
    kin, family = phrase.group(2).lower(), _family(phrase.group(1))
    relatives = [r for r in _relatives(people.text) if r.kin == kin]
    here = [r for r in relatives if start <= r.at <= start + len(words_)]
    fits = {_full_name(r) for r in here[:1] or relatives if family is None or here or r.family in (None, family)}
    return _registered(fits.pop(), start, people) if len(fits) == 1 else None


def _registered(name: str, pos: int, people: DocSpeakers) -> str:
    """Return the registry's canonical name for the relative `name` (spoken
    at pos: a later "she said" may mean them), so that one person keeps one
    value in the article ("Stephen" where the registry read "Vole's son
    Stephen said" so); else `name` as built."""
    given = name.split()[0]
    person = next((p for p in people.by_order if p.name in (name, given)), None)
    return people.speak_as(person, pos) if person is not None else name


def _relatives(text: str) -> list[Relative]:
    """Return every relative's introduction in `text` (its names no weekday, month nor pronoun)."""
    found = []
    for m in _introduction_re().finditer(text):
        name = m.group(3)
        if name.split()[0].lower() in _NOT_NAME:
            continue
        found.append(Relative(m.start(2), m.group(2).lower(), _family(m.group(1)), name))
    return found


def _family(owner: str | None) -> str | None:
    """Return the family name a possessive's owner gives ("Ann Vole" -> "Vole"), None for a pronoun."""
    return owner.split()[-1] if owner else None


def _full_name(relative: Relative) -> str:
    """Return the relative's name as the story calls them: a lone given name
    after a name's possessive with that family name, else the name as written."""
    if relative.family and " " not in relative.name and relative.name != relative.family:
        return f"{relative.name} {relative.family}"
    return relative.name
