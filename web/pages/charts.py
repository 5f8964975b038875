"""The timeline chart of the entity pages, laid out server-side.

Owns turning EntityProfile.timeline ((YYYY-MM, count) pairs, empty months
omitted) into the geometry of a bar chart: one bar per calendar month from
the first to the last month seen (empty months drawn as gaps, so the x axis
is proportional to time), y-axis ticks and sparse month/year labels.  The
template draws the SVG from this; no JavaScript and no external library, so
the chart works offline and under CSP default-src 'self'.  Pure: no Flask.
"""
from __future__ import annotations

import calendar
from dataclasses import dataclass

WIDTH = 720
HEIGHT = 220
MARGIN_LEFT = 40
MARGIN_RIGHT = 10
MARGIN_TOP = 12
MARGIN_BOTTOM = 34
MAX_X_LABELS = 12
BAR_GAP = 0.15  # share of each month's slot left empty between bars


@dataclass(frozen=True, slots=True)
class Bar:
    """One month's bar; `tooltip` goes into the SVG <title>."""

    month: str  # YYYY-MM
    count: int
    x: float
    y: float
    width: float
    height: float
    tooltip: str


@dataclass(frozen=True, slots=True)
class Tick:
    """An axis label at one position (x for the month axis, y for counts)."""

    pos: float
    text: str


@dataclass(frozen=True, slots=True)
class Chart:
    """Everything the template needs to draw the timeline."""

    width: int
    height: int
    label: str  # the accessible summary (aria-label)
    bars: list[Bar]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    plot_left: int
    plot_right: int
    baseline: float
    plot_top: int


def parse_month(value: str) -> tuple[int, int] | None:
    """Return (year, month) of a 'YYYY-MM' string, or None if it is not one."""
    parts = value.split("-")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        return None
    year, month = int(parts[0]), int(parts[1])
    return (year, month) if year >= 1 and 1 <= month <= 12 else None


def month_range(first: tuple[int, int], last: tuple[int, int]) -> list[tuple[int, int]]:
    """Return every (year, month) from `first` to `last` inclusive."""
    months: list[tuple[int, int]] = []
    year, month = first
    while (year, month) <= last:
        months.append((year, month))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months


def month_name(year: int, month: int, short: bool = False) -> str:
    """Return 'June 2020' (or 'Jun 2020' when `short`)."""
    names = calendar.month_abbr if short else calendar.month_name
    return f"{names[month]} {year}"


def plural(count: int, noun: str) -> str:
    """Return '1 quote' / '3 quotes'."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def build_timeline(timeline: list[tuple[str, int]], noun: str = "quote") -> Chart | None:
    """Return the bar chart of per-month counts, or None when no month has a
    count (nothing dated to draw).  Values that are not YYYY-MM are ignored;
    `noun` ('quote', 'paragraph') words the tooltips and the summary."""
    counts: dict[tuple[int, int], int] = {}
    for value, count in timeline:
        parsed = parse_month(value)
        if parsed is not None and count > 0:
            counts[parsed] = counts.get(parsed, 0) + count
    if not counts:
        return None
    months = month_range(min(counts), max(counts))
    peak = max(counts.values())
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    slot = plot_w / len(months)
    baseline = float(MARGIN_TOP + plot_h)
    bars = []
    for i, (year, month) in enumerate(months):
        count = counts.get((year, month), 0)
        if count:
            height = plot_h * count / peak
            bars.append(Bar(f"{year:04d}-{month:02d}", count, round(MARGIN_LEFT + i * slot + slot * BAR_GAP / 2, 2),
                            round(baseline - height, 2), round(slot * (1 - BAR_GAP), 2), round(height, 2),
                            f"{month_name(year, month)}: {plural(count, noun)}"))
    return Chart(WIDTH, HEIGHT, summarise(counts, months, noun), bars, month_ticks(months, slot),
                 count_ticks(peak, plot_h), MARGIN_LEFT, WIDTH - MARGIN_RIGHT, baseline, MARGIN_TOP)


def summarise(counts: dict[tuple[int, int], int], months: list[tuple[int, int]], noun: str) -> str:
    """Return the chart's text alternative: total, span and busiest month."""
    busiest = max(counts, key=lambda m: (counts[m], -m[0], -m[1]))  # earliest of ties
    total = sum(counts.values())
    span = month_name(*months[0]) if len(months) == 1 else f"{month_name(*months[0])} to {month_name(*months[-1])}"
    return (f"{plural(total, noun)} per month, {span}; "
            f"most in {month_name(*busiest)} ({counts[busiest]:,}).")


def month_ticks(months: list[tuple[int, int]], slot: float) -> list[Tick]:
    """Return at most MAX_X_LABELS labels under the bars: every month when
    few, otherwise the Januaries of every k-th year."""
    def centre(i: int) -> float:
        return round(MARGIN_LEFT + (i + 0.5) * slot, 2)

    if len(months) <= MAX_X_LABELS:
        return [Tick(centre(i), month_name(y, m, short=True)) for i, (y, m) in enumerate(months)]
    starts = [i for i, (_y, m) in enumerate(months) if m == 1] or [0]
    step = -(-len(starts) // MAX_X_LABELS)
    return [Tick(centre(i), str(months[i][0])) for i in starts[::step]]


def count_ticks(peak: int, plot_h: float) -> list[Tick]:
    """Return y-axis labels 0, the peak and (for peaks above 3) the middle,
    placed on the same scale as the bars."""
    values = sorted({0, peak} | ({peak // 2} if peak > 3 else set()))
    return [Tick(round(MARGIN_TOP + plot_h - plot_h * v / peak, 2), str(v)) for v in values]
