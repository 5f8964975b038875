"""The date histogram of a result set: how many matching paragraphs fall in
each month or year, the unit chosen by the span of the results.

Reads the cached "oldest_key" sort column (search.query.collecting: a date
ordinal per docnum, UNDATED_KEY for an undated paragraph), so a histogram is
one numpy gather and a bincount over the matches.  Undated paragraphs are
left out.  Each bucket carries its first and last day: the search page turns
a bar into a since/until filter.  In quotes mode copies of a quote
(search.features.quotegroups) count once per bar any of them falls in: a
bar's count is the total after clicking it.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import numpy as np

from onrecord.search.features.facets import as_docnum_array
from onrecord.search.features.quotegroups import QuoteGroups, member_ranks
from onrecord.search.model import DateBucket
from onrecord.search.storage.schema import UNDATED_KEY

# Up to this many months between the first and last match: one bar per
# month; beyond it, one bar per year.
MAX_MONTH_BARS = 36


@dataclass(frozen=True, slots=True)
class DatedCopies:
    """The dated members of quotes mode's groups of copies, ordered by group,
    then date (kept per commit: CommitView.dated_copies): `dates`, their
    date ordinals (the histogram reads them in this order, not through
    their docnums: one gather fewer, and not a scattered one); `groups`,
    each one's group; `at[k]`, the index in `dates` of member k of
    QuoteGroups.order (-1: undated)."""

    dates: np.ndarray
    groups: np.ndarray
    at: np.ndarray


def dated_copies(keys: Sequence[int], groups: QuoteGroups) -> DatedCopies:
    """Return the DatedCopies of `groups` by the date ordinals `keys` (a
    docnum's; 0 or UNDATED_KEY when undated)."""
    members = groups.order
    dates = np.asarray(keys)[members]
    dated = np.flatnonzero((dates > 0) & (dates < UNDATED_KEY))
    members, dates = members[dated], dates[dated]
    ids = groups.ids[members]
    order = np.lexsort((dates, ids))
    at = np.full(len(groups.order), -1, dtype=np.int32)
    at[dated[order]] = np.arange(len(order), dtype=np.int32)
    return DatedCopies(dates[order].astype(np.int32), ids[order], at)


def _slotter(low: int, high: int, count: int, unit: str, base: int,
             start: int) -> Callable[[np.ndarray], np.ndarray]:
    """Return a function from day ordinals in [low, high] to their bucket
    slots (bucket `unit` "M" or "Y", counted from `start`), for `count` dates."""
    def slot_of(days: np.ndarray) -> np.ndarray:
        if high - low < count:
            # Each day of the span's slot, then a gather: the matches' own datetime64
            # conversions were most of a histogram over ~1M quotes at 1M (quotes mode's
            # kind and evidence filters: ~15-20 ms CPU).
            return _day_slots(np.arange(low, high + 1), unit, base, start)[days - low]
        return _day_slots(days, unit, base, start)
    return slot_of


def date_histogram(keys: Sequence[int], docnums: Collection[int],
                   groups: QuoteGroups | None = None,
                   copies: DatedCopies | None = None, ranks: np.ndarray | None = None) -> list[DateBucket]:
    """Return the month or year buckets of the dated `docnums`, in date
    order, empty ones included between the first and the last; each of
    `groups` (copies of a quote) counted once per bucket, through their
    DatedCopies `copies` when given (else made here) and the indices in
    groups.order of the `docnums` in a group (`ranks`, any order: a
    search's DocLookup.ranks(); else found here)."""
    if not len(docnums):
        return []
    column = np.asarray(keys)
    owners = as_docnum_array(docnums)
    dates = column[owners]
    dated = (dates > 0) & (dates < UNDATED_KEY)
    dates, owners = dates[dated], owners[dated]
    if not len(dates):
        return []
    low, high = int(dates.min()), int(dates.max())
    first, last = dt.date.fromordinal(low), dt.date.fromordinal(high)
    months = (last.year - first.year) * 12 + last.month - first.month + 1
    make: Callable[[int, int], DateBucket]
    if months <= MAX_MONTH_BARS:  # slots year * 12 + month - 1
        start, n, make, unit, base = first.year * 12 + first.month - 1, months, _month, "M", 1970 * 12
    else:
        start, n, make, unit, base = first.year, last.year - first.year + 1, _year, "Y", 1970
    slot_of = _slotter(low, high, len(dates), unit, base, start)
    counts = np.bincount(slot_of(dates), minlength=n)
    if groups is not None:
        copies = copies if copies is not None else dated_copies(keys, groups)
        if ranks is None:
            ranks = member_ranks(groups)[owners]
        counts -= _repeated_copies(copies, ranks, slot_of, n)
    return [make(start + i, int(counts[i])) for i in range(n)]


# The matching copies are put in the kept order by a sort when they are fewer than
# the dated copies over this, else by flags over every dated copy (~1 ns one).
SORT_PER_COPY = 16


def _repeated_copies(copies: DatedCopies, ranks: np.ndarray,
                     slot_of: Callable[[np.ndarray], np.ndarray], n: int) -> np.ndarray:
    """Return, per slot below `n`, how many of the dated matches (`ranks`,
    the matches' indices in QuoteGroups.order, -1 in no group) share it with a
    matching copy before them: in each group's date order (slots ascend
    with the date) a repeat is a match whose group and slot are its
    previous matching member's.  No table of the groups a search (a quote
    filter's histogram at 250k: 5.6 ms of its 6.9), nor a pass over every
    dated copy for a few matches (at 1M ~1.5-2 ms a search)."""
    at = copies.at[ranks[ranks >= 0]]
    at = at[at >= 0]
    if len(at) * SORT_PER_COPY < len(copies.dates):
        held = np.sort(at)
    else:
        flags = np.zeros(len(copies.dates), dtype=bool)
        flags[at] = True
        held = np.flatnonzero(flags)
    groups = copies.groups[held]
    slots = slot_of(copies.dates[held])
    repeat = (groups[1:] == groups[:-1]) & (slots[1:] == slots[:-1])
    return np.bincount(slots[1:][repeat], minlength=n)


def _day_slots(ordinals: np.ndarray, unit: str, base: int, start: int) -> np.ndarray:
    """Return each date ordinal's bucket slot from `start`: its month
    (`unit` "M", `base` 1970 * 12) or year ("Y", 1970) in numpy (a Python
    step per distinct day was most of a histogram over years of matches)."""
    days = (ordinals.astype(np.int64) - _EPOCH).astype("datetime64[D]")
    return (days.astype(f"datetime64[{unit}]").astype(np.int64) + base - start).astype(np.intp)


# The day numpy's datetime64 counts from (1970-01-01), as a date ordinal.
_EPOCH = dt.date(1970, 1, 1).toordinal()


def _month(slot: int, count: int) -> DateBucket:
    """Return the bucket of month `slot` (year * 12 + month - 1)."""
    year, month = divmod(slot, 12)
    since = dt.date(year, month + 1, 1)
    after = dt.date(year + (month + 1) // 12, (month + 1) % 12 + 1, 1)
    return DateBucket(since.strftime("%Y-%m"), since, after - dt.timedelta(days=1), count)


def _year(year: int, count: int) -> DateBucket:
    """Return the bucket of calendar year `year`."""
    return DateBucket(str(year), dt.date(year, 1, 1), dt.date(year, 12, 31), count)
