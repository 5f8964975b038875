"""Postings blocks in compact form (pooled/compactblocks, the current codec's postings): each kind of
block reads back as the tuple Whoosh 3's leaf matcher decodes, in the form its row names; the bulk
writer's segment reads back (decoded) as Whoosh's own writer's, in fewer bytes; Whoosh's own writer
with the codec writes Whoosh's blocks, read beside them; every raw reader of blocks reads both
(older segments answering alike and merging: test_learntstored)."""
from __future__ import annotations

from array import array
from itertools import accumulate
from pathlib import Path
from typing import Any

import pytest
from whoosh import formats
from whoosh import index as whoosh_index
from whoosh.writing import SegmentWriter

from onrecord.search.storage.pooled import whoosh_writers
from onrecord.search.storage.pooled.compactblocks import (
    FLOATS,
    MAX_DOUBLE,
    ONE,
    ONE_WEIGHT,
    PICKLED,
    STREAM,
    WEIGHTS,
    WHOLE,
    WIDTH_SHIFT,
    ZIPPED,
    CompactBlockCodec,
    CompactLeafMatcher,
    decode_body,
    encode_block,
    is_compact,
    iter_compact_blocks,
    pack_numbers,
    read_head,
    unpack_numbers,
)
from onrecord.search.storage.pooled.merge import _decode_blocks
from onrecord.search.storage.pooled.positionstream import PositionStreamCodec, encode_value
from onrecord.search.storage.pooled.storedfields import CompactStoredCodec
from onrecord.search.storage.reading.whoosh_internals import iter_blocks
from onrecord.search.storage.reading.whoosh_termids import block_ids, term_docs
from onrecord.search.storage.schema import build_schema
from tests.search.storage.pooled.test_positionstream import segment_postings

POSITIONS = [encode_value([3]), encode_value([1, 4]), encode_value([2, 2, 9])]

# One row a kind of block: (ids, weights, max weight, Whoosh's minivalues, a stream field, the flags
# it is written with).  minivalues None: a Counted field; a tuple of Positions values: a phrase field.
TWO, FOUR, EIGHT = (width << WIDTH_SHIFT for width in (1, 2, 3))  # the ids in 2, 4, 8 bytes (1 byte: 0)
BLOCKS = [
    ([5], [1.0], 1.0, None, False, ONE_WEIGHT),
    ([0, 1, 2], [1.0] * 3, 1.0, None, False, ONE_WEIGHT),
    ([7, 9], [2.5, 2.5], 2.5, None, False, ONE | MAX_DOUBLE),
    ([7, 9, 30], [1.0, 3.0, 2.0], 3.0, None, False, WHOLE),
    ([1, 2], [0.5, 1.25], 1.25, None, False, FLOATS | MAX_DOUBLE),
    ([1, 2], [0.0, 2.0], 2.0, None, False, FLOATS),                        # a weight of 0: floats
    ([1, 2], [300.0, 1.0], 300.0, None, False, FLOATS),                    # past a byte: floats
    ([300, 301], [1.0, 1.0], 1.0, None, False, ONE_WEIGHT | TWO),            # ids past a byte
    ([3, 200_000, 2 ** 31], [1.0, 2.0, 1.0], 2.0, None, False, WHOLE | FOUR),  # past two bytes
    ([2 ** 40, 2 ** 41], [1.0, 1.0], 1.0, None, False, ONE_WEIGHT | EIGHT),    # past 32 bits
    ([4, 6, 8], [1.0, 2.0, 3.0], 3.0, tuple(POSITIONS), True, WHOLE | STREAM),
    ([4, 6], [1.0, 2.0], 2.0, (b"ab", b"cd"), True, WHOLE | PICKLED),      # not Positions values: pickled
    ([4, 6], [1.0, 1.0], 1.0, (b"ab", b"cd"), False, ONE_WEIGHT | PICKLED),  # a field with no stream
    (list(range(0, 1280, 10)), [float(i % 5 + 1) for i in range(128)], 5.0, None, False, WHOLE | ZIPPED),
    ([2], [1.0], 0, None, False, ONE_WEIGHT),                               # Whoosh's max weight 0 (an int)
]


def whooshs_tuple(ids: list[int], weights: list[float]) -> tuple[list[int], Any]:
    """Return the ids and weights Whoosh 3's matcher gives for a block (32-bit weights)."""
    return ids, tuple(array("f", weights))


