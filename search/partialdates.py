"""Publication dates known only to the year or the month.

Owns PartialDate: an export that says `"published": "2020"` or `"2020-06"`
states a year or a month, not 1 January.  A PartialDate is a datetime.date
(the period's first day, so it sorts, filters and buckets like any date)
that remembers its precision: isoformat() gives back what was stated
("2020", "2020-06"), and format_partial() writes it for people.  Whole days
stay plain datetime.date values everywhere.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

Precision = Literal["year", "month", "day"]
_ISO = re.compile(r"^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$")


class PartialDate(dt.date):
    """The first day of a year or month, known only to that precision."""

    __slots__ = ("precision",)
    precision: Precision

    def __new__(cls, year: int, month: int = 1, precision: Precision = "month") -> PartialDate:
        if precision not in ("year", "month"):
            raise ValueError(f"a PartialDate is a year or a month, not a {precision}")
        self = super().__new__(cls, year, month if precision == "month" else 1, 1)
        self.precision = precision
        return self

    def isoformat(self) -> str:
        """Return "YYYY" or "YYYY-MM": the date as precisely as it was stated."""
        return f"{self.year:04d}" if self.precision == "year" else f"{self.year:04d}-{self.month:02d}"

    __str__ = isoformat

    def __repr__(self) -> str:
        return f"PartialDate({self.isoformat()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # A worker's Metadata crosses processes pickled: keep the precision.
        return (PartialDate, (self.year, self.month, self.precision))

    def __eq__(self, other: object) -> bool:
        # 2020 is not 1 January 2020: an article re-stated to the day is a change.
        if isinstance(other, dt.date) and precision_of(other) != self.precision:
            return False
        return super().__eq__(other)

    def __hash__(self) -> int:
        return hash((self.toordinal(), self.precision))


def precision_of(value: dt.date) -> Precision:
    """Return how precisely `value` is known."""
    return value.precision if isinstance(value, PartialDate) else "day"


def parse_iso_partial(text: str) -> dt.date | None:
    """Return the date an ISO "YYYY", "YYYY-MM" or "YYYY-MM-DD" spells (a
    PartialDate for the first two), or None if it is not one."""
    found = _ISO.match(text.strip())
    if not found:
        return None
    year, month, day = (int(g) if g else None for g in found.groups())
    assert year is not None  # the pattern requires it
    try:
        if month is None:
            return PartialDate(year, precision="year")
        if day is None:
            return PartialDate(year, month, precision="month")
        return dt.date(year, month, day)
    except ValueError:
        return None


def format_partial(value: dt.date) -> str:
    """Return `value` for people: "2020", "June 2020" or "5 June 2020"."""
    precision = precision_of(value)
    if precision == "year":
        return str(value.year)
    if precision == "month":
        return f"{value.strftime('%B')} {value.year}"
    return f"{value.day} {value.strftime('%B')} {value.year}"
