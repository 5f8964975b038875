"""Tests for search.storage.reading.whoosh_internals: each shortcut past Whoosh's
public API gives exactly what the public API gives, on small RamStorage
indexes (postings lists shorter than, equal to and longer than a block)."""
from __future__ import annotations

import sys
from array import array

import pytest
from whoosh import fields
from whoosh.filedb.filestore import RamStorage
from whoosh.query import FuzzyTerm
from whoosh.util.numeric import byte_to_length

from onrecord.search.storage.reading import whoosh_internals as wi

BLOCK = 128  # Whoosh 3's postings per block


def make_index(docs: int, deleted: tuple[int, ...] = ()) -> object:
    """Return an index of `docs` documents: "common" in each (repeated n % 3
    + 1 times), "rare" in every 7th, "filler" in 4 of 5 (the first too), a
    numeric column and a stored tag."""
    schema = fields.Schema(text=fields.TEXT(stored=True), tag=fields.ID(stored=True),
                           num=fields.NUMERIC(int, bits=32, sortable=True))
    ix = RamStorage().create_index(schema)
    with ix.writer() as writer:
        for n in range(docs):
            words = (["common"] * (n % 3 + 1) + (["rare"] if n % 7 == 0 else [])
                     + ["filler"] * ((n + 1) % 5))
            writer.add_document(text=" ".join(words), tag=f"t{n % 4}", num=n * 3 - 7)
    if deleted:
        with ix.writer() as writer:
            for n in deleted:
                writer.delete_document(n)
    return ix


def public_postings(matcher: object) -> tuple[list[int], list[float], list[object]]:
    ids, weights, values = [], [], []
    while matcher.is_active():
        ids.append(matcher.id())
        weights.append(matcher.weight())
        values.append(matcher.value())
        matcher.next()
    return ids, weights, values


