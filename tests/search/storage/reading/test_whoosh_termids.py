"""Every term's docnums read raw from a segment (search.storage.reading.whoosh_termids)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from whoosh import fields
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.reading import CorruptIndexError, TermNotFound

from onrecord.search.storage.pooled import whoosh_writers
from onrecord.search.storage.pooled.sortedterms import SortedTermsCodec
from onrecord.search.storage.pooled.storedfields import CompactStoredCodec
from onrecord.search.storage.reading.whoosh_termids import block_ids, field_term_ids, term_docs

BLOCK = 128  # Whoosh 3's postings per block
SCHEMA = fields.Schema(tag=fields.ID, words=fields.KEYWORD(scorable=True), text=fields.TEXT)


def tags(n: int) -> str:
    """Return document n's tags: one of 4, "all" (every document), its own (one posting) and every 7th's."""
    return " ".join([f"t{n % 4}", "all", f"own{n:05d}"] + (["seventh"] if n % 7 == 0 else []))


def make_index(path: Path, docs: int, writer: str, deleted: tuple[int, ...] = ()) -> Any:
    """Return an index of `docs` documents written by Whoosh's own writer (its
    single postings inlined in the term table) or onrecord's bulk writer with a codec."""
    ix = whoosh_index.create_in(str(path), SCHEMA)
    codecs = {"compact": CompactStoredCodec(), "sorted": SortedTermsCodec(), "w3": W3Codec()}
    w = ix.writer() if writer == "whoosh" else whoosh_writers.BulkWriter(ix, codec=codecs[writer], compound=False)
    for n in range(docs):
        w.add_document(tag=tags(n).split(), words=f"word{n % 3} words", text=f"word{n % 3} words")
    w.commit()
    if deleted:
        with ix.writer() as d:
            for n in deleted:
                d.delete_document(n)
    return ix


def public_ids(reader: Any, fieldname: str) -> list[tuple[bytes, list[int]]]:
    """Return every term of `fieldname` with its docnums, through Whoosh's public API (deleted ones too)."""
    return [(tbytes, list(reader.postings(fieldname, tbytes).all_ids()))
            for tbytes in reader.lexicon(fieldname)]


@pytest.mark.parametrize("writer", ["whoosh", "compact", "sorted", "w3"])
@pytest.mark.parametrize("docs", [1, BLOCK - 1, BLOCK + 1, 3 * BLOCK + 5])
def test_every_term_reads_its_docnums_as_whoosh_does(tmp_path: Path, writer: str, docs: int) -> None:
    ix = make_index(tmp_path, docs, writer)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        for fieldname in ("tag", "words"):
            walked = field_term_ids(reader, fieldname)
            assert walked is not None
            found = [(tbytes, [d for block in blocks for d in block]) for tbytes, blocks in walked]
            assert found == public_ids(reader, fieldname)
            assert len(found) >= 2


def test_deleted_documents_are_kept(tmp_path: Path) -> None:
    ix = make_index(tmp_path, BLOCK + 1, "compact", deleted=(0, 5, BLOCK))
    with ix.searcher() as searcher:
        reader = searcher.reader()
        assert reader.is_deleted(0)
        found = dict(field_term_ids(reader, "tag") or ())
        assert found[b"own00000"] == [(0,)] and [d for b in found[b"all"] for d in b] == list(range(BLOCK + 1))


def test_a_field_without_terms_and_a_reader_without_a_table(tmp_path: Path) -> None:
    ix = make_index(tmp_path, 3, "compact")
    with ix.searcher() as searcher:
        assert list(field_term_ids(searcher.reader(), "nothing") or [1]) == []
    assert field_term_ids(object(), "tag") is None


def test_bytes_not_whoosh_3_postings_are_damage() -> None:
    with pytest.raises(CorruptIndexError):
        block_ids(b"XXXX\x00\x00\x00\x01")


@pytest.mark.parametrize("writer", ["whoosh", "compact", "w3"])
@pytest.mark.parametrize("term", ["all", "t1", "seventh", "own00005"])
@pytest.mark.parametrize("deleted", [(), (0, 5, 7, BLOCK)])
def test_a_terms_docs_are_its_public_postings_without_the_deleted(
        tmp_path: Path, writer: str, term: str, deleted: tuple[int, ...]) -> None:
    ix = make_index(tmp_path, 2 * BLOCK + 3, writer, deleted)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        expected = frozenset(reader.postings("tag", term).all_ids())
        assert term_docs(reader, "tag", term) == expected
        assert bool(deleted) == (len(expected) < reader.doc_frequency("tag", term))


def test_a_missing_term_is_not_found_and_a_reader_without_a_table_reads_publicly(tmp_path: Path) -> None:
    ix = make_index(tmp_path, 3, "compact")
    with ix.searcher() as searcher:
        with pytest.raises(TermNotFound):
            term_docs(searcher.reader(), "tag", "nothing")

    class Public:
        def postings(self, fieldname: str, text: str) -> Any:
            return type("M", (), {"all_ids": lambda self: iter([3, 1])})()

    assert term_docs(Public(), "tag", "t1") == {1, 3}


def test_a_field_with_positions_is_left_to_whooshs_matchers(tmp_path: Path) -> None:
    ix = make_index(tmp_path, 3, "compact")
    with ix.searcher() as searcher:
        assert field_term_ids(searcher.reader(), "text") is None
        assert field_term_ids(searcher.reader(), "words") is not None
