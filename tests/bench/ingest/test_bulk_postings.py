"""bench.ingest.bulk_postings: the bulk prototype's postings equal the writer's own path's."""
from __future__ import annotations

import pytest

from bench.ingest import bulk_postings
from tests.factories import make_article

LONG = " ".join(f"word{n % 97} of the {n}" for n in range(120))  # positions past 127 and 255
TEXTS = [
    "The cat sat on the mat. The cat sat again, and the cat ran.",
    "",
    "Éric said: «Ça va» in İstanbul, STRASSE and Straße; the U.S. rate rose 3.5% to *stars*.",
    "I am a man of 2 words: a b c d e, running runs ran runner's.",
    LONG,
    "cat cat cat the the the on on",
    "a",
]


@pytest.mark.parametrize("name", ["exact", "said_exact", "text", "said"])
@pytest.mark.parametrize("limit", [2, 128])
def test_bulk_postings_equal_the_writers(name: str, limit: int) -> None:
    # Docnums with gaps, as quote documents leave between paragraphs; "cat" in more
    # documents than a block of 2 holds.
    pairs = [(3 * n + 1, text) for n, text in enumerate(TEXTS * 3)]
    assert bulk_postings.check(name, pairs, limit) > 0


def test_streams_are_the_flushs_varints() -> None:
    field = bulk_postings.build_schema()["exact"]
    postings = bulk_postings.exact_postings(field, [0, 5], ["x y x", LONG])
    blocks = bulk_postings.stream_blocks(postings, 128)
    terms = postings.terms
    # "x" in document 0 at positions 0 and 2: one posting, count 2, deltas 0 and 2.
    assert blocks[terms.index(b"x")] == bytes([2, 0, 2])
    # "of the" (a common gram) stands at each "of": document 5's positions 1, 5, 9, ...: deltas 1 then 4s.
    gram = blocks[terms.index(b"of the")]
    assert gram[:3] == bytes([120, 1, 4])


def test_field_values_follow_the_writers_docnums() -> None:
    # A paragraph's documents: the paragraph, then one a quote; the next paragraph's come after.
    article = make_article("a1", [("He said hello there.", "hello there"), ("No quote here.", None)],
                           speaker="Ann Vole")
    values = bulk_postings.field_values([article])
    assert values["exact"] == [(0, "He said hello there."), (2, "No quote here.")]
    assert values["text"] == values["exact"]
