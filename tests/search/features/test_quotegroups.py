"""Tests for search.features.quotegroups: quotes mode's copies folded into
one hit and counted once (the folding of whole searches is checked against
a scan in tests/search/test_quotes_mode.py)."""
from __future__ import annotations

import numpy as np
import pytest

from onrecord.search.features.facets import FacetColumn, count_lookup
from onrecord.search.features.quotegroups import (
    DocLookup,
    QuoteGroups,
    count_pairs,
    fold_quotes,
    further_values,
    group_pairs,
    make_further,
    member_ranks,
)


def groups_of(ids: list[int]) -> QuoteGroups:
    """Return QuoteGroups of group ids per docnum (-1: none), as
    build_quote_groups lays them out."""
    array = np.array(ids, dtype=np.int64)
    keyed = np.flatnonzero(array >= 0)
    order = keyed[np.argsort(array[keyed], kind="stable")]
    starts = np.searchsorted(array[order], np.arange(int(array.max(initial=-1)) + 2))
    return QuoteGroups(array, order, starts)


def distinct_counts(groups: QuoteGroups, owners: np.ndarray, values: np.ndarray, size: int) -> list[int]:
    """Return a scan's facet counts of the pairs (owners[i], values[i]): a
    docnum in no group counts each pair, a group once per value."""
    counts, seen = [0] * size, set()
    for owner, value in zip(owners.tolist(), values.tolist(), strict=True):
        group = int(groups.ids[owner])
        if group < 0 or (group, value) not in seen:
            counts[value] += 1
            seen.add((group, value))
    return counts


# docnums 0..7: 1, 4 and 6 are copies (group 0); 2 and 5 (group 1).
GROUPS = groups_of([-1, 0, 1, -1, 0, 1, 0, -1])


@pytest.mark.parametrize("docs,expected", [
    ([], 0), ([0, 3, 7], 3), ([1, 4, 6], 1), ([1, 2, 4, 5], 2), (list(range(8)), 5), ([6, 0, 5, 1], 3),
])
def test_a_group_counts_once_among_the_matches(docs: list[int], expected: int) -> None:
    assert DocLookup(np.array(docs, dtype=np.intp), GROUPS).count() == expected


def test_copies_fold_under_their_first_ranked_member_only_if_they_matched() -> None:
    ranked = [(4, 3.0), (0, 2.5), (1, 2.0), (5, 1.0), (7, 0.5)]
    matched = {0, 1, 4, 5, 7}  # 6 is a copy that did not match; 2 neither
    assert fold_quotes(GROUPS, ranked, matched, 10) == [
        (4, 3.0, [1]), (0, 2.5, []), (5, 1.0, []), (7, 0.5, [])]
    assert fold_quotes(GROUPS, ranked, matched, 2) == [(4, 3.0, [1]), (0, 2.5, [])]


def count_column(column: FacetColumn, docs: np.ndarray, groups: QuoteGroups | None = None) -> np.ndarray:
    """Return count_lookup() of `docs` under `groups`, its GroupPairs made afresh."""
    return count_lookup(column, DocLookup(docs, groups), {}, "facet")


def test_a_facet_counts_a_group_once_per_value_its_matching_members_have() -> None:
    # values by docnum: 1 "a", 4 "a", 6 "b" (group 0); 2 "b", 5 "b" (group 1); 0 "a";
    # docnum 4 also has "c" (a second value).
    column = FacetColumn(values=["", "a", "b", "c"],
                         first=np.array([1, 1, 2, 0, 1, 2, 2, 0], dtype=np.uint8),
                         more_docs=np.array([4], dtype=np.intp),
                         more_ids=np.array([3], dtype=np.intp))
    docs = np.arange(8, dtype=np.intp)
    assert count_column(column, docs).tolist() == [0, 3, 3, 1]
    assert count_column(column, docs, GROUPS).tolist() == [0, 2, 2, 1]
    assert count_column(column, np.array([1, 4], dtype=np.intp), GROUPS).tolist() == [0, 1, 0, 1]


def test_a_column_without_values_counts_nothing_and_keeps_no_pairs() -> None:
    # An index without authors: its column holds only the "no value" id.
    column = FacetColumn(values=[""], first=np.zeros(8, dtype=np.uint8))
    kept: dict = {}
    assert count_lookup(column, DocLookup(np.arange(8, dtype=np.intp), GROUPS), kept, ("author", False)).tolist() == [0]
    assert kept == {}


@pytest.mark.parametrize("per_pair", [0, 10**9])  # always sorted; always by the table
def test_distinct_pairs_by_table_or_sort_count_as_a_scan_does(monkeypatch: pytest.MonkeyPatch,
                                                              per_pair: int) -> None:
    from onrecord.search.features import quotegroups
    monkeypatch.setattr(quotegroups, "TABLE_PER_PAIR", per_pair)
    rng = np.random.default_rng(7)
    ids = rng.integers(-1, 40, size=600).tolist()
    groups = groups_of(ids)
    owners = rng.integers(0, 600, size=900)
    pairs = rng.integers(0, 5000, size=900)
    assert quotegroups._distinct_pairs(pairs, 5000).tolist() == sorted(set(pairs.tolist()))
    docs = np.unique(owners)
    assert DocLookup(docs, groups).count() == len({ids[d] for d in docs if ids[d] >= 0}) + sum(ids[d] < 0 for d in docs)


