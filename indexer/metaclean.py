"""One cleaning pass over every Metadata the parsers read, whatever its source
(sidecar, JSON record, HTML <meta>/JSON-LD, a text file's headline line).

Owns what a metadata string may hold and how long it may be.  Bidi controls
(overrides, embeddings, isolates, LRM/RLM/ALM) and other control characters
are removed: in a title or byline they only serve to make the text display
as something it is not.  Over-long values are cut at a character boundary,
except URLs, which are dropped: a cut URL is a wrong link, and the article id
falls back to the text.  Each change comes back as a note for the summary.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from onrecord.search.model import Metadata

# U+061C ALM, U+200E/U+200F LRM/RLM, U+202A-U+202E embeddings and overrides,
# U+2066-U+2069 isolates; C0 and C1 controls (tabs and newlines included: a
# metadata value is one line).
STRIPPED = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\x00-\x1f\x7f-\x9f]+")
# Field -> (most UTF-8 bytes kept, what happens past it).
LIMITS: dict[str, tuple[int, str]] = {
    "title": (2_048, "cut"),
    "author": (500, "cut"),
    "outlet": (500, "cut"),
    "url": (2_048, "drop"),
}


def clean_metadata(meta: Metadata) -> tuple[Metadata, list[str]]:
    """Return (`meta` with every string field cleaned, notes on what was cut
    or dropped).  A value left empty by cleaning becomes None (unknown)."""
    # Values for the str fields named in LIMITS; Any because replace() is
    # checked against every field, `published` (a date) included.
    changes: dict[str, Any] = {}
    notes: list[str] = []
    for name, (limit, action) in LIMITS.items():
        value = getattr(meta, name)
        if value is None:
            continue
        cleaned = clean_value(value)
        size = len(cleaned.encode("utf-8"))
        if size > limit and action == "drop":
            notes.append(f"{name} dropped: {size:,} bytes, over the {limit:,}-byte limit")
            cleaned = ""
        elif size > limit:
            notes.append(f"{name} cut to {limit:,} bytes (was {size:,})")
            cleaned = cut_utf8(cleaned, limit)
        if cleaned != value:
            changes[name] = cleaned or None
    return (replace(meta, **changes) if changes else meta), notes


def clean_value(value: str) -> str:
    """Return `value` without bidi and control characters (a control between
    two words leaves one space) and without edge whitespace."""
    return " ".join(STRIPPED.sub(_keep_word_break, value).split())


def _keep_word_break(match: re.Match[str]) -> str:
    """Return a space for a run holding a tab or line break, else nothing
    (a bidi mark inside a word joins it back)."""
    return " " if any(ch in "\t\n\v\f\r\x85" for ch in match.group()) else ""


def cut_utf8(value: str, limit: int) -> str:
    """Return the longest prefix of `value` of at most `limit` UTF-8 bytes
    that ends on a whole character, without trailing whitespace."""
    return value.encode("utf-8")[:limit].decode("utf-8", errors="ignore").rstrip()
