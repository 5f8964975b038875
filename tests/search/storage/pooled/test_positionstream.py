"""A postings block's positions as one compressed stream (pooled/positionstream): the stream reads
back as Whoosh's values, a value it cannot hold keeps its block in Whoosh's form, and the bulk
writer's segment reads back (decoded) as Whoosh's own writer's (older segments answering alike and
merging: test_learntstored, the current codec's tests)."""
from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from whoosh import formats
from whoosh import index as whoosh_index
from whoosh.system import pack_uint
from whoosh.writing import SegmentWriter

from onrecord.search.storage.pooled import whoosh_writers
from onrecord.search.storage.pooled.compactterms import pack_varint, read_varint
from onrecord.search.storage.pooled.positionstream import (
    STREAM_FLAG,
    PositionStreamCodec,
    StreamLeafMatcher,
    decode_number_array,
    decode_numbers,
    decode_values,
    encode_value,
    stream_bytes,
    value_deltas,
)
from onrecord.search.storage.pooled.storedfields import CompactStoredCodec
from onrecord.search.storage.reading.whoosh_internals import iter_blocks
from onrecord.search.storage.schema import build_schema
from tests.search.storage.codecs import write_generated_segment


def read_back(values: list[bytes], level: int = 3) -> list[bytes]:
    """Return `values` written as a block's stream and decoded."""
    stream = stream_bytes(values, level)
    assert stream is not None
    head, at = read_varint(stream, 0)
    assert len(stream) == at + (head >> 1)
    return decode_values(stream[at:], bool(head & 1), len(values))


# One row a kind of block: (its position lists, whether its stream is long enough to be zlibbed).
BLOCKS = [
    ([[0]], False),
    ([[3], [7]], False),
    ([[127, 1, 1]], False),
    ([[128]], False),                     # a two-byte varint
    ([[16_384, 2]], False),               # three bytes: past the one-position table
    ([[2 ** 40]], False),                 # past 32 bits
    ([[]], False),                        # a value of no positions
    ([[5, 0, 0]], False),                 # a repeated position (delta 0)
    ([[i, 3, 300] for i in range(200)], True),
    ([[1]] * 128, True),
    ([[i % 7 + 1] * (i % 4) for i in range(40)], True),
    ([[300, 1], [2], [], [1] * 1001, [7, 7]] * 6, True),       # values pickle writes its longer way
]


@pytest.mark.parametrize(("deltas", "zipped"), BLOCKS)
def test_a_block_of_positions_reads_back_as_whooshs_values(deltas: list[list[int]], zipped: bool) -> None:
    values = [formats.Positions().encode(list(_positions(d))) for d in deltas]
    assert values == [encode_value(d) for d in deltas]  # Whoosh's own encoding of the same lists
    stream = stream_bytes(values, 3)
    assert stream is not None and bool(read_varint(stream, 0)[0] & 1) == zipped
    assert read_back(values) == values
    assert read_back(values, level=0) == values  # a codec without compression: the stream raw


def _positions(deltas: list[int]) -> list[int]:
    """Return the ascending positions whose deltas are `deltas`."""
    total, found = 0, []
    for delta in deltas:
        total += delta
        found.append(total)
    return found


def test_a_value_without_its_stop_byte_reads_as_whooshs_decode() -> None:
    value = encode_value([4, 2])
    assert value.endswith(b".")
    assert value_deltas(value[:-1]) == value_deltas(value) == [4, 2]
    assert formats.Positions().decode_positions(read_back([value[:-1]])[0]) == [4, 6]


# One row a value the stream cannot hold: its block keeps Whoosh's form.
NOT_POSITIONS = [
    b"",                                                   # empty (Whoosh leaves it out of the block)
    pack_uint(1),                                          # a count alone
    pack_uint(2) + pickle.dumps([3], 2),                   # a count that is not the list's
    pack_uint(1) + pickle.dumps([-3], 2),                  # a negative delta
    pack_uint(1) + pickle.dumps((3,), 2),                  # not a list
    pack_uint(1) + pickle.dumps([3.0], 2),                 # not an int
    pack_uint(1) + pickle.dumps([True], 2),                # not an int
    pack_uint(1) + pickle.dumps(["a"], 2),                 # not a number
    pack_uint(1) + b"not a pickle",
]


@pytest.mark.parametrize("value", NOT_POSITIONS)
def test_a_value_that_is_not_positions_keeps_the_block_whooshs(value: bytes) -> None:
    assert stream_bytes([encode_value([1]), value], 3) is None
    assert stream_bytes([value], 3) is None  # read twice: a remembered value is checked again


