"""search.storage.pooled.onepostings and flush's write_field: a field's terms
written in one loop (one-posting terms joined from the field's parts) are the
bytes write_term and compact_info write term by term: the postings file and
every compact info, in a positions-stream field and a Counted one, through
every form a one-posting term may take and the ones the loop leaves to write_term;
a spilled pool's terms written a batch at a time, the batch cut anywhere."""
from __future__ import annotations

import itertools
import random
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from whoosh.codec.base import FieldWriter
from whoosh.writing import SegmentWriter

from onrecord.search.storage.pooled import flush
from onrecord.search.storage.pooled.blockwriter import BlockWriter
from onrecord.search.storage.pooled.compactblocks import COMPACT_TAG, CompactBlockCodec
from onrecord.search.storage.pooled.compactterms import CompactTermsCodec, compact_info, read_info
from onrecord.search.storage.pooled.pool import TermPool
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
from tests.search.storage.pooled.test_flush import SpillingBulkWriter, codec_id, documents, segment_files

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


def rare_word_documents(count: int, seed: int) -> list[dict[str, Any]]:
    """Return test_flush's documents with words of one document or two in each
    text field (terms of one run, which a spilled pool's flush batches)."""
    docs = documents(count, seed)
    for n, doc in enumerate(docs):
        rare = f"zr{n // 2} zq{n} zq{n}" if n % 3 else f"zr{n // 2}"  # (after every other word)
        doc["body"] = f"{rare} {doc['body']} {rare}"
        doc["words"] = f"{doc['words']} {rare}"
        doc["keys"] = f"{doc['keys']},zk{n}"
    return docs


@pytest.mark.parametrize("batch", [1, 3, 4096])
@pytest.mark.parametrize("codec", [CompactTermsCodec(), CompactTermsCodec(blocklimit=4)], ids=codec_id)
def test_a_spilled_pools_batches_of_terms_write_whooshs_bytes(tmp_path: Path, codec: Any, batch: int,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # A compact table's rows a batch at a time, the batch cut anywhere, against Whoosh's own writer.
    docs = rare_word_documents(120, seed=batch)
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, codec, docs)
    monkeypatch.setattr(flush, "MERGED_BATCH", batch)
    monkeypatch.setattr(FieldWriter, "add_postings", refuse)
    assert segment_files(tmp_path / "ours", SpillingBulkWriter, codec, docs) == expected


@pytest.mark.parametrize("batch", [1, 3, 4096])
@pytest.mark.parametrize("blocklimit", [128, 4])
def test_compact_blocks_spilled_and_in_memory_are_one_segment(tmp_path: Path, blocklimit: int, batch: int,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # Whoosh's writer writes no compact blocks: a spilled pool's merged terms against the pool's in memory.
    docs = rare_word_documents(150, seed=blocklimit)
    expected = segment_files(tmp_path / "memory", BulkWriter, CompactBlockCodec(blocklimit=blocklimit), docs)
    saves: list[int] = []
    save = TermPool.save
    monkeypatch.setattr(flush, "MERGED_BATCH", batch)
    monkeypatch.setattr(FieldWriter, "add_postings", refuse)
    monkeypatch.setattr(TermPool, "save", lambda pool: (saves.append(len(pool.terms)), save(pool)))
    assert segment_files(tmp_path / "spilled", SpillingBulkWriter, CompactBlockCodec(blocklimit=blocklimit),
                         docs) == expected
    assert len([n for n in saves if n]) > 5  # runs spilled


def refuse(*args: Any) -> None:
    raise AssertionError("the pooled flush took Whoosh's path")
