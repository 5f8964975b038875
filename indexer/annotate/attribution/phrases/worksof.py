"""The person noun or office a list of names after "of" or "for" belongs to.

Owns reading a capitalised run before a cue that is the object of a person
noun or an office, not a speaker: "The star of Rain Man and Tootsie said"
(works), "The MP for Bath and Wells said" (the places of a seat).  The
speaker is the noun or office; the names are what it is "of" or "for".
indexer.annotate.attribution.phrases.cues.cues asks it before taking the run as
a name.
"""
from __future__ import annotations

from collections.abc import Callable

from onrecord.indexer.annotate.attribution.names.names import is_role_word, lexicon
from onrecord.indexer.annotate.attribution.phrases.shapes import is_cap

Tokens = list[tuple[str, int, int]]


def work_of(toks: Tokens, j: int, run_back: Callable[[Tokens, int], int]) -> int | None:
    """Return the index of the person noun a name run starting at j is the
    object of ("the star of Rain Man and Tootsie", "the singer of Yellow"),
    or of the office whose "for" or "of" takes the list the run ends
    ("the MP for Bath and Wells"): the names are works or places, the noun
    the speaker; else None.  `run_back` returns where a capitalised run
    ending at an index begins."""
    k = j - 1
    while k >= 1 and toks[k][0] == "and" and is_cap(toks[k - 1][0]):
        start = run_back(toks, k - 1)
        office = office_before(toks, start, k)
        if office is not None:
            return office
        k = start - 1
    if k >= 1 and toks[k][0] == "of" and toks[k - 1][0] in lexicon().person_nouns:
        return k - 1
    return None


def office_before(toks: Tokens, start: int, end: int) -> int | None:
    """Return the index of an office word right before a "for" or "of" that
    opens the names toks[start:end] or stands inside them ("the MP for Bath",
    "the senator for Bath": a seat's places), else None.  A spokesperson's
    "for" takes whom they speak for ("a spokesman for Justice and Home
    Affairs Commissioner Ann Vole"), no seat."""
    spokes = lexicon().spokes
    for r in range(end - 2, max(start - 3, -1), -1):
        if toks[r + 1][0] in ("for", "of") and is_role_word(toks[r][0]) and toks[r][0].lower() not in spokes:
            return r
    return None
