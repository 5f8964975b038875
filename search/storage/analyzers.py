"""The analyzers of the paragraph schema's word and name fields.

Owns how text becomes the terms of the `exact` field (every word as
written, plus common grams) and of the stemmed fields (common words
dropped), and the terms of a comma-separated names value (split_names;
its NameTokenizer stays in search.storage.schema, where pickled schemas
name it).  search.storage.schema builds the fields from these and
re-exports them; snippets and queries analyse their words alike.
"""
from __future__ import annotations

from typing import cast

from whoosh.analysis import Analyzer, LowercaseFilter, RegexTokenizer, StemmingAnalyzer

from onrecord.search.storage.lexicon import COMMON_WORDS, MIN_STEM_CHARS, CommonGramsFilter

# How the `exact` field (quoted phrases, common words) splits text: a word is a run of letters, digits or
# underscores, lowercased; everything else (punctuation, spaces, line and sentence ends) only separates
# words.  Nothing is removed, so positions are the words' true positions.
EXACT_WORD = r"\w+"


def exact_word_analyzer() -> Analyzer:
    """Return the word analyzer of the `exact` field: EXACT_WORD runs,
    lowercased, no stop words removed, no stemming (and no common grams:
    what snippets mark in a paragraph's text)."""
    return cast(Analyzer, RegexTokenizer(EXACT_WORD) | LowercaseFilter())


def exact_analyzer() -> Analyzer:
    """Return the analyzer of the `exact` field: its words plus, at index
    time, the common grams of search.storage.lexicon (a phrase's words
    become grams after parsing: search.query.querying.gram_phrases)."""
    return cast(Analyzer, exact_word_analyzer() | CommonGramsFilter())


def stemming_analyzer() -> Analyzer:
    """Return the analyzer of the stemmed fields, dropping exactly the
    lexicon's common words (which the `exact` field keeps)."""
    return StemmingAnalyzer(stoplist=COMMON_WORDS, minsize=MIN_STEM_CHARS)


def exact_words(text: str) -> list[str]:
    """Return `text`'s words as the `exact` field indexes them, in order."""
    return [token.text for token in exact_word_analyzer()(text)]


def split_names(value: str, whole_only: bool = False) -> list[str]:
    """Return the lowercased index terms of a comma-separated names value."""
    terms: list[str] = []
    for name in value.split(","):
        whole = " ".join(name.lower().split())
        if not whole:
            continue
        terms.append(whole)
        words = whole.split(" ")
        if not whole_only and len(words) > 1:
            terms.extend(w for w in words if w)
    return terms
