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
from whoosh.formats import Positions
from whoosh.writing import SegmentWriter

from onrecord.search.model import Article, Metadata
from onrecord.search.storage.schema import build_schema, exact_analyzer, paragraph_fields, stemming_analyzer
from onrecord.search.storage.textfields import ExactText, Posting, StemmedText, encode_positions
from onrecord.search.storage.whoosh_writers import BulkWriter, _BulkPool
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


def segment_files(path: Path, schema: fields.Schema, writer_class: type) -> dict[str, list[bytes]]:
    """Index generated articles with `writer_class`; return the segment
    files' contents by kind (postings, terms, columns), sorted."""
    ix = whoosh_index.create_in(str(path), schema)
    writer = writer_class(ix, compound=False)
    for article in generated_articles(40):
        for para in article.paragraphs:
            writer.add_document(**paragraph_fields(article, para, "r1"))
    writer.commit()
    files: dict[str, list[bytes]] = {}
    for name in os.listdir(path):
        if name.endswith((".pst", ".trm", ".col")):
            files.setdefault(name.rsplit(".", 1)[1], []).append((path / name).read_bytes())
    return {kind: sorted(contents) for kind, contents in files.items()}


def test_bulk_writer_writes_the_same_segment(tmp_path: Path) -> None:
    schema = whoosh_fields_schema()
    (tmp_path / "whoosh").mkdir()
    (tmp_path / "ours").mkdir()
    expected = segment_files(tmp_path / "whoosh", schema, SegmentWriter)
    assert segment_files(tmp_path / "ours", schema, BulkWriter) == expected
    assert set(expected) == {"pst", "trm", "col"}


class SpillingBulkWriter(BulkWriter):
    """A BulkWriter whose pool spills a sorted run every ~20 documents, in
    records of 7 postings (several records per run)."""

    def __init__(self, ix: Any, **kwargs: Any) -> None:
        super().__init__(ix, **kwargs)
        self.pool.limit = 20 * 40 * 190  # ~40 postings a paragraph, POSTING_BYTES each
        self._bulk_pool.run_batch = 7


def test_spilled_runs_make_the_same_segment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    schema = whoosh_fields_schema()
    (tmp_path / "whoosh").mkdir()
    (tmp_path / "ours").mkdir()
    saves: list[int] = []
    save = _BulkPool.save
    monkeypatch.setattr(_BulkPool, "save", lambda pool: (saves.append(len(pool.current)), save(pool)))
    expected = segment_files(tmp_path / "whoosh", schema, SegmentWriter)
    assert segment_files(tmp_path / "ours", schema, SpillingBulkWriter) == expected
    assert len([n for n in saves if n]) > 2  # it did spill runs, each over several records


def test_fast_fields_index_the_same_postings(tmp_path: Path) -> None:
    readers = []
    for name, schema in (("whoosh", whoosh_fields_schema()), ("ours", build_schema())):
        (tmp_path / name).mkdir()
        segment_files(tmp_path / name, schema, SegmentWriter)
        readers.append(whoosh_index.open_dir(str(tmp_path / name)).reader())
    theirs, ours = readers
    terms = list(theirs.all_terms())
    assert list(ours.all_terms()) == terms
    for fieldname, term in terms:
        kind = "positions" if theirs.schema[fieldname].format.supports("positions") else "weight"
        assert list(ours.postings(fieldname, term).items_as(kind)) == \
            list(theirs.postings(fieldname, term).items_as(kind)), (fieldname, term)
        assert ours.doc_frequency(fieldname, term) == theirs.doc_frequency(fieldname, term)
