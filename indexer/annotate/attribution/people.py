"""A person named in an article, and the rules on single names.

Owns the Person record (where they were mentioned, salient and spoke,
their roles), a name's gender from its title or first name, and the typo
rule (surnames one edit apart, found through one-deletion variants).
indexer.annotate.attribution.speakers keeps the per-article registry of Person records.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from onrecord.indexer.annotate.attribution.names import F_TITLES, M_TITLES, first_name_gender
from onrecord.indexer.annotate.attribution.positions import Positions


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



def gender_of(first: str, title: str | None) -> str | None:
    t = (title or "").lower().rstrip(".")
    if t in F_TITLES:
        return "f"
    if t in M_TITLES:
        return "m"
    return first_name_gender(first)


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
