"""The English word lists attribution reads, from one file.

Owns indexer/data/lexicon_en.json: one list per key (cue verbs, pronouns,
titles by gender, first names by gender, role and institution words, stop
lists), each documented under "_about".  Every list is read once, cached
and lowercased; the modules that use one take it with `words(key)`, and
regexes built from a list stay in their module but take its words from
here.  A newcomer adds a word with one row in the file.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DATA_DIR = Path(__file__).with_name("data")  # the indexer's data files: word lists, fitted weights
PATH = DATA_DIR / "lexicon_en.json"


@lru_cache(maxsize=1)
def _lists() -> dict[str, frozenset[str]]:
    data = json.loads(PATH.read_text(encoding="utf-8"))
    return {key: frozenset(w.lower() for w in value) for key, value in data.items() if not key.startswith("_")}


def words(*keys: str) -> frozenset[str]:
    """Return the union of the lists named `keys` (a KeyError names a missing list)."""
    lists = _lists()
    if len(keys) == 1:
        return lists[keys[0]]
    return frozenset().union(*(lists[k] for k in keys))


def keys() -> list[str]:
    """Return the names of every list in the file."""
    return sorted(_lists())
