"""search.storage.pooled.blocks (a batch of a field's terms encoded at once):
the segment files are Whoosh's own writer's, byte for byte, in the cases
the batch encoder lays out or folds itself: terms of many postings over
several blocks (compressed and not, weights all 1, all equal, mixed),
fields without positions or values, unicode terms, empty fields and
documents, and batches cut inside a field, from memory and from spilled runs."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from whoosh.codec.base import FieldWriter
from whoosh.codec.whoosh3 import W3Codec
from whoosh.writing import SegmentWriter

from onrecord.search.storage.pooled import flush
from onrecord.search.storage.pooled.blocks import BlockSpec, encode_terms, lay_out_blocks, merge_stats
from onrecord.search.storage.whoosh_writers import BulkWriter
from tests.search.storage.pooled.test_flush import SpillingBulkWriter, documents, segment_files

UNICODE = ["İstanbul", "naïve", "東京", "Zürich", "ǅemal", "straße", "Ωmega", "emoji😀", "a" * 300]


def many_block_documents(count: int, seed: int = 11) -> list[dict[str, Any]]:
    """Return `count` documents where "news" and "said" are in every one
    (terms of several default blocks of 128), unicode words are common,
    every fifth document's text fields are empty and every third's words
    say "said" twice (weights 1 and 2 within a block)."""
    rng = random.Random(seed)
    docs = documents(count, seed)
    for n, doc in enumerate(docs):
        extra = " ".join(rng.sample(UNICODE, 3))
        doc["body"] = f"news {extra} " + doc["body"]
        doc["words"] = "said " * (1 + (n % 3 == 0)) + f"{extra} " + doc["words"]
        doc["keys"] = ",".join([doc["keys"], *UNICODE[n % 4:n % 4 + 2]])
        if n % 5 == 4:
            doc["body"] = doc["words"] = ""
    return docs


CODECS = [W3Codec(), W3Codec(compression=0), W3Codec(blocklimit=2), W3Codec(blocklimit=7, compression=9)]


@pytest.mark.parametrize("batch", [4096, 1, 3])
@pytest.mark.parametrize("writer_class", [BulkWriter, SpillingBulkWriter])
@pytest.mark.parametrize("codec", CODECS, ids=lambda c: f"blocks{c._blocklimit}-zlib{c._compression}")
def test_terms_of_many_blocks_write_whooshs_bytes(tmp_path: Path, codec: W3Codec, writer_class: type, batch: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    docs = many_block_documents(400)
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, codec, docs)
    monkeypatch.setattr(flush, "BATCH_TERMS", batch)

    def refuse(*args: Any) -> None:
        raise AssertionError("the pooled flush took Whoosh's path")
    monkeypatch.setattr(FieldWriter, "add_postings", refuse)
    assert segment_files(tmp_path / "ours", writer_class, codec, docs) == expected


@pytest.mark.parametrize("texts", [["", "", ""], ["one", "", ""], ["", "", "naïve naïve"]])
def test_empty_fields_and_documents_write_whooshs_bytes(tmp_path: Path, texts: list[str]) -> None:
    docs = [{"tag": "", "words": text, "body": text, "keys": ""} for text in texts]
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, W3Codec(), docs)
    assert segment_files(tmp_path / "ours", BulkWriter, W3Codec(), docs) == expected


@pytest.mark.parametrize("counts", [[1], [1, 1, 1], [5], [4, 1, 9, 8, 3]])
@pytest.mark.parametrize("blocklimit", [1, 4, 128])
def test_blocks_cut_each_term_every_blocklimit_postings(counts: list[int], blocklimit: int) -> None:
    layout = lay_out_blocks(counts, blocklimit)
    expected: list[tuple[int, int, bool, bool]] = []
    at = 0
    for count in counts:
        cuts = list(range(at, at + count, blocklimit))
        expected += [(start, min(start + blocklimit, at + count), start == at, start == cuts[-1]) for start in cuts]
        at += count
    assert list(zip(layout.starts, layout.ends, layout.opens, layout.closes, strict=True)) == expected
    assert sum(layout.block_count) == len(expected)
    assert [layout.starts[first] for first in layout.first_block] == [sum(counts[:n]) for n in range(len(counts))]


def test_a_terms_statistics_fold_as_whooshs_terminfo_adds_blocks() -> None:
    stats = merge_stats(merge_stats((0, None, 0, 0), (2.0, None, 0, 0)), (3.5, 4, 9, 2.0))
    assert stats == (5.5, 4, 9, 2.0)


@pytest.mark.parametrize(("lengths", "expected"), [({0: 4, 1: 5, 2: 3}, (3, 5)), ({0: 0, 1: 5, 2: 3}, (3, 5)),
                                                    ({0: None, 1: 0, 2: 7}, (7, 7)), ({0: 0, 1: None, 2: 0}, (None, 0))])
def test_a_document_without_a_length_is_left_out_of_its_blocks_lengths(lengths: dict[int, int | None],
                                                                       expected: tuple[int | None, int]) -> None:
    # As Whoosh's W3PostingsWriter: a length of 0 (or none) is no length.
    flats = [[0, 1.0, None, 1, 2.0, None, 2, 1.0, None], [1, 1.0, None]]
    encoded = encode_terms(flats, BlockSpec(2, 0, 0, lengths.get), 0)
    total, minlength, maxlength, maxweight = encoded.stats[0]
    assert (minlength, maxlength) == expected
    assert (total, maxweight, encoded.counts, encoded.firsts, encoded.lasts) == (4.0, 2.0, [3, 1], [0, 1], [2, 1])
    assert encoded.stats[1][1:3] == ((lengths[1], lengths[1]) if lengths[1] else (None, 0))
