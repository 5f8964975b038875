"""A body's speaker value without the lowercase kind noun written after its name (issue #31).

Owns cutting, after attribution, the noun a body's own name takes after it
("the United board", "The Reporters Without Borders group", "his Acme
Records label") off the speaker value the rules read with it: the body is
"Reporters Without Borders", not "Reporters Without Borders group"; and
where the cut name ends one other body value of the article ("United" of
"Manchester United"), that value: one value per body.  Which nouns: the
lexicon's `name_kind_tails` row, nouns a body's name takes and a place or
nationality does not ("the Chinese government", "the London police", "the
US company" are descriptions, kept whole: their nouns are not in the row).

A value is cut only when the words before the noun are a name's shape (each
capitalised, or a joint: "of", "the", "&"), no descriptor run ("the
British group"), no owner's ("the Keepers' group") and no person's value or
surname in the article ("the Vole group" is kept as the rules read it).
"""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.names.names import is_description
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

# why a row: a noun the article writes after a body's own name, naming what kind of body it is, never its name
KIND_TAILS = words("name_kind_tails")
# lowercase words inside a body's name ("Reporters Without Borders" has none; "Save the Acme Regiments")
_NAME_JOINTS = frozenset(("of", "the", "for", "and", "&", "on"))
_POSSESSIVE_ENDS = ("'", "\u2019", "'s", "\u2019s")  # "the Keepers' group": an owner's, not a name


def _is_person(rest: str, people: frozenset[str]) -> bool:
    """True when `rest` is a person value of `people` or the surname of one ("Vole" of Ann Vole)."""
    return rest in people or any(p.endswith(" " + rest) for p in people)


def cut_kind_tail(value: str, people: frozenset[str] = frozenset()) -> str | None:
    """Return `value` without its last word when that word is a kind noun of
    KIND_TAILS after a name (module docstring) that is no descriptor run,
    owner's or person of `people` ("United board" -> "United"), else None."""
    rest, _, last = value.rpartition(" ")
    if not rest or last not in KIND_TAILS:
        return None
    toks = rest.split()
    if not toks[0][:1].isupper() or not all(t[:1].isupper() or t[:1].isdigit() or t in _NAME_JOINTS for t in toks):
        return None
    if rest.endswith(_POSSESSIVE_ENDS) or is_description(toks) or _is_person(rest, people):
        return None
    return rest


def cut_kind_tails(quotes: list[Quote], people: frozenset[str] = frozenset()) -> dict[str, str]:
    """Return each speaker value of `quotes` that cut_kind_tail cuts mapped to
    the value it cuts it to, or to the one other body value of `quotes` whose
    name ends in it ("United board" -> "Manchester United" beside that value;
    with "Fans United" too: "United")."""
    bodies = {q.speaker for q in quotes if q.speaker and q.speaker_type == "organisation"}
    cut: dict[str, str] = {}
    for value in {q.speaker for q in quotes if q.speaker and " " in q.speaker}:
        name = cut_kind_tail(value, people)
        if name is not None:
            longer = [b for b in bodies if b.endswith(" " + name)]
            cut[value] = longer[0] if len(longer) == 1 else name
    return cut
