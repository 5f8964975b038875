"""An article's learned aliases found by string searches instead of one compiled regex each.

Every article learns aliases (indexer.annotate.institutions.institutions: acronyms, "North
West Command Unit"), most of them new: compiling each one's alias_pattern was about a
twentieth of extraction's time.  An alias of ASCII words without an apostrophe is found in
the text by str.find instead, with exactly the pattern's rules (registry.alias_tokens: which
words match in any case; a word start before it, none after it; any whitespace between its
words).  A text in which a non-ASCII character could match an ASCII letter in any case
(the Kelvin sign is a "k" to an ignore-case regex) falls back to the compiled pattern.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from onrecord.indexer.annotate.institutions.registry import alias_pattern, alias_tokens

# the non-ASCII characters an ignore-case regex matches to an ASCII character, or whose case
# change holds an ASCII one (tests/indexer/annotate/test_institution_literals.py derives them)
FOLDS_TO_ASCII = "\u00df\u0130\u0131\u0149\u017f\u01f0\u1e96\u1e97\u1e98\u1e99\u1e9a\u212a" \
                 "\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06"


@functools.lru_cache(maxsize=4)  # one article's text and its paragraphs, asked once per alias
def ascii_folded(text: str) -> str | None:
    """Return text.lower() when it lowercases character for character and no
    non-ASCII character of it matches an ASCII one in any case; else None."""
    if text.isascii():
        return text.lower()
    if any(c in text for c in FOLDS_TO_ASCII):
        return None
    low = text.lower()
    return low if len(low) == len(text) else None


@dataclass(frozen=True, slots=True)
class LiteralMatch:
    """Where a literal alias matched: the part of re.Match the scans read."""

    string: str
    begin: int
    finish: int

    def start(self) -> int:
        """Return where the match starts."""
        return self.begin

    def end(self) -> int:
        """Return where the match ends."""
        return self.finish

    def span(self) -> tuple[int, int]:
        """Return (start, end)."""
        return self.begin, self.finish

    def group(self) -> str:
        """Return the matched text."""
        return self.string[self.begin:self.finish]


def _is_word(c: str) -> bool:
    return c.isalnum() or c == "_"  # what the regex's \w is for a str pattern


@dataclass(frozen=True, slots=True)
class LiteralAlias:
    """An ASCII alias without apostrophes, searched as alias_pattern(alias) matches."""

    alias: str
    words: tuple[tuple[str, bool], ...]  # (word, any case), an any-case word lowercased

    def search(self, text: str, pos: int = 0) -> LiteralMatch | re.Match[str] | None:
        """Return the leftmost match at or after pos (as alias_pattern(alias).search), or None."""
        low = ascii_folded(text)
        if low is None:
            return alias_pattern(self.alias).search(text, pos)
        (head, any_case), n = self.words[0], len(text)
        hay = low if any_case else text
        at = hay.find(head, pos)
        while at >= 0:
            end = self._rest(text, low, at + len(head))
            if end >= 0 and not (at and _is_word(text[at - 1])) and not (end < n and _is_word(text[end])):
                return LiteralMatch(text, at, end)
            at = hay.find(head, at + 1)
        return None

    def _rest(self, text: str, low: str, at: int) -> int:
        """Return where the words after the first end when they follow `at`, else -1."""
        n = len(text)
        for word, any_case in self.words[1:]:
            spaces = at
            while at < n and text[at].isspace():
                at += 1
            if at == spaces or not (low if any_case else text).startswith(word, at):
                return -1
            at += len(word)
        return at


@functools.lru_cache(maxsize=4096)
def alias_searcher(alias: str) -> LiteralAlias | re.Pattern[str]:
    """Return what finds `alias` as alias_pattern(alias) does: a LiteralAlias when
    it is ASCII without an apostrophe, else the compiled pattern."""
    if not alias.isascii() or "'" in alias or not alias.split():
        return alias_pattern(alias)
    return LiteralAlias(alias, tuple((w.lower() if case else w, case) for w, case in alias_tokens(alias)))
