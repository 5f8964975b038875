"""search.storage.pooled.onepostings and flush's write_field: a field's terms
written in one loop (one-posting terms joined from the field's parts) are the
bytes write_term and compact_info write term by term: the postings file and
every compact info, in a positions-stream field and a Counted one, through
every form a one-posting term may take and the ones the loop leaves to write_term."""
from __future__ import annotations

import itertools
import random
from io import BytesIO
from typing import Any

import pytest

from onrecord.search.storage.pooled.blockwriter import BlockWriter
from onrecord.search.storage.pooled.compactblocks import COMPACT_TAG
from onrecord.search.storage.pooled.compactterms import compact_info, read_info

WEIGHTS = [1.0, 2.0, 3.0, 0.5, 1.1, 255.0, 300.0, 1e10, float("inf"), 1, 0.0, -1.0, -0.0]
LENGTHS = [0, 1, 2, 7, 40, 300, 100_000]
VALUES = [(0,), (1,), (3, 4, 127), (128,), (200, 1), (300,), tuple(range(62)), tuple(range(63)),
          (1,) * 80, (), b"\x00\x00\x00\x01\x80\x02]q\x00K\x03a."]
DOCNUMS = [0, 1, 5, 127, 128, 16_383, 16_384, 70_000]


def one_posting_flats(streams: bool, seed: int) -> list[list[Any]]:
    """Return one-posting terms over every weight, docnum and (in a stream
    field) value above, with a few terms of several postings between them."""
    rng = random.Random(seed)
    values = VALUES if streams else [None]
    flats: list[list[Any]] = [[docnum, weight, value] for docnum, weight, value
                              in itertools.product(DOCNUMS, WEIGHTS, values)]
    rng.shuffle(flats)
    for at in range(0, len(flats), 17):  # terms of several postings between them
        count = rng.randint(2, 9)
        ids = sorted(rng.sample(range(1000), count))
        flats.insert(at, [x for docnum in ids for x in (docnum, float(rng.randint(1, 3)),
                                                         (1, 2) if streams else None)])
    return flats


def written(flats: list[list[Any]], streams: bool, by_field: bool) -> tuple[bytes, list[bytes]]:
    """Return (the postings file's bytes, each term's compact info), the terms
    written by write_field when `by_field`, else one by one by write_term."""
    lengths = [LENGTHS[docnum % len(LENGTHS)] for docnum in range(max(DOCNUMS) + 1)]
    postfile = BytesIO(b"\x00" * 9)  # an offset past the first byte
    postfile.seek(9)
    writer = BlockWriter(128, 1, postfile, COMPACT_TAG)
    writer.start_field(None if streams else 0, lengths.__getitem__, streams)
    if by_field:
        infos = writer.write_field(flats)
    else:
        infos = [compact_info(writer.write_term(flat)) for flat in flats]
    writer.flush()
    return postfile.getvalue(), infos


@pytest.mark.parametrize("streams", [True, False], ids=["stream", "counted"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_fields_terms_in_one_loop_write_write_terms_bytes(streams: bool, seed: int) -> None:
    flats = one_posting_flats(streams, seed)
    expected = written(flats, streams, by_field=False)
    assert written(flats, streams, by_field=True) == expected
    assert len(expected[1]) == len(flats)


def test_the_infos_read_back_each_terms_postings() -> None:
    flats = [[5, 1.0, (3,)], [7, 2.0, (1, 4)], [9, 0.5, (2,)]]
    data, infos = written(flats, True, by_field=True)
    for flat, info in zip(flats, infos, strict=True):
        term = read_info(info)
        assert (term.min_id(), term.max_id(), term.doc_frequency(), term.weight()) == (flat[0], flat[0], 1, flat[1])
        offset, (size,) = term.extent()
        assert data[offset:offset + 1] == COMPACT_TAG
        assert offset + size <= len(data)
