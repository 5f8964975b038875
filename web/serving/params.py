"""Parsing request arguments into a search.model.SearchRequest.

Owns the URL vocabulary of the search page and the API (q, one repeatable
parameter per name facet of search.facetdefs, e.g. speaker or author, and
its exclusion not_<name>, e.g. not_speaker; since, until, quotes_only, named_only,
verbatim (keep to verbatim quotes: quotes_only and the speaker facet leave
reported speech out), sort, mode (paragraphs or quotes: what is matched,
listed and counted), page, per_page; facet_all=<name> lists one facet's every value,
facet_q narrows that list to the values containing it) and
the readable messages for bad values.  Every bad value raises
search.errors.QueryError, which web.serving.errors maps to HTTP 400.  A parameter
outside that vocabulary (SEARCH_PARAMS) is named with what to use instead
(PARAM_HINTS, else the nearest accepted name): the API, exports and feeds
refuse it (refuse_unknown_params), the search page notes it and goes on.
"""
from __future__ import annotations

import datetime as dt
import difflib
import re
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from onrecord.search import (
    FACETS_BY_NAME,
    MAX_PER_PAGE,
    NAME_FACETS,
    SEARCH_MODES,
    Config,
    QueryError,
    SearchMode,
    SearchRequest,
    SortOrder,
    Visibility,
)

MAX_FILTER_VALUES = 20
MAX_FILTER_CHARS = 200
MAX_PAGE = 10_000
SORT_ORDERS: tuple[SortOrder, ...] = ("relevance", "newest", "oldest")
# URL parameter -> SearchRequest field, for the repeatable filters: every
# facet of search.facetdefs that filters by names.
FILTER_PARAMS: dict[str, str] = {f.name: str(f.request_attr) for f in NAME_FACETS}
# URL parameter excluding a value -> the facet name (not_speaker -> speaker).
EXCLUDE_PARAMS: dict[str, str] = {f.exclude_param: f.name for f in NAME_FACETS}
# Single-valued form field -> the most characters echoed back into the form
# (longer values are refused anyway by their parsers, which accept nothing
# near these lengths; the query, "q", is cut to the max_query_chars setting).
FORM_FIELD_CHARS: dict[str, int] = {"since": 40, "until": 40, "sort": 40, "mode": 40,
                                    "quotes_only": 40, "named_only": 40, "verbatim": 40, "per_page": 40,
                                    "facet_all": 40,
                                    "facet_q": MAX_FILTER_CHARS}
# The single-valued parameters parse_search_request reads.  With the
# repeatable filters above (one per FACETS row, and its not_ twin) they are
# the search's whole URL vocabulary: what web.pages.links writes and the search
# page, /api/search, the exports and the feeds accept.
SINGLE_PARAMS: tuple[str, ...] = ("q", "since", "until", "quotes_only", "named_only", "verbatim", "sort",
                                  "page", "per_page", "facet_all", "facet_q", "mode")
SEARCH_PARAMS: tuple[str, ...] = (*SINGLE_PARAMS, *FILTER_PARAMS, *EXCLUDE_PARAMS)
# Read by web.access.gate, not the search: an API token in a feed's URL.
TOKEN_PARAM = "token"
ACCESS_PARAMS: tuple[str, ...] = (TOKEN_PARAM,)
_DATES_HINT = "filter dates with since and until, e.g. since=2003-01-01&until=2003-12-31"
# A parameter people guess -> what to use instead (one row per guess).
PARAM_HINTS: dict[str, str] = {
    "year": _DATES_HINT, "date": _DATES_HINT, "published": _DATES_HINT,
    "from": "use since=YYYY-MM-DD", "start": "use since=YYYY-MM-DD",
    "to": "use until=YYYY-MM-DD", "end": "use until=YYYY-MM-DD",
    "query": "use q", "search": "use q", "text": "use q",
    "limit": "use per_page", "size": "use per_page", "offset": "use page",
    "order": "use sort", "order_by": "use sort",
    "unit": "use mode=quotes or mode=paragraphs", "units": "use mode=quotes or mode=paragraphs",
    "results": "use mode=quotes or mode=paragraphs", "view": "use mode=quotes or mode=paragraphs",
    "type": "use mode=quotes or mode=paragraphs",
}
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TRUE = ("1", "true", "on", "yes")
_FALSE = ("", "0", "false", "off", "no")


class ArgSource(Protocol):
    """The part of werkzeug's MultiDict that parsing needs: a one-argument
    get (MultiDict's first overload) and getlist."""

    def get(self, key: str, /) -> str | None: ...

    def getlist(self, key: str) -> list[str]: ...


