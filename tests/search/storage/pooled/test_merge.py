"""BulkWriter.add_reader (search.storage.pooled.merge): a merge writes the
segment files Whoosh's own add_reader writes, byte for byte, from several
segments with documents deleted at their ends and in the middle, terms in
several segments and of several blocks, boosted weights, onrecord's own
schema (stored fields, lengths, columns) and a pool that spills runs; what
it does not reproduce takes Whoosh's add_reader; and searches over an
index built in many commits (merged again and again) answer as before."""
from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from whoosh import fields
from whoosh import index as whoosh_index
from whoosh.codec.base import FieldWriter
from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb.filestore import FileStorage, RamStorage
from whoosh.writing import MERGE_SMALL, SegmentWriter

from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.pooled.merge import CannotPool
from onrecord.search.storage.pooled.pool import POSTING_BYTES, TermPool, TermRecord
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
from onrecord.search.storage.schema import build_schema, unit_documents
from onrecord.search.writing.commits import write_articles
from tests.search.storage.pooled.test_flush import CODECS, SpillingBulkWriter, codec_id, documents, schema
from tests.search.storage.test_field_postings import generated_articles

Docs = list[dict[str, Any]]
# Per segment: its documents' numbers to delete (first, middle, last, all).
DELETIONS: list[list[int]] = [[0, 7, 8], [], [3, 4, 5], [19], list(range(6)), [0]]


def source_index(path: Path, make_schema: Callable[[], fields.Schema], codec: W3Codec,
                 segments: list[Docs]) -> None:
    """Write each of `segments` as a segment of its own (Whoosh's writer,
    no merge), then delete DELETIONS' documents of each."""
    path.mkdir()
    ix = whoosh_index.create_in(str(path), make_schema())
    for docs in segments:
        writer = SegmentWriter(ix, codec=codec, compound=False)
        for doc in docs:
            writer.add_document(**doc)
        writer.commit(merge=False)
    writer = ix.writer()
    base = 0
    for docs, deleted in zip(segments, DELETIONS, strict=False):
        for docnum in deleted:
            if docnum < len(docs):
                writer.delete_document(base + docnum)
        base += len(docs)
    writer.commit(merge=False)


def merged_files(source: Path, path: Path, writer_class: type, codec: W3Codec, new_docs: Docs,
                 mergetype: Any = None) -> dict[str, list[bytes]]:
    """Copy the index at `source` to `path`, add `new_docs` with a
    `writer_class` and commit, merging every segment (or as `mergetype`
    says); return the files' bytes by extension but the TOC's."""
    shutil.copytree(source, path)
    ix = whoosh_index.open_dir(str(path))
    writer = writer_class(ix, codec=codec, compound=False)
    for doc in new_docs:
        writer.add_document(**doc)
    writer.commit(mergetype=mergetype, optimize=mergetype is None)
    files: dict[str, list[bytes]] = {}
    for name in os.listdir(path):
        if not name.endswith((".toc", ".lock")):
            files.setdefault(name.rsplit(".", 1)[-1], []).append((path / name).read_bytes())
    return {kind: sorted(contents) for kind, contents in files.items()}


