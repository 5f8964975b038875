"""Word lists as compact regular expressions.

The regex engine tries the branches of an alternation one by one at every
position, so a 300-word "said|says|told|..." costs 300 tries per word
start; factored by shared prefixes it costs a handful.  indexer.annotate.attribution.phrases.cues.cues builds
its cue patterns with it (find_cues was the hottest loop of attribution).
"""
from __future__ import annotations

import re


def word_alternation(words: frozenset[str]) -> str:
    """Return a regex alternation matching exactly `words`, factored by shared
    prefixes ("sa(?:id|ying|ys)").  For plain-letter words followed by a
    word boundary it matches what "said|saying|says" matches: at most one
    such word can end at a boundary, so branch order does not matter."""
    trie: dict[str, dict] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        branches = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        if len(branches) == 1 and "" not in node:
            return branches[0]
        group = "(?:" + "|".join(branches) + ")"
        return group + "?" if "" in node else group
    return emit(trie)


# what an ASCII letter matches under re.IGNORECASE besides its two cases (sre's case folding)
CASE_FOLDS = {"i": "\u0130\u0131", "k": "\u212a", "s": "\u017f"}


def letter_led_alternation(phrases: list[str], words: frozenset[str]) -> str:
    """Return a regex alternation, for a pattern without IGNORECASE, that matches what
    "(?i:p1|p2|...|<word_alternation(words)>)" matches: `phrases` (regexes, each opening with
    an ASCII letter, tried in order) before `words` (plain words).  Each letter has one branch
    per character it matches in any case, led by that literal ("s(?i:aid|ays)|S(?i:aid|ays)|
    \u017f(?i:aid|ays)"), so at a word start the engine rejects a branch on one inline
    comparison, where under IGNORECASE it entered every branch (and a class test per letter
    cost a call each: a third of a cue scan's time).  Branches of different characters never
    match at the same place, so grouping them by letter keeps the order that matters."""
    rests: dict[str, list[str]] = {}
    for phrase in phrases:
        rests.setdefault(phrase[0].lower(), []).append(phrase[1:])
    by_letter: dict[str, set[str]] = {}
    for word in words:
        by_letter.setdefault(word[0].lower(), set()).add(word[1:])
    for letter, tails in by_letter.items():
        rests.setdefault(letter, []).append(word_alternation(frozenset(tails)))
    if not all("a" <= letter <= "z" for letter in rests):
        raise ValueError("letter_led_alternation: every phrase and word must open with an ASCII letter")
    return "|".join(f"{form}(?i:{'|'.join(alts)})" for c, alts in sorted(rests.items())
                    for form in c + c.upper() + CASE_FOLDS.get(c, ""))


def word_start_alternation(words: list[str]) -> str:
    """Return a regex group matching what "\\b(?:w1|w2|...)" matches for the literal `words`
    (each opening with a word character, tried in order): each first character leads its
    words' branch, the word check after it ("L(?<!\\w.)(?:ord|ady)"), so a pattern opening
    with it lets the engine skip to those characters instead of trying "\\b" at every one."""
    rests: dict[str, list[str]] = {}
    for word in words:
        if not re.fullmatch(r"\w", word[:1]):
            raise ValueError(f"word_start_alternation: {word!r} does not open with a word character")
        rests.setdefault(word[0], []).append(re.escape(word[1:]))
    return "(?:" + "|".join(rf"{re.escape(c)}(?<!\w.)(?:{'|'.join(alts)})" for c, alts in rests.items()) + ")"
