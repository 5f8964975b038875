"""Stored fields compressed against a preset dictionary (search.storage.pooled.storedfields)."""
from __future__ import annotations

import pickle
import zlib
from pathlib import Path
from typing import Any

import pytest
from whoosh import columns, fields
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb.filestore import RamStorage

from onrecord.search.storage.opening import open_index
from onrecord.search.storage.pooled import whoosh_writers
from onrecord.search.storage.pooled.compactblocks import CompactBlockCodec
from onrecord.search.storage.pooled.compactterms import CompactTermsCodec
from onrecord.search.storage.pooled.storedfields import (
    STORED_DICTIONARY,
    TEMPLATE_PARAGRAPH,
    TEMPLATE_QUOTE,
    CompactStoredCodec,
    DictionaryBytesColumn,
)
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article
from tests.search.storage.codecs import bulk_writers_using, codecs_of, merge_into_one

# One row per kind of stored value: each must read back equal, by position and walked in order.
VALUES: list[Any] = [
    dict(TEMPLATE_PARAGRAPH, text="A paragraph's words, and more words.", doc_id="a1", paragraph_id="a1-p2"),
    dict(TEMPLATE_QUOTE, doc_id="a1", speaker="Ann Vole"),
    {"text": "Ünïcode “quotes” — and a dash"},  # no template name but one
    {"a name the template lacks": [1, 2.5, None]},
    {"text": "long " * 20_000},  # past zlib's 32 KB window
    None,  # a document without stored fields (Whoosh writes b"")
]


def written_column(column: Any, values: list[Any]) -> Any:
    """Return a reader of `column` (a PickleColumn) holding `values` as documents 0, 1, ..."""
    storage = RamStorage()
    out = storage.create_file("c")
    writer = column.writer(out)
    for docnum, value in enumerate(values):
        writer.add(docnum, value)
    writer.finish(len(values))
    length = out.tell()
    out.close()
    return column.reader(storage.open_file("c"), 0, length, len(values))


@pytest.mark.parametrize("value", VALUES)
def test_a_stored_value_reads_back(value: Any) -> None:
    column = columns.PickleColumn(DictionaryBytesColumn(STORED_DICTIONARY))
    reader = written_column(column, [value, {"n": 1}, value])
    assert reader[0] == value and reader[2] == value and reader[1] == {"n": 1}
    assert list(reader) == [value, {"n": 1}, value]


@pytest.mark.parametrize("value", VALUES[:2])
def test_a_template_like_value_is_smaller_than_whooshs(value: dict[str, Any]) -> None:
    raw = pickle.dumps(value, 2)
    packer = zlib.compressobj(3, zdict=STORED_DICTIONARY)
    assert len(packer.compress(raw) + packer.flush()) < len(zlib.compress(raw, 3)) * 0.6


def test_a_bulk_writer_writes_with_the_stored_codec(tmp_path: Path) -> None:
    ix = whoosh_index.create_in(str(tmp_path), fields.Schema(words=fields.TEXT))
    writer = whoosh_writers.BulkWriter(ix, compound=False)
    assert isinstance(writer.codec, CompactStoredCodec)  # LearntStoredCodec: its stored fields (learntstored)
    writer.cancel()


ARTICLES = [make_article(f"a{i}", [f"The mayor said the budget for {i} stalls.",
                                   "\"We will act on the budget,\" she said."],
                         speaker="Ann Vole", speakers=["Ann Vole"]) for i in range(1, 5)]


def stored(index: Index) -> list[dict[str, Any]]:
    """Return every live document's stored fields, keys sorted, in docnum order of a merged reader."""
    with index.whoosh_index.reader() as reader:
        return [dict(sorted(reader.stored_fields(n).items())) for n in range(reader.doc_count_all())
                if not reader.is_deleted(n)]


def written_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, codec: Any) -> Index:
    """Return an index of ARTICLES[:2] its bulk writer wrote with `codec`."""
    with bulk_writers_using(monkeypatch, codec):
        index = open_index(tmp_path / name, create=True)
        write_articles(index, ARTICLES[:2])
        index.close()
    return open_index(tmp_path / name)


@pytest.mark.parametrize("older", [W3Codec, CompactTermsCodec])
def test_an_older_index_stores_alike_and_merges_into_stored_segments(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, older: type) -> None:
    index = written_with(tmp_path, monkeypatch, "old", older())
    fresh = open_index(tmp_path / "fresh", create=True)
    try:
        write_articles(fresh, ARTICLES[:2])
        assert codecs_of(index) == {older} and codecs_of(fresh) == {CompactBlockCodec}
        assert stored(index) == stored(fresh) and len(stored(fresh)) >= 8
        write_articles(index, ARTICLES[2:])  # a stored-codec segment beside the older one
        write_articles(fresh, ARTICLES[2:])
        assert stored(index) == stored(fresh)
        for each in (index, fresh):
            merge_into_one(each, "pooled")  # the pooled merge read both formats of `index`
        assert codecs_of(index) == {CompactBlockCodec}
        assert stored(index) == stored(fresh) and len(stored(fresh)) >= 16
    finally:
        index.close()
        fresh.close()


def test_a_segment_reads_with_the_dictionary_it_was_written_with(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = open_index(tmp_path / "fresh", create=True)
    write_articles(fresh, ARTICLES[:2])
    index = written_with(tmp_path, monkeypatch, "own", CompactStoredCodec(stored_dictionary=b"another dictionary"))
    try:  # the codec pickled in the table of contents carries its dictionary (another one fails zlib's check)
        assert stored(index) == stored(fresh) and len(stored(fresh)) >= 8
    finally:
        index.close()
        fresh.close()


def test_whooshs_merge_of_stored_segments_keeps_the_stored_fields(tmp_path: Path) -> None:
    kept = []
    for name in ("pooled", "whoosh"):
        index = open_index(tmp_path / name, create=True)
        write_articles(index, ARTICLES[:2])
        write_articles(index, ARTICLES[2:])
        merge_into_one(index, name)  # Whoosh's merge reads the stored codec's
        try:
            assert codecs_of(index) == {CompactBlockCodec if name == "pooled" else W3Codec}
            kept.append(stored(index))
        finally:
            index.close()
    assert kept[0] == kept[1] and len(kept[0]) >= 16

