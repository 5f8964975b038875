"""A selected facet's own count over every document of its unit (no words,
no other filter) is the commit's, counted once (search.features.facets
FacetTable.unit_counts) and the same as counting it again."""
from __future__ import annotations

from collections.abc import Iterator

import numpy as np
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


def searched(index: Index, request: SearchRequest) -> dict[str, object]:
    """Return the answer of `request` searched, not looked up in the result cache."""
    with open_view(index) as view:
        cache = view.result_cache()
        if cache is not None:
            cache.clear()
    return search(index, request).to_dict()


@pytest.mark.parametrize("request_", [
    SearchRequest(mode="quotes", query="police"),
    SearchRequest(mode="quotes", evidences=("named",), verbatim=True),
    SearchRequest(mode="quotes", kinds=("verbatim",), speakers=("Ann Vole",))])
def test_quotes_mode_counts_each_facet_through_its_kept_group_pairs(index: Index,
                                                                    request_: SearchRequest) -> None:
    table = facet_table(index)
    table.by_group.clear()
    table.unit_counts.clear()  # a facet counted from these is not counted through pairs
    first = searched(index, request_)
    with open_view(index) as view:
        groups = view.quote_groups()
    valued = [name for name, column in table.columns.items() if len(column.values) > 1]  # not author's
    assert sorted(table.by_group) == sorted((name, request_.verbatim) for name in valued)
    assert all(kept[0] is groups for kept in table.by_group.values())
    kept = dict(table.by_group)
    assert searched(index, request_) == first
    assert all(table.by_group[key][1] is pairs for key, (_, pairs) in kept.items())  # not made again
    table.by_group.clear()
    assert searched(index, request_) == first


def test_the_commits_quote_groups_are_kept_as_int32(index: Index) -> None:
    with open_view(index) as view:
        groups = view.quote_groups()
    assert groups.count and groups.ids.dtype == groups.order.dtype == np.int32