def test_a_searchs_matches_are_split_by_group_once_for_every_facet() -> None:
    lookup = DocLookup(np.array([0, 1, 2, 3, 6], dtype=np.intp), GROUPS)
    alone, grouped, ranks = lookup.split()  # order: 1, 4, 6 (group 0), 2, 5 (group 1)
    assert (alone.tolist(), grouped.tolist(), ranks.tolist()) == ([0, 3], [1, 2, 6], [0, 3, 2])
    assert lookup.ranks() is ranks
    assert lookup.split()[0] is alone
    assert lookup.mask(8).tolist() == [True, True, True, True, False, False, True, False]
    assert lookup.mask(8) is lookup.mask(8)


@pytest.mark.parametrize("per_owner", [0, 10**9])  # each matching owner searched; flags over every owner
@pytest.mark.parametrize("seed", range(4))
def test_further_values_are_the_values_the_matching_owners_hold(monkeypatch: pytest.MonkeyPatch,
                                                                 per_owner: int, seed: int) -> None:
    # Owners holding one value or several, matched or not, in any order.
    from onrecord.search.features import quotegroups
    monkeypatch.setattr(quotegroups, "SEARCH_PER_OWNER", per_owner)
    rng = np.random.default_rng(seed)
    owners = rng.integers(0, 300, size=200)
    values = rng.integers(0, 50, size=200)
    further = make_further(owners, values, 300)
    assert further.held.tolist() == [d in set(owners.tolist()) for d in range(300)]
    among = rng.permutation(300)[:int(rng.integers(0, 300))]
    wanted = set(among.tolist())
    expected = sorted(v for o, v in zip(owners.tolist(), values.tolist(), strict=True) if o in wanted)
    assert sorted(further_values(further, among).tolist()) == expected
    assert further_values(make_further(owners[:0], values[:0], 300), among).tolist() == []


@pytest.mark.parametrize("per_owner", [0, 10**9])
@pytest.mark.parametrize("seed", range(5))
def test_counting_through_the_group_pairs_counts_as_a_scan_does(monkeypatch: pytest.MonkeyPatch,
                                                                per_owner: int, seed: int) -> None:
    # Group ids with one member or none too (build_quote_groups makes neither); further
    # values on documents in groups and in none, matched or not.
    from onrecord.search.features import quotegroups
    monkeypatch.setattr(quotegroups, "SEARCH_PER_OWNER", per_owner)
    rng = np.random.default_rng(seed)
    groups = groups_of(rng.integers(-1, 30, size=400).tolist())
    docs = np.unique(rng.integers(0, 400, size=int(rng.integers(1, 300)))).astype(np.intp)
    first = rng.integers(0, 5, size=400).astype(np.uint8)
    for group in range(0, groups.count, 2):  # half the groups' members agree, as copies mostly do
        first[groups.members(group)] = group % 5
    more_docs = np.sort(rng.integers(0, 400, size=60)).astype(np.intp)  # some hold several
    more_ids = rng.integers(0, 5, size=len(more_docs)).astype(np.intp)
    matched = np.isin(more_docs, docs)
    owners = np.concatenate([docs, more_docs[matched]])
    values = np.concatenate([first[docs].astype(np.intp), more_ids[matched]])
    expected = distinct_counts(groups, owners, values, 5)
    pairs = group_pairs(groups, first, 5, more_docs, more_ids)
    assert count_pairs(DocLookup(docs, groups), first, 5, pairs).tolist() == expected


def test_group_pairs_are_each_groups_distinct_values() -> None:
    # group 0 (1, 4, 6): "a", "a", "b", and 4 also "c"; group 1 (2, 5): "b", "b"; 0 also "c".
    first = np.array([1, 1, 2, 0, 1, 2, 2, 0], dtype=np.uint8)
    pairs = group_pairs(GROUPS, first, 4, np.array([0, 4], dtype=np.intp), np.array([3, 3], dtype=np.intp))
    made = {(int(GROUPS.ids[GROUPS.order[k]]), int(pairs.values[p])) for k, p in enumerate(pairs.first)}
    more = pairs.more
    made |= {(int(GROUPS.ids[GROUPS.order[k]]), int(pairs.values[p])) for k, p in zip(more.owners, more.values, strict=True)}
    assert made == {(0, 1), (0, 2), (0, 3), (1, 2)} and len(pairs.values) == 4
    assert (more.owners.tolist(), more.held.tolist()) == ([1], [False, True, False, False, False])
    assert (pairs.alone.owners.tolist(), pairs.alone.values.tolist()) == ([0], [3])


def test_member_ranks_place_each_docnum_in_the_groups_order() -> None:
    ranks = member_ranks(GROUPS)
    assert ranks.tolist() == [-1, 0, 3, -1, 1, 4, 2, -1]
    assert (GROUPS.order[ranks[GROUPS.order]] == GROUPS.order).all()
    lookup = DocLookup(np.array([0, 2, 4, 7], dtype=np.intp), GROUPS)
    assert lookup.ranks().tolist() == [3, 1]


def test_group_pairs_of_int32_groups_past_int32_pairs_keep_each_value() -> None:
    # The kept groups are int32 (build_quote_groups); a pair's key is group * size + value,
    # past 2**31 at 1M (225k groups x 135k speakers).
    wide = groups_of([-1, 0, 1, 2, 0, 1, 2, -1])
    groups = QuoteGroups(wide.ids.astype(np.int32), wide.order.astype(np.int32), wide.starts)
    size = 2**31 - 1
    first = np.array([0, size - 1, 5, 7, size - 2, size - 1, 7, 0], dtype=np.int64)
    pairs = group_pairs(groups, first, size, np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp))
    made = {(int(groups.ids[groups.order[k]]), int(pairs.values[p])) for k, p in enumerate(pairs.first)}
    assert made == {(0, size - 1), (0, size - 2), (1, 5), (1, size - 1), (2, 7)}
