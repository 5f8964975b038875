"""Descriptor words (nationalities, parties: the lexicon's "descriptors") as parts of names.

Owns two facts of how English writes them: descriptors joined by hyphens are
one descriptor ("Anglo-Swedish", "Franco-German"), and descriptors before the
plural of one name a party or movement whole ("Liberal Democrats", "Scottish
Nationalists"), not a described person called "Democrats"; such a party, plural
in its name, is what "they" opening the next sentence means.
indexer.annotate.attribution.names.names cuts names with the first two;
orgs.organisations resolves "they" with `is_plural_party`.
"""
from __future__ import annotations

from onrecord.indexer.lexicon import words

_DESCRIPTORS = words("descriptors")
_DESCRIPTOR_PREFIXES = words("descriptor_prefixes")


def compound_descriptor(low: str) -> bool:
    """True for descriptors joined by hyphens ("anglo-swedish"): each part a descriptor or a
    combining form of one (the lexicon's "descriptor_prefixes"), the last a descriptor."""
    parts = low.split("-")
    return len(parts) > 1 and parts[-1] in _DESCRIPTORS \
        and all(p in _DESCRIPTOR_PREFIXES or p in _DESCRIPTORS for p in parts[:-1])


def is_group_name(plain: list[str]) -> bool:
    """True when `plain` (lowercase words) is descriptors then the plural of one
    ("liberal democrats", "scottish nationalists"): a party's whole name, whose
    leading words are no role to cut off."""
    last = plain[-1] if plain else ""
    return len(plain) > 1 and last.endswith("s") and last[:-1] in _DESCRIPTORS \
        and all(w in _DESCRIPTORS for w in plain[:-1])


def is_plural_party(plain: list[str]) -> bool:
    """True when `plain` (lowercase words) names a party in the plural: a group
    name ("liberal democrats") or one plural descriptor ("conservatives", "tories")."""
    last = plain[-1] if plain else ""
    return is_group_name(plain) or len(plain) == 1 and last.endswith("s") \
        and (last in _DESCRIPTORS or last[:-1] in _DESCRIPTORS)
