"""The fast index-time postings (search.storage.textfields) equal what the
fields' own analyzers would index, term for term, position for position."""
from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from whoosh import fields
from whoosh import index as whoosh_index
from whoosh.analysis import Analyzer
from whoosh.codec.base import FieldWriter
from whoosh.formats import Positions
from whoosh.writing import SegmentWriter

from onrecord.search.model import Article, Metadata
from onrecord.search.storage.pooled.pool import POSTING_BYTES, TermPool
from onrecord.search.storage.pooled.storedfields import CompactStoredCodec
from onrecord.search.storage.pooled.whoosh_writers import BulkWriter
from onrecord.search.storage.schema import build_schema, exact_analyzer, stemming_analyzer, unit_documents
from onrecord.search.storage.textfields import (
    ExactText,
    Posting,
    StemmedText,
    _findall_of,
    analyzer_parts,
    encode_positions,
)
from tests.search.test_engine import make_article

FAST_FIELDS = ["exact", "text", "quote_text"]
TEXTS = [
    "",
    "   ",
    "The the THE the",
    "Told the BBC: \"we will not resign\", she said on 3 March 2004.",
    "U.S. officials, e.g. Dr. Smith's team, said it's 4.5% of the U.K.'s GDP.",
    "Ça va? İstanbul ﬁnal ΣΊΣΥΦΟΣ straße naïve café—déjà vu… 東京 ٣٤٥",
    "a b c d e f g h i j k l m n o p q r s t u v w x y z",
    "one of the, one of the... one of the: it is not; it is not!",
    "snake_case and under__scores ** wildcard* 1,000,000 $5.00",
    "\n\nLine one.\nLine two\ttabbed   \r\n spaced",
]
WORDS = ["the", "of", "a", "I", "we", "will", "not", "police", "said", "Blair", "told", "BBC",
         "running", "runs", "U.S.", "it's", "İ", "é", "42", "—", "...", "\"", "be", "to", "or"]


def generated_texts(count: int, seed: int = 7) -> list[str]:
    """Return `count` random word salads of the common and awkward WORDS."""
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 60))) for _ in range(count)]


def whoosh_postings(field: fields.TEXT, text: str) -> list[Posting]:
    """Return the postings Whoosh's own TEXT.index gives for `text`."""
    return sorted(fields.TEXT.index(field, text))


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("name", FAST_FIELDS)
def test_fast_postings_equal_the_analyzers(name: str, text: str) -> None:
    field = build_schema()[name]
    assert type(field) in (ExactText, StemmedText)
    assert sorted(field.index(text)) == whoosh_postings(field, text)


@pytest.mark.parametrize("name", FAST_FIELDS)
def test_fast_postings_equal_the_analyzers_on_generated_texts(name: str) -> None:
    field = build_schema()[name]
    for text in generated_texts(500):
        assert sorted(field.index(text)) == whoosh_postings(field, text), text


def as_triples(columns: Any) -> list[tuple[bytes, float, bytes]]:
    """Return the bulk writer's columns (term bytes, weights, values) as
    one (term bytes, weight, value) tuple a posting, to compare with Whoosh's."""
    return list(zip(*columns, strict=True))


def generic_triples(field: fields.TEXT, text: str) -> tuple[list[tuple[bytes, float, bytes]], int]:
    """Return Whoosh's own postings of `text` as the bulk writer pools
    them (term bytes, weight times the absent boost, value) and the field's
    length (the frequencies summed)."""
    postings = list(fields.TEXT.index(field, text))
    return (sorted((t, w * 1.0, v) for t, _, w, v in postings),
            sum(freq for _, freq, _, _ in postings))


@pytest.mark.parametrize("name", FAST_FIELDS + ["said", "said_exact"])
def test_pooled_triples_equal_the_analyzers(name: str) -> None:
    field = build_schema()[name]
    for text in TEXTS + generated_texts(300, seed=11):
        columns, length = field.triples(text)
        assert (sorted(as_triples(columns)), length) == generic_triples(field, text), text


@pytest.mark.parametrize("name", ["text", "said"])
def test_pooled_postings_share_one_weight_and_value_per_frequency(name: str) -> None:
    # The pool holds millions of postings: a new float and frequency value
    # per posting was a third of its memory.  Values stay equal (above);
    # a frequency's are one object in every document.
    field = build_schema()[name]
    seen: dict[float, tuple[int, int]] = {}
    for text in generated_texts(50, seed=5):
        for _, weight, value in as_triples(field.triples(text)[0]):
            assert seen.setdefault(weight, (id(weight), id(value))) == (id(weight), id(value))
    assert {1.0, 2.0} <= set(seen)


