"""A request's facet selection: the values a user picked or excluded, made
exact, and the facet counts that let them pick more.

Owns two steps of a search with facet filters (search.facetdefs rules):
  resolve_selection  a typed value matches the facet value equal to it
                     ignoring case ("ann smallman" -> "Ann Smallman"), so
                     the filter is on the exact, case-preserving value;
  count_selected     the counts of a facet that has a selection are taken
                     over the matches WITHOUT that facet's own selection
                     (all other filters kept), as Aleph and Elasticsearch's
                     post-filter faceting do: its other values stay listed
                     with their own counts, to be added with OR; a facet
                     without a selection is counted over the matches.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any

from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.facetdefs import NAME_FACETS, FacetDef
from onrecord.search.features.facets import (
    FacetAsk,
    FacetColumns,
    FacetCounts,
    FacetTable,
    build_facet_table,
    resolve_value,
    tally_facets,
)
from onrecord.search.features.quotegroups import DocLookup, QuoteGroups
from onrecord.search.model import SearchRequest
from onrecord.search.query.collecting import restrict_query
from onrecord.search.query.docsets import match_docnums, whole_unit
from onrecord.search.query.matcharrays import match_array
from onrecord.search.query.postings import PostingsCache
from onrecord.search.query.querying import build_filter


def has_selection(request: SearchRequest) -> bool:
    """Return True if the request selects or excludes any facet value."""
    return bool(request.excluded) or any(_values(request, f) for f in NAME_FACETS)


def resolve_with(searcher: Any, request: SearchRequest,
                 columns: FacetColumns | None = None) -> SearchRequest:
    """Return `request` resolved (resolve_selection) against the facet
    values `searcher` sees: for the readers with their own searcher (the
    exports, the feeds); the table's segment columns are kept in `columns` (the
    Index's facet_columns), if given."""
    if not has_selection(request):
        return request
    return resolve_selection(build_facet_table(searcher, None, columns), request)


def resolve_selection(table: FacetTable, request: SearchRequest) -> SearchRequest:
    """Return `request` with each selected and excluded value replaced by
    the facet values equal to it ignoring case (itself when none is).  A
    reader kept to some collections keeps the values as typed: the table
    is every collection's, and its spellings would show another's names."""
    if request.collections is not None:
        return request
    changes: dict[str, Any] = {}
    for facet in NAME_FACETS:
        assert facet.request_attr is not None  # NAME_FACETS have one
        picked = _values(request, facet)
        if picked:
            resolved = (v for value in picked for v in resolve_value(table, facet.name, value))
            changes[facet.request_attr] = tuple(dict.fromkeys(resolved))
    if request.excluded:
        changes["excluded"] = tuple(dict.fromkeys(
            (name, v) for name, value in request.excluded
            for v in _resolve_excluded(table, name, value)))
    return dataclasses.replace(request, **changes) if changes else request


def count_selected(table: FacetTable, searcher: Any, words: wq.Query | None,
                   request: SearchRequest, docnums: Collection[int] | DocLookup,
                   deadline: Deadline, cache: PostingsCache | None = None,
                   groups: QuoteGroups | None = None) -> FacetCounts:
    """Return the facet counts of a search: over `docnums` (its matches, or
    their DocLookup under `groups`),
    except each facet with a selection, counted over the matches of
    `words` under every filter but that facet's own (frequent terms'
    postings read through `cache`, the Index's postings_cache, if given);
    selected and excluded values are always listed; quotes mode's copy
    `groups`, if given, count once."""
    own: dict[str, Collection[int]] = {}
    units: dict[str, str] = {}
    pinned: dict[str, tuple[str, ...]] = {}
    for facet in NAME_FACETS:
        mine = _values(request, facet) + _excluded(request, facet)
        if not mine:
            continue
        pinned[facet.name] = mine
        query = restrict_query(words, build_filter(_without(request, facet)))
        found = match_array(searcher, query, deadline, cache)
        unit = whole_unit(query) if found is not None else None
        if unit is not None:  # no words, no other filter: its counts are the commit's (tally_facets)
            units[facet.name] = unit
        own[facet.name] = found if found is not None else match_docnums(searcher, query, deadline, cache).docnums
    ask = FacetAsk(request.facet_all, request.facet_filter, own, pinned, request.verbatim, groups, units)
    return tally_facets(table, docnums, ask)


def _values(request: SearchRequest, facet: FacetDef) -> tuple[str, ...]:
    return tuple(getattr(request, str(facet.request_attr)))


def _excluded(request: SearchRequest, facet: FacetDef) -> tuple[str, ...]:
    return tuple(value for name, value in request.excluded if name == facet.name)


def _without(request: SearchRequest, facet: FacetDef) -> SearchRequest:
    """Return `request` without the facet's selected and excluded values."""
    changes: dict[str, Any] = {
        str(facet.request_attr): (),
        "excluded": tuple(pair for pair in request.excluded if pair[0] != facet.name)}
    return dataclasses.replace(request, **changes)


def _resolve_excluded(table: FacetTable, name: str, value: str) -> tuple[str, ...]:
    facet = next((f for f in NAME_FACETS if f.name == name), None)
    return resolve_value(table, facet.name, value) if facet else (value,)