def parse_search_request(args: ArgSource, config: Config | None = None,
                         collections: Visibility = None) -> SearchRequest:
    """Return the SearchRequest described by `args`, for a reader of
    `collections` (web.access.gate.reader_collections; never a URL parameter).

    Reads only SEARCH_PARAMS: the caller refuses or notes the others
    (refuse_unknown_params, unknown_param_notes); missing ones take their
    defaults (per_page: `config`'s setting; default Config()).
    Raises QueryError with a message naming the parameter for any bad value
    (a query longer than `config`'s max_query_chars setting).
    """
    config = config or Config()
    since = parse_date(args.get("since"), "since")
    until = parse_date(args.get("until"), "until")
    if since and until and since > until:
        raise QueryError(f"'since' ({since.isoformat()}) is after 'until' ({until.isoformat()}).")
    # Any: the facets' tuples go to SearchRequest by keyword (mypy would
    # match them against every field, `mode` included)
    filters: dict[str, Any] = {field: parse_filter(args.getlist(name), name)
                               for name, field in FILTER_PARAMS.items()}
    return SearchRequest(
        excluded=parse_exclusions(args),
        facet_all=parse_facet_name(args.get("facet_all")),
        facet_filter="".join(parse_filter([args.get("facet_q") or ""], "facet_q")),
        query=parse_query(args.get("q"), config.max_query_chars),
        since=since,
        until=until,
        quotes_only=parse_flag(args.get("quotes_only"), "quotes_only"),
        named_only=parse_flag(args.get("named_only"), "named_only"),
        verbatim=parse_flag(args.get("verbatim"), "verbatim"),
        sort=parse_sort(args.get("sort")),
        mode=parse_mode(args.get("mode")),
        page=parse_int(args.get("page"), "page", 1, 1, MAX_PAGE),
        per_page=parse_int(args.get("per_page"), "per_page", config.per_page, 1, MAX_PER_PAGE),
        collections=collections,
        **filters,
    )


def parse_query(raw: str | None, max_chars: int) -> str:
    """Return the trimmed query; raises QueryError if it is longer than
    `max_chars` (the max_query_chars setting)."""
    query = (raw or "").strip()
    if len(query) > max_chars:
        raise QueryError(f"The query is too long ({len(query)} characters; the limit is {max_chars}).")
    return query


def distinct_values(raw: Iterable[str]) -> list[str]:
    """Return the non-blank values, stripped, each once, in first-seen order
    (a value repeated 10,000 times in the URL counts, and echoes, once)."""
    return list(dict.fromkeys(v for v in (r.strip() for r in raw) if v))


def parse_filter(raw: list[str], name: str) -> tuple[str, ...]:
    """Return the distinct non-blank values of a repeatable filter, in order;
    raises QueryError if there are too many or one is too long."""
    values = distinct_values(raw)
    if any(len(value) > MAX_FILTER_CHARS for value in values):
        raise QueryError(f"A '{name}' filter is too long (the limit is {MAX_FILTER_CHARS} characters).")
    if len(values) > MAX_FILTER_VALUES:
        raise QueryError(f"Too many '{name}' filters ({len(values)}; the limit is {MAX_FILTER_VALUES}).")
    return tuple(values)


def parse_exclusions(args: ArgSource) -> tuple[tuple[str, str], ...]:
    """Return the excluded (facet name, value) pairs of the not_<name>
    parameters, in table order; raises QueryError like parse_filter."""
    pairs: list[tuple[str, str]] = []
    for param, facet in EXCLUDE_PARAMS.items():
        pairs += [(facet, value) for value in parse_filter(args.getlist(param), param)]
    return tuple(pairs)


def parse_facet_name(raw: str | None) -> str:
    """Return the facet named by facet_all ("" if blank); raises QueryError
    for a name that is not a facet."""
    value = (raw or "").strip()
    if value and value not in FACETS_BY_NAME:
        raise QueryError(f"'facet_all' must be one of {', '.join(FACETS_BY_NAME)}.")
    return value


def parse_date(raw: str | None, name: str) -> dt.date | None:
    """Return the date in a YYYY-MM-DD value, None if blank; raises QueryError."""
    value = (raw or "").strip()
    if not value:
        return None
    if not _ISO_DATE.fullmatch(value):
        raise QueryError(f"'{name}' must be a date written YYYY-MM-DD, e.g. 2021-03-31.")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise QueryError(f"'{name}' is not a real calendar date: {value}.") from None