def test_values_that_are_not_a_count_and_a_list_read_as_none() -> None:
    assert [value_deltas(v) for v in NOT_POSITIONS[:3]] == [None, None, None]


@pytest.mark.parametrize("numbers", [[0], [127], [128, 1], [300, 16_383, 16_384, 2 ** 21, 2 ** 35, 0], list(range(0, 5000, 7))])
def test_varints_decode_as_packed(numbers: list[int]) -> None:
    assert decode_numbers(b"".join(map(pack_varint, numbers))) == numbers


@pytest.mark.parametrize("numbers", [
    [0], [127], [128], [5, 128, 1], [16_383, 0, 16_383], [200, 3, 16_384, 1],  # the first: 2 bytes at most
    [2 ** 21, 129], [300, 16_383, 16_384, 2 ** 21, 2 ** 35, 0], list(range(0, 40_000, 13))])
def test_varints_decode_as_packed_into_an_array(numbers: list[int]) -> None:
    array = decode_number_array(b"".join(map(pack_varint, numbers)))
    assert array.dtype == np.int64 and array.tolist() == numbers



def test_a_stream_that_does_not_line_up_with_its_block_is_refused() -> None:
    stream = stream_bytes([encode_value([1, 2])], 0)
    assert stream is not None
    with pytest.raises(ValueError, match="line up"):
        decode_values(stream[1:], False, 2)


def test_a_bulk_writer_writes_position_streams(tmp_path: Path) -> None:
    ix = whoosh_index.create_in(str(tmp_path), build_schema())
    writer = whoosh_writers.BulkWriter(ix, compound=False)
    assert isinstance(writer.codec, PositionStreamCodec)  # LearntStoredCodec: its stored fields (learntstored)
    writer.cancel()


def segment_postings(path: Path, writer_class: type, codec: Any) -> tuple[dict[Any, Any], int]:
    """Index generated articles' documents with `writer_class` and `codec`; return every term's
    postings read through the segment's matchers ((id, weight, positions or raw value) a
    posting) and the postings file's size."""
    write_generated_segment(path, writer_class, codec)
    found: dict[Any, Any] = {}
    with whoosh_index.open_dir(str(path)).reader() as reader:
        for fieldname, tbytes in reader.all_terms():
            fmt = reader.schema[fieldname].format
            matcher, postings = reader.postings(fieldname, tbytes), []
            while matcher.is_active():
                value = matcher.value()
                postings.append((matcher.id(), matcher.weight(),
                                 fmt.decode_positions(value) if fmt.supports("positions") else value))
                matcher.next()
            found[fieldname, tbytes] = postings
    size = sum(os.path.getsize(path / name) for name in os.listdir(path) if name.endswith(".pst"))
    return found, size


def test_the_bulk_writers_segment_reads_back_as_whooshs_writers(tmp_path: Path) -> None:
    expected, whoosh_size = segment_postings(tmp_path / "whoosh", SegmentWriter, CompactStoredCodec())
    ours, our_size = segment_postings(tmp_path / "ours", whoosh_writers.BulkWriter, PositionStreamCodec())
    assert ours == expected
    assert len(expected[("exact", b"the")]) > 128  # several blocks, in a field with positions
    assert our_size < whoosh_size * 0.8


def test_whooshs_own_writer_with_the_codec_writes_blocks_it_reads(tmp_path: Path) -> None:
    expected, _ = segment_postings(tmp_path / "whoosh", SegmentWriter, CompactStoredCodec())
    assert segment_postings(tmp_path / "mixed", SegmentWriter, PositionStreamCodec())[0] == expected


def test_stream_blocks_are_flagged_in_their_info(tmp_path: Path) -> None:
    segment_postings(tmp_path / "ours", whoosh_writers.BulkWriter, PositionStreamCodec())
    with whoosh_index.open_dir(str(tmp_path / "ours")).reader() as reader:
        matcher = reader.postings("exact", b"the")
        assert isinstance(matcher, StreamLeafMatcher) and matcher._compression >= STREAM_FLAG
        block = next(iter_blocks(matcher))  # the phrase path reads the stream as arrays
        numbers = block.position_numbers()
        assert numbers is not None and len(numbers[0]) == len(block.ids) == 128
        assert [int(n) for n in numbers[0]] == [len(formats.Positions().decode_positions(v)) for v in block.values()]
        unit = reader.postings("unit", b"quote")
        assert isinstance(unit, StreamLeafMatcher) and unit._compression < STREAM_FLAG  # no positions
        assert next(iter_blocks(unit)).position_numbers() is None
