"""A phrase's positions parsed in bulk equal Whoosh's own reading of them.

search.query.phrases.position_keys reads Whoosh 3's Positions values (a
count, then the pickled deltas) with numpy where every delta is a one-byte
pickled int, and through Whoosh's decode otherwise; both must give the
positions Whoosh's `Positions.decode_positions` gives.
"""
from __future__ import annotations

import numpy as np
import pytest
from whoosh import formats

from onrecord.search.query.phrases import position_keys
from onrecord.search.storage.whoosh_internals import positions_decoder

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
