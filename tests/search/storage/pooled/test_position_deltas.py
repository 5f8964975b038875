"""The positions handoff: the analysis gives a stream codec's flush each posting's deltas
(positionstream.OWN_VALUE, textfields.triples_of(deltas=True)), and the flush writes the
bytes it wrote from Whoosh's pickled values; every other path still sees Whoosh's bytes."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from whoosh import formats
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec

from onrecord.search.storage.pooled import whoosh_writers
from onrecord.search.storage.pooled.compactblocks import CompactBlockCodec, encode_block
from onrecord.search.storage.pooled.pool import POSTING_BYTES
from onrecord.search.storage.pooled.positionstream import (
    OWN_VALUE,
    PositionStreamCodec,
    WhooshValues,
    encode_value,
    stream_bytes,
)
from onrecord.search.storage.schema import build_schema, unit_documents
from onrecord.search.storage.textfields import triples_of
from tests.factories import segment_files_by_kind
from tests.search.storage.test_field_postings import generated_articles, generated_texts

# Position lists' deltas: one and two positions, deltas of one, two and three varint bytes,
# past 32 bits, a repeated position, long lists, and blocks long enough to be zlibbed.
DELTAS = [
    [[0]], [[3], [7]], [[127, 1, 1]], [[128]], [[16_384, 2]], [[2 ** 40]], [[5, 0, 0]],
    [[i, 3, 300] for i in range(200)], [[1]] * 128, [[i % 7 + 1] * (1 + i % 4) for i in range(40)],
    [[300, 1], [2], [1] * 1001, [7, 7]] * 6,
]


@pytest.mark.parametrize("deltas", DELTAS)
@pytest.mark.parametrize("level", [0, 3])
def test_own_deltas_make_the_stream_their_pickled_values_make(deltas: list[list[int]], level: int) -> None:
    pickled = [encode_value(d) for d in deltas]
    own = [OWN_VALUE(d) for d in deltas]
    expected = stream_bytes(pickled, level)
    assert expected is not None
    assert stream_bytes(own, level) == expected
    mixed = [v if n % 2 else p for n, (v, p) in enumerate(zip(own, pickled, strict=True))]
    assert stream_bytes(mixed, level) == expected  # a merge's values beside the analysis's


def test_own_deltas_beside_a_value_that_is_not_positions_pickle_as_whooshs_bytes() -> None:
    # The block keeps Whoosh's form: the own value is pickled as the Positions bytes it stands for.
    bad = formats.Positions().encode([1])[:4] + b"not a pickle"
    ours = encode_block([1, 4], [1.0, 1.0], 1.0, (OWN_VALUE([2, 3]), bad), (1, 1), True, 3, True)
    theirs = encode_block([1, 4], [1.0, 1.0], 1.0, (encode_value([2, 3]), bad), (1, 1), True, 3, True)
    assert ours == theirs


def test_a_value_from_deltas_is_the_value_the_analysis_pickles() -> None:
    for text in generated_texts(60, seed=4):
        positions: dict[str, list[int]] = {}
        for pos, word in enumerate(text.lower().split()):
            positions.setdefault(word, []).append(pos)
        (terms, weights, pickled), length = triples_of(positions, None)
        (own_terms, own_weights, own), own_length = triples_of(positions, None, deltas=True)
        assert (own_terms, own_weights, own_length) == (terms, weights, length)
        assert all(type(v) is OWN_VALUE for v in own)
        whoosh_value = WhooshValues()
        assert [whoosh_value(v) for v in own] == pickled
        # One position: the very object the analysis shares (a Whoosh 3 block's pickle refers to it again).
        assert all(whoosh_value(v) is p for v, p in zip(own, pickled, strict=True) if len(v) == 1)
    assert WhooshValues()(b"as it is") == b"as it is"


def test_one_deltas_object_becomes_one_bytes_object() -> None:
    # A spilled run's record reads a shared one-position value back as one object, another
    # record's as another: pickle writes them as they are met, so their bytes objects differ alike.
    first, second, longer = OWN_VALUE([7]), OWN_VALUE([7]), OWN_VALUE([7, 1])
    whoosh_value = WhooshValues()
    made = [whoosh_value(v) for v in (first, second, first, longer, longer)]
    assert made[0] is made[2] and made[0] is not made[1] and made[3] is not made[4]
    assert made == [encode_value([7])] * 3 + [encode_value([7, 1])] * 2


class BytesBulkWriter(whoosh_writers.BulkWriter):
    """A BulkWriter whose analysis pickles positions whatever its codec (main's handoff)."""

    def _fast_indexer(self, field: Any) -> Any:
        return getattr(field, "triples", None) or whoosh_writers.keyword_indexer(field)


def pooled_exact_values(path: Path, writer_class: type, codec: Any) -> set[type]:
    """Return the types of the values `writer_class` pools for `exact` (the writer cancelled)."""
    path.mkdir()
    writer = writer_class(whoosh_index.create_in(str(path), build_schema()), compound=False, codec=codec)
    for article in generated_articles(5):
        for para in article.paragraphs:
            for doc in unit_documents(article, para, "r1"):
                writer.add_document(**doc)
    found = {type(flat[2]) for flat in writer._bulk_pool.terms["exact"].values()}
    writer.cancel()
    return found


@pytest.mark.parametrize(("codec", "expected"), [
    (CompactBlockCodec(), {OWN_VALUE}), (PositionStreamCodec(), {OWN_VALUE}), (W3Codec(), {bytes}),
    (W3Codec(inlinelimit=2), {bytes})])  # no streams; Whoosh's flush (a codec that inlines)
def test_the_analysis_hands_deltas_only_to_a_flush_that_streams(tmp_path: Path, codec: Any,
                                                                expected: set[type]) -> None:
    assert pooled_exact_values(tmp_path / "ix", whoosh_writers.BulkWriter, codec) == expected


def segment_files(path: Path, writer_class: type, codec: Any, out_of_order: bool, spill: bool) -> dict[str, list[bytes]]:
    """Write generated articles' documents as one segment; return every file's bytes by
    extension but the TOC's (it names the random segment id).  `out_of_order`: the pool is
    flushed by Whoosh's writer; `spill`: it spills a run every ~200 postings."""
    path.mkdir()
    writer = writer_class(whoosh_index.create_in(str(path), build_schema()), compound=False, codec=codec)
    if spill:
        writer.pool.limit = 200 * POSTING_BYTES
    for article in generated_articles(30):
        for para in article.paragraphs:
            for doc in unit_documents(article, para, "r1"):
                writer.add_document(**doc)
    assert bool(writer._bulk_pool.runs) == spill
    writer._bulk_pool.in_order = not out_of_order
    writer.commit()
    return segment_files_by_kind(path)


@pytest.mark.parametrize("codec", [CompactBlockCodec(), PositionStreamCodec()], ids=type)
@pytest.mark.parametrize(("out_of_order", "spill"), [(False, False), (False, True), (True, False), (True, True)])
def test_deltas_write_the_files_pickled_values_write(tmp_path: Path, codec: Any, out_of_order: bool,
                                                     spill: bool) -> None:
    # In memory, spilled to runs (marshal), or through Whoosh's own flush (an out-of-order pool).
    expected = segment_files(tmp_path / "bytes", BytesBulkWriter, codec, out_of_order, spill)
    assert segment_files(tmp_path / "deltas", whoosh_writers.BulkWriter, codec, out_of_order, spill) == expected
