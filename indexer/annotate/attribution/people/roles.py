"""The roles an article gives a person beside their name.

Owns reading "former welfare minister Ann Vole", "the Archbishop of
Canterbury, Dr Ann Vole," and "Ann Vole, the health secretary," as Ann
Vole's role words ("archbishop"; "health",
"secretary"), so that "the archbishop said" or "the secretary will say"
later means her (indexer.annotate.attribution.descriptions.nominals, and the description
mentions of indexer.annotate.attribution.people.speakers).  Only words of the
lexicon's "roles" list count, and only when the phrase's head is one: "the
village, Ann Vole" gives nothing.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.names.placements import is_subject
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

_OF_PLACE = r"(?:\s+(?:of|for|to)\s+(?:the\s+)?[A-Z][\w'\u2019-]*(?:\s+(?:and\s+)?[A-Z][\w'\u2019-]*)*)*"
# "the Archbishop of Canterbury, " right before the name's run
_WORD = r"(?!(?:of|for|to|the)\b)[A-Za-z][\w-]*"
_BEFORE_RE = re.compile(rf"\b[Tt]he\s+((?:{_WORD}\s+){{0,3}}{_WORD}){_OF_PLACE},\s*$")
# ", the health secretary," right after the name; or with no article an office of a body:
# ", leader of the Acme Party," (lowercase words only: ", Tom Reed of Acme," is another name)
_AFTER_RE = re.compile(r",\s+(?:(?:the|a|an)\s+((?:[A-Za-z][\w-]*\s+){0,3}?[A-Za-z][\w-]*)"
                       r"(?=\s*[,.;]|\s+(?:of|for|at)\b)|((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)(?=\s+(?:of|for|at)\s))")
_WINDOW = 80  # characters either side an appositive is looked for in
# lowercase role words right before a name, up to the first small word: "former welfare
# minister Ann Vole"; not "Cardinal" in "Both the Cardinal and Archbishop Ann Vole"
_SMALL = r"(?:the|a|an|of|to|and|by|with|for|from|at|in|on|said|says|told|as)\b"
_ROLE_BEFORE = re.compile(rf"\b(?!{_SMALL})[A-Za-z][a-z-]+\b(?=(?:\s+(?!{_SMALL})[A-Za-z][a-z-]+)*\s*$)", re.I)


# what can end a word _ROLE_BEFORE reads: "[a-z-]" in any case (re.I folds in "ſ", "K", "İ", "ı")
_ROLE_WORD_ENDS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\u017f\u212a\u0130\u0131")


def roles_around(text: str, run_start: int, end: int) -> set[str]:
    """Return the role words beside the name whose run starts at run_start
    and which ends at end: up to three lowercase words right before the run
    ("former welfare minister"), and an appositive's (appositive_roles)."""
    lo = max(0, run_start - 40)
    # _ROLE_BEFORE's words reach the run's start: after a stop, a quote mark or a digit
    # (most names) it finds none, and a string test spares the scan
    tail = text[lo:run_start].rstrip()
    before = _ROLE_BEFORE.findall(text, lo, run_start)[-3:] if tail[-1:] in _ROLE_WORD_ENDS else []
    return {w.lower() for w in before} | appositive_roles(text, run_start, end)


def appositive_roles(text: str, run_start: int, end: int) -> set[str]:
    """Return the role words of an appositive right before the run at
    run_start ("the Archbishop of Canterbury, ") or right after the name
    ending at end (", the health secretary,", ", leader of the Acme Party,"):
    empty when its head is no role."""
    found: set[str] = set()
    lo = max(0, run_start - _WINDOW)
    # _BEFORE_RE ends in ",\s*$": without that comma before the run, a string test spares the scan
    before = _BEFORE_RE.search(text, lo, run_start) if text[lo:run_start].rstrip().endswith(",") else None
    after = _AFTER_RE.match(text, end, min(len(text), end + _WINDOW))
    for m in (before, after):
        if m is not None:
            found |= _role_words(m.group(m.lastindex or 1))
    return found


def _role_words(phrase: str) -> set[str]:
    """Return the lowercase role words of a description whose head is a role."""
    words = phrase.lower().split()
    roles = lexicon().roles
    return {w for w in words if w in roles} if words and words[-1] in roles else set()


_OFFICE_CHANGERS = words("office_changers")


def role_mentions(text: str, events: list[tuple[int, Person, bool]]) -> list[tuple[int, Person, bool]]:
    """Return a mention event (position, person, is a subject) for each
    definite description of a role someone was introduced with ("On Friday,
    the cardinal will ask ..." after Cardinal Ann Vole): it keeps that person
    salient for a pronoun after it.  `events` are the name mentions found so
    far; a description means the holder of all its role words mentioned
    last before it, and nobody when no one was introduced with them."""
    roles = lexicon().roles
    holders: dict[str, list[Person]] = {}
    for person in {id(p): p for _pos, p, _s in events if p.first}.values():
        for word in person.roles & roles:
            holders.setdefault(word, []).append(person)
    if not holders:
        return []
    seen: dict[int, list[int]] = {}  # a person's order -> the positions of their mentions, in order
    for pos, person, _subject in sorted(events, key=lambda e: e[0]):
        seen.setdefault(person.order, []).append(pos)
    found = []
    for m in _description_re().finditer(text):
        wanted = {w for w in m.group(1).lower().split() if w in roles}
        fits = [p for p in holders.get(m.group(2).lower(), ()) if wanted <= p.roles
                and not (p.roles & _OFFICE_CHANGERS) - wanted and _last(seen[p.order], m.start()) >= 0]
        if fits:
            person = max(fits, key=lambda p: _last(seen[p.order], m.start()))
            found.append((m.start(), person, is_subject(text, m.start())))
    return found


@lru_cache(maxsize=1)
def _description_re() -> re.Pattern[str]:
    """Return the regex of 'the (modifiers) ROLE' not followed by a
    capitalised name (that is a title before a name) or another role word:
    one pattern over the lexicon's roles, compiled once (a pattern per
    article's own roles cost a compilation per article)."""
    alt = word_alternation(lexicon().roles)
    # "[Tt]" first, the word check after it: the engine skips to the letter (a scan of every article)
    return re.compile(
        rf"[Tt](?<!\w[Tt])he\s+((?:[a-zA-Z-]+\s+){{0,2}}?)((?i:{alt}))\b(?!['\u2019-]|\s+[A-Z]|\s+(?i:{alt})\b)")


def _last(positions: list[int], pos: int) -> int:
    """Return the last of the sorted `positions` before pos, or -1."""
    i = bisect_left(positions, pos)
    return positions[i - 1] if i else -1
