"""The analyzers of the paragraph schema's word and name fields, and the posting format of the scored ones.

Owns how text becomes the terms of the `exact` field (every word as
written, plus common grams) and of the stemmed fields (common words
dropped), and the terms of a comma-separated names value (split_names;
its NameTokenizer stays in search.storage.schema, where pickled schemas
name it).  search.storage.schema builds the fields from these and
re-exports them; snippets and queries analyse their words alike.

Also owns Counted, the posting format of the fields no query reads a
posting's value of: Whoosh's Frequency format without its value bytes.
Whoosh 3 writes each posting's weight (its frequency times the field
boost) in the block's weights already, and every reader here scores,
counts and filters from the weights and ids alone: no query, snippet or
facet reads a stemmed, name or keyword field's 4-byte frequency value
(phrases read positions, and only of the Positions fields: `exact`,
`said_exact`, `quote_text`, `title`).  Those values were 3.04 of a
5,000-paragraph index's 48.90 MB (bench/RESULTS.md, speed50).  Weights
and field lengths stay what Frequency gives (a posting's frequency still
counts into its field's length), so scores are unchanged.  An index built
before holds Frequency fields: count_in_weights() (through
schema.upgrade_schema, which every searcher's and writer's opening runs)
gives the schema it read Counted, and Whoosh 3's reader then ignores the
old segments' values (a format of fixed value size 0 reads none), so old
and new segments are read alike and merge; the first commit writes the
upgraded schema to the table of contents.  Code before this format cannot
open an index whose table of contents names it: going back needs a reindex.
For the same reason Counted stays at this import path: every table of
contents written since pickles it by name, as NameTokenizer's in schema.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any, cast

from whoosh import fields, formats
from whoosh.analysis import Analyzer, LowercaseFilter, RegexTokenizer, StemmingAnalyzer
from whoosh.system import emptybytes

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


class Counted(formats.Format):
    """Frequency's weights and field lengths, no value bytes (posting_size 0):
    no decode_* methods, so it supports nothing a value would answer."""

    posting_size = 0
    __inittypes__ = {"field_boost": float}

    def word_values(self, value: Any, analyzer: Any,
                    **kwargs: Any) -> Iterable[tuple[bytes, int, float, bytes]]:
        """Return (term, frequency, weight, b"") per term, as Frequency does but for the value."""
        boost = self.field_boost
        freqs: dict[Any, int] = defaultdict(int)
        weights: dict[Any, float] = defaultdict(float)
        kwargs["boosts"] = True
        for token in formats.tokens(value, analyzer, kwargs):
            freqs[token.text] += 1
            weights[token.text] += token.boost
        return ((word, freq, weights[word] * boost, emptybytes) for word, freq in freqs.items())

    def encode(self, value: Any) -> bytes:
        """Return the empty value of every posting."""
        return emptybytes

    def combine(self, vs: Iterable[bytes]) -> bytes:
        """Return the empty value of every posting."""
        return emptybytes


def counted(field: fields.FieldType) -> bool:
    """Give `field` Counted in place of its Frequency format (its boost kept);
    return whether it had Frequency."""
    if type(field.format) is not formats.Frequency:
        return False
    field.format = Counted(field_boost=field.format.field_boost)
    return True


def count_in_weights(schema: Any) -> bool:
    """Give every Frequency field of `schema` the Counted format (build_schema's
    fields, and an older index's as it is opened); return whether any changed."""
    changed = False
    for name in schema.names():
        changed = counted(schema[name]) or changed
    return changed