@pytest.mark.parametrize("name", ["exact", "text"])
def test_two_fields_of_one_text_share_its_words_yet_index_their_own(name: str) -> None:
    # The words of a text are matched once for both fields (lowered_words):
    # the second field still gets its own terms, not the first one's.
    schema = build_schema()
    other = "text" if name == "exact" else "exact"
    text = "The Commissioner said the police were running out of time"
    schema[other].triples(text)
    assert (sorted(as_triples(schema[name].triples(text)[0])), schema[name].triples(text)[1]) \
        == generic_triples(schema[name], text)


def test_a_value_that_is_not_text_is_left_to_whoosh() -> None:
    assert build_schema()["exact"].triples(b"bytes are not plain text") is None


@pytest.mark.parametrize("positions", [[0], [7], [1, 2, 9], [300, 70000]])
def test_positions_encode_as_whoosh_does(positions: list[int]) -> None:
    assert encode_positions(positions) == Positions().encode(positions)


@pytest.mark.parametrize("cls, analyzer", [(ExactText, stemming_analyzer),
                                           (StemmedText, exact_analyzer)])
def test_a_field_refuses_an_analyzer_it_cannot_mirror(cls: type, analyzer: Callable[[], Analyzer]) -> None:
    with pytest.raises(ValueError):
        cls(analyzer=analyzer())


def test_analysis_options_take_whooshs_own_path() -> None:
    field = build_schema()["exact"]
    assert sorted(field.index("Told the BBC", start_pos=5)) == \
        sorted(fields.TEXT.index(field, "Told the BBC", start_pos=5))


def generated_articles(count: int) -> list[Article]:
    """Return `count` articles of generated paragraphs, some quoting."""
    texts = generated_texts(count * 3, seed=11)
    return [make_article(f"a{i}", Metadata(title=f"Headline {i}", outlet="Wire"),
                         [(text, ["Ann Smallman"] if j == 0 else [], [], text.split(" ")[0] if j == 0 else None)
                          for j, text in enumerate(texts[i * 3:i * 3 + 3])])
            for i in range(count)]


def whoosh_fields_schema() -> fields.Schema:
    """Return the schema with Whoosh's own TEXT class for the fast fields."""
    schema = build_schema()
    for name in FAST_FIELDS:
        plain = fields.TEXT.__new__(fields.TEXT)
        plain.__dict__.update(schema[name].__dict__)
        schema._fields[name] = plain
    return schema


def segment_files(path: Path, schema: fields.Schema, writer_class: type,
                  articles: int = 40, quotes: bool = True) -> dict[str, list[bytes]]:
    """Index generated articles (their paragraph documents, and their quote
    documents if `quotes`) with `writer_class`; return the segment files'
    contents by kind (postings, terms, columns), sorted."""
    ix = whoosh_index.create_in(str(path), schema)
    writer = writer_class(ix, compound=False, codec=CompactStoredCodec())  # the codec BulkWriter takes
    for article in generated_articles(articles):
        for para in article.paragraphs:
            for doc in unit_documents(article, para, "r1")[:None if quotes else 1]:
                writer.add_document(**doc)
    writer.commit()
    files: dict[str, list[bytes]] = {}
    for name in os.listdir(path):
        if name.endswith((".pst", ".trm", ".col")):
            files.setdefault(name.rsplit(".", 1)[1], []).append((path / name).read_bytes())
    return {kind: sorted(contents) for kind, contents in files.items()}


def test_bulk_writer_writes_the_same_segment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    schema = whoosh_fields_schema()
    (tmp_path / "whoosh").mkdir()
    (tmp_path / "ours").mkdir()
    expected = segment_files(tmp_path / "whoosh", schema, SegmentWriter, articles=80)

    def refuse(*args: Any) -> None:
        raise AssertionError("BulkWriter's flush took Whoosh's path")
    monkeypatch.setattr(FieldWriter, "add_postings", refuse)  # search.storage.pooled.flush writes it all
    assert segment_files(tmp_path / "ours", schema, BulkWriter, articles=80) == expected
    assert set(expected) == {"pst", "trm", "col"}
    reader = whoosh_index.open_dir(str(tmp_path / "whoosh")).reader()
    ours = whoosh_index.open_dir(str(tmp_path / "ours")).reader()
    # Each field's total length (the segment's, in the table of contents: BM25's average).
    assert {name: ours.field_length(name) for name in schema.names()} == \
        {name: reader.field_length(name) for name in schema.names()}
    assert reader.field_length("exact") > 0
    # Terms of more postings than a block holds (128), in fields with positions too.
    assert reader.doc_frequency("outlet", b"wire") > 128
    assert reader.doc_frequency("exact", b"the") > 128 and schema["exact"].format.supports("positions")
    assert reader.doc_frequency("unit", b"quote") > 0


