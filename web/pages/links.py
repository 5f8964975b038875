"""Search state <-> URLs: every link on the search page is built here.

Owns the rule that all search state lives in the URL.  A SearchRequest is
turned back into query parameters (defaults left out, so URLs stay short),
and each link the page offers (toggle a facet value, add one with OR,
exclude one or bring it back, show a facet's every value, follow a date
bar, drop a filter chip, go to page N, take the spelling suggestion) is a
new SearchRequest derived with
dataclasses.replace and encoded the same way.  Pure: no Flask imports.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote, urlencode

from onrecord.search import FACETS, NAME_FACETS, SearchMode, SearchRequest
from onrecord.web.outputs.citations import permalink

# facet name (as in SearchResult.facets) -> SearchRequest tuple field, for
# the facets of search.facetdefs that filter by names.
FACET_FILTERS: dict[str, str] = {f.name: str(f.request_attr) for f in NAME_FACETS}
# The facets whose value selects a calendar year (since/until): "year".
YEAR_FACETS: frozenset[str] = frozenset(f.name for f in FACETS if f.rule == "year")


def name_segment(name: str) -> str:
    """Return `name` as one path segment of a link to its page: every
    character but letters, digits and "-_~" percent-encoded, "/" and "."
    included, so no part of a name ("a/../b") is a segment a browser
    resolves to another page.  The routes' `name` converter (web.pages.entities)
    reads it back."""
    return quote(name, safe="").replace(".", "%2E")


@dataclass(frozen=True, slots=True)
class Chip:
    """One active filter, shown with a link that removes it."""

    label: str
    value: str
    url: str
    excluded: bool = False  # an exclusion (not_<facet>): shown struck through


def request_params(req: SearchRequest, default_per_page: int = 10) -> list[tuple[str, str]]:
    """Return the URL query parameters that reproduce `req`, omitting
    parameters that hold their default value."""
    params: list[tuple[str, str]] = []
    if req.query:
        params.append(("q", req.query))
    for name, attr in FACET_FILTERS.items():
        params.extend((name, value) for value in getattr(req, attr))
    params.extend(exclusion_params(req))
    if req.facet_all:
        params.append(("facet_all", req.facet_all))
    if req.facet_filter:
        params.append(("facet_q", req.facet_filter))
    if req.since:
        params.append(("since", req.since.isoformat()))
    if req.until:
        params.append(("until", req.until.isoformat()))
    if req.quotes_only:
        params.append(("quotes_only", "1"))
    if req.named_only:
        params.append(("named_only", "1"))
    if req.verbatim:
        params.append(("verbatim", "1"))
    if req.sort != "relevance":
        params.append(("sort", req.sort))
    if req.mode != "paragraphs":
        params.append(("mode", req.mode))
    if req.page != 1:
        params.append(("page", str(req.page)))
    if req.per_page != default_per_page:
        params.append(("per_page", str(req.per_page)))
    return params


def exclusion_params(req: SearchRequest) -> list[tuple[str, str]]:
    """Return the not_<facet> parameters of `req.excluded`, grouped in table
    order: the order web.serving.params parses them back in, so a URL round-trips."""
    return [(facet.exclude_param, value) for facet in NAME_FACETS
            for name, value in req.excluded if name == facet.name]


def year_bounds(year: int) -> tuple[dt.date, dt.date]:
    """Return the first and last day of `year`."""
    return dt.date(year, 1, 1), dt.date(year, 12, 31)


def parse_year(value: str) -> int | None:
    """Return the facet value as a year, or None if it is not one."""
    text = value.strip()
    if len(text) == 4 and text.isdigit() and int(text) >= 1:
        return int(text)
    return None


def is_active(req: SearchRequest, facet: str, value: str) -> bool:
    """Return whether `value` of `facet` is currently a filter of `req`."""
    if facet in YEAR_FACETS:
        year = parse_year(value)
        return year is not None and (req.since, req.until) == year_bounds(year)
    attr = FACET_FILTERS.get(facet)
    return attr is not None and value in getattr(req, attr)


def toggle_filter(req: SearchRequest, facet: str, value: str) -> SearchRequest:
    """Return `req` with the facet value added if absent or removed if
    present, back on page 1.  A year sets since/until to that year (or
    clears both if that year is already selected).  Unknown facets and
    non-year values leave the filters unchanged."""
    if facet in YEAR_FACETS:
        year = parse_year(value)
        if year is None:
            return replace(req, page=1)
        if is_active(req, facet, value):
            return replace(req, since=None, until=None, page=1)
        since, until = year_bounds(year)
        return replace(req, since=since, until=until, page=1)
    attr = FACET_FILTERS.get(facet)
    if attr is None:
        return replace(req, page=1)
    current: tuple[str, ...] = getattr(req, attr)
    if value in current:
        updated = tuple(v for v in current if v != value)
    else:
        updated = current + (value,)
    # `attr` names one of the tuple[str, ...] filter fields, known only at run time.
    changes: dict[str, Any] = {attr: updated}
    return replace(req, page=1, **changes)


def is_excluded(req: SearchRequest, facet: str, value: str) -> bool:
    """Return whether `value` of `facet` is excluded (not_<facet>) by `req`."""
    return (facet, value) in req.excluded


def exclude_filter(req: SearchRequest, facet: str, value: str) -> SearchRequest:
    """Return `req` with the facet value excluded, back on page 1.  A value
    selected before is unselected (keeping and dropping it at once would
    match nothing); year values and unknown facets are not excludable and
    leave the filters unchanged."""
    if facet not in FACET_FILTERS:
        return replace(req, page=1)
    if is_active(req, facet, value):
        req = toggle_filter(req, facet, value)
    if is_excluded(req, facet, value):
        return replace(req, page=1)
    return replace(req, excluded=req.excluded + ((facet, value),), page=1)


def include_filter(req: SearchRequest, facet: str, value: str) -> SearchRequest:
    """Return `req` without the exclusion of the facet value, back on page 1."""
    kept = tuple(pair for pair in req.excluded if pair != (facet, value))
    return replace(req, excluded=kept, page=1)


def date_filter(req: SearchRequest, since: dt.date, until: dt.date) -> SearchRequest:
    """Return `req` limited to [since, until] (a histogram bar), back on page 1."""
    return replace(req, since=since, until=until, page=1)


def page_window(current: int, pages: int, radius: int = 2) -> list[int | None]:
    """Return the page numbers to link: first, last and `radius` around
    `current`, with None where a gap ('...') goes."""
    if pages <= 1:
        return [1] if pages == 1 else []
    wanted = {1, pages} | {n for n in range(current - radius, current + radius + 1) if 1 <= n <= pages}
    window: list[int | None] = []
    for n in sorted(wanted):
        if window and window[-1] is not None and n - window[-1] > 1:
            window.append(None)
        window.append(n)
    return window


class SearchLinks:
    """URL builder bound to one request, handed to the template."""

    def __init__(self, req: SearchRequest, base: str = "/", default_per_page: int = 10) -> None:
        self.req = req
        self.base = base
        self.default_per_page = default_per_page

    def url_for(self, req: SearchRequest) -> str:
        """Return the search page URL for `req`."""
        params = request_params(req, self.default_per_page)
        return f"{self.base}?{urlencode(params)}" if params else self.base

    def toggle(self, facet: str, value: str) -> str:
        """Return the URL that adds or removes this facet value."""
        return self.url_for(toggle_filter(self.req, facet, value))

    def add(self, facet: str, value: str) -> str:
        """Return the URL that filters by this facet value (unchanged
        filters, page 1, if it is already a filter)."""
        if is_active(self.req, facet, value):
            return self.url_for(replace(self.req, page=1))
        return self.toggle(facet, value)

    def remove(self, facet: str, value: str) -> str:
        """Return the URL without this facet value (unchanged filters, page
        1, if it is not a filter)."""
        if not is_active(self.req, facet, value):
            return self.url_for(replace(self.req, page=1))
        return self.toggle(facet, value)

    def exclude(self, facet: str, value: str) -> str:
        """Return the URL that leaves out the paragraphs with this value."""
        return self.url_for(exclude_filter(self.req, facet, value))

    def include(self, facet: str, value: str) -> str:
        """Return the URL that removes the exclusion of this value."""
        return self.url_for(include_filter(self.req, facet, value))

    def excluded(self, facet: str, value: str) -> bool:
        """Return whether this facet value is excluded."""
        return is_excluded(self.req, facet, value)

    def show_all(self, facet: str) -> str:
        """Return the URL listing every value of `facet`.  The page is kept:
        the results do not change, only the list beside them."""
        return self.url_for(replace(self.req, facet_all=facet, facet_filter=""))

    def show_fewer(self) -> str:
        """Return the URL listing only the top values of every facet again."""
        return self.url_for(replace(self.req, facet_all="", facet_filter=""))

    def facet_form_fields(self) -> list[tuple[str, str]]:
        """Return the parameters the facet filter box carries as hidden
        inputs: the whole request but its own facet_q field."""
        return request_params(replace(self.req, facet_filter=""), self.default_per_page)

    def dates(self, since: dt.date, until: dt.date) -> str:
        """Return the URL limiting the results to [since, until]."""
        return self.url_for(date_filter(self.req, since, until))

    def clear(self) -> str:
        """Return the URL of the same query with every filter removed (in the same mode)."""
        return self.url_for(SearchRequest(query=self.req.query, sort=self.req.sort, per_page=self.req.per_page,
                                          mode=self.req.mode))

    def mode(self, mode: SearchMode) -> str:
        """Return the URL of the same search in `mode`, page 1 (pages of
        paragraphs and of quotes differ); quotes_only is dropped for
        quotes mode, where every hit is a quote."""
        quotes_only = self.req.quotes_only and mode == "paragraphs"
        return self.url_for(replace(self.req, mode=mode, page=1, quotes_only=quotes_only))

    def active(self, facet: str, value: str) -> bool:
        """Return whether this facet value is a current filter."""
        return is_active(self.req, facet, value)

    def page(self, n: int) -> str:
        """Return the URL of page `n` of the same search."""
        return self.url_for(replace(self.req, page=n))

    def with_query(self, query: str) -> str:
        """Return the URL of the same search for another query, page 1."""
        return self.url_for(replace(self.req, query=query, page=1))

    def doc(self, doc_id: str, n: int) -> str:
        """Return the permalink of paragraph `n`, carrying the query so the
        article page can highlight it."""
        return permalink(doc_id, n, self.req.query)

    def export(self, fmt: str, rows: str = "quotes") -> str:
        """Return the /export.<fmt> URL of the whole result set (every
        filter kept, paging dropped: exports are never capped at a page)."""
        whole = replace(self.req, page=1, per_page=self.default_per_page)
        params = request_params(whole, self.default_per_page) + [("rows", rows)]
        return f"/export.{fmt}?{urlencode(params)}"

    def chips(self) -> list[Chip]:
        """Return one removable chip per active filter."""
        req, chips = self.req, []
        for facet, attr in FACET_FILTERS.items():
            for value in getattr(req, attr):
                chips.append(Chip(facet, value, self.toggle(facet, value)))
        for facet, value in req.excluded:
            chips.append(Chip(f"not {facet}", value, self.include(facet, value), excluded=True))
        if req.since:
            chips.append(Chip("since", req.since.isoformat(), self.url_for(replace(req, since=None, page=1))))
        if req.until:
            chips.append(Chip("until", req.until.isoformat(), self.url_for(replace(req, until=None, page=1))))
        if req.quotes_only:
            chips.append(Chip("only", "paragraphs with quotes", self.url_for(replace(req, quotes_only=False, page=1))))
        if req.named_only:
            chips.append(Chip("only", "speakers named beside their quotes",
                              self.url_for(replace(req, named_only=False, page=1))))
        if req.verbatim:
            chips.append(Chip("only", "verbatim quotes", self.url_for(replace(req, verbatim=False, page=1))))
        return chips
