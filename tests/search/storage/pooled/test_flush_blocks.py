"""search.storage.pooled.flush's blocks: the segment files are Whoosh's own
writer's, byte for byte, for terms of many postings over several blocks
(compressed and not, weights all 1, all equal, mixed), fields without
positions or values, unicode terms, and empty fields and documents, from
memory and from spilled runs."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from whoosh.codec.base import FieldWriter
from whoosh.codec.whoosh3 import W3Codec
from whoosh.writing import SegmentWriter

from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
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


@pytest.mark.parametrize("writer_class", [BulkWriter, SpillingBulkWriter])
@pytest.mark.parametrize("codec", CODECS, ids=lambda c: f"blocks{c._blocklimit}-zlib{c._compression}")
def test_terms_of_many_blocks_write_whooshs_bytes(tmp_path: Path, codec: W3Codec, writer_class: type,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    docs = many_block_documents(400)
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, codec, docs)

    def refuse(*args: Any) -> None:
        raise AssertionError("the pooled flush took Whoosh's path")
    monkeypatch.setattr(FieldWriter, "add_postings", refuse)
    assert segment_files(tmp_path / "ours", writer_class, codec, docs) == expected


@pytest.mark.parametrize("texts", [["", "", ""], ["one", "", ""], ["", "", "naïve naïve"]])
def test_empty_fields_and_documents_write_whooshs_bytes(tmp_path: Path, texts: list[str]) -> None:
    docs = [{"tag": "", "words": text, "body": text, "keys": ""} for text in texts]
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, W3Codec(), docs)
    assert segment_files(tmp_path / "ours", BulkWriter, W3Codec(), docs) == expected


def one_posting_documents(count: int) -> list[dict[str, Any]]:
    """Return `count` documents whose words and keys are mostly their own
    (terms of one posting: many of a document alike, some said twice,
    lengths varying), every seventh boosted (Whoosh pools its weights)."""
    docs: list[dict[str, Any]] = []
    for n in range(count):
        own = [f"zq{n}v{k}" for k in range(3 + n % 9)]
        words = " ".join(own + own[:n % 3] + ["shared"])
        doc: dict[str, Any] = {"tag": f"t{n % 2}", "words": words, "body": words,
                               "year": 1990 + n, "keys": ",".join(own[:2 + n % 4])}
        if n % 7 == 6:
            doc["_boost"] = 1.7
        docs.append(doc)
    return docs


@pytest.mark.parametrize("writer_class", [BulkWriter, SpillingBulkWriter])
@pytest.mark.parametrize("codec", CODECS, ids=lambda c: f"blocks{c._blocklimit}-zlib{c._compression}")
def test_terms_of_one_posting_alike_write_whooshs_bytes(tmp_path: Path, codec: W3Codec, writer_class: type) -> None:
    # A fixed-size field's one-posting terms of one document encode alike
    # and the flush reuses their bytes: the files must not show it.
    docs = one_posting_documents(60)
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, codec, docs)
    assert segment_files(tmp_path / "ours", writer_class, codec, docs) == expected


@pytest.mark.parametrize("present", [[0], [0, 6], [2, 3, 9], [1, 4, 5, 8, 10]])
def test_sparse_field_lengths_write_whooshs_columns(tmp_path: Path, present: list[int]) -> None:
    # A field's length column is kept in memory and written at the end:
    # gaps, a boosted document (Whoosh's own add_document) between, and
    # documents without the field after its last must give Whoosh's bytes.
    docs: list[dict[str, Any]] = []
    for n in range(12):
        doc: dict[str, Any] = {"tag": f"t{n}", "keys": f"k{n % 3}"}
        if n in present:
            doc["words"] = "plover " * (1 + n % 4)
            doc["body"] = "quill " * (1 + n)
        if n == 5:
            doc["_boost"] = 1.5
        docs.append(doc)
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, W3Codec(), docs)
    assert segment_files(tmp_path / "ours", BulkWriter, W3Codec(), docs) == expected
