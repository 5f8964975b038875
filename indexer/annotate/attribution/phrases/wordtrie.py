"""Word lists as compact regular expressions.

The regex engine tries the branches of an alternation one by one at every
position, so a 300-word "said|says|told|..." costs 300 tries per word
start; factored by shared prefixes it costs a handful.  indexer.annotate.attribution.phrases.cues builds
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