class SpillingBulkWriter(BulkWriter):
    """A BulkWriter whose pool spills a sorted run every ~20 documents, in
    records of 7 postings (several records per run)."""

    def __init__(self, ix: Any, **kwargs: Any) -> None:
        super().__init__(ix, **kwargs)
        self.pool.limit = 20 * 40 * POSTING_BYTES  # ~40 postings a paragraph
        self._bulk_pool.run_batch = 7


def test_spilled_runs_make_the_same_segment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    schema = whoosh_fields_schema()
    (tmp_path / "whoosh").mkdir()
    (tmp_path / "ours").mkdir()
    saves: list[int] = []
    save = TermPool.save
    monkeypatch.setattr(TermPool, "save", lambda pool: (saves.append(len(pool.terms)), save(pool)))
    expected = segment_files(tmp_path / "whoosh", schema, SegmentWriter, quotes=False)

    def refuse(*args: Any) -> None:
        raise AssertionError("the spilled pool's flush took Whoosh's path")
    monkeypatch.setattr(FieldWriter, "add_postings", refuse)  # its runs are merged per term
    assert segment_files(tmp_path / "ours", schema, SpillingBulkWriter, quotes=False) == expected
    assert len([n for n in saves if n]) > 2  # it did spill runs, each over several records


def test_spilled_runs_index_the_same_postings(tmp_path: Path) -> None:
    # With quote documents a block may hold one value object twice (a
    # cached encoding), which pickle writes as a reference; a spilled run
    # keeps equal values but not their identity, in Whoosh's own pool too.
    # So the bytes may differ and every posting and term statistic may not.
    readers = []
    for name, writer_class in (("whoosh", SegmentWriter), ("ours", SpillingBulkWriter)):
        (tmp_path / name).mkdir()
        segment_files(tmp_path / name, whoosh_fields_schema(), writer_class)
        readers.append(whoosh_index.open_dir(str(tmp_path / name)).reader())
    assert_same_postings(*readers)


def test_fast_fields_index_the_same_postings(tmp_path: Path) -> None:
    readers = []
    for name, schema in (("whoosh", whoosh_fields_schema()), ("ours", build_schema())):
        (tmp_path / name).mkdir()
        segment_files(tmp_path / name, schema, SegmentWriter)
        readers.append(whoosh_index.open_dir(str(tmp_path / name)).reader())
    assert_same_postings(*readers)


def _weights(matcher: Any) -> list[tuple[int, float]]:
    """Return each (docnum, weight) of a matcher, the weight as its block holds it."""
    found = []
    while matcher.is_active():
        found.append((matcher.id(), matcher.weight()))
        matcher.next()
    return found


def assert_same_postings(theirs: Any, ours: Any) -> None:
    """Assert two segments' readers hold the same terms, postings and term statistics."""
    terms = list(theirs.all_terms())
    assert list(ours.all_terms()) == terms
    for fieldname, term in terms:
        if theirs.schema[fieldname].format.supports("positions"):
            assert list(ours.postings(fieldname, term).items_as("positions")) == \
                list(theirs.postings(fieldname, term).items_as("positions")), (fieldname, term)
        # the blocks' weights: what scoring reads (a Counted field's values hold none)
        assert _weights(ours.postings(fieldname, term)) == _weights(theirs.postings(fieldname, term)), \
            (fieldname, term)
        mine, their = ours.term_info(fieldname, term), theirs.term_info(fieldname, term)
        assert (mine.weight(), mine.doc_frequency(), mine.min_length(), mine.max_length(), mine.max_weight(),
                mine.min_id(), mine.max_id()) == \
            (their.weight(), their.doc_frequency(), their.min_length(), their.max_length(), their.max_weight(),
             their.min_id(), their.max_id()), (fieldname, term)


@pytest.mark.parametrize("name", ["exact", "text"])
def test_both_word_expressions_are_matched_whole_in_one_call(name: str) -> None:
    # Whoosh's default expression has a group: the table's copy without it
    # must be found for it (else every word is a Match object again) and
    # match the same words.
    expression = analyzer_parts(build_schema()[name])[0].expression
    findall = _findall_of(expression)
    assert findall is not None
    for text in TEXTS + generated_texts(50):
        assert findall(text) == [match.group() for match in expression.finditer(text)]
