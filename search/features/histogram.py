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
    low, high = int(dates.min()), int(dates.max())
    first, last = dt.date.fromordinal(low), dt.date.fromordinal(high)
    months = (last.year - first.year) * 12 + last.month - first.month + 1
    make: Callable[[int, int], DateBucket]
    if months <= MAX_MONTH_BARS:  # slots year * 12 + month - 1
        start, n, make, unit, base = first.year * 12 + first.month - 1, months, _month, "M", 1970 * 12
    else:
        start, n, make, unit, base = first.year, last.year - first.year + 1, _year, "Y", 1970
    if high - low < len(dates):
        # Each day of the span's slot, then a gather: the matches' own datetime64
        # conversions were most of a histogram over ~1M quotes at 1M (quotes mode's
        # kind and evidence filters: ~15-20 ms CPU).
        slots = _day_slots(np.arange(low, high + 1), unit, base, start)[dates - low]
    else:
        slots = _day_slots(dates, unit, base, start)
    counts = (count_distinct(groups, owners, slots, n) if groups is not None
              else np.bincount(slots, minlength=n)).tolist()
    return [make(start + i, counts[i]) for i in range(n)]


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
