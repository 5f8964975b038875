"""Stored fields without what a segment already holds (pooled/learntstored, the current codec): a
quote document's fields inherited from its paragraph, a paragraph's id from its doc_id and n, and a
dictionary learnt from the segment; every value reads back as written, older segments answer alike
and merge into the current codec's, and Whoosh's merge of its segments answers as the pooled one."""
from __future__ import annotations

import pickle
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from whoosh import columns
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb.filestore import RamStorage
from whoosh.writing import SegmentWriter

from onrecord.search.storage.opening import open_index
from onrecord.search.storage.pooled import learntstored, whoosh_writers
from onrecord.search.storage.pooled.compactblocks import CompactBlockCodec
from onrecord.search.storage.pooled.compactterms import CompactTermsCodec
from onrecord.search.storage.pooled.learntstored import (
    DICTIONARY_BYTES,
    INHERITED,
    PICKED,
    LearntStoredCodec,
    LearntStoredColumn,
    learn_dictionary,
    restore_paragraph,
    restore_quote,
    slim_paragraph,
    slim_quote,
)
from onrecord.search.storage.pooled.positionstream import PositionStreamCodec
from onrecord.search.storage.pooled.sortedterms import SortedTermsCodec
from onrecord.search.storage.pooled.storedfields import STORED_DICTIONARY, CompactStoredCodec
from onrecord.search.storage.schema import build_schema, unit_documents
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.search.storage.codecs import (
    ARTICLES,
    answers,
    bulk_writers_using,
    codecs_of,
    merge_into_one,
    write_generated_segment,
)
from tests.search.storage.test_field_postings import generated_articles

PARAGRAPH = {"doc_id": "a1", "rev": "0123abcd", "n": 3, "paragraph_id": "a1-p3", "institution": "Acme",
             "collection": "desk", "text": "Words.", "start": 10, "end": 16, "kind": "body",
             "speaker": "Tom Reed,Ann Vole"}
QUOTE = {"doc_id": "a1", "rev": "0123abcd", "n": 3, "institution": "Acme", "collection": "desk",
         "qi": 1, "back": 2, "speaker": "Ann Vole"}


@pytest.mark.parametrize("name", INHERITED)
def test_an_inherited_field_equal_to_the_paragraphs_is_left_out_and_read_back(name: str) -> None:
    slim = slim_quote(QUOTE, PARAGRAPH)
    assert name not in slim and "qi" not in slim
    assert restore_quote(slim, PARAGRAPH) == QUOTE


@pytest.mark.parametrize("name", INHERITED)
def test_an_inherited_field_unlike_the_paragraphs_is_kept(name: str) -> None:
    quote = dict(QUOTE, **{name: "other"})
    slim = slim_quote(quote, PARAGRAPH)
    assert slim[name] == "other" and restore_quote(slim, PARAGRAPH) == quote


@pytest.mark.parametrize("name", INHERITED)
def test_an_inherited_field_the_quote_lacks_stays_absent(name: str) -> None:
    quote = {k: v for k, v in QUOTE.items() if k != name}
    slim = slim_quote(quote, PARAGRAPH)
    assert slim[name] is None and restore_quote(slim, PARAGRAPH) == quote


@pytest.mark.parametrize("name", PICKED)
def test_a_picked_field_among_the_paragraphs_names_is_its_index(name: str) -> None:
    slim = slim_quote(dict(QUOTE, **{name: "Ann Vole"}), PARAGRAPH)
    assert slim[name] == 1 and restore_quote(slim, PARAGRAPH)[name] == "Ann Vole"


@pytest.mark.parametrize("name", PICKED)
@pytest.mark.parametrize("paragraph", [PARAGRAPH, {k: v for k, v in PARAGRAPH.items() if k not in PICKED}])
def test_a_picked_field_not_among_the_paragraphs_names_is_kept(name: str, paragraph: dict[str, Any]) -> None:
    quote = dict(QUOTE, **{name: "Ann"})  # a part of a name is not the name
    slim = slim_quote(quote, paragraph)
    assert slim[name] == "Ann" and restore_quote(slim, paragraph) == quote


