"""search.storage.pooled (the pool and its flush): the segment files BulkWriter writes from
its pooled postings are Whoosh's own writer's, byte for byte, over every
posting format (existence, frequencies, positions), weights that are not 1
(boosted documents, which take Whoosh's add_document), terms of more than
one block, uncompressed blocks, and a pool that spills (its runs merged
per term, without Whoosh's merge of single postings)."""
from __future__ import annotations

import gc
import marshal
import random
from pathlib import Path
from typing import Any

import pytest
from whoosh import fields
from whoosh import index as whoosh_index
from whoosh.codec.base import FieldWriter
from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb.filestore import RamStorage
from whoosh.writing import SegmentWriter

from onrecord.search.storage.pooled import pool as pool_module
from onrecord.search.storage.pooled import whoosh_writers
from onrecord.search.storage.pooled.compactterms import CompactTermsCodec
from onrecord.search.storage.pooled.flush import can_write_pooled
from onrecord.search.storage.pooled.pool import POSTING_BYTES, TermPool
from onrecord.search.storage.pooled.sortedterms import SortedTermsCodec
from onrecord.search.storage.pooled.storedfields import CompactStoredCodec
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
from tests.factories import segment_files_by_kind

WORDS = ["alpha", "beta", "gamma", "delta", "the", "of", "said", "minister", "x", "y"]


def schema() -> fields.Schema:
    """Return one field of each posting format and kind of length."""
    return fields.Schema(
        tag=fields.ID(stored=True),  # existence, no length
        words=fields.TEXT(phrase=False),  # frequencies: weights 1, 2, 3 ...
        body=fields.TEXT(stored=True),  # positions
        year=fields.NUMERIC(int),  # several terms per value
        keys=fields.KEYWORD(scorable=True, commas=True))


def documents(count: int, seed: int = 3) -> list[dict[str, Any]]:
    """Return `count` generated documents; every seventh is boosted by a
    weight no 32-bit float holds (Whoosh's add_document pools those)."""
    rng = random.Random(seed)
    docs: list[dict[str, Any]] = []
    for n in range(count):
        body = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 30)))
        doc: dict[str, Any] = {"tag": f"t{n % 5}", "words": "news " + body, "body": body,
                               "year": 2000 + n % 4, "keys": ",".join(rng.sample(WORDS, 3))}
        if n % 7 == 3:
            doc["_boost"] = 1.1
        docs.append(doc)
    return docs


class SpillingBulkWriter(BulkWriter):
    """A BulkWriter whose pool spills a run every ~40 postings."""

    def __init__(self, ix: Any, **kwargs: Any) -> None:
        super().__init__(ix, **kwargs)
        self.pool.limit = 40 * POSTING_BYTES
        self._bulk_pool.run_batch = 5


def segment_files(path: Path, writer_class: type, codec: W3Codec, docs: list[dict[str, Any]]) -> dict[str, list[bytes]]:
    """Write `docs` as one segment with `writer_class`; return every file's
    bytes by extension but the TOC's (which names the random segment id)."""
    path.mkdir()
    ix = whoosh_index.create_in(str(path), schema())
    writer = writer_class(ix, codec=codec, compound=False)
    for doc in docs:
        writer.add_document(**doc)
    writer.commit()
    return segment_files_by_kind(path)


# Whoosh 3's codec, and onrecord's whose term table has no hash tables (sortedterms), in compact rows (compactterms).
# and its stored fields against a preset dictionary (storedfields).
CODECS = [W3Codec(), W3Codec(blocklimit=4), W3Codec(blocklimit=1), W3Codec(compression=0),
          W3Codec(blocklimit=3, compression=9), SortedTermsCodec(), SortedTermsCodec(blocklimit=4),
          CompactTermsCodec(), CompactTermsCodec(blocklimit=4), CompactStoredCodec()]


def codec_id(codec: W3Codec) -> str:
    """Return a test id naming the codec's class, block limit and zlib level."""
    return f"{type(codec).__name__}-blocks{codec._blocklimit}-zlib{codec._compression}"


@pytest.mark.parametrize("codec", CODECS, ids=codec_id)
def test_pooled_flush_writes_whooshs_bytes(tmp_path: Path, codec: W3Codec, monkeypatch: pytest.MonkeyPatch) -> None:
    docs = documents(300)
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, codec, docs)

    def refuse(*args: Any) -> None:
        raise AssertionError("the pooled flush took Whoosh's path")
    monkeypatch.setattr(FieldWriter, "add_postings", refuse)
    assert segment_files(tmp_path / "ours", BulkWriter, codec, docs) == expected
    assert {"pst", "trm", "col"} <= set(expected)
    reader = whoosh_index.open_dir(str(tmp_path / "whoosh")).reader()
    # More postings than a block holds: "news" is in every document's words.
    assert reader.doc_frequency("words", b"news") == 300 > codec._blocklimit


