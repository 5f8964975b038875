"""Publication dates in article *metadata* (sidecars, JSON fields, HTML meta).

Owns `parse_date`, which turns the handful of date spellings that metadata
uses into a datetime.date, and `parse_stated_date`, which also keeps a year
or a month stated alone (search.partialdates).  Dates written in article *text* are another
stage's job (the dates annotator); this module knows nothing about prose.
"""
from __future__ import annotations

import datetime as dt
import email.utils
import re

from onrecord.search import PartialDate

MONTHS: dict[str, int] = {
    name: i
    for i, names in enumerate(
        (
            ("january", "jan"), ("february", "feb"), ("march", "mar"),
            ("april", "apr"), ("may",), ("june", "jun"), ("july", "jul"),
            ("august", "aug"), ("september", "sep", "sept"),
            ("october", "oct"), ("november", "nov"), ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<month>[A-Za-z]{3,9})\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4})"
# Optional leading weekday ("Monday, 29 March 2021") is common in bylines.
_WEEKDAY = r"(?:[A-Za-z]{3,9},?\s+)?"
_DAY_MONTH_YEAR = re.compile(rf"^{_WEEKDAY}{_DAY}\s+{_MONTH},?\s+{_YEAR}\b")
_MONTH_DAY_YEAR = re.compile(rf"^{_WEEKDAY}{_MONTH}\s+{_DAY},?\s+{_YEAR}\b")
# Year-first numeric dates are unambiguous; the time part, if any, is ignored
# because the date as written is the date the outlet published under.
_ISO_PREFIX = re.compile(r"^(?P<year>\d{4})[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})(?![\d])")
_ISO_BASIC = re.compile(r"^(?P<year>\d{4})(?P<month>\d{2})(?P<day>\d{2})(?:T|$)")
# Day first with dots ("17.05.2021"): the dotted numeric form is the
# European day.month.year one.  Slashed numbers ("2/24/2026") are read only
# when one order is impossible (a part above 12), else refused as ambiguous.
_DOTTED = re.compile(r"^(?P<day>\d{1,2})\.(?P<month>\d{1,2})\.(?P<year>\d{4})(?![\d.])")
_SLASHED = re.compile(r"^(?P<first>\d{1,2})/(?P<second>\d{1,2})/(?P<year>\d{4})(?![\d/])")
MIN_YEAR, MAX_YEAR = 1700, 2200


def parse_date(value: str) -> dt.date | None:
    """Return the date `value` spells, or None when it is not a date we
    recognise.  Accepts ISO dates/datetimes ("2021-03-29",
    "2021-03-29T10:00:00Z"), RFC 2822 ("Mon, 29 Mar 2021 10:00:00 +0000"),
    "29 March 2021", "March 29, 2021" (month names may be abbreviated),
    "17.05.2021" (day first) and "2/24/2026" (a part above 12 says which is
    the day).  Ambiguous numeric forms such as "03/04/2021" are refused (None).
    Never raises."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > 100:
        return None
    for pattern in (_ISO_PREFIX, _ISO_BASIC, _DAY_MONTH_YEAR, _MONTH_DAY_YEAR, _DOTTED):
        found = pattern.match(text)
        if found:
            return _build_date(found.group("year"), found.group("month"), found.group("day"))
    slashed = _SLASHED.match(text)
    if slashed:
        return _unambiguous(slashed.group("first"), slashed.group("second"), slashed.group("year"))
    return _parse_rfc2822(text)


def _unambiguous(first: str, second: str, year: str) -> dt.date | None:
    """Return the date of "first/second/year" when only one of day/month
    orders is possible (one part above 12), else None."""
    a, b = int(first), int(second)
    if a > 12 >= b:
        return _build_date(year, second, first)
    if b > 12 >= a:
        return _build_date(year, first, second)
    return None


def _build_date(year: str, month: str, day: str) -> dt.date | None:
    """Return the date for textual parts, or None if any part is invalid."""
    month_no = int(month) if month.isdigit() else MONTHS.get(month.lower())
    if month_no is None or not MIN_YEAR <= int(year) <= MAX_YEAR:
        return None
    try:
        return dt.date(int(year), month_no, int(day))
    except ValueError:  # 30 February and friends
        return None


def _parse_rfc2822(text: str) -> dt.date | None:
    """Return the date of an RFC 2822 timestamp, or None."""
    try:
        stamp = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if stamp is None or not MIN_YEAR <= stamp.year <= MAX_YEAR:
        return None
    return stamp.date()


# A year ("2020") or a month ("2020-06", "2020/6") alone: what archives and
# exports state when they know no day (issue #29: such records were skipped).
_YEAR_OR_MONTH = re.compile(r"^(?P<year>\d{4})(?:[-/](?P<month>\d{1,2}))?$")


def parse_stated_date(value: str) -> dt.date | None:
    """Return the publication date a metadata field states: a day as
    parse_date reads it, else a year or a month alone as a PartialDate
    (known to that precision), or None.  Never raises."""
    day = parse_date(value)
    if day is not None or not isinstance(value, str):
        return day
    found = _YEAR_OR_MONTH.match(value.strip())
    if not found or not MIN_YEAR <= int(found.group("year")) <= MAX_YEAR:
        return None
    year, month = int(found.group("year")), found.group("month")
    if month is None:
        return PartialDate(year, precision="year")
    return PartialDate(year, int(month), precision="month") if 1 <= int(month) <= 12 else None
