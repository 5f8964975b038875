"""Where an article names someone by surname alone or title and surname.

Owns finding where a known
surname stands alone ("Mourinho added", "Mr Straw said", "Vole's plan"),
never inside a longer name ("Vole Street") or after its own first name (the
full-name scan counted "Ann Vole").  indexer.annotate.attribution.people.speakers
turns each hit into a mention of the person it names.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from onrecord.indexer.annotate.attribution.names.names import F_TITLES, M_TITLES, N_TITLES
from onrecord.indexer.lexicon import words

_TITLE_ALT = "|".join(sorted((w.capitalize() for w in F_TITLES | M_TITLES | N_TITLES), key=lambda w: (-len(w), w)))
_CAP_WORD_RE = re.compile(r"[A-Z](?<!\w[A-Z])[\w'\u2019-]*")  # the capital first: the engine skips to it
_POSSESSIVE_END_RE = re.compile(r"['\u2019]s$")
_POSSESSIVE_ENDS = ("'s", "\u2019s")
_NEXT_CAP_RE = re.compile(r"[ \u00a0]+[A-Z]")
_TITLE_BEFORE_RE = re.compile(rf"\b({_TITLE_ALT})\.?\s+$")
# a capitalised word right before a surname: its first name ("Ann Vole"), unless a sentence ends there
_FULL_NAME_BEFORE = re.compile(r"\b([A-Z][\w'\u2019-]*|[A-Z]\.)[ \u00a0]+$")
# a capitalised word before a surname that is no first name: "While Vole said", "For Vole,", "Acme's Vole"
_NOT_NAME_BEFORE = words("leading_noise", "not_names", "clause_openers", "determiners")


def surname_hits(text: str, surnames: set[str]) -> Iterator[tuple[int, str, str | None]]:
    """Yield (start, surname, title or None) for each mention of one of
    `surnames` alone or after a title; start is the title's when there is one."""
    for m in _cap_words_at(text, _occurrences(text, surnames)):
        word = m.group()
        if word not in surnames:
            word = word[:-2] if word.endswith(_POSSESSIVE_ENDS) else word  # a string test, not a regex
            if word not in surnames or _NEXT_CAP_RE.match(text, m.end()):
                continue
        elif _NEXT_CAP_RE.match(text, m.end()):
            continue  # "Vole Street": part of a longer name
        t = _TITLE_BEFORE_RE.search(text, max(0, m.start() - 12), m.start()) if _title_may_end(
            text[max(0, m.start() - 12):m.start()]) else None
        before = None if t else _FULL_NAME_BEFORE.search(text, max(0, m.start() - 30), m.start())
        if before and before.group(1).lower() not in _NOT_NAME_BEFORE and not _POSSESSIVE_END_RE.search(
                before.group(1)):
            continue  # "Ann Vole": the full-name scan counted it
        yield (t.start() if t else m.start()), word, (t.group(1) if t else None)


_TITLE_WORDS = tuple(_TITLE_ALT.split("|"))


def _title_may_end(window: str) -> bool:
    """False when `window` cannot end as _TITLE_BEFORE_RE must (a title, "." or not, and
    whitespace): a string test that spares its scan before most surnames."""
    head = window.rstrip()
    if len(head) == len(window):
        return False
    return head.endswith(_TITLE_WORDS) or head.endswith(".") and head[:-1].endswith(_TITLE_WORDS)


def _occurrences(text: str, surnames: set[str]) -> list[int]:
    """Return, sorted, every position where a surname that can open a capitalised word occurs:
    the only places a hit can start.  A few str.find calls per surname, where a Python step
    per capitalised word of the article cost a tenth of building its people."""
    found: set[int] = set()
    for surname in surnames:
        if "A" <= surname[:1] <= "Z":  # _CAP_WORD_RE's words open with an ASCII capital
            at = text.find(surname)
            while at >= 0:
                found.add(at)
                at = text.find(surname, at + 1)
    return sorted(found)


def _cap_words_at(text: str, positions: list[int]) -> Iterable[re.Match[str]]:
    """Return, in order, the matches of _CAP_WORD_RE.finditer(text) that start at one of
    `positions`.  After a character a word goes on over without being \\w ("O'Neill",
    "Smith-Vole") a position may lie inside a word the scan matched from an earlier capital:
    then the scan itself, once (rare, and linear whatever the text)."""
    if any(at and text[at - 1] in _GOES_ON for at in positions):
        wanted = set(positions)
        return [m for m in _CAP_WORD_RE.finditer(text) if m.start() in wanted]
    return [m for at in positions if (m := _CAP_WORD_RE.match(text, at)) is not None]


_GOES_ON = "'\u2019-"  # in _CAP_WORD_RE's words, not \\w: a word before may run on through them