def test_a_qi_that_is_not_back_less_one_is_kept() -> None:
    quote = dict(QUOTE, qi=5)
    assert slim_quote(quote, PARAGRAPH)["qi"] == 5 and restore_quote(slim_quote(quote, PARAGRAPH), PARAGRAPH) == quote


@pytest.mark.parametrize(("paragraph_id", "slim"), [("a1-p3", True), ("a1-p4", False), ("other", False)])
def test_a_paragraph_id_is_left_out_only_when_doc_id_and_n_give_it(paragraph_id: str, slim: bool) -> None:
    paragraph = dict(PARAGRAPH, paragraph_id=paragraph_id)
    made = slim_paragraph(paragraph)
    assert (made is not None) == slim
    if made is not None:
        assert "paragraph_id" not in made and restore_paragraph(made) == paragraph


def test_the_learnt_dictionary_fills_zlibs_window_with_the_template() -> None:
    pickles = [bytes([i % 250]) * 1000 for i in range(100)]
    learnt = learn_dictionary(pickles, STORED_DICTIONARY)
    assert len(learnt) + len(STORED_DICTIONARY) == DICTIONARY_BYTES and b"".join(pickles).endswith(learnt)
    assert learn_dictionary(pickles, b"x" * DICTIONARY_BYTES) == b""


def column_of(values: list[Any]) -> Any:
    """Return a reader of a LearntStoredColumn holding `values` as documents 0, 1, ... (None: no
    stored fields, as Whoosh writes nothing for such a document), and the column's size."""
    storage, column = RamStorage(), LearntStoredColumn(STORED_DICTIONARY)
    out = storage.create_file("c")
    writer = column.writer(out)
    for docnum, value in enumerate(values):
        if value is not None:
            writer.add(docnum, value)
    writer.finish(len(values))
    length = out.tell()
    out.close()
    return column.reader(storage.open_file("c"), 0, length, len(values)), length


def article_values(count: int) -> list[Any]:
    """Return the stored fields of a paragraph and its two quotes, `count` times, each its own article."""
    values: list[Any] = []
    for i in range(count):
        paragraph = dict(PARAGRAPH, doc_id=f"a{i}", paragraph_id=f"a{i}-p3", text=f"Words of article {i}. " * 5)
        values += [paragraph, *(dict(QUOTE, doc_id=f"a{i}", qi=qi, back=qi + 1) for qi in range(2))]
    return values


# One row a kind of segment: each value must read back equal, by position (in any order) and walked.
SEGMENTS = [
    pytest.param(article_values(3), id="too few to learn from: the template alone"),
    pytest.param(article_values(400), id="a learnt dictionary"),
    pytest.param([dict(QUOTE, back=1), *article_values(2)], id="a quote whose paragraph is not in the segment"),
    pytest.param([PARAGRAPH, None, dict(QUOTE, back=2), dict(QUOTE, back=1)], id="one without stored fields"),
    pytest.param([PARAGRAPH, dict(QUOTE, back=1, institution=None)], id="a None the slim form cannot hold"),
    pytest.param([PARAGRAPH, dict(QUOTE, back=1, speaker=1)], id="a number where a picked field's name goes"),
    pytest.param([{"text": "long " * 20_000}, {"a name": [1, 2.5, None]}, {"back": "not a number"}], id="others"),
]


@pytest.mark.parametrize("values", SEGMENTS)
def test_every_stored_value_reads_back(values: list[Any]) -> None:
    reader, _length = column_of(values)
    assert len(reader) == len(values) and list(reader) == values
    assert [reader[d] for d in reversed(range(len(values)))] == values[::-1]


