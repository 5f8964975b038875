"""A selected facet's own count over every document of its unit (no words,
no other filter) is the commit's, counted once (search.features.facets
FacetTable.unit_counts) and the same as counting it again."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from onrecord.search.engine import search
from onrecord.search.features.commitview import open_view
from onrecord.search.features.facets import FacetTable
from onrecord.search.model import SearchRequest
from onrecord.search.storage.store import Index
from tests.factories import indexed
from tests.search.test_quotes_mode import generated_articles


@pytest.fixture(scope="module")
def index() -> Iterator[Index]:
    articles = generated_articles(40, seed=7)
    idx = indexed(articles[:20], articles[20:], articles[:3])  # written again: deletions
    yield idx
    idx.close()


def facet_table(index: Index) -> FacetTable:
    with open_view(index) as view:
        return view.facet_table()


@pytest.mark.parametrize(("request_", "kept"), [
    (SearchRequest(mode="quotes", kinds=("verbatim",)), [("kind", False, "quote", True)]),
    (SearchRequest(mode="quotes", evidences=("named",), verbatim=True), [("evidence", True, "quote", True)]),
    (SearchRequest(kinds=("verbatim",)), [("kind", False, "paragraph", False)]),
    (SearchRequest(mode="quotes", query="police", kinds=("verbatim",)), []),
    (SearchRequest(mode="quotes", kinds=("verbatim",), evidences=("named",)), [])])
def test_a_facet_counted_over_its_whole_unit_is_kept(index: Index, request_: SearchRequest,
                                                     kept: list[tuple[str, bool, str, bool]]) -> None:
    facet_table(index).unit_counts.clear()
    first = search(index, request_).to_dict()
    assert sorted(facet_table(index).unit_counts) == kept
    assert search(index, request_).to_dict() == first  # from the kept counts
    facet_table(index).unit_counts.clear()
    assert search(index, request_).to_dict() == first
