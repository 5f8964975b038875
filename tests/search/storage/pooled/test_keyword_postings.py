"""The keyword fields' fast index-time postings (search.storage.pooled.keywords)
equal what Whoosh's field.index() gives, term for term; and the bulk writer's
memo of recent values gives each document the postings of its own value."""
from __future__ import annotations

import random
from typing import Any

import pytest
from whoosh import fields
from whoosh.analysis import RegexTokenizer, StandardAnalyzer

from onrecord.search.storage.pooled.keywords import keyword_indexer, term_splitter
from onrecord.search.storage.pooled.whoosh_writers import MEMO_VALUES, BulkWriter
from onrecord.search.storage.schema import build_schema
from tests.search.storage.test_field_postings import as_triples

VALUES = [
    "", " ", ",", " , ,", "a", "a,a,a", "Ann Smallman, Bob Jones,ann smallman",
    "  padded , names ,  ", "one\ttab\nline\r\nend", "k1 k2 k1  k3",
    "Ça va, İstanbul, ΣΊΣΥΦΟΣ, straße, 東京 ٣٤٥", "x,,y", "Mr. A. B. Smith-Jones, O'Neill",
    "2004-03-01,2005-12-31", "a, b,c , d", "   leading", "trailing,   ",
]
PIECES = ["Ann", "Smallman", "BBC", "the", "İ", "é", " ", ",", "\t", "x", "Jones", "  ", "1,000"]


def varied_values(count: int, seed: int = 34) -> list[str]:
    """Return VALUES and `count` random strings of awkward pieces."""
    rng = random.Random(seed)
    return VALUES + ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 12))) for _ in range(count)]


def whoosh_triples(field: Any, value: Any) -> tuple[list[tuple[bytes, float, bytes]], int]:
    """Return Whoosh's postings of `value` as the bulk writer pools them, and the length."""
    postings = list(field.index(value))
    return sorted((t, w * 1.0, v) for t, _, w, v in postings), sum(f for _, f, _, _ in postings)


def keyword_fields() -> dict[str, Any]:
    """Return the schema's fields keyword_indexer takes, and plain KEYWORD fields."""
    schema = build_schema()
    found = {name: schema[name] for name in schema.names() if keyword_indexer(schema[name]) is not None}
    found["space_keywords"] = fields.KEYWORD()
    found["comma_keywords"] = fields.KEYWORD(commas=True)
    return found


def test_the_schemas_keyword_fields_are_mirrored() -> None:
    names = set(keyword_fields())
    assert {"speaker", "institution", "outlet", "author", "dates"} <= names
    assert not names & {"exact", "text", "title", "doc_id", "has_quote", "published"}


@pytest.mark.parametrize("name", sorted(keyword_fields()))
def test_keyword_postings_equal_whooshs(name: str) -> None:
    field = keyword_fields()[name]
    index = keyword_indexer(field)
    assert index is not None
    for value in varied_values(300):
        done = index(value)
        assert done is not None
        assert (sorted(as_triples(done[0])), done[1]) == whoosh_triples(field, value), value


def test_values_that_are_not_strings_and_other_analyzers_take_whooshs_path() -> None:
    index = keyword_indexer(fields.KEYWORD(commas=True))
    assert index is not None and index(["a", "b"]) is None
    assert keyword_indexer(fields.KEYWORD(lowercase=True)) is None  # a LowercaseFilter
    assert keyword_indexer(fields.KEYWORD(field_boost=2.0)) is None
    assert keyword_indexer(fields.TEXT(analyzer=StandardAnalyzer())) is None
    assert keyword_indexer(fields.ID()) is None  # Existence format
    assert term_splitter(RegexTokenizer(r"(\w)+")) is None  # findall would give groups
    assert term_splitter(RegexTokenizer(r",", gaps=True)) is None


def test_the_memo_gives_each_value_its_own_postings(tmp_path: Any) -> None:
    from whoosh import index as whoosh_index
    ix = whoosh_index.create_in(str(tmp_path), build_schema())
    writer = BulkWriter(ix)
    field = build_schema()["speaker"]
    values = [f"Name {i % 7}, Other {i % 3}" for i in range(3 * MEMO_VALUES)] + [f"n{i}" for i in range(MEMO_VALUES + 5)]
    try:
        for value in values + values[::-1]:
            columns, length = writer._index_field("speaker", field, value)
            assert (sorted(as_triples(columns)), length) == whoosh_triples(field, value)
        flags = build_schema()["has_quote"]
        for value in (True, False, True, 1, 0):  # equal keys of another type are not taken
            columns, _ = writer._index_field("has_quote", flags, value)
            assert sorted(as_triples(columns)) == whoosh_triples(flags, value)[0]
    finally:
        writer.cancel()