def test_a_learnt_segment_is_smaller_than_the_template_alone() -> None:
    values = [stored for article in generated_articles(200) for para in article.paragraphs
              for stored in stored_fields_of(article, para)]
    _reader, learnt = column_of(values)
    assert learnt < sum(map(template_bytes, values)) * 0.9  # the earlier codec's values alone, without its lengths


def template_bytes(value: dict[str, Any]) -> int:
    """Return the bytes CompactStoredCodec's column writes for `value` (zlib against the template)."""
    packer = zlib.compressobj(3, zdict=STORED_DICTIONARY)
    return len(packer.compress(pickle.dumps(value, 2)) + packer.flush())


def stored_fields_of(article: Any, para: Any) -> list[dict[str, Any]]:
    """Return the stored fields Whoosh keeps for a paragraph's documents (the schema's stored names)."""
    schema = build_schema()
    return [{k: v for k, v in doc.items() if k in schema and schema[k].stored} for doc in unit_documents(article, para, "r1")]


def test_a_bulk_writer_writes_with_the_learnt_codec(tmp_path: Path) -> None:
    ix = whoosh_index.create_in(str(tmp_path), build_schema())
    writer = whoosh_writers.BulkWriter(ix, compound=False)
    assert isinstance(writer.codec, LearntStoredCodec)  # CompactBlockCodec: its stored fields (compactblocks)
    writer.cancel()


# every codec an index may have been written with before this one (speed53, speed54, speed56 and
# the sorted terms before them): it answers alike and merges into the current codec's segments
@pytest.mark.parametrize("older", [W3Codec, SortedTermsCodec, CompactTermsCodec, CompactStoredCodec,
                                   PositionStreamCodec, LearntStoredCodec])
def test_an_older_index_answers_alike_and_merges_into_current_segments(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, older: type) -> None:
    fresh = open_index(tmp_path / "fresh", create=True)
    write_articles(fresh, ARTICLES[:2])
    with bulk_writers_using(monkeypatch, older()):  # an index written by the code before: its codec
        old = open_index(tmp_path / "old", create=True)
        write_articles(old, ARTICLES[:2])
        old.close()
    index = open_index(tmp_path / "old")
    try:
        assert codecs_of(index) == {older} and codecs_of(fresh) == {CompactBlockCodec}
        assert answers(index) == answers(fresh) and sum(map(len, answers(fresh))) >= 20
        write_articles(index, ARTICLES[2:])  # a current segment beside the older one
        write_articles(fresh, ARTICLES[2:])
        assert answers(index) == answers(fresh)
        for each in (index, fresh):
            merge_into_one(each, "pooled")  # the pooled merge read both forms of `index`
        assert codecs_of(index) == {CompactBlockCodec}
        assert answers(index) == answers(fresh)
    finally:
        index.close()
        fresh.close()


def live_stored(index: Index) -> list[dict[str, Any]]:
    """Return every undeleted document's stored fields, segment by segment in docnum order."""
    with index.whoosh_index.reader() as reader:
        return [leaf.stored_fields(d) for leaf, _base in reader.leaf_readers()
                for d in range(leaf.doc_count_all()) if not leaf.is_deleted(d)]


# Re-ingesting articles deletes their documents in the middle of the first segment (their new version in a
# second); a merge then moves every later document to another docnum: each still reads back as the earlier
# codec's (the quote documents' `back` kept right as their paragraphs move with them).
@pytest.mark.parametrize("merge", [None, "pooled", "whoosh"])
def test_documents_around_reingested_articles_read_back_as_the_earlier_codecs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, merge: str | None) -> None:
    articles, stored = generated_articles(12), []
    updated = [replace(a, meta=replace(a.meta, title=f"{a.meta.title} (updated)")) for a in articles[3:5]]
    for codec in (PositionStreamCodec(), LearntStoredCodec()):
        with bulk_writers_using(monkeypatch, codec):
            index = open_index(tmp_path / type(codec).__name__, create=True)
            try:
                write_articles(index, articles[:8])
                write_articles(index, [*updated, *articles[8:]])
                with index.whoosh_index.reader() as reader:
                    assert reader.has_deletions()  # the first versions of articles 3 and 4
                if merge is not None:
                    merge_into_one(index, merge)
                stored.append(live_stored(index))
            finally:
                index.close()
    assert stored[0] == stored[1] and sum("back" in s for s in stored[1]) > 10


