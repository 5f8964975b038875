"""Sorted arrays' set operations equal numpy's own (np.unique, np.intersect1d)."""
from __future__ import annotations

import numpy as np
import pytest

from onrecord.search.query.sortedarrays import distinct, intersect_sorted


@pytest.mark.parametrize("dtype", [np.int64, np.uint32])
@pytest.mark.parametrize("sizes", [(0, 0), (0, 5), (1, 1), (7, 300), (2_000, 1_500), (40, 40)])
def test_intersection_and_distinct_equal_numpys(dtype: type, sizes: tuple[int, int]) -> None:
    rng = np.random.default_rng(sum(sizes))
    a, b = (np.sort(rng.choice(5_000, size, replace=False)).astype(dtype) for size in sizes)
    assert intersect_sorted(a, b).tolist() == np.intersect1d(a, b, assume_unique=True).tolist()
    assert intersect_sorted(b, a).tolist() == np.intersect1d(a, b, assume_unique=True).tolist()
    both = np.concatenate([a, b, a[:3]])
    assert distinct(both).tolist() == np.unique(both).tolist()
    assert distinct(np.sort(both), ordered=True).tolist() == np.unique(both).tolist()


def test_keys_past_32_bits() -> None:
    a = np.array([(3 << 32) + 1, (3 << 32) + 9, 5 << 32], dtype=np.int64)
    b = np.array([(3 << 32) + 9, 5 << 32, (6 << 32)], dtype=np.int64)
    assert intersect_sorted(a, b).tolist() == [(3 << 32) + 9, 5 << 32]
    assert distinct(a >> 32, ordered=True).tolist() == [3, 5]
