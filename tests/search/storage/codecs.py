"""Test helpers for the index's codecs: which codec wrote each segment, an index written with another
codec (the code before a format change, or a newer onrecord's), a segment of generated articles
written by a given writer and codec, a merge into one segment by
onrecord's pooled merge or by Whoosh's own, and the articles and queries whose answers must not
depend on the codec."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.writing import SegmentWriter

from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage.pooled import whoosh_writers
from onrecord.search.storage.schema import build_schema, unit_documents
from onrecord.search.storage.store import Index
from tests.factories import make_article
from tests.search.storage.test_field_postings import generated_articles

# Each article one paragraph (a paragraph list: a bare string would be one paragraph a character).
ARTICLES = [make_article(f"a{i}", [f"The mayor said the budget for {i} stalls. \"We will act on the budget,\" "
                                   "she said."], speaker="Ann Vole", speakers=["Ann Vole"]) for i in range(1, 5)]
QUERIES = ["budget", "stall", '"the budget"', "mayor budget", 'speaker:"ann vole"', "bud*", "the", "nothing"]


def codecs_of(index: Index) -> set[type]:
    """Return the codec classes of the index's segments."""
    return {type(segment.codec()) for segment in index.whoosh_index._segments()}


@contextmanager
def bulk_writers_using(monkeypatch: pytest.MonkeyPatch, codec: Any) -> Iterator[pytest.MonkeyPatch]:
    """Make every BulkWriter opened inside the block write with `codec`; yield the
    block's own monkeypatch context (undone on exit) for further patches."""
    with monkeypatch.context() as patched:
        init = whoosh_writers.BulkWriter.__init__
        patched.setattr(whoosh_writers.BulkWriter, "__init__",
                        lambda self, ix, **kwargs: init(self, ix, codec=codec, **kwargs))
        yield patched


def write_generated_segment(path: Path, writer_class: type, codec: Any, articles: int = 80) -> None:
    """Create an index at `path` (made here) holding one segment of `articles` generated articles'
    documents, written by `writer_class` with `codec`."""
    path.mkdir()
    writer = writer_class(whoosh_index.create_in(str(path), build_schema()), compound=False, codec=codec)
    for article in generated_articles(articles):
        for para in article.paragraphs:
            for doc in unit_documents(article, para, "r1"):
                writer.add_document(**doc)
    writer.commit()


def merge_into_one(index: Index, by: str) -> None:
    """Merge the index's segments into one, by onrecord's pooled merge (`by` "pooled") or by
    Whoosh's own (its matchers over whatever the segments hold), and refresh the index."""
    writer = whoosh_writers.BulkWriter(index.whoosh_index, compound=False) if by == "pooled" \
        else SegmentWriter(index.whoosh_index, codec=W3Codec())
    writer.commit(optimize=True)
    index.refresh(force=True)


def answers(index: Index) -> list[Any]:
    """Return every query's hits (paragraph id and score) in both modes."""
    return [[(h.paragraph_id, round(h.score, 9)) for h in search(index, SearchRequest(query=q, mode=mode)).hits]
            for q in QUERIES for mode in ("paragraphs", "quotes")]
