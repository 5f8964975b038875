"""Batch look-up: which speakers in the index a list of names stands for.

Owns lookup_speakers() and the name matching it uses.  A reporter pastes
the names in a story, a committee list or a press release and asks, for
each, who of those the index knows, how often they were quoted and when
first and last.  A name matches a speaker value when the two are the same
name (case, spacing, dots and honorifics aside), or when their surnames
are equal and their first names are compatible: equal, one an initial of
the other, or one of them has none ("Blair" and "T. Blair" both find
"Tony Blair"; "Cherie Blair" does not).
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from onrecord.search.errors import QueryError
from onrecord.search.facetdefs import FACETS_BY_NAME
from onrecord.search.features.commitview import open_view
from onrecord.search.features.entities import list_entities
from onrecord.search.features.outlines import EntityOutline, outline_for
from onrecord.search.features.sightings import open_finder
from onrecord.search.model import Visibility
from onrecord.search.storage.store import Index

MAX_NAMES = 500  # per look-up: each name may match several speakers, each read in full
MAX_NAME_CHARS = 200
HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "sir", "dame", "lord", "lady", "prof",
                        "professor", "rev", "revd", "cllr", "councillor", "judge", "justice"})
_SPLIT = re.compile(r"[\s.,]+")
MatchKind = Literal["full name", "surname"]
SPEAKER_FIELD = FACETS_BY_NAME["speaker"].count_field  # case-preserving speaker values


@dataclass(slots=True)
class SpeakerMatch:
    """A speaker value a looked-up name stands for, with its quotes' span."""

    speaker: str
    how: MatchKind
    quote_count: int = 0
    first: str | None = None  # YYYY-MM-DD of the earliest dated quote
    last: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"speaker": self.speaker, "match": self.how, "quote_count": self.quote_count,
                "first": self.first, "last": self.last}


@dataclass(slots=True)
class LookupRow:
    """One looked-up name and the speakers it matched (most quoted first)."""

    name: str
    matches: list[SpeakerMatch] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "matches": [m.to_dict() for m in self.matches]}


def name_tokens(name: str) -> list[str]:
    """Return `name` as comparable words: casefolded, split at spaces, dots
    and commas, leading honorifics dropped ("Dr. J. Smith" -> [j, smith])."""
    words = [w for w in _SPLIT.split(name.casefold()) if w]
    while len(words) > 1 and words[0] in HONORIFICS:
        words = words[1:]
    return words


def match_kind(wanted: list[str], speaker: list[str]) -> MatchKind | None:
    """Return how the words of a looked-up name match a speaker's, or None."""
    if not wanted or not speaker:
        return None
    if wanted == speaker:
        return "full name"
    if wanted[-1] != speaker[-1]:
        return None
    if len(wanted) == 1 or len(speaker) == 1:
        return "surname"
    first, other = wanted[0], speaker[0]
    if first == other or ((len(first) == 1 or len(other) == 1) and first[0] == other[0]):
        return "surname"
    return None


def lookup_speakers(index: Index, names: list[str], collections: Visibility = None) -> list[LookupRow]:
    """Return one LookupRow per name in `names` (blank ones skipped), each
    with the speakers it matches in `collections` (None: all), their quote
    counts and first and last quote dates there.  Raises QueryError for more than MAX_NAMES names or a name
    longer than MAX_NAME_CHARS."""
    names = [" ".join(n.split()) for n in names if n and n.strip()]
    if len(names) > MAX_NAMES:
        raise QueryError(f"At most {MAX_NAMES} names can be looked up at once; this list has "
                         f"{len(names):,}. Split it into smaller lists.")
    too_long = next((n for n in names if len(n) > MAX_NAME_CHARS), None)
    if too_long is not None:
        raise QueryError(f"Names are at most {MAX_NAME_CHARS} characters; one starts "
                         f"{too_long[:40]!r}.")
    by_surname: dict[str, list[tuple[str, list[str]]]] = {}
    for value in list_entities(index, "speaker", collections):
        words = name_tokens(value.value)
        if words:
            by_surname.setdefault(words[-1], []).append((value.value, words))
    rows = []
    for name in names:
        wanted = name_tokens(name)
        found = [SpeakerMatch(speaker, how) for speaker, words in by_surname.get(wanted[-1] if wanted else "", [])
                 if (how := match_kind(wanted, words))]
        rows.append(LookupRow(name, found))
    _fill_spans(index, [m for row in rows for m in row.matches], collections)
    for row in rows:
        row.matches.sort(key=lambda m: (m.how != "full name", -m.quote_count, m.speaker))
    return rows


def _fill_spans(index: Index, matches: list[SpeakerMatch], collections: Visibility) -> None:
    """Set each match's quote count and first and last quote dates, from
    the speaker's outline (one pass over their paragraphs, cached)."""
    done: dict[str, tuple[int, str | None, str | None]] = {}
    with open_view(index) as view:
        finder = open_finder(view, collections)
        for match in matches:
            key = match.speaker  # a facet value: the canonical spelling, as entity pages use
            if key not in done:
                outline = outline_for(view, "speaker", key,
                                      sorted(finder.key_docnums(SPEAKER_FIELD, key)), collections)
                done[key] = _span(outline)
            match.quote_count, match.first, match.last = done[key]


def _span(outline: EntityOutline) -> tuple[int, str | None, str | None]:
    """Return (statements in quotes mode's units, first date, last date) of
    an outline: the dates of the oldest and newest paragraph holding any of
    the speaker's quotes, a folded copy's too (the last time it ran); a
    paragraph naming the speaker without a quote of theirs does not count."""
    if not outline.first_day:
        return outline.statement_count, None, None
    return (outline.statement_count, dt.date.fromordinal(outline.first_day).isoformat(),
            dt.date.fromordinal(outline.last_day).isoformat())
