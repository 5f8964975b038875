"""The bulk writer's postings of the text fields (textfields' triples,
encode_positions) equal Whoosh's own, on the paths the analyzer tests in
test_field_postings.py do not reach: long position lists and odd deltas,
stop filters without renumbering, stemmers that give an empty term."""
from __future__ import annotations

import random

import pytest
from whoosh.analysis import RegexTokenizer, StemmingAnalyzer
from whoosh.formats import Positions

from onrecord.search.storage.schema import build_schema
from onrecord.search.storage.textfields import (
    StemmedText,
    analyzer_parts,
    encode_positions,
    lowered_words,
)
from tests.search.storage.test_field_postings import as_triples, generated_texts, generic_triples


def random_positions(rng: random.Random) -> list[int]:
    """Return an ascending position list: short or past pickle's batch of
    1,000, with deltas below and above 256 and 65,536."""
    count = rng.choice([1, 2, 2, 3, 5, 40, 999, 1000, 1001, 2500])
    top = rng.choice([10, 300, 1000, 70_000, 3_000_000])
    return sorted(rng.sample(range(top + count), count))


def test_positions_encode_as_whoosh_does_on_random_lists() -> None:
    rng = random.Random(34)
    for _ in range(3000):
        positions = random_positions(rng)
        assert encode_positions(positions) == Positions().encode(positions), positions


@pytest.mark.parametrize("phrase", [True, False])
@pytest.mark.parametrize("renumber", [True, False])
def test_stemmed_triples_equal_whooshs_with_or_without_renumbering(phrase: bool, renumber: bool) -> None:
    analyzer = StemmingAnalyzer()
    for item in analyzer.items:
        if hasattr(item, "renumber"):
            item.renumber = renumber
    field = StemmedText(analyzer=analyzer, phrase=phrase)
    for text in generated_texts(300, seed=34):
        columns, length = field.triples(text)
        assert (sorted(as_triples(columns)), length) == generic_triples(field, text), text


def _stem_or_empty(word: str) -> str:
    """A stemmer that gives "police" no term at all."""
    return "" if word == "police" else word[:4]


def test_a_word_stemmed_to_nothing_is_indexed_as_whoosh_does() -> None:
    analyzer = RegexTokenizer() | StemmingAnalyzer().items[1] | StemmingAnalyzer().items[2]
    analyzer = analyzer | StemmingAnalyzer(stemfn=_stem_or_empty).items[3]
    for phrase in (True, False):
        field = StemmedText(analyzer=analyzer, phrase=phrase)
        for text in ["the police said", "police police told"] + generated_texts(100, seed=3):
            columns, length = field.triples(text)
            assert (sorted(as_triples(columns)), length) == generic_triples(field, text), text


@pytest.mark.parametrize("text, shared", [
    ("The mayor told the ferry crew it was over, she said.", True),
    ("Ça va, the café owner said twice", True),
    ("Prices rose 3.5 per cent in the U.S. last week", False),  # a dot inside a word
    ("a wild*card word", False),
])
def test_stemmed_and_exact_fields_find_a_plain_texts_words_once(text: str, shared: bool) -> None:
    """A paragraph is indexed as `exact` (\\w+) and `text` (Whoosh's default
    expression): where the two match alike, both read one list."""
    schema = build_schema()
    plain = analyzer_parts(schema["exact"])[0].expression
    default = analyzer_parts(schema["text"])[0].expression
    words = lowered_words(plain, text)
    assert (lowered_words(default, text) is words) == shared
    assert list(lowered_words(default, text)) == [t.text for t in schema["text"].analyzer.items[0](text.lower())]
