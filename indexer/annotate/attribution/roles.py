"""The roles an article gives a person in an appositive beside their name.

Owns reading "the Archbishop of Canterbury, Dr Ann Vole," and "Ann Vole, the
health secretary," as Ann Vole's role words ("archbishop"; "health",
"secretary"), so that "the archbishop said" or "the secretary will say"
later means her (indexer.annotate.attribution.nominals, and the description
mentions of indexer.annotate.attribution.speakers).  Only words of the
lexicon's "roles" list count, and only when the phrase's head is one: "the
village, Ann Vole" gives nothing.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names import lexicon

_OF_PLACE = r"(?:\s+(?:of|for|to)\s+(?:the\s+)?[A-Z][\w'\u2019-]*(?:\s+(?:and\s+)?[A-Z][\w'\u2019-]*)*)*"
# "the Archbishop of Canterbury, " right before the name's run
_WORD = r"(?!(?:of|for|to|the)\b)[A-Za-z][\w-]*"
_BEFORE_RE = re.compile(rf"\b[Tt]he\s+((?:{_WORD}\s+){{0,3}}{_WORD}){_OF_PLACE},\s*$")
# ", the health secretary," right after the name
_AFTER_RE = re.compile(r",\s+(?:the|a|an)\s+((?:[A-Za-z][\w-]*\s+){0,3}?[A-Za-z][\w-]*)(?=\s*[,.;]|\s+(?:of|for|at)\b)")
_WINDOW = 80  # characters either side an appositive is looked for in


def appositive_roles(text: str, run_start: int, end: int) -> set[str]:
    """Return the role words of an appositive right before the run at
    run_start ("the Archbishop of Canterbury, ") or right after the name
    ending at end (", the health secretary,"): empty when its head is no role."""
    found: set[str] = set()
    before = _BEFORE_RE.search(text, max(0, run_start - _WINDOW), run_start)
    after = _AFTER_RE.match(text, end, min(len(text), end + _WINDOW))
    for m in (before, after):
        if m is not None:
            found |= _role_words(m.group(1))
    return found


def _role_words(phrase: str) -> set[str]:
    """Return the lowercase role words of a description whose head is a role."""
    words = phrase.lower().split()
    roles = lexicon().roles
    return {w for w in words if w in roles} if words and words[-1] in roles else set()
