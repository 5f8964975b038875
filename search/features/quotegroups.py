"""Copies of one quote in quotes mode: folded into one hit, counted once.

Owns QuoteGroups, built once per commit (CommitView.quote_groups) from the
quote documents' `said_group` column (search.storage.schema: the same
speaker and the same normalised words, search.storage.copies.fingerprints), and
what a quotes-mode search does with it:
  fold_quotes    the ranked matches as hits, each copy folded under the
                 best-ranked (or first by the date sort) member that matched;
  DocLookup      a search's matches split once by group for all its facets,
                 its histogram and its total (count: groups among the
                 matches, a quote in no shared group counting one);
  GroupPairs     a facet column's distinct (group, value) pairs, kept per
                 commit, with its further values as Further (looked up
                 by a search's matches);
  count_pairs    facet counts of groups through them: a group counts once
                 per value any of its matching members has (copies in two
                 outlets count in each, so a value's count is the total
                 after clicking it).
Everything over all matches is numpy; only the ranked hits are walked.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from onrecord.search.query.columns import read_int_column
from onrecord.search.query.sortedarrays import distinct
from onrecord.search.storage.schema import GROUP_FIELD

Group = tuple[int, float, list[int]]  # (docnum, score, its folded copies)


@dataclass(frozen=True, slots=True)
class QuoteGroups:
    """`ids[docnum]`: the docnum's group (0..count-1) if it shares one with
    another document, else -1; the members of group g are
    `order[starts[g]:starts[g + 1]]` (deleted ones included: they never
    match); `ranks[docnum]`, the docnum's index in `order` (-1 if in none),
    made from `order` when not given (member_ranks)."""

    ids: np.ndarray
    order: np.ndarray
    starts: np.ndarray
    ranks: np.ndarray | None = field(default=None, compare=False)

    @property
    def count(self) -> int:
        """The number of groups of two or more documents."""
        return len(self.starts) - 1

    def members(self, group: int) -> np.ndarray:
        """Return the docnums of `group`."""
        return self.order[self.starts[group]:self.starts[group + 1]]


class DocLookup:
    """A search's matching docnums with what every facet's count, the
    total and the histogram read of them, each computed at most once a
    search: their mask (by length) and, in quotes mode, the docnums in no
    shared group (`alone`) and the rest (`grouped`) with their indices in
    the groups' `order` (`ranks`)."""

    __slots__ = ("docs", "groups", "_masks", "_split")

    def __init__(self, docs: np.ndarray, groups: QuoteGroups | None = None) -> None:
        self.docs = docs
        self.groups = groups
        self._masks: dict[int, np.ndarray] = {}
        self._split: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    def mask(self, length: int) -> np.ndarray:
        """Return a bool array of `length`, True at the docnums."""
        mask = self._masks.get(length)
        if mask is None:
            mask = self._masks[length] = np.zeros(length, dtype=bool)
            mask[self.docs] = True
        return mask

    def split(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return (alone, grouped, the ranks of grouped); needs groups.  One
        gather of the kept int32 ranks: the group ids' int64 gather and then
        the ranks' cost 9-11 ms at 1M over a quote filter's ~670k matches."""
        if self._split is None:
            assert self.groups is not None
            ranks = member_ranks(self.groups)[self.docs]
            shared = ranks >= 0
            self._split = (self.docs[~shared], self.docs[shared], ranks[shared])
        return self._split

    def ranks(self) -> np.ndarray:
        """Return the index in the groups' `order` of each grouped docnum of
        split(), in its order; needs groups."""
        return self.split()[2]

    def count(self) -> int:
        """Return how many hits the docnums make: those in no shared group,
        plus the shared groups any of them is in; needs groups."""
        assert self.groups is not None
        alone, grouped, _ = self.split()
        return len(alone) + len(_distinct_pairs(self.groups.ids[grouped], self.groups.count))


def member_ranks(groups: QuoteGroups) -> np.ndarray:
    """Return `groups.ranks`, or the same made from its `order`."""
    if groups.ranks is not None:
        return groups.ranks
    ranks = np.full(len(groups.ids), -1, dtype=np.int32)
    ranks[groups.order] = np.arange(len(groups.order), dtype=np.int32)
    return ranks


def build_quote_groups(searcher: Any) -> QuoteGroups:
    """Return the QuoteGroups of every document `searcher` sees: documents
    whose group key is shared; a paragraph document, and a quote said once
    or with no key, is in none."""
    keys = np.frombuffer(read_int_column(searcher.reader(), GROUP_FIELD, "q"), dtype=np.int64)
    keyed = np.flatnonzero(keys)
    unique, inverse, sizes = np.unique(keys[keyed], return_inverse=True, return_counts=True)
    shared = sizes[inverse] > 1
    keyed, inverse = keyed[shared], inverse[shared]
    # Renumber the shared groups 0..count-1.
    kept = np.flatnonzero(sizes > 1)
    renumber = np.full(len(unique), -1, dtype=np.int64)
    renumber[kept] = np.arange(len(kept))
    group = renumber[inverse]
    # int32: kept for the commit's life (at 1M 2.4M documents, 761k members)
    ids = np.full(len(keys), -1, dtype=np.int32)
    ids[keyed] = group
    by_group = np.argsort(group, kind="stable")
    order = keyed[by_group].astype(np.int32)
    starts = np.searchsorted(group[by_group], np.arange(len(kept) + 1))
    return QuoteGroups(ids, order, starts, member_ranks(QuoteGroups(ids, order, starts)))


@dataclass(frozen=True, slots=True)
class Further:
    """Values held by some owners (docnums, or members' indices in
    QuoteGroups.order), kept per commit so a search finds its matches' few
    without a pass over all of them: `values[i]` is held by `owners[i]`
    (ascending); `held[x]`, True when owner x holds any (empty when none
    does)."""

    owners: np.ndarray
    values: np.ndarray
    held: np.ndarray


def make_further(owners: np.ndarray, values: np.ndarray, span: int) -> Further:
    """Return the Further of values[i] held by owners[i] (each below `span`)."""
    order = np.argsort(owners, kind="stable")
    held = np.zeros(span if len(owners) else 0, dtype=bool)
    held[owners] = True
    return Further(owners[order].astype(np.int32), values[order].astype(np.int32), held)


# The matching owners are searched for one by one when fewer than the owners' values
# over this, else every value's owner is looked up in a mask of them: at 1M two
# searches cost ~130-150 ns an owner, the mask ~0.5 ms and ~1.5 ns a value
# (institution's ~390k: even at ~4.5k owners).
SEARCH_PER_OWNER = 80


def further_values(further: Further, among: np.ndarray) -> np.ndarray:
    """Return the values `further` holds for the distinct owners `among`
    (any order; the values in no particular order)."""
    if not len(further.owners):
        return further.values
    hit = among[further.held[among]]
    if len(hit) * SEARCH_PER_OWNER < len(further.owners):
        hit = np.sort(hit).astype(further.owners.dtype)
        low = np.searchsorted(further.owners, hit, "left")
        sizes = np.searchsorted(further.owners, hit, "right") - low
        if not len(sizes) or sizes.max() == 1:
            return further.values[low]
        runs = np.cumsum(sizes)
        return further.values[np.repeat(low - runs + sizes, sizes) + np.arange(int(runs[-1]))]
    mask = np.zeros(len(further.held), dtype=bool)
    mask[hit] = True
    return further.values[mask[further.owners]]


@dataclass(frozen=True, slots=True)
class GroupPairs:
    """One facet column's values among the members of quotes mode's groups,
    as the distinct (group, value) pairs they make, kept per commit:
    `first[k]`, the pair of the first value of member k (QuoteGroups.order[k]);
    `more`, the pairs of the members' further values, by member index k;
    `values[p]`, pair p's value id; `alone`, the further value ids of the
    documents in no group, by docnum (in quotes mode, mostly paragraphs'
    that never match: looked up by a search's matches, not gathered whole)."""

    first: np.ndarray
    more: Further
    values: np.ndarray
    alone: Further


def group_pairs(groups: QuoteGroups, first: np.ndarray, size: int, more_docs: np.ndarray,
                more_ids: np.ndarray) -> GroupPairs:
    """Return the GroupPairs of a facet column of `size` value ids, given as
    each docnum's first value id (`first`) and further values (more_ids[i]
    of docnum more_docs[i])."""
    members = groups.ids[groups.order].astype(np.int64)  # times `size`: past int32
    owners = groups.ids[more_docs].astype(np.int64)
    held = owners >= 0
    keys = np.concatenate([members * size + first[groups.order], owners[held] * size + more_ids[held]])
    unique, inverse = np.unique(keys, return_inverse=True)
    pairs = inverse.astype(np.int32)  # kept for the commit's life: 4 bytes an entry
    more = make_further(member_ranks(groups)[more_docs[held]], pairs[len(members):], len(members))
    alone = make_further(more_docs[~held], more_ids[~held], len(groups.ids))
    return GroupPairs(pairs[:len(members)], more, (unique % size).astype(np.intp), alone)


def kept_pairs(kept: dict[Any, tuple[QuoteGroups, GroupPairs]], key: Any, groups: QuoteGroups,
               first: np.ndarray, size: int, more_docs: np.ndarray, more_ids: np.ndarray) -> GroupPairs:
    """Return group_pairs() of a column under `groups`: from `kept` (a
    FacetTable's by_group) under `key` when made for these groups, else made
    and put there."""
    found = kept.get(key)
    if found is None or found[0] is not groups:
        found = kept[key] = (groups, group_pairs(groups, first, size, more_docs, more_ids))
    return found[1]


def count_pairs(lookup: DocLookup, first: np.ndarray, size: int, pairs: GroupPairs) -> np.ndarray:
    """Return the count of each value id below `size` among `lookup`'s
    docnums, a group counting once per value any of its matching members has, through the column's
    GroupPairs: a document in no group counts each value it has, each pair
    a matching member makes counts once (deduped by _distinct_pairs).  No
    table of the groups a search: at 250k, a quote filter's 7 facet counts
    took 16.7 -> 7.6 ms CPU (the pairs were rebuilt, and an institution's
    sorted, per facet); and no pass over every further value (at 1M,
    ~1.2 ms a search over paragraphs' speakers, kinds and evidence)."""
    alone = lookup.split()[0]
    counts = np.bincount(first[alone], minlength=size)
    further = further_values(pairs.alone, alone)
    if len(further):
        counts += np.bincount(further, minlength=size)
    ranks = lookup.ranks()
    made = pairs.first[ranks]
    more = further_values(pairs.more, ranks)
    if len(more):
        made = np.concatenate([made, more])
    # few pairs made: sorted (a flag array of every pair cost a few ms a facet at 1M)
    return counts + np.bincount(pairs.values[_distinct_pairs(made, len(pairs.values))], minlength=size)


# A table of every possible (value, group) pair is read instead of sorting the pairs
# when it has at most this many entries a pair (and at most TABLE_MAX in all): a
# sort costs ~50-100 ns a pair, the table's scan ~1 ns an entry.
TABLE_PER_PAIR = 32
TABLE_MAX = 1 << 26


def _distinct_pairs(pairs: np.ndarray, span: int) -> np.ndarray:
    """Return the distinct values of `pairs` (each in 0..span-1), sorted:
    through a table of `span` flags when that is small beside the pairs
    (kind or year by group: a few values), else by a sort."""
    if span <= min(TABLE_MAX, TABLE_PER_PAIR * len(pairs)):
        seen = np.zeros(span, dtype=bool)
        seen[pairs] = True
        return np.flatnonzero(seen)
    return distinct(pairs)


def fold_quotes(groups: QuoteGroups, ranked: list[tuple[int, float]], matched: AbstractSet[int],
                goal: int) -> list[Group]:
    """Return up to `goal` hits from the `ranked` quote documents in rank
    order, each with the other matching members of its group (`matched`)
    as its copies; a ranked member of a group already listed is skipped."""
    hits: list[Group] = []
    seen: set[int] = set()
    ids = groups.ids
    for docnum, score in ranked:
        if len(hits) >= goal:
            break
        group = int(ids[docnum]) if docnum < len(ids) else -1
        if group < 0:
            hits.append((docnum, score, []))
            continue
        if group in seen:
            continue
        seen.add(group)
        copies = [d for d in groups.members(group).tolist() if d != docnum and d in matched]
        hits.append((docnum, score, copies))
    return hits


def keep_first_members(groups: QuoteGroups, docs: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Return `docs` with each shared group among them reduced to one
    member: the one with the smallest `keys[docnum]` (then docnum), e.g. the
    first indexed; documents in no shared group all stay (order not kept)."""
    ids = groups.ids[docs]
    alone, grouped = docs[ids < 0], docs[ids >= 0]
    if not len(grouped):
        return alone
    # Sorted by group, then key, then docnum: a group's first row is its keeper.
    order = np.lexsort((grouped, keys[grouped], groups.ids[grouped]))
    ranked = grouped[order]
    owner = groups.ids[ranked]
    firsts = np.concatenate(([True], owner[1:] != owner[:-1]))
    return np.concatenate((alone, ranked[firsts]))