def segments_of(sizes: list[int]) -> list[Docs]:
    """Return generated documents in segments of `sizes` (a word in all)."""
    docs = documents(sum(sizes), seed=len(sizes))
    cuts = [sum(sizes[:n]) for n in range(len(sizes) + 1)]
    return [docs[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]


@pytest.mark.parametrize("codec", CODECS, ids=codec_id)
@pytest.mark.parametrize("new_docs", [0, 12])
def test_a_merge_writes_whooshs_bytes(tmp_path: Path, codec: W3Codec, new_docs: int,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    segments = segments_of([9, 150, 6, 20, 6, 11])
    source_index(tmp_path / "source", schema, codec, segments)
    added = documents(new_docs, seed=99)
    expected = merged_files(tmp_path / "source", tmp_path / "whoosh", SegmentWriter, codec, added)
    pooled: list[int] = []
    add_terms = TermPool.add_terms
    monkeypatch.setattr(TermPool, "add_terms", lambda pool, records, first, top: (
        pooled.append(first), add_terms(pool, records, first, top)))
    monkeypatch.setattr(SegmentWriter, "add_postings_to_pool", _refuse)
    assert merged_files(tmp_path / "source", tmp_path / "ours", BulkWriter, codec, added) == expected
    assert len(pooled) == 6 and pooled[0] == new_docs  # each segment in bulk, after the new documents
    reader = whoosh_index.open_dir(str(tmp_path / "whoosh")).reader()
    assert reader.doc_count() == sum(map(len, segments)) + new_docs - 3 - 3 - 1 - 6 - 1
    assert reader.doc_frequency("words", b"news") > codec._blocklimit  # in every segment, several blocks


def _refuse(*args: Any) -> None:
    raise AssertionError("the merge pooled postings Whoosh's way")


@pytest.mark.parametrize("codec", CODECS[:3], ids=codec_id)
def test_a_merge_into_a_spilling_pool_writes_whooshs_bytes(tmp_path: Path, codec: W3Codec,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # A segment bigger than the pool's memory goes to a run of its own,
    # small ones stay in memory: the runs still join per term.
    segments = segments_of([3, 40, 2, 25, 6, 1, 4])
    source_index(tmp_path / "source", schema, codec, segments)
    added = documents(15, seed=98)
    expected = merged_files(tmp_path / "source", tmp_path / "whoosh", SegmentWriter, codec, added)
    saves: list[int] = []
    save = TermPool.save
    monkeypatch.setattr(TermPool, "save", lambda pool: (saves.append(len(pool.terms)), save(pool)))
    own_runs: list[int] = []
    spill = TermPool._spill_records
    monkeypatch.setattr(TermPool, "_spill_records", lambda pool, records: (own_runs.append(1), spill(pool, records)))
    monkeypatch.setattr(SegmentWriter, "add_postings_to_pool", _refuse)

    def refuse_flush(*args: Any) -> None:
        raise AssertionError("the spilled pool's flush took Whoosh's path")
    monkeypatch.setattr(FieldWriter, "add_postings", refuse_flush)
    assert merged_files(tmp_path / "source", tmp_path / "ours", SpillingBulkWriter, codec, added) == expected
    assert len(saves) > 3 and 0 < len(own_runs) < 7  # some segments in runs of their own, some in memory


def test_merge_small_writes_whooshs_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Whoosh's default policy merges the small segments and keeps the big one.
    codec = W3Codec(blocklimit=4)
    segments = segments_of([200, 5, 4, 6, 3, 7, 2])
    source_index(tmp_path / "source", schema, codec, segments)
    expected = merged_files(tmp_path / "source", tmp_path / "whoosh", SegmentWriter, codec, [], MERGE_SMALL)
    monkeypatch.setattr(SegmentWriter, "add_postings_to_pool", _refuse)
    ours = merged_files(tmp_path / "source", tmp_path / "ours", BulkWriter, codec, [], MERGE_SMALL)
    assert ours == expected
    assert len(whoosh_index.open_dir(str(tmp_path / "ours")).reader().leaf_readers()) == 3  # 200, 5 and the rest


def onrecord_segments() -> list[Docs]:
    """Return onrecord's paragraph and quote documents of generated
    articles, in segments of several sizes."""
    docs = [doc for article in generated_articles(40) for para in article.paragraphs
            for doc in unit_documents(article, para, "r1")]
    cuts = [0, 10, 60, 70, 120, 130, len(docs)]
    return [docs[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]


class SpillingBlocksWriter(SpillingBulkWriter):
    """A SpillingBulkWriter whose runs' records hold a block of 128
    postings whole: onrecord's position values are shared objects (a
    single position's encoding is kept), which Whoosh pickles by
    reference within a block, and a run keeps them one object only within
    a record."""

    def __init__(self, ix: Any, **kwargs: Any) -> None:
        super().__init__(ix, **kwargs)
        self._bulk_pool.run_batch = 128


@pytest.mark.parametrize(("writer_class", "new_docs"), [(BulkWriter, True), (SpillingBlocksWriter, False)])
def test_a_merge_of_onrecords_documents_writes_whooshs_bytes(tmp_path: Path, writer_class: type, new_docs: bool,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # Stored fields (their order), lengths, columns of onrecord's schema.
    codec = W3Codec()
    segments = onrecord_segments()
    saves: list[int] = []
    save = TermPool.save
    monkeypatch.setattr(TermPool, "save", lambda pool: (saves.append(len(pool.terms)), save(pool)))
    source_index(tmp_path / "source", build_schema, codec, segments)
    added = segments[1] if new_docs else []
    expected = merged_files(tmp_path / "source", tmp_path / "whoosh", SegmentWriter, codec, added)
    monkeypatch.setattr(SegmentWriter, "add_postings_to_pool", _refuse)
    assert merged_files(tmp_path / "source", tmp_path / "ours", writer_class, codec, added) == expected
    assert {"pst", "trm", "col"} <= set(expected)
    assert (len(saves) > 3) == (writer_class is SpillingBlocksWriter)


def vector_schema() -> fields.Schema:
    """Return test_flush's schema with a field that keeps term vectors."""
    made = schema()
    made.add("vec", fields.TEXT(vector=True))
    return made


def glob_schema() -> fields.Schema:
    """Return test_flush's schema with stored glob fields (`*_t`)."""
    made = schema()
    made.add("*_t", fields.TEXT(stored=True), glob=True)
    return made


@pytest.mark.parametrize(("make_schema", "extra"), [(vector_schema, "vec"), (glob_schema, "x_t")])
def test_a_schema_with_vectors_or_globs_takes_whooshs_add_reader(
        tmp_path: Path, make_schema: Callable[[], fields.Schema], extra: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    codec = W3Codec(blocklimit=4)
    segments = [[dict(doc, **{extra: doc["body"]}) if n % 3 else doc for n, doc in enumerate(docs)]
                for docs in segments_of([9, 12, 6])]
    source_index(tmp_path / "source", make_schema, codec, segments)
    expected = merged_files(tmp_path / "source", tmp_path / "whoosh", SegmentWriter, codec, [])
    whooshs = SegmentWriter.add_reader
    calls: list[Any] = []
    monkeypatch.setattr(SegmentWriter, "add_reader", lambda self, reader: (calls.append(reader),
                                                                           whooshs(self, reader)))
    assert merged_files(tmp_path / "source", tmp_path / "ours", BulkWriter, codec, []) == expected
    assert len(calls) == 3 and ("vps" in expected) == (extra == "vec")


def test_postings_whoosh_reads_differently_are_pooled_whooshs_way(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # A block whose values do not line up with its ids: that reader's
    # postings go Whoosh's way, its documents are not copied twice.
    from onrecord.search.storage.pooled import merge
    codec = W3Codec(blocklimit=4)
    segments = segments_of([9, 30, 6])
    source_index(tmp_path / "source", schema, codec, segments)
    expected = merged_files(tmp_path / "source", tmp_path / "whoosh", SegmentWriter, codec, [])
    block_postings = merge._block_postings
    seen: list[int] = []

    def fail_late(data: bytes, fixedsize: Any, remap: list[int], shift: Any) -> Iterator[list[Any]]:
        seen.append(len(seen))
        if len(seen) == 40:
            raise merge.CannotPool("a test's")
        return block_postings(data, fixedsize, remap, shift)
    monkeypatch.setattr(merge, "_block_postings", fail_late)
    whoosh_pool = SegmentWriter.add_postings_to_pool
    fallbacks: list[int] = []
    monkeypatch.setattr(SegmentWriter, "add_postings_to_pool", lambda self, reader, first, docmap: (
        fallbacks.append(first), whoosh_pool(self, reader, first, docmap)))
    assert merged_files(tmp_path / "source", tmp_path / "ours", SpillingBulkWriter, codec, []) == expected
    # The failed segment's postings, then (the pool now out of docnum
    # order) the next segments' whole, went Whoosh's way.
    assert fallbacks and fallbacks[0] > 0 and len(seen) >= 40


WORDS_QUERIES = ["said", "the police", '"the police"', "Blair OR BBC", "headline", "", "run*"]


def build_in_commits(path: Path, rounds: int) -> Any:
    """Write generated articles in many small commits (each merging small
    segments), rewriting some articles (their old paragraphs deleted)."""
    index = open_index(path, create=True)
    articles = generated_articles(60)
    for n in range(rounds):
        write_articles(index, articles[n * 4:n * 4 + 4] + articles[n:n + 1])
    return index


def test_searches_over_merged_segments_answer_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    merged: list[int] = []
    add_terms = TermPool.add_terms
    monkeypatch.setattr(TermPool, "add_terms", lambda pool, records, first, top: (
        merged.append(first), add_terms(pool, records, first, top)))
    ours = build_in_commits(tmp_path / "ours", 14)
    assert len(merged) > 5  # segments merged in bulk, some with deleted documents
    monkeypatch.setattr(BulkWriter, "add_reader", SegmentWriter.add_reader)
    whooshs = build_in_commits(tmp_path / "whoosh", 14)
    for query in WORDS_QUERIES:
        for sort in ("relevance", "newest"):
            request = SearchRequest(query=query, sort=sort, per_page=50)
            got, want = search(ours, request), search(whooshs, request)
            assert got.to_dict() == want.to_dict(), query
            assert got.total > 0


def big_records(first: int, count: int) -> Iterator[TermRecord]:
    """Yield term records of `count` documents from docnum `first`: one
    term in every document, a term of its own in each."""
    yield "a", b"all", [x for doc in range(first, first + count) for x in (doc, 1.0, None)]
    for doc in range(first, first + count):
        yield "b", b"%d" % doc, [doc, 2.0, b"v"]


def test_a_segment_too_big_for_memory_goes_to_a_run_above_the_pooled() -> None:
    storage = RamStorage()
    pool = TermPool(storage, None)
    pool.limit = 30 * POSTING_BYTES
    pool.add_terms(big_records(0, 5), 0, 4)  # in memory
    assert pool.runs == [] and pool.currentsize == 10 * POSTING_BYTES
    pool.add_terms(big_records(5, 20), 5, 24)  # the memory spilled, then a run of its own
    assert len(pool.runs) == 2 and pool.terms == {} and pool.in_order
    with pytest.raises(ValueError, match="not above"):
        pool.add_terms(big_records(24, 1), 24, 24)
    pool.add(("b", b"late", 24, 1.0, None))  # a posting below the run's top
    assert not pool.in_order


def test_a_failed_segment_leaves_no_run(tmp_path: Path) -> None:
    storage = FileStorage(str(tmp_path))
    pool = TermPool(storage, None)
    pool.limit = 30 * POSTING_BYTES
    pool.add_terms(big_records(0, 5), 0, 4)

    def failing() -> Iterator[TermRecord]:
        yield from big_records(5, 20)
        raise CannotPool("a test's")
    with pytest.raises(CannotPool):
        pool.add_terms(failing(), 5, 24)
    assert len(pool.runs) == 1 and sorted(os.listdir(tmp_path)) == sorted(pool.runs)  # the memory's run only


@pytest.mark.parametrize("codec", CODECS, ids=codec_id)
def test_blocks_decode_as_whooshs_matcher_reads_them(tmp_path: Path, codec: W3Codec) -> None:
    # Every posting format (no values, fixed-size, variable), weights all
    # 1, all equal or mixed, compressed blocks or not.
    from onrecord.search.storage.pooled import merge
    from onrecord.search.storage.reading.whoosh_internals import field_term_matchers, iter_blocks
    source_index(tmp_path / "source", schema, codec, segments_of([40, 30]))
    reader = whoosh_index.open_dir(str(tmp_path / "source")).reader()
    kinds = set()
    for leaf, _ in reader.leaf_readers():
        for name in schema().names():
            fixedsize = leaf.schema[name].format.fixed_value_size()
            raw = dict(merge._term_postings(leaf._terms, name))
            for tbytes, matcher in field_term_matchers(leaf, name) or ():
                want = [(list(b.ids), list(b.weights()), list(b.values())) for b in iter_blocks(matcher)]
                got = [(ids, list(weights), list(values))
                       for ids, weights, values in merge._decode_blocks(raw.pop(tbytes), fixedsize)]
                assert got == want, (name, tbytes)
                kinds.add((fixedsize, len(set(w for _, weights, _ in got for w in weights)) > 1, len(got) > 1))
            assert raw == {}
    several = codec._blocklimit < 30  # terms of several blocks
    assert {(0, False, several), (4, True, several), (None, True, several)} <= kinds