def test_whooshs_merge_of_current_segments_answers_as_the_pooled_merge(tmp_path: Path) -> None:
    answered = []
    for name in ("pooled", "whoosh"):
        index = open_index(tmp_path / name, create=True)
        write_articles(index, ARTICLES[:2])
        write_articles(index, ARTICLES[2:])
        merge_into_one(index, name)  # Whoosh's merge: its matchers over stream blocks, its stored copy
        try:
            assert codecs_of(index) == {CompactBlockCodec if name == "pooled" else W3Codec}
            answered.append(answers(index))
        finally:
            index.close()
    assert answered[0] == answered[1] and sum(map(len, answered[0])) >= 40  # all but "nothing" find the four


def segment_stored(path: Path, writer_class: type, codec: Any) -> list[dict[str, Any]]:
    """Index generated articles' documents with `writer_class` and `codec`; return every document's stored fields."""
    write_generated_segment(path, writer_class, codec)
    with whoosh_index.open_dir(str(path)).reader() as reader:
        return [reader.stored_fields(d) for d in range(reader.doc_count_all())]


@pytest.mark.parametrize("writer_class", [whoosh_writers.BulkWriter, SegmentWriter])
def test_a_segment_stores_as_the_earlier_codec(tmp_path: Path, writer_class: type) -> None:
    expected = segment_stored(tmp_path / "earlier", SegmentWriter, PositionStreamCodec())
    stored = segment_stored(tmp_path / "learnt", writer_class, LearntStoredCodec())
    assert stored == expected and sum("back" in s for s in stored) > 50


def test_a_column_past_whooshs_offsets_cutoff_reads_by_position_without_offsets() -> None:
    values = [{"n": i, "text": "w" * (i % 300)} for i in range(40_000)]  # Whoosh writes offsets past 32,768
    reader, length = column_of(values)
    assert all(reader[d] == values[d] for d in range(0, 40_000, 7)) and reader[39_999] == values[-1]
    assert length == sum(reader._lengths) + 2 * 40_001 + 1  # the values, two bytes a length (one the learnt row's), its type


class _CountedCompressor:
    """A zlib compressor whose copies are counted (Python's Compress type takes no attributes)."""

    copies = 0

    def __init__(self, packer: Any) -> None:
        self._packer = packer

    def copy(self) -> Any:
        _CountedCompressor.copies += 1
        return self._packer.copy()

    def compress(self, data: bytes) -> bytes:
        return self._packer.compress(data)

    def flush(self) -> bytes:
        return self._packer.flush()


def test_a_repeated_pickle_is_written_as_the_bytes_it_deflated_to(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each row is its pickle deflated afresh against the dictionary, and the compressor is copied
    once a distinct pickle, not once a document (most slim quote documents repeat)."""
    compressobj = zlib.compressobj
    monkeypatch.setattr(learntstored.zlib, "compressobj",
                        lambda *args, **kwargs: _CountedCompressor(compressobj(*args, **kwargs)))
    _CountedCompressor.copies = 0
    values = article_values(400)
    reader, _length = column_of(values)
    assert list(reader) == values
    rows = [columns.VarBytesColumn.Reader.__getitem__(reader, d) for d in range(len(values))]
    pickles = [learntstored.inflate(row, reader._dictionary) for row in rows]
    assert all(learntstored.deflate(p, reader._dictionary) == row for p, row in zip(pickles, rows, strict=True))
    assert len(set(pickles)) < len(values) // 2 and _CountedCompressor.copies == len(set(pickles))