def parse_flag(raw: str | None, name: str) -> bool:
    """Return True for 1/true/on/yes, False for blank/0/false/off/no."""
    value = (raw or "").strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise QueryError(f"'{name}' must be 1 or 0.")


def parse_sort(raw: str | None) -> SortOrder:
    """Return the sort order, 'relevance' if blank; raises QueryError."""
    value = (raw or "").strip().lower() or "relevance"
    for order in SORT_ORDERS:
        if value == order:
            return order
    raise QueryError(f"'sort' must be one of {', '.join(SORT_ORDERS)}.")


def parse_mode(raw: str | None) -> SearchMode:
    """Return the search mode, 'paragraphs' if blank; raises QueryError."""
    value = (raw or "").strip().lower() or "paragraphs"
    for mode in SEARCH_MODES:
        if value == mode:
            return mode
    raise QueryError(f"'mode' must be {' or '.join(SEARCH_MODES)}.")


def parse_int(raw: str | None, name: str, default: int, low: int, high: int) -> int:
    """Return the whole number in `raw` (default if blank) within [low, high];
    raises QueryError otherwise."""
    value = (raw or "").strip()
    if not value:
        return default
    # The length cap keeps int() away from huge digit strings.
    if not value.isascii() or not value.isdigit() or len(value) > 9:
        raise QueryError(f"'{name}' must be a whole number between {low} and {high}.")
    number = int(value)
    if not low <= number <= high:
        raise QueryError(f"'{name}' must be between {low} and {high} (got {number}).")
    return number


def hidden_filters(args: ArgSource) -> list[tuple[str, str]]:
    """Return the repeatable filters in `args` as (name, value) pairs, so
    the search form can carry them along as hidden inputs: each value once,
    in order, at most MAX_FILTER_VALUES per filter and none over
    MAX_FILTER_CHARS, so the page never echoes more than a valid search
    could hold (and resubmitting an error page's form gives a valid one)."""
    pairs: list[tuple[str, str]] = []
    for name in [*FILTER_PARAMS, *EXCLUDE_PARAMS]:
        values = [v for v in distinct_values(args.getlist(name)) if len(v) <= MAX_FILTER_CHARS]
        pairs.extend((name, value) for value in values[:MAX_FILTER_VALUES])
    return pairs


def raw_form(args: Mapping[str, str], max_query_chars: int) -> dict[str, str]:
    """Return the single-valued form fields as the user typed them, so a
    page showing an error can refill the form; each is cut to its
    FORM_FIELD_CHARS limit, the query to `max_query_chars` (the setting: an
    echo never outgrows what a search accepts)."""
    limits = {"q": max_query_chars, **FORM_FIELD_CHARS}
    return {key: str(args.get(key) or "")[:limit] for key, limit in limits.items()}


def unknown_params(names: Iterable[str], extra: Iterable[str] = ()) -> list[str]:
    """Return the parameter names that are neither SEARCH_PARAMS nor
    `extra` (an endpoint's own, e.g. an export's rows), each once."""
    known = {*SEARCH_PARAMS, *ACCESS_PARAMS, *extra}
    return [name for name in dict.fromkeys(names) if name not in known]


def describe_unknown(name: str, extra: Iterable[str] = ()) -> str:
    """Return a sentence naming unknown parameter `name` and what to use
    instead: its PARAM_HINTS row, else the nearest accepted name, if any."""
    hint = PARAM_HINTS.get(name.lower())
    if hint is None:
        near = difflib.get_close_matches(name.lower(), [*SEARCH_PARAMS, *extra], n=1, cutoff=0.7)
        hint = f"did you mean '{near[0]}'?" if near else ""
    shown = name[:40] + ("..." if len(name) > 40 else "")
    return f"Unknown parameter '{shown}'" + (f": {hint}" if hint else ".")


def refuse_unknown_params(names: Iterable[str], extra: Iterable[str] = ()) -> None:
    """Raise QueryError naming each unknown parameter in `names` (what to
    use instead) and listing the accepted ones; return if there is none."""
    unknown = unknown_params(names, extra)
    if unknown:
        told = " ".join(_sentence(describe_unknown(name, extra)) for name in unknown[:5])
        accepted = ", ".join([*SEARCH_PARAMS, *extra])
        raise QueryError(f"{told} Accepted parameters: {accepted}.")


def unknown_param_notes(names: Iterable[str]) -> list[str]:
    """Return, for the search page, one note per unknown parameter in
    `names` saying it was ignored and what to use instead."""
    return [f"{_sentence(describe_unknown(name))} It was ignored."
            for name in unknown_params(names)[:5]]


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?")) else f"{text}."
