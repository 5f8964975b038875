"""The date histogram (search.features.histogram): its buckets equal a
day-by-day count of the dated matches into months or years."""
from __future__ import annotations

import datetime as dt
import random
from array import array

import numpy as np
import pytest

from onrecord.search.features import histogram
from onrecord.search.features.histogram import MAX_MONTH_BARS, _day_slots, date_histogram, dated_copies
from onrecord.search.features.quotegroups import QuoteGroups
from onrecord.search.storage.schema import UNDATED_KEY

SPANS = [(dt.date(2023, 3, 5), 0), (dt.date(2023, 1, 31), 40), (dt.date(2019, 12, 31), 31 * MAX_MONTH_BARS),
         (dt.date(1968, 2, 28), 900), (dt.date(2000, 2, 29), 366 * 25), (dt.date(1, 1, 1), 400)]


def expected_buckets(keys: list[int], docnums: list[int], groups: list[int] | None) -> list[tuple]:
    """Return (label, since, until, count) per bucket, counted a match at a time."""
    days = {d: dt.date.fromordinal(keys[d]) for d in docnums if 0 < keys[d] < UNDATED_KEY}
    if not days:
        return []
    first, last = min(days.values()), max(days.values())
    by_month = (last.year - first.year) * 12 + last.month - first.month + 1 <= MAX_MONTH_BARS
    slot = (lambda day: (day.year, day.month)) if by_month else (lambda day: (day.year, 1))
    seen: dict[tuple[int, int], set] = {}
    for d, day in days.items():
        owner = ("g", groups[d]) if groups is not None and groups[d] >= 0 else d
        seen.setdefault(slot(day), set()).add(owner)
    buckets = []
    year, month = slot(first)
    while (year, month) <= slot(last):
        since = dt.date(year, month, 1)
        after = (dt.date(year + month // 12, month % 12 + 1, 1) if by_month else dt.date(year + 1, 1, 1))
        buckets.append((since.strftime("%Y-%m") if by_month else str(year), since,
                        after - dt.timedelta(days=1), len(seen.get((year, month), ()))))
        year, month = (year + month // 12, month % 12 + 1) if by_month else (year + 1, 1)
    return buckets


@pytest.mark.parametrize(("first", "span"), SPANS)
@pytest.mark.parametrize("grouped", [False, True])
def test_buckets_count_each_dated_match_in_its_month_or_year(first: dt.date, span: int, grouped: bool) -> None:
    rng = random.Random(span)
    size = 600
    keys = [rng.choice([0, UNDATED_KEY, first.toordinal() + rng.randint(0, span)]) for _ in range(size)]
    docnums = sorted(rng.sample(range(size), 400))
    groups = [rng.choice([-1, -1, 0, 1, 2]) for _ in range(size)] if grouped else None
    copies = None
    if groups is not None:
        order = np.array([d for g in range(3) for d in range(size) if groups[d] == g], dtype=np.intp)
        starts = np.array([0] + [sum(1 for x in groups if 0 <= x <= g) for g in range(3)], dtype=np.intp)
        copies = QuoteGroups(np.array(groups, dtype=np.intp), order, starts)
    found = date_histogram(array("I", keys), set(docnums), copies)
    assert [(b.label, b.since, b.until, b.count) for b in found] == expected_buckets(keys, docnums, groups)


@pytest.mark.parametrize("per_copy", [0, 10**9])  # the matching copies put in order by a sort; by flags
@pytest.mark.parametrize(("first", "span"), SPANS)
def test_copies_kept_in_group_then_date_order_count_each_group_once_a_bucket(
        monkeypatch: pytest.MonkeyPatch, first: dt.date, span: int, per_copy: int) -> None:
    # Few groups of many members over the span: most buckets hold several matching
    # copies of one group, the repeats the kept order finds beside each other.
    monkeypatch.setattr(histogram, "SORT_PER_COPY", per_copy)
    rng = random.Random(span + 1)
    size = 500
    keys = [rng.choice([0, UNDATED_KEY, *[first.toordinal() + rng.randint(0, span)] * 4]) for _ in range(size)]
    docnums = sorted(rng.sample(range(size), 300))
    groups = [rng.choice([-1, 0, 1, 2, 3]) for _ in range(size)]
    order = np.array([d for g in range(4) for d in range(size) if groups[d] == g], dtype=np.intp)
    starts = np.array([0] + [sum(1 for x in groups if 0 <= x <= g) for g in range(4)], dtype=np.intp)
    copies = QuoteGroups(np.array(groups, dtype=np.intp), order, starts)
    kept = dated_copies(array("I", keys), copies)
    dated = [d for d in order.tolist() if 0 < keys[d] < UNDATED_KEY]
    held = list(zip(kept.groups.tolist(), kept.dates.tolist(), strict=True))
    assert held == sorted((groups[d], keys[d]) for d in dated)
    # Each dated member's place in that order holds its own group and date.
    assert [held[i] if i >= 0 else None for i in kept.at.tolist()] == [
        (groups[d], keys[d]) if d in dated else None for d in order.tolist()]
    found = date_histogram(array("I", keys), set(docnums), copies, kept)
    assert [(b.label, b.since, b.until, b.count) for b in found] == expected_buckets(keys, docnums, groups)


@pytest.mark.parametrize(("first", "span"), SPANS)
def test_many_matches_over_a_short_span_take_each_days_slot_from_a_table(first: dt.date, span: int) -> None:
    # More dated matches than days in their span: the slots come from a table of the span's
    # days (one per day), which must bucket as the matches' own dates do.
    rng = random.Random(span)
    size = 2 * span + 200
    keys = [rng.choice([0, first.toordinal() + rng.randint(0, span)]) for _ in range(size)]
    docnums = sorted(rng.sample(range(size), size - 50))
    found = date_histogram(array("I", keys), set(docnums))
    assert [(b.label, b.since, b.until, b.count) for b in found] == expected_buckets(keys, docnums, None)


@pytest.mark.parametrize(("first", "span"), SPANS)
@pytest.mark.parametrize(("unit", "base"), [("M", 1970 * 12), ("Y", 1970)])
def test_a_days_slot_from_the_table_equals_its_own(first: dt.date, span: int, unit: str, base: int) -> None:
    low = first.toordinal()
    days = np.array(sorted(random.Random(span).choices(range(low, low + span + 1), k=300)), dtype=np.int64)
    start = int(_day_slots(days[:1], unit, base, 0)[0])
    table = _day_slots(np.arange(low, low + span + 1), unit, base, start)
    assert table[days - low].tolist() == _day_slots(days, unit, base, start).tolist()
    assert _day_slots(days[:1], unit, base, start).tolist() == [0]
