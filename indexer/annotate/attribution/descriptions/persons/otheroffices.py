"""Other offices: whom a definite office description ("the chancellor", "the
mayor") can never name, because the article introduced them with a different
office.

Owns two tests, both on the person's role words (people.roles) against the
description's: an office changer on one side only ("Tory shadow chancellor
Ann Vole" is not "the chancellor", "Chancellor Tom Reed" not "the shadow
chancellor", "Deputy Mayor Ann Vole" not "the mayor"), and two different
offices one person holds at a time ("Prime Minister Tom Reed" is not "the
chancellor" nor "the mayor").  descriptions.persons.offices asks it before it guesses the
person the text is about; nobody left means the description stays unnamed.
The word lists are indexer.lexicon's ("office_changers", "sole_offices").
"""
from __future__ import annotations

from collections.abc import Set

from onrecord.indexer.lexicon import words

_CHANGERS = words("office_changers")
_PAST = words("past_changers")
_SOLE = words("sole_offices")
_DESCRIPTORS = words("descriptors")
_OFFICES = words("roles") - _DESCRIPTORS - _CHANGERS


def holds_other_office(roles: Set[str], office: frozenset[str], changed: frozenset[str]) -> bool:
    """Return True when a person with the role words `roles` holds another
    office than the description whose office words are `office` and whose
    office changers ("shadow", "deputy") are `changed`: a changer on one side
    only where the person's office is the description's, or another sole
    office ("prime" is not "chancellor")."""
    if not office:
        return False  # "the 56-year-old", "the rapper's friend": no office to differ from
    theirs = roles & _OFFICES
    # a past changer says when, not which office: "the former teacher" may be "teacher Ann Vole",
    # who has since left, and "the teacher" the "former teacher" named before
    ours, changers = changed - _PAST, roles & _CHANGERS - _PAST
    # "shadow chancellor Ann Vole" is not "the chancellor"; "deputy leader and Labour MP
    # Tom Reed" still is "the Labour MP": his changer may belong to his other office
    if office <= theirs <= office and changers != ours:
        return True
    if ours and not changers & ours and theirs & office:
        return True  # "Chancellor Tom Reed" is not "the shadow chancellor"
    # one person at a time holds a sole office: "Labour MP Ann Vole" is not "the chancellor"
    return bool(office & _SOLE and theirs and not theirs & office)


def same_polity(roles: Set[str], described: Set[str], office: frozenset[str]) -> bool:
    """Return True when a person with the role words `roles` fits the
    nationality or party words of a description whose lowercase words are
    `described`: they hold every one it names ("the Irish prime minister" is
    "Irish Prime Minister Ann Vole", before "Prime Minister Tom Reed"); a bare
    sole office ("the prime minister") fits the holder introduced with none
    (Tom Reed, before Ann Vole); any other bare description fits everyone."""
    wanted = described & _DESCRIPTORS
    if wanted:
        return wanted <= roles
    return not (roles & _DESCRIPTORS and office & _SOLE)
