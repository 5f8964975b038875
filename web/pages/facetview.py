"""What the search page shows of each facet and of the date histogram.

Owns the presentation decisions the template would otherwise make in Jinja:
the order of a facet's values (selected first, excluded last), which link
each value and its exclude control carry, when "Show all N" and the filter
box appear, and each histogram bar's height step, link, accessible name and
visible label (every bar's when few, else every k-th).
Every URL comes from web.pages.links.SearchLinks.  Pure: no Flask imports.
"""
from __future__ import annotations

import calendar
from dataclasses import dataclass
from typing import Literal

from onrecord.search import FACETS, DateBucket, FacetDef, FacetValue, SearchResult
from onrecord.web.pages.links import FACET_FILTERS, SearchLinks

ValueState = Literal["selected", "excluded", "none"]
# Bar heights are classes h-0 .. h-BAR_STEPS of style.css: the CSP forbids
# inline style attributes, so a height cannot be written per bar.
BAR_STEPS = 20
# Labels under the date histogram's bars at most: "Mar 2021" is about 55 px
# wide, and the end ones are kept inside the chart, so more than five
# overlap on a 390 px phone over 36 month bars (tests/web/browser/test_browser_details.py).
MAX_BAR_LABELS = 5
_ORDER: dict[ValueState, int] = {"selected": 0, "none": 1, "excluded": 2}


@dataclass(frozen=True, slots=True)
class FacetEntry:
    """One value of a facet with its count and links.

    `url` toggles it (selects it, or unselects a selected one) or, for an
    excluded value, removes the exclusion; `exclude_url` excludes it (None
    where excluding is not offered: selected or excluded values, years)."""

    value: str
    count: int
    state: ValueState
    url: str
    exclude_url: str | None


@dataclass(frozen=True, slots=True)
class FacetView:
    """One facet's list: its entries and the show all / show fewer state."""

    facet: FacetDef
    entries: list[FacetEntry]
    size: int  # distinct values in the results (narrowed by the filter box)
    expanded: bool  # every value listed (facet_all names this facet)
    show_all_url: str | None  # "Show all N": only when values are left out
    show_fewer_url: str | None
    filter_text: str  # the filter box's value (facet_q), when expanded


@dataclass(frozen=True, slots=True)
class Bar:
    """One histogram bar: a link to its date range."""

    label: str
    count: int
    url: str
    step: int  # height class h-<step>, proportional to count
    title: str  # accessible name: "2021-03: 12 paragraphs"
    tick: str = ""  # the label shown under it ("Mar 2021"), '' for a bar between labels


def facet_views(result: SearchResult, links: SearchLinks) -> list[FacetView]:
    """Return the views of the facets with values, in table order."""
    views = [facet_view(facet, result, links) for facet in FACETS]
    return [view for view in views if view.entries or view.expanded]


def facet_view(facet: FacetDef, result: SearchResult, links: SearchLinks) -> FacetView:
    """Return the view of one facet of `result`."""
    expanded = links.req.facet_all == facet.name
    narrowed = links.req.facet_filter.casefold() if expanded else ""
    entries = sorted((facet_entry(facet, value, links)
                      for value in result.facets.get(facet.name, [])),
                     key=lambda e: _ORDER[e.state])  # stable: count order within a state
    size = result.facet_sizes.get(facet.name, 0)
    # `size` counts the values with matches (containing the filter box's
    # text, when there is one); a pinned (selected or excluded) value at 0
    # or outside the filter is listed beside them, not one of them.
    listed = sum(1 for e in entries if e.count and narrowed in e.value.casefold())
    return FacetView(
        facet=facet, entries=entries, size=size, expanded=expanded,
        show_all_url=None if expanded or size <= listed else links.show_all(facet.name),
        show_fewer_url=links.show_fewer() if expanded else None,
        filter_text=links.req.facet_filter if expanded else "")


def facet_entry(facet: FacetDef, fv: FacetValue, links: SearchLinks) -> FacetEntry:
    """Return one value's entry: its state and the links it offers.  A
    selected or excluded value is listed with its true count even when the
    filter box leaves it out of the list proper."""
    name, value = facet.name, fv.value
    count = fv.count
    if links.excluded(name, value):
        return FacetEntry(value, count, "excluded", links.include(name, value), None)
    if links.active(name, value):
        return FacetEntry(value, count, "selected", links.toggle(name, value), None)
    # Only name facets are excludable; a year is a date range (since/until).
    exclude = links.exclude(name, value) if name in FACET_FILTERS else None
    return FacetEntry(value, fv.count, "none", links.toggle(name, value), exclude)


def histogram_bars(buckets: list[DateBucket], links: SearchLinks) -> list[Bar]:
    """Return one bar per bucket, its height step proportional to its
    count (a bar with any count is at least one step high), every
    labelled one (labelled_bars) with its tick."""
    peak = max((b.count for b in buckets), default=0)
    labelled = labelled_bars(len(buckets))
    return [Bar(label=b.label, count=b.count, url=links.dates(b.since, b.until),
                step=bar_step(b.count, peak), title=bar_title(b),
                tick=tick_text(b.label) if i in labelled else "")
            for i, b in enumerate(buckets)]


def labelled_bars(count: int) -> set[int]:
    """Return the positions of the bars to label: all of them up to
    MAX_BAR_LABELS, else every k-th from the first (k the smallest step
    that keeps within MAX_BAR_LABELS, raised where a step a little larger
    also reaches the last bar), so labels never crowd a phone's width."""
    if count <= MAX_BAR_LABELS:
        return set(range(count))
    least = -(-(count - 1) // (MAX_BAR_LABELS - 1))
    step = next((k for k in range(least, 2 * least) if (count - 1) % k == 0), least)
    return set(range(0, count, step))


def tick_text(label: str) -> str:
    """Return a bucket's label as shown under its bar: 'Mar 2021' for the
    month '2021-03', a year as it is."""
    year, _sep, month = label.partition("-")
    if month.isdigit() and 1 <= int(month) <= 12:
        return f"{calendar.month_abbr[int(month)]} {year}"
    return label


def bar_step(count: int, peak: int) -> int:
    """Return the height class (0..BAR_STEPS) of `count` against `peak`."""
    if count <= 0 or peak <= 0:
        return 0
    return max(1, round(BAR_STEPS * count / peak))


def bar_title(bucket: DateBucket) -> str:
    """Return the bar's accessible name, e.g. "2021-03: 12 paragraphs"."""
    noun = "paragraph" if bucket.count == 1 else "paragraphs"
    return f"{bucket.label}: {bucket.count:,} {noun}"