@pytest.mark.parametrize("codec", CODECS[:3], ids=codec_id)
@pytest.mark.parametrize("count", [1, 2, 60, 300])
def test_a_spilling_pool_writes_whooshs_bytes_from_its_runs(tmp_path: Path, count: int, codec: W3Codec,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    docs = documents(count, seed=count)
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, codec, docs)
    saves: list[int] = []
    save = TermPool.save
    monkeypatch.setattr(TermPool, "save", lambda pool: (saves.append(len(pool.terms)), save(pool)))

    def refuse(*args: Any) -> None:
        raise AssertionError("the spilled pool's flush took Whoosh's path")
    monkeypatch.setattr(FieldWriter, "add_postings", refuse)
    assert segment_files(tmp_path / "ours", SpillingBulkWriter, codec, docs) == expected
    assert (len([n for n in saves if n]) > 5) == (count > 2)  # runs spilled, terms cut into pieces


@pytest.mark.parametrize("writer_class", [BulkWriter, SpillingBulkWriter])
def test_the_flush_runs_with_the_collector_off(tmp_path: Path, writer_class: type,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    for name in ("write_pooled_terms", "write_merged_terms"):
        write = getattr(whoosh_writers, name)
        monkeypatch.setattr(whoosh_writers, name,
                            lambda *args, write=write: (seen.append(gc.isenabled()), write(*args)))
    try:
        for enabled in (True, False):  # after the flush the collector is as it was before
            (gc.enable if enabled else gc.disable)()
            segment_files(tmp_path / str(enabled), writer_class, W3Codec(), documents(60))
            assert (seen[-1], gc.isenabled()) == (False, enabled)
    finally:
        gc.enable()


def spilled_pool(postings: list[tuple[Any, ...]], every: int, run_batch: int) -> TermPool:
    """Return a TermPool (in memory) that has spilled a run every `every` postings."""
    pool = TermPool(RamStorage(), None)
    pool.limit = every * POSTING_BYTES - 1
    pool.run_batch = run_batch
    for posting in postings:
        pool.add(posting)
    return pool


def generated_postings(count: int, seed: int = 5) -> list[tuple[Any, ...]]:
    """Return `count` postings of a few fields and terms in docnum order."""
    rng = random.Random(seed)
    postings = []
    for docnum in range(count // 3):
        for name, tbytes in sorted(rng.sample([("a", b"x"), ("a", b"y"), ("b", b"x"), ("b", b"zz")], 3)):
            postings.append((name, tbytes, docnum, float(rng.randint(1, 3)), bytes([rng.randint(0, 255)])))
    return postings


@pytest.mark.parametrize("maxfiles", [2, 3, 128])
@pytest.mark.parametrize(("every", "run_batch"), [(4, 1), (7, 3), (40, 8192)])
def test_spilled_runs_join_per_term_in_docnum_order(every: int, run_batch: int, maxfiles: int) -> None:
    postings = generated_postings(300)
    pool = spilled_pool(postings, every, run_batch)
    assert len(pool.runs) > 5 and pool.in_order
    joined: dict[tuple[str, bytes], list[Any]] = {}
    for name, tbytes, flat in pool.iter_terms(maxfiles):
        assert len(flat) <= 3 * max(run_batch, every + 3)  # a long list comes in pieces
        joined.setdefault((name, tbytes), []).extend(flat)
    expected: dict[tuple[str, bytes], list[Any]] = {}
    for name, tbytes, *triple in sorted(postings):
        expected.setdefault((name, tbytes), []).extend(triple)
    assert list(joined.items()) == list(expected.items())  # the terms in order, each list whole
    assert pool.runs == [] and pool.terms == {}


@pytest.mark.parametrize("maxfiles", [2, 128])
@pytest.mark.parametrize("late", [0, 1, 50])
def test_a_posting_below_a_spilled_run_takes_whooshs_merge(late: int, maxfiles: int) -> None:
    postings = generated_postings(300)
    postings.append(("a", b"x", late, 1.0, None))  # after runs of higher docnums
    pool = spilled_pool(postings, 20, 4)
    assert not pool.in_order
    with pytest.raises(ValueError, match="docnum order"):
        pool.iter_terms()
    assert list(pool.items(maxfiles)) == sorted(postings)


def test_a_codec_that_inlines_keeps_whooshs_path(tmp_path: Path) -> None:
    # Whoosh 3 inlines a term of fewer than `inlinelimit` postings through
    # a TermInfo method it lacks: BulkWriter fails exactly as Whoosh does.
    codec = W3Codec(inlinelimit=2)
    assert not can_write_pooled(SegmentWriter(whoosh_index.create_in(str(tmp_path), schema()),
                                              codec=codec).fieldwriter)
    for name, writer_class in (("whoosh", SegmentWriter), ("ours", BulkWriter)):
        with pytest.raises(AttributeError, match="set_inline"):
            segment_files(tmp_path / name, writer_class, codec, documents(5))


POSTINGS = [("f", b"b", 4, 1.0, b"v"), ("f", b"a", 9, 2.0, None), ("e", b"z", 1, 1.0, b""),
            ("f", b"a", 3, 1.0, None), ("f", b"b", 4, 0.5, b"u"), ("f", b"a", 0, 1.0, b"w")]


@pytest.mark.parametrize("order", [[0, 1, 2], [1, 3, 5], [5, 3, 1], [0, 4], [4, 0], list(range(6))])
def test_the_pool_yields_postings_as_whoosh_sorts_them(order: list[int], tmp_path: Path) -> None:
    pool = TermPool(None, None)
    for n in order:
        pool.add(POSTINGS[n])
    assert list(pool.iter_postings()) == sorted(POSTINGS[n] for n in order)
    assert pool.in_order == (order in ([0, 1, 2], [5, 3, 1]))  # no docnum repeated or going back


@pytest.mark.parametrize("codec", CODECS[:1] + CODECS[3:], ids=codec_id)
def test_terms_of_one_posting_write_whooshs_bytes(tmp_path: Path, codec: W3Codec) -> None:
    # A word only one document has, once or twice, in boosted documents
    # too: weights 1, 2, 1.1 and 2.2 (no 32-bit float holds the last two),
    # long position lists (a compressed block of one posting).
    docs = documents(120)
    for n, doc in enumerate(docs):
        once = f"only{n}"
        doc["body"] += f" {once} " + (f"{once} " * (n % 3)) + " ".join(["filler"] * (n % 40))
        doc["words"] += f" {once}" * (1 + n % 2)
    expected = segment_files(tmp_path / "whoosh", SegmentWriter, codec, docs)
    assert segment_files(tmp_path / "ours", BulkWriter, codec, docs) == expected


def test_a_field_whooshs_add_began_pools_bulk_documents_after() -> None:
    # A boosted document's postings come through add(), the next
    # document's through add_document: one list per term either way.
    pool = TermPool(None, None)
    pool.add(("f", b"a", 0, 1.1, b"x"))
    pool.add_document(1, [("f", ([b"a", b"b"], [1.0, 2.0], [b"y", b"z"])), ("g", ([b"c"], [1.0], [None]))])
    pool.add(("g", b"c", 2, 1.1, None))
    assert {name: dict(terms) for name, terms in pool.terms.items()} == {
        "f": {b"a": [0, 1.1, b"x", 1, 1.0, b"y"], b"b": [1, 2.0, b"z"]},
        "g": {b"c": [1, 1.0, None, 2, 1.1, None]}}
    assert pool.in_order


@pytest.mark.parametrize("run_batch", [1, 4, 8192])
def test_a_spill_writes_each_fields_terms_as_columns_of_a_record(run_batch: int) -> None:
    """A spilled run's record holds a field's sorted terms and their lists
    as two columns (no tuple a term), about run_batch postings a record,
    a longer list in pieces; read back, the terms and lists are the pool's."""
    postings = generated_postings(300)
    pool = spilled_pool(postings, len(postings) + 1, run_batch)
    pool.save()
    assert len(pool.runs) == 1
    handle = pool._open_run(pool.runs[0])
    records = []
    while header := handle.read(pool_module._RECORD_SIZE.size):
        records.append(marshal.loads(handle.read(pool_module._RECORD_SIZE.unpack(header)[0])))
    handle.close()
    joined: dict[tuple[str, bytes], list[Any]] = {}
    for record in records:
        for name, keys, lists in record:
            assert isinstance(keys, list) and len(keys) == len(lists) and keys == sorted(keys)
            assert sum(map(len, lists)) <= 3 * run_batch or len(lists) == 1
            for tbytes, flat in zip(keys, lists, strict=True):
                joined.setdefault((name, tbytes), []).extend(flat)
    expected: dict[tuple[str, bytes], list[Any]] = {}
    for name, tbytes, *triple in sorted(postings):
        expected.setdefault((name, tbytes), []).extend(triple)
    assert list(joined.items()) == list(expected.items())
    assert (len(records) > 10) == (run_batch < 100)
