"""A segment's facet column (search.features.facets._read_column) against
a scan of the documents' own values: each document's first value by term
order in `first`, the others in `more_docs`/`more_ids`, by term then
docnum; small and large value sets, documents with none, several blocks."""
from __future__ import annotations

import random

import numpy as np
import pytest
from whoosh import fields
from whoosh.filedb.filestore import RamStorage

from onrecord.search.features import facets
from onrecord.search.features.facets import _read_column


def scanned(docs: list[list[str]]) -> tuple[list[str], list[int], list[tuple[int, int]]]:
    """Return (values by id, first id per doc, (doc, id) of the others) by a scan."""
    values = [""] + sorted({v for doc in docs for v in doc})
    ids = {v: i for i, v in enumerate(values)}
    first = [ids[min(doc)] if doc else 0 for doc in docs]
    more = [(n, ids[v]) for v in values[1:] for n, doc in enumerate(docs) if v in doc and v != min(doc)]
    return values, first, more


@pytest.mark.parametrize("count, distinct, seed", [(0, 3, 1), (5, 3, 2), (400, 40, 3), (3000, 900, 4), (3000, 3, 5)])
def test_the_column_equals_a_scan(count: int, distinct: int, seed: int) -> None:
    rng = random.Random(seed)
    names = [f"name {i:04d}" for i in range(distinct)]
    docs = [rng.sample(names, rng.choice([0, 1, 1, 2, 3])) for _ in range(count)]
    schema = fields.Schema(facet=fields.KEYWORD(commas=True, lowercase=False))
    ix = RamStorage().create_index(schema)
    with ix.writer() as writer:
        for doc in docs:
            writer.add_document(facet=",".join(doc))
    with ix.searcher() as searcher:
        (leaf, _), = searcher.reader().leaf_readers() or [(searcher.reader(), 0)]
        column = _read_column(leaf, "facet")
    values, first, more = scanned(docs)
    assert column.values == values
    assert column.first.tolist() == first
    assert column.first.dtype == (np.uint8 if len(values) <= 256 else np.uint32)
    assert list(zip(column.more_docs.tolist(), column.more_ids.tolist(), strict=True)) == more


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("limit", [1, 5, 20, 2000])
def test_top_values_are_the_highest_counts_then_first_values(seed: int, limit: int) -> None:
    rng = random.Random(seed)
    values = [""] + [f"name {rng.random():.6f}" for _ in range(rng.choice([3, 30, 900]))]
    # Small counts: many values tie at the limit-th count.
    counts = np.array([0] + [rng.choice([0, 1, 1, 2, 3, 40]) for _ in values[1:]], dtype=np.int64)
    expected = sorted(np.flatnonzero(counts).tolist(), key=lambda i: (-int(counts[i]), values[i]))[:limit]
    assert facets._top_ids(counts, values, limit) == expected
