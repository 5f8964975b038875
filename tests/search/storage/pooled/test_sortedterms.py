"""The term table without hash tables (search.storage.pooled.sortedterms)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from whoosh import fields
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb.filestore import FileStorage
from whoosh.filedb.filetables import OrderedHashReader
from whoosh.writing import SegmentWriter

from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage import whoosh_writers
from onrecord.search.storage.pooled.sortedterms import (
    SAMPLE_EVERY,
    SortedKeysReader,
    SortedTermsCodec,
    UnhashedWriter,
)
from onrecord.search.storage.store import Index, open_index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article


def write_table(path: Path, keys: list[bytes]) -> SortedKeysReader:
    """Write `keys` (sorted, each valued by its reverse) unhashed; return the table read by order."""
    storage = FileStorage(str(path))
    writer = UnhashedWriter(storage.create_file("t.trm"))
    for key in keys:
        writer.add(key, key[::-1])
    writer.close()
    return SortedKeysReader(storage.open_file("t.trm"), storage.file_length("t.trm"))


def keys_of(count: int) -> list[bytes]:
    """Return `count` sorted keys of several lengths, a gap between each two."""
    return sorted(b"k%05d" % (3 * i) + b"x" * (i % 3) for i in range(count))


# Sizes around the sampled keys: none, one, a sample less, exactly one, one more, several.
SIZES = [0, 1, SAMPLE_EVERY - 1, SAMPLE_EVERY, SAMPLE_EVERY + 1, 5 * SAMPLE_EVERY + 7]


@pytest.mark.parametrize("count", SIZES)
def test_every_key_is_found_with_its_value(tmp_path: Path, count: int) -> None:
    keys = keys_of(count)
    table = write_table(tmp_path, keys)
    assert [table.get(key) for key in keys] == [key[::-1] for key in keys]
    assert list(table.keys()) == keys


@pytest.mark.parametrize("count", SIZES)
def test_a_missing_key_is_not_found_and_its_closest_is_the_next(tmp_path: Path, count: int) -> None:
    keys = keys_of(count)
    table = write_table(tmp_path, keys)
    for missing in [b"", b"a", b"k", b"zz"] + [key[:-1] for key in keys] + [key + b"\x00" for key in keys]:
        if missing in keys:
            continue
        assert missing not in table and table.get(missing) is None
        following = [key for key in keys if key > missing]
        closest = table.closest_key(missing)
        assert closest == (following[0] if following else None)


def test_the_unhashed_table_has_no_hash_slots(tmp_path: Path) -> None:
    table = write_table(tmp_path, keys_of(300))
    assert all(slots == 0 for _, slots in table.tables)
    # Whoosh's own reader finds nothing in it: only the sorted reader may read it.
    plain = OrderedHashReader(table.dbfile, FileStorage(str(tmp_path)).file_length("t.trm"))
    assert plain.get(keys_of(300)[5]) is None


def test_a_bulk_writer_writes_with_the_sorted_codec(tmp_path: Path) -> None:
    ix = whoosh_index.create_in(str(tmp_path), fields.Schema(words=fields.TEXT))
    writer = whoosh_writers.BulkWriter(ix, compound=False)
    assert type(writer.codec) is SortedTermsCodec
    writer.cancel()


ARTICLES = [make_article(f"a{i}", f"The mayor said the budget for {i} stalls. \"We will act on the budget,\" "
                                  "she said.", speaker="Ann Vole", speakers=["Ann Vole"]) for i in range(1, 5)]
QUERIES = ["budget", "stall", '"the budget"', "mayor budget", 'speaker:"ann vole"', "bud*", "the", "nothing"]


def answers(index: Index) -> list[Any]:
    """Return every query's hits (paragraph id and score) in both modes."""
    return [[(h.paragraph_id, round(h.score, 9)) for h in search(index, SearchRequest(query=q, mode=mode)).hits]
            for q in QUERIES for mode in ("paragraphs", "quotes")]


def codecs_of(index: Index) -> set[type]:
    """Return the codec classes of the index's segments."""
    return {type(segment.codec()) for segment in index.whoosh_index._segments()}


def test_an_index_of_hashed_segments_answers_alike_and_merges_into_sorted_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = open_index(tmp_path / "fresh", create=True)
    write_articles(fresh, ARTICLES[:2])
    with monkeypatch.context() as patched:  # an index written by the code before: Whoosh 3's codec
        init = whoosh_writers.BulkWriter.__init__
        patched.setattr(whoosh_writers.BulkWriter, "__init__",
                        lambda self, ix, **kwargs: init(self, ix, codec=W3Codec(), **kwargs))
        old = open_index(tmp_path / "old", create=True)
        write_articles(old, ARTICLES[:2])
        old.close()
    index = open_index(tmp_path / "old")
    try:
        assert codecs_of(index) == {W3Codec} and codecs_of(fresh) == {SortedTermsCodec}
        assert answers(index) == answers(fresh)
        write_articles(index, ARTICLES[2:])  # a sorted segment beside the hashed one
        write_articles(fresh, ARTICLES[2:])
        assert answers(index) == answers(fresh)
        writer = whoosh_writers.BulkWriter(index.whoosh_index, compound=False)
        writer.commit(optimize=True)  # the pooled merge reads both tables
        index.refresh(force=True)
        assert codecs_of(index) == {SortedTermsCodec}
        assert answers(index) == answers(fresh)
    finally:
        index.close()
        fresh.close()


def test_whooshs_own_writer_reads_a_sorted_segment(tmp_path: Path) -> None:
    index = open_index(tmp_path, create=True)
    write_articles(index, ARTICLES)
    before = answers(index)
    writer = SegmentWriter(index.whoosh_index, codec=W3Codec())
    writer.commit(optimize=True)  # Whoosh's merge: its matchers over the sorted segment's terms
    index.refresh(force=True)
    try:
        assert codecs_of(index) == {W3Codec}
        assert answers(index) == before
    finally:
        index.close()
