"""Role words that name one job: "the boss" is the person introduced as a manager.

Owns the lexicon's "role_synonyms" (pairs of role words, one pair a row: "boss
manager", "striker forward"), read both ways: news calls the manager it
introduced ("Acme manager Ann Vole") "the Acme boss" two sentences on, and the
forward "the striker".  descriptions.persons.offices matches a description's role against a
person's roles through them; indirect.reports asks them before calling a role
description one nobody was introduced with.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from onrecord.indexer.lexicon import words


@lru_cache(maxsize=1)
def _synonyms() -> dict[str, frozenset[str]]:
    """Return each role word of a "role_synonyms" row -> the words it names the same job as."""
    found: dict[str, set[str]] = {}
    for row in words("role_synonyms"):
        one, other = row.split()
        found.setdefault(one, set()).add(other)
        found.setdefault(other, set()).add(one)
    return {word: frozenset(same) for word, same in found.items()}


def with_synonyms(roles: Iterable[str]) -> frozenset[str]:
    """Return `roles` (lowercase role words) with every word that names the same job as one of them."""
    table = _synonyms()
    found = set(roles)
    return frozenset(found.union(*(table.get(r, ()) for r in found)))