@pytest.mark.parametrize("docs", [1, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 5])
@pytest.mark.parametrize("word", ["common", "rare", "filler"])
def test_block_walk_equals_the_public_matcher(docs: int, word: str) -> None:
    ix = make_index(docs)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        matcher = wi.unfiltered_postings(reader, "text", word)
        assert wi.is_block_matcher(matcher, weights=True) and wi.has_block_values(matcher)
        ids, weights, values = [], [], []
        checks = []
        for block in wi.iter_blocks(matcher, lambda: checks.append(1)):
            ids.extend(block.ids)
            weights.extend(block.weights())
            values.extend(block.values())
        expected = public_postings(reader.postings("text", word))
    assert (ids, weights, values) == expected
    assert len(checks) == -(-len(ids) // BLOCK)  # one check per block


def test_block_walk_starts_where_the_matcher_stands() -> None:
    ix = make_index(2 * BLOCK + 3)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        matcher = wi.unfiltered_postings(reader, "text", "common")
        for _ in range(BLOCK + 10):
            matcher.next()
        ids = [d for block in wi.iter_blocks(matcher) for d in block.ids]
    assert ids == list(range(BLOCK + 10, 2 * BLOCK + 3))


def test_unfiltered_postings_keep_deleted_documents() -> None:
    ix = make_index(BLOCK + 2, deleted=(0, 5, BLOCK))
    with ix.searcher() as searcher:
        reader = searcher.reader()
        matcher = wi.unfiltered_postings(reader, "text", "common")
        ids = [d for block in wi.iter_blocks(matcher) for d in block.ids]
        public = list(reader.postings("text", "common").all_ids())
    assert ids == list(range(BLOCK + 2))
    assert public == [d for d in ids if d not in (0, 5, BLOCK)]


def test_other_matchers_are_not_block_matchers() -> None:
    ix = make_index(3, deleted=(1,))
    with ix.searcher() as searcher:
        filtered = searcher.reader().postings("text", "common")  # a deletion filter
    assert not wi.is_block_matcher(filtered) and not wi.is_block_matcher(None)


@pytest.mark.parametrize("docs", [1, BLOCK + 1])
def test_field_term_matchers_walk_every_term_in_order(docs: int) -> None:
    ix = make_index(docs)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        table = wi.field_term_matchers(reader, "tag")
        assert table is not None
        found = {tbytes.decode(): [d for block in wi.iter_blocks(m) for d in block.ids]
                 for tbytes, m in table}
        expected = {value: list(reader.postings("tag", value).all_ids())
                    for value in reader.field_terms("tag")}
    assert list(found) == sorted(found) and found == expected


@pytest.mark.parametrize("docs", [1, 40, BLOCK + 1])
def test_numeric_block_and_length_column_equal_the_public_reads(docs: int) -> None:
    ix = make_index(docs)
    typecode = ix.schema["num"].sortable_typecode
    with ix.searcher() as searcher:
        reader = searcher.reader()
        column = reader.column_reader("num", translate=False)
        block = wi.numeric_block(column, typecode, docs + 2)
        other = wi.numeric_block(column, "B", docs)
        public = [column[d] for d in range(docs)]
        lengths = wi.length_column(reader, "text")
        quantised = [byte_to_length(b) for b in lengths] if lengths is not None else None
        expected_lengths = [reader.doc_field_length(d, "text") for d in range(docs)]
    assert block is not None and block.count == docs and other is None
    values = array(typecode, block.raw)
    if sys.byteorder == "little":
        values.byteswap()
    assert list(values) == public
    assert quantised is not None and quantised[:docs] == expected_lengths
    assert wi.length_column(object(), "text") is None


def test_stored_fields_reader_and_fuzzy_words_equal_the_public_reads() -> None:
    ix = make_index(10)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        read = wi.stored_fields_reader(reader)
        assert [read(d) for d in range(10)] == [reader.stored_fields(d) for d in range(10)]
        words = set(wi.fuzzy_words(FuzzyTerm("text", "commn", maxdist=1), reader))
    assert words == {"common"}


@pytest.mark.parametrize("wanted", [[], [0], [5, 6, 7], [BLOCK + 2], [3 * BLOCK + 4],
                                    list(range(0, 3 * BLOCK + 5, 97)), [2 * BLOCK - 1, 2 * BLOCK]])
def test_block_walk_holding_reads_only_the_blocks_of_the_wanted_ids(wanted: list[int]) -> None:
    ix = make_index(3 * BLOCK + 5)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        every = [list(block.ids) for block in wi.iter_blocks(wi.unfiltered_postings(reader, "text", "common"))]
        read = [list(block.ids) for block in
                wi.iter_blocks_holding(wi.unfiltered_postings(reader, "text", "common"), wanted)]
    assert read == [ids for ids in every if set(ids) & set(wanted)]


def test_positions_decoder_equals_the_formats_own() -> None:
    ix = make_index(BLOCK + 3)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        fmt = reader.schema["text"].format
        decode = wi.positions_decoder(fmt)
        values = [v for word in ("common", "rare", "filler")
                  for block in wi.iter_blocks(wi.unfiltered_postings(reader, "text", word))
                  for v in block.values()]
    assert len(values) > BLOCK
    assert [list(decode(v)) for v in values] == [fmt.decode_positions(v) for v in values]
    assert [list(decode(v + b".")) for v in values[:5]] == [fmt.decode_positions(v) for v in values[:5]]


def walk_counting(reader: object, word: str, decoded: list[int]) -> tuple[list[int], list[float], list[object]]:
    """Return the block walk's postings of `word`, counting the blocks Whoosh decodes."""
    matcher = wi.unfiltered_postings(reader, "text", word)
    read_data = matcher._read_data

    def counted() -> None:
        decoded.append(1)
        read_data()

    matcher._read_data = counted
    ids, weights, values = [], [], []
    for block in wi.iter_blocks(matcher):
        ids.extend(block.ids)
        weights.extend(block.weights())
        values.extend(block.values())
    return ids, weights, values


@pytest.mark.parametrize("word", ["common", "rare", "filler"])
def test_a_search_decodes_each_block_once(word: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ix = make_index(3 * BLOCK + 5)
    blocks = -(-len(public_postings(ix.reader().postings("text", word))[0]) // BLOCK)
    with ix.searcher() as searcher:
        reader = searcher.reader()
        expected = public_postings(reader.postings("text", word))
        outside: list[int] = []
        assert walk_counting(reader, word, outside) == walk_counting(reader, word, outside) == expected
        assert len(outside) == 2 * blocks  # no memo outside a search
        inside: list[int] = []
        with wi.search_blocks():
            assert walk_counting(reader, word, inside) == walk_counting(reader, word, inside) == expected
        assert len(inside) == blocks
        monkeypatch.setattr(wi, "SEARCH_BLOCKS", 1)
        kept: list[int] = []
        with wi.search_blocks():
            assert walk_counting(reader, word, kept) == walk_counting(reader, word, kept) == expected
        assert len(kept) == 2 * blocks - 1  # only the first block was kept


@pytest.mark.parametrize("word", ["common", "rare", "filler"])
def test_block_weights_equal_whooshs_own_read(word: str) -> None:
    ix = make_index(3 * BLOCK + 5)
    with ix.searcher() as searcher:
        ours = wi.unfiltered_postings(searcher.reader(), "text", word)
        theirs = wi.unfiltered_postings(searcher.reader(), "text", word)
        for block in wi.iter_blocks(ours):  # "rare": one weight stored for its whole block
            theirs._read_ids()
            theirs._read_weights()
            assert block.weights() == theirs._weights
            assert type(block.weights()) is type(theirs._weights)
            if not theirs._lastblock:
                theirs._next_block()


@pytest.mark.parametrize("docs", [5, BLOCK, BLOCK * 2 + 3])
def test_open_term_is_doc_frequency_and_postings(docs: int) -> None:
    ix = make_index(docs, deleted=(1, 2))
    with ix.reader() as reader:
        for word in ("common", "rare", "filler"):
            count, open_matcher = wi.open_term(reader, "text", word)
            assert count == reader.doc_frequency("text", word)
            assert public_postings(open_matcher()) == public_postings(
                wi.unfiltered_postings(reader, "text", word))
        assert wi.open_term(reader, "text", "absent") is None
        assert wi.open_term(reader, "nofield", "common") is None


@pytest.mark.parametrize("docs", [5, BLOCK * 2 + 3])
def test_prefix_terms_are_expand_prefix(docs: int) -> None:
    ix = make_index(docs)
    with ix.reader() as reader:
        for fieldname, prefix in [("text", b"c"), ("text", b"co"), ("text", b"f"), ("text", b"filler"),
                                  ("text", b"fillers"), ("text", b"r"), ("text", b"a"), ("text", b"z"),
                                  ("text", b"\xff"), ("tag", b"t"), ("tag", b"t3"), ("nofield", b"t")]:
            expected = list(reader.expand_prefix(fieldname, prefix)) if fieldname in reader.schema else []
            assert wi.prefix_terms(reader, fieldname, prefix) == expected, (fieldname, prefix)
