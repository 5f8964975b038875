"""Tests for search.features.commitview: one typed view per commit owns the
values derived from it (each Index's own caches of segment reads:
tests/search/storage/reading/test_segmentcache.py)."""
from __future__ import annotations

from typing import Any

import pytest
from whoosh.qparser import QueryParser

from onrecord.search.engine import search
from onrecord.search.features.articleview import get_article
from onrecord.search.features.commitview import CommitView, open_view
from onrecord.search.features.exporting import iter_export_rows
from onrecord.search.features.feeds import newest_paragraphs
from onrecord.search.model import SearchRequest
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article
from tests.search.storage.reading.test_segmentcache import filled


def test_one_parser_per_commit_serves_search_export_feeds_and_article_marks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    parsers: list[QueryParser] = []  # the parsers themselves: a freed one's id() could be reused
    real = QueryParser.parse

    def parse(self: QueryParser, text: str, *args: Any, **kwargs: Any) -> Any:
        parsers.append(self)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(QueryParser, "parse", parse)
    index = filled()
    request = SearchRequest(query="budget")
    search(index, request)
    list(iter_export_rows(index, request, "paragraphs"))
    newest_paragraphs(index, request)
    get_article(index, "a1", query="budget")
    assert len(parsers) == 4 and len({id(p) for p in parsers}) == 1
    write_articles(index, [make_article("later", ["A budget later."])])  # a new commit
    search(index, request)
    assert len({id(p) for p in parsers}) == 2  # the new commit's own parser


def test_a_views_values_are_built_once_per_commit() -> None:
    index = filled()
    with open_view(index) as view:
        column, table = view.sort_column("oldest_key"), view.facet_table()
        with open_view(index) as nested:  # the same reading, the same commit
            assert nested.sort_column("oldest_key") is column and nested.facet_table() is table
    with open_view(index) as again:
        assert again.sort_column("oldest_key") is column
        speakers = again.entity_counts("speaker_facet")
        assert [(v.value, v.count) for v in speakers] == [("Ann Smallman", 40)]
        assert again.entity_counts("speaker_facet") is speakers
    write_articles(index, [make_article("later", ["A budget later."])])
    with open_view(index) as fresh:
        assert fresh.sort_column("oldest_key") is not column
        assert fresh.facet_table() is not table


def test_a_view_needs_a_reading() -> None:
    index = filled()
    with pytest.raises(RuntimeError, match="inside reading"):
        CommitView(index, None)  # type: ignore[arg-type]


def test_quotes_counts_made_without_their_groups_are_not_kept_as_paragraph_counts() -> None:
    # A deadline can cut the wait for the copy groups: those counts are
    # quote documents' and must not answer the paragraph browse page.
    import numpy as np

    from onrecord.search.features.facets import tally_facets
    index = filled()
    with open_view(index) as view:
        table = view.facet_table()
        everything = np.arange(view.searcher.doc_count_all(), dtype=np.intp)
        view.browse_counts(table, everything, "", "", False, "quotes", None)
        first = np.array([0], dtype=np.intp)
        assert view.browse_counts(table, first, "", "") == tally_facets(table, first)
        groups = view.quote_groups()
        assert view.quote_groups() is groups  # once per commit
