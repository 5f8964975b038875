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

import numpy as np

from onrecord.search.features.facets import as_docnum_array
from onrecord.search.features.quotegroups import QuoteGroups, count_distinct
from onrecord.search.model import DateBucket
from onrecord.search.storage.schema import UNDATED_KEY

# Up to this many months between the first and last match: one bar per
# month; beyond it, one bar per year.
MAX_MONTH_BARS = 36


def date_histogram(keys: Sequence[int], docnums: Collection[int],
                   groups: QuoteGroups | None = None) -> list[DateBucket]:
    """Return the month or year buckets of the dated `docnums`, in date
    order, empty ones included between the first and the last; each of
    `groups` (copies of a quote) counted once per bucket."""
    if not len(docnums):
        return []
    column = np.asarray(keys)
    owners = as_docnum_array(docnums)
    dates = column[owners]
    dated = (dates > 0) & (dates < UNDATED_KEY)
    dates, owners = dates[dated], owners[dated]
    if not len(dates):
        return []
    low = int(dates.min())
    # One count per day since the first (a bincount, not a sort: ~10x
    # faster over hundreds of thousands of matches).
    per_day = np.bincount(dates - low)
    present = np.flatnonzero(per_day)
    days = [dt.date.fromordinal(low + int(d)) for d in present.tolist()]
    counts = per_day[present].tolist()
    first, last = days[0], days[-1]
    months = (last.year - first.year) * 12 + last.month - first.month + 1
    make: Callable[[int, int], DateBucket]
    if months <= MAX_MONTH_BARS:
        start, n, make = first.year * 12 + first.month - 1, months, _month
        slots = [d.year * 12 + d.month - 1 for d in days]
    else:
        start, n, make = first.year, last.year - first.year + 1, _year
        slots = [d.year for d in days]
    if groups is not None:
        counts = _group_counts(groups, owners, dates - low, present, slots, start, n)
        slots = list(range(start, start + n))
    return _buckets(start, n, slots, counts, make)


def _group_counts(groups: QuoteGroups, owners: np.ndarray, days: np.ndarray,
                  present: np.ndarray, slots: list[int], start: int, n: int) -> list[int]:
    """Return the count of each of the `n` buckets from slot `start`, each
    group counted once per bucket; `days` is each owner's day index,
    `present` the days with matches and `slots` their buckets."""
    slot_of_day = np.zeros(int(present[-1]) + 1, dtype=np.intp)
    slot_of_day[present] = np.asarray(slots, dtype=np.intp) - start
    return count_distinct(groups, owners, slot_of_day[days], n).tolist()


def _buckets(start: int, n: int, slots: list[int], counts: list[int],
             make: Callable[[int, int], DateBucket]) -> list[DateBucket]:
    """Return n buckets from slot `start` on, each summing its days' counts."""
    totals = [0] * n
    for slot, count in zip(slots, counts, strict=True):
        totals[slot - start] += count
    return [make(start + i, totals[i]) for i in range(n)]


def _month(slot: int, count: int) -> DateBucket:
    """Return the bucket of month `slot` (year * 12 + month - 1)."""
    year, month = divmod(slot, 12)
    since = dt.date(year, month + 1, 1)
    after = dt.date(year + (month + 1) // 12, (month + 1) % 12 + 1, 1)
    return DateBucket(since.strftime("%Y-%m"), since, after - dt.timedelta(days=1), count)


def _year(year: int, count: int) -> DateBucket:
    """Return the bucket of calendar year `year`."""
    return DateBucket(str(year), dt.date(year, 1, 1), dt.date(year, 12, 31), count)