@pytest.mark.parametrize(("ids", "weights", "maxweight", "minivalues", "streams", "flags"), BLOCKS)
@pytest.mark.parametrize("last", [True, False])
def test_a_block_reads_back_as_whooshs_decoded_tuple(ids: list[int], weights: list[float], maxweight: Any,
                                                    minivalues: Any, streams: bool, flags: int, last: bool) -> None:
    raw = encode_block(ids, array("f", weights), maxweight, minivalues, (3, 9), last, 3, streams)
    count, last_read, maxid, read_flags, minbyte, maxbyte, top, at, size = read_head(raw)
    assert (count, last_read, maxid, read_flags, minbyte, maxbyte) == (len(ids), last, ids[-1], flags, 3, 9)
    assert top == maxweight and at + size == len(raw)
    deltas, read_weights, values = decode_body(raw[at:], read_flags, count, maxid)
    assert list(accumulate(deltas)) == ids
    if read_flags & WEIGHTS == ONE_WEIGHT:
        assert read_weights is None
    elif read_flags & WEIGHTS == ONE:
        assert array("f", [read_weights] * count) == array("f", weights)
    else:
        assert whooshs_tuple(ids, weights)[1] == read_weights
    if minivalues is None:
        assert values is None
    elif read_flags & STREAM:
        assert values.values() == list(minivalues)
    else:
        assert values == minivalues


def test_a_terms_blocks_are_walked_to_the_last() -> None:
    blocks = [encode_block([1, 2], array("f", [1.0, 1.0]), 1.0, None, (0, 0), False, 3, False),
              encode_block([9], array("f", [2.0]), 2.0, None, (0, 0), True, 3, False)]
    data = b"\x01" + b"".join(blocks) + b"past the term"
    assert is_compact(data) and not is_compact(b"W3Bl")
    assert [(count, list(accumulate(ids))) for count, (ids, _, _) in iter_compact_blocks(data)] == [(2, [1, 2]), (1, [9])]
    assert block_ids(data) == [(1, 2), (9,)]
    assert [(ids, list(w)) for ids, w, _ in _decode_blocks(data, 0)] == [([1, 2], [1.0, 1.0]), ([9], [2.0])]


@pytest.mark.parametrize(("numbers", "width"), [([], 0), ([0, 255], 0), ([256, 1], 1), ([65_536], 2), ([2 ** 32, 0], 3)])
def test_numbers_unpack_as_packed_at_the_widest_ones_width(numbers: list[int], width: int) -> None:
    packed, found = pack_numbers(numbers)
    assert found == width and len(packed) == len(numbers) << width and unpack_numbers(packed, width) == numbers


def test_the_bulk_writer_writes_with_the_compact_codec(tmp_path: Path) -> None:
    writer = whoosh_writers.BulkWriter(whoosh_index.create_in(str(tmp_path), build_schema()), compound=False)
    assert type(writer.codec) is CompactBlockCodec
    writer.cancel()


def test_the_bulk_writers_segment_reads_back_as_whooshs_writers(tmp_path: Path) -> None:
    expected, whoosh_size = segment_postings(tmp_path / "whoosh", SegmentWriter, CompactStoredCodec())
    streamed, stream_size = segment_postings(tmp_path / "streams", whoosh_writers.BulkWriter, PositionStreamCodec())
    ours, our_size = segment_postings(tmp_path / "ours", whoosh_writers.BulkWriter, CompactBlockCodec())
    assert ours == expected
    assert len(expected[("exact", b"the")]) > 128  # several blocks, in a field with positions
    assert our_size < stream_size * 0.7 and stream_size < whoosh_size


def test_whooshs_own_writer_with_the_codec_writes_blocks_it_reads(tmp_path: Path) -> None:
    expected, _ = segment_postings(tmp_path / "whoosh", SegmentWriter, CompactStoredCodec())
    assert segment_postings(tmp_path / "mixed", SegmentWriter, CompactBlockCodec())[0] == expected
    with whoosh_index.open_dir(str(tmp_path / "mixed")).reader() as reader:
        matcher = reader.postings("exact", b"the")
        assert isinstance(matcher, CompactLeafMatcher) and not matcher._compact  # Whoosh's blocks


def test_compact_blocks_give_the_raw_readers_their_postings(tmp_path: Path) -> None:
    segment_postings(tmp_path / "ours", whoosh_writers.BulkWriter, CompactBlockCodec())
    with whoosh_index.open_dir(str(tmp_path / "ours")).reader() as reader:
        matcher = reader.postings("exact", b"the")
        assert isinstance(matcher, CompactLeafMatcher) and matcher._compact
        block = next(iter_blocks(matcher))  # the phrase path reads the stream as arrays
        numbers = block.position_numbers()
        assert numbers is not None and len(numbers[0]) == len(block.ids) == 128
        assert [int(n) for n in numbers[0]] == [len(formats.Positions().decode_positions(v)) for v in block.values()]
        assert list(block.weights()) == [float(n) for n in numbers[0]]  # a phrase field's weights: its counts
        unit = reader.postings("unit", b"quote")
        assert next(iter_blocks(unit)).position_numbers() is None  # no positions
        # the raw term walk (whoosh_termids) reads the same docnums
        assert term_docs(reader, "exact", "the") == frozenset(reader.postings("exact", b"the").all_ids())
