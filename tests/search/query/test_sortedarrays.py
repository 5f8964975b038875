"""Sorted arrays' set operations equal numpy's own (np.unique, np.intersect1d)."""
from __future__ import annotations

import numpy as np
import pytest

from onrecord.search.query.sortedarrays import distinct, intersect_sorted, sort_runs


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
    assert distinct(both, runs=True).tolist() == np.unique(both).tolist()


@pytest.mark.parametrize("runs", [[], [0], [5], [300, 2_000], [2_000, 7, 40, 1], [1_000] * 4])
def test_sorted_runs_sort_as_any_values_do(runs: list[int]) -> None:
    # Each run sorted, the runs overlapping and repeating values: the same array as np.sort's.
    rng = np.random.default_rng(len(runs) + sum(runs))
    values = np.concatenate([np.sort(rng.integers(-(1 << 40), 1 << 40, n)) for n in runs] + [np.zeros(0, np.int64)])
    assert sort_runs(values).tolist() == np.sort(values).tolist()
    shuffled = rng.permutation(values)  # not runs at all: still sorted right
    assert sort_runs(shuffled).tolist() == np.sort(values).tolist()


def test_keys_past_32_bits() -> None:
    a = np.array([(3 << 32) + 1, (3 << 32) + 9, 5 << 32], dtype=np.int64)
    b = np.array([(3 << 32) + 9, 5 << 32, (6 << 32)], dtype=np.int64)
    assert intersect_sorted(a, b).tolist() == [(3 << 32) + 9, 5 << 32]
    assert distinct(a >> 32, ordered=True).tolist() == [3, 5]
