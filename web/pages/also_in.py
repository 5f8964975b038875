"""Quote clusters and grouped near-duplicates as the pages show them.

Owns the "also in: outlet, outlet" line: which label each sighting gets
(its outlet, else its title, else 'unknown outlet': never an invented
outlet), where it links, and which appearance ran first, which is only
claimed when the dates say so (the earliest dated appearance, strictly
earlier than every other dated one).  Pure: no Flask.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from onrecord.search import Sighting
from onrecord.web.outputs.citations import permalink

UNKNOWN_OUTLET = "unknown outlet"


@dataclass(frozen=True, slots=True)
class SightingLink:
    """One other appearance of a quote or paragraph, ready to render."""

    label: str
    href: str
    published: str | None
    title: str | None
    outlet: str | None = None
    first: bool = False


@dataclass(frozen=True, slots=True)
class Cluster:
    """The other appearances plus whether the current one ran first."""

    links: list[SightingLink]
    self_first: bool


def as_sighting(value: Sighting | Mapping[str, Any]) -> Sighting:
    """Return a Sighting from a Sighting or its to_dict() form (the quote
    dicts of Hit.quotes carry plain dicts)."""
    if isinstance(value, Sighting):
        return value
    return Sighting(doc_id=str(value.get("doc_id", "")), n=int(value.get("n", 0) or 0),
                    title=value.get("title"), outlet=value.get("outlet"), published=value.get("published"))


def sighting_label(outlet: str | None, title: str | None) -> str:
    """Return the outlet, else the article title, else 'unknown outlet'."""
    for value in (outlet, title):
        if value and value.strip():
            return value.strip()
    return UNKNOWN_OUTLET


def earliest(dates: list[str | None]) -> int | None:
    """Return the index of the strictly earliest date, or None when fewer
    than two dates are known or the earliest is shared (no honest 'first')."""
    known = [(d[:10], i) for i, d in enumerate(dates) if d]
    if len(known) < 2:
        return None
    known.sort()
    if known[0][0] == known[1][0]:
        return None
    return known[0][1]


def build_cluster(own_published: str | None, sightings: Iterable[Sighting | Mapping[str, Any]],
                  query: str = "") -> Cluster:
    """Return the links to the other appearances (in the given order) and
    which one, if any, ran first; index 0 of the date list is the current
    paragraph itself."""
    others = [as_sighting(s) for s in sightings]
    first = earliest([own_published] + [s.published for s in others])
    links = [SightingLink(label=sighting_label(s.outlet, s.title), href=permalink(s.doc_id, s.n, query),
                          published=s.published, title=s.title, outlet=s.outlet,
                          first=(first == i + 1))
             for i, s in enumerate(others)]
    return Cluster(links=links, self_first=(first == 0))
