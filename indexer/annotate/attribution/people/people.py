"""A person named in an article, and the rules on single names.

Owns the Person record (where they were mentioned, salient and spoke,
their roles), a name's gender from its title or first name, the typo
rule (surnames one edit apart, found through one-deletion variants) and
which person a name of several words is a shorter form of.
indexer.annotate.attribution.people.speakers keeps the per-article registry of Person records.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from onrecord.indexer.annotate.attribution.names.names import F_TITLES, M_TITLES, first_name_gender
from onrecord.indexer.annotate.attribution.people.positions import Positions
from onrecord.indexer.lexicon import words as word_list

_SUFFIXES = word_list("name_suffixes")
_UNISEX = word_list("unisex_first_names")  # first names of men and women alike: no gender


@dataclass(slots=True)
class Person:
    """A person named in the article and where they were salient."""

    name: str
    first: str
    last: str
    gender: str | None = None
    order: int = 0  # creation order: ties go to the person met first
    salient: Positions = field(default_factory=Positions)  # subject mentions and speaker turns
    mentions: Positions = field(default_factory=Positions)
    spoke: Positions = field(default_factory=Positions)
    roles: set[str] = field(default_factory=set)  # lowercase role words ("foreign", "secretary")
    honoured: bool = False  # introduced as a knight, dame or peer ("Sir Tom Vole"): never "Mr Vole"

    def honour(self, title: str | None) -> None:
        """Mark the person honoured when introduced with `title` "Sir", "Dame" or a peer's."""
        self.honoured = self.honoured or (title or "").lower() in _HONOURS



def rank_at(p: Person, pos: int) -> tuple[bool, int, int]:
    """Return how salient p is at pos: spoke before it, then the last salient, then the last mention."""
    return (p.spoke.last_before(pos) >= 0, p.salient.last_before(pos), p.mentions.last_before(pos))


_PLAIN_TITLES = word_list("plain_titles")
_HONOURS = word_list("first_name_titles", "peer_titles")


def plain_title_fits(people: list[Person], title: str) -> list[Person]:
    """Return whom a plain title and surname ("Mr Vole", `title` lowercase) can name
    among `people`: those not introduced as a knight, dame or peer, when any is
    ("Mr Blair" beside Sir Ian Blair is another Blair); else `people`."""
    if title not in _PLAIN_TITLES:
        return people
    return [p for p in people if not p.honoured] or people


_MALE_PRONOUNS, _FEMALE_PRONOUNS = word_list("pronouns_male"), word_list("pronouns_female")


def pronoun_gender(word: str) -> str | None:
    """Return "m" or "f" for a personal pronoun of that gender (he, She), else None."""
    low = word.lower()
    return "m" if low in _MALE_PRONOUNS else "f" if low in _FEMALE_PRONOUNS else None


def gender_of(first: str, title: str | None) -> str | None:
    t = (title or "").lower().rstrip(".")
    if t in F_TITLES:
        return "f"
    if t in M_TITLES:
        return "m"
    return None if first.lower() in _UNISEX else first_name_gender(first)


def within_one_edit(a: str, b: str) -> bool:
    """True when a and b differ by at most one insertion, deletion or substitution."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)):] == b[i + 1:]


def variants(word: str) -> set[str]:
    """Return `word` and every string one deletion away from it."""
    return {word} | {word[:i] + word[i + 1:] for i in range(len(word))}


def typos_of(by_variant: dict[str, list[Person]], word: str) -> list[Person]:
    """Return the people of `by_variant` (surname and its one-deletion variants
    -> people) whose surname is one edit from `word`, in creation order (two
    strings one edit apart share a one-deletion variant)."""
    found = {p.order: p for key in variants(word) for p in by_variant.get(key, ())}
    return [found[k] for k in sorted(found) if within_one_edit(found[k].last, word)]


def longer_form(people: list[Person], name: list[str], titled: bool) -> Person | None:
    """Return the first of `people` named in full with more words ending in
    `name`'s, led by a known first name or, when `name` came after a title
    (its words a surname), by any: "Ann Parker Vole" for "Mrs Parker Vole",
    "Joy Tamm Vole" for "Tamm Vole"; None when none is."""
    for person in people:
        words = person.name.split()
        while len(words) > 1 and words[-1].lower().rstrip(".") in _SUFFIXES:
            words.pop()  # "Ann Vole Jr": the generation is not among the words to match
        if person.first and len(words) > len(name) and words[-len(name):] == name \
                and (titled or first_name_gender(words[0])):  # "Try Acme Sans" is no form of "Acme Sans"
            return person
    return None
