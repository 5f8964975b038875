"""TermPool.add_document: each document's postings, a field's as three
columns (term bytes, weights, values), appended to its terms' flat lists
[docnum, weight, value, ...] in docnum order, and sized at POSTING_BYTES a
posting (the spill limit's estimate)."""
from __future__ import annotations

from typing import Any

import pytest

from onrecord.search.storage.pooled.pool import POSTING_BYTES, Columns, TermPool


def columns(triples: list[tuple[bytes, float, Any]]) -> Columns:
    """Return (term, weight, value) triples as the pool's three columns."""
    return [t for t, _, _ in triples], [w for _, w, _ in triples], [v for _, _, v in triples]


SHARED = columns([(b"shared", 1.0, b"\x01")])  # one columns object pooled by two documents (a memoised value)

CASES: list[tuple[str, list[tuple[int, list[tuple[str, Any]]]], dict[str, dict[bytes, list[Any]]]]] = [
    ("one posting", [(0, [("f", [(b"a", 1.0, b"x")])])], {"f": {b"a": [0, 1.0, b"x"]}}),
    ("a field with no postings", [(3, [("f", []), ("g", [(b"b", 2.0, None)])])],
     {"f": {}, "g": {b"b": [3, 2.0, None]}}),
    ("two documents share a term", [(1, [("f", [(b"a", 1.0, b"p"), (b"b", 3.0, b"q")])]),
                                     (4, [("f", [(b"b", 1.0, b"r")])])],
     {"f": {b"a": [1, 1.0, b"p"], b"b": [1, 3.0, b"q", 4, 1.0, b"r"]}}),
    ("one columns object in two documents", [(0, [("k", SHARED)]), (2, [("k", SHARED)])],
     {"k": {b"shared": [0, 1.0, b"\x01", 2, 1.0, b"\x01"]}}),
    ("many postings, two fields", [(7, [("f", [(b"t%d" % n, float(n), bytes([n % 256, 7])) for n in range(300)]),
                                        ("g", [(b"z", 1.0, b"")])])],
     {"f": {b"t%d" % n: [7, float(n), bytes([n % 256, 7])] for n in range(300)}, "g": {b"z": [7, 1.0, b""]}}),
]


@pytest.mark.parametrize(("documents", "expected"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_add_document_pools_each_posting_on_its_terms_list(
        documents: list[tuple[int, list[tuple[str, Any]]]],
        expected: dict[str, dict[bytes, list[Any]]]) -> None:
    pool = TermPool(None, None)
    pool.limit = 1 << 40  # nothing spilled
    pooled = [(docnum, [(name, cols if type(cols) is tuple else columns(cols)) for name, cols in postings])
              for docnum, postings in documents]  # triples as columns; SHARED, columns already, kept as one object
    for docnum, postings in pooled:
        pool.add_document(docnum, postings)
    assert {name: dict(terms) for name, terms in pool.terms.items()} == expected
    postings_count = sum(len(cols[0]) for _, postings in pooled for _, cols in postings)
    assert pool.currentsize == postings_count * POSTING_BYTES
    assert pool.in_order
