"""search.query.within: the documents a word is scored in, as a set or arrays and a mask made once."""
from __future__ import annotations

from array import array

import numpy as np
import pytest

from onrecord.search.query import ranking
from onrecord.search.query.within import Within


@pytest.mark.parametrize(("size", "docs"), [
    (10, set()),
    (10, {0, 9}),
    (1000, set(range(3, 1000, 7))),
])
def test_mask_length_and_membership_equal_the_set(size: int, docs: set[int]) -> None:
    within = Within(size, docs=docs)
    assert np.flatnonzero(within.mask()).tolist() == sorted(docs)
    assert len(within) == len(docs)
    assert [d for d in range(size) if d in within] == sorted(docs)


@pytest.mark.parametrize(("size", "id_arrays"), [
    (12, [array("I", [1, 4, 7]), array("I", [4, 7, 11])]),  # two terms sharing documents
    (12, [array("I", [2, 3]), ()]),  # a term not in the segment
    (12, [array("I"), [5, 6]]),  # a term decoded as a list (not a Whoosh 3 block)
])
def test_arrays_count_each_document_once_without_a_set(size: int, id_arrays: list) -> None:
    expected = sorted({d for ids in id_arrays for d in ids})
    within = Within(size, id_arrays=id_arrays)
    assert len(within) == len(expected)
    assert [d for d in range(-1, size + 2) if d in within] == expected
    assert np.flatnonzero(within.mask()).tolist() == expected


def test_the_mask_is_made_once_for_every_long_posting_list(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    zeros = np.zeros
    monkeypatch.setattr("onrecord.search.query.within.np.zeros", lambda *a, **k: (made.append(1), zeros(*a, **k))[1])
    monkeypatch.setattr(ranking.np, "isin", None)  # numpy's isin hashed both arrays on every call
    within = Within(4000, docs=set(range(0, 4000, 5)))
    ids = array("I", range(0, 4000, 2))
    weights = array("f", [1.0] * len(ids))
    for _word in range(3):
        kept, _ = ranking._postings_within(ids, weights, within)
        assert list(kept) == list(range(0, 4000, 10))
    assert made == [1]
