"""A phrase's positions parsed in bulk equal Whoosh's own reading of them,
and a frequent word's positions, kept whole, answer without its blocks.

search.query.phrases.position_keys reads Whoosh 3's Positions values (a
count, then the pickled deltas) with numpy where every delta is a one-byte
pickled int, and through Whoosh's decode otherwise; both must give the
positions Whoosh's `Positions.decode_positions` gives.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from whoosh import formats
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.query import phrases, postings
from onrecord.search.query.phrases import phrase_docs, position_keys, stream_keys
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.reading.whoosh_internals import positions_decoder
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article

FORMAT = formats.Positions()
# Position lists of every shape: one position, a few, gaps over 255 and
# 65,535 (two- and four-byte pickled ints), over 1,000 (pickle's APPENDS
# batches), and a first position past 255.
POSITIONS = [[0], [7], [3, 4, 9], [0, 1, 2, 3], [2, 300, 301], [70000, 70001],
             [400], list(range(0, 2500, 2)), [5, 6, 100, 356, 357]]


def _value(positions: list[int], stop: bool) -> bytes:
    value = FORMAT.encode(positions)
    return value if stop else value[:-1]  # Whoosh's block writer may drop the STOP byte


def _expected(docs: list[int], lists: list[list[int]], offset: int) -> list[int]:
    return sorted((d << 32) + p - offset for d, ps in zip(docs, lists, strict=True)
                  for p in ps if p >= offset)


@pytest.mark.parametrize("stop", [True, False])
@pytest.mark.parametrize("offset", [0, 1, 3])
def test_bulk_positions_equal_whooshs_decode(stop: bool, offset: int) -> None:
    docs = [4 * i + 1 for i in range(len(POSITIONS))]
    values = [_value(p, stop) for p in POSITIONS]
    assert [FORMAT.decode_positions(v) for v in values] == POSITIONS
    keys = position_keys(docs, values, offset, positions_decoder(FORMAT))
    assert keys.dtype == np.int64
    assert keys.tolist() == _expected(docs, POSITIONS, offset)


def test_simple_values_alone_and_none() -> None:
    decode = positions_decoder(FORMAT)
    lists = [[1, 2], [9], [0, 40, 41]]
    docs = [10, 11, 2**31 - 1]
    keys = position_keys(docs, [_value(p, True) for p in lists], 1, decode)
    assert keys.tolist() == _expected(docs, lists, 1)
    assert position_keys([], [], 0, decode).tolist() == []


def _deltas(positions: list[int]) -> list[int]:
    return [b - a for a, b in zip([0, *positions], positions, strict=False)]


@pytest.mark.parametrize("offset", [0, 1, 3])
@pytest.mark.parametrize("lists", [POSITIONS, [[]], [[], [4]], [[2], [], [0, 1]], []])
def test_stream_keys_equal_the_values_keys(offset: int, lists: list[list[int]]) -> None:
    # a positions stream's arrays (pooled/positionstream) answer as the values they decode to
    docs = [3 * i + 2 for i in range(len(lists))]
    counts = np.array([len(p) for p in lists], dtype=np.int64)
    deltas = np.array([d for p in lists for d in _deltas(p)], dtype=np.int64)
    keys = stream_keys(np.array(docs, dtype=np.int64), counts, deltas, offset)
    assert keys.dtype == np.int64
    assert keys.tolist() == _expected(docs, lists, offset)


# Invented paragraphs: "of the" in every one, "one of the" in every other.
KEEPERS = [f"Lantern {n}: harbour one of the keepers." if n % 2 else f"Harbour {n} of the lantern."
           for n in range(400)]
KEPT_PHRASES = {("one", "of the"): "one of the", ("harbour", "one", "of the"): "harbour one of the",
                ("of the", "the lantern"): "of the lantern"}


def _phrase_ids(index: Index, tokens: tuple[str, ...]) -> set[str]:
    with index.reading() as searcher:
        found = set()
        for leaf, base in searcher.reader().leaf_readers():
            docs = phrase_docs(wq.Phrase("exact", list(tokens)), leaf, Deadline(None), index.postings_cache)
            assert docs is not None
            found |= {searcher.stored_fields(base + d)["paragraph_id"] for d in docs}
        return found


def test_frequent_words_positions_are_kept_and_answer_without_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phrases, "MIN_CACHED", 128)  # this small index's words count as frequent
    index = ram_index()
    write_articles(index, [make_article("keepers", KEEPERS)])
    expected = {tokens: {f"keepers-p{n + 1}" for n, text in enumerate(KEEPERS) if phrase in text.lower()}
                for tokens, phrase in KEPT_PHRASES.items()}
    assert all(len(ids) == 200 for ids in expected.values())
    assert {tokens: _phrase_ids(index, tokens) for tokens in KEPT_PHRASES} == expected

    def no_blocks(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a kept word's postings blocks were read again")

    # "of the" (400 documents) and "one" (200) are frequent here: their keys are kept
    monkeypatch.setattr(phrases, "iter_blocks", no_blocks)
    monkeypatch.setattr(phrases, "iter_blocks_holding", no_blocks)
    assert _phrase_ids(index, ("one", "of the")) == expected[("one", "of the")]
    assert _phrase_ids(index, ("harbour", "one", "of the")) == expected[("harbour", "one", "of the")]
    index.close()


@pytest.mark.parametrize("kind", ["ids", "positions"])
def test_kept_postings_and_positions_carry_their_decoding_cost(monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """The postings cache ranks an entry by its cost a byte: a word's ids and
    its phrase keys are put with the CPU time their decoding took."""
    monkeypatch.setattr(phrases, "MIN_CACHED", 128)
    monkeypatch.setattr(postings, "MIN_CACHED", 128)
    index = ram_index()
    write_articles(index, [make_article("keepers", KEEPERS)])
    costs: dict[str, list[float]] = {"ids": [], "positions": []}
    real = index.postings_cache.put

    def recording(reader: Any, key: tuple[Any, ...], value: Any, size: int, cost: float = 0.0) -> None:
        costs["positions" if key[-1] == "positions" else "ids"].append(cost)
        real(reader, key, value, size, cost)

    monkeypatch.setattr(index.postings_cache, "put", recording)
    _phrase_ids(index, ("one", "of the"))
    assert costs[kind] and all(cost > 0 for cost in costs[kind])
    index.close()
