"""One cleaning pass over every Metadata the parsers read, whatever its source
(sidecar, JSON record, HTML <meta>/JSON-LD, a text file's headline line).

Owns how long a metadata string may be.  What it may hold is
indexer.parse.invisibles' table: bidi controls, control characters, zero-width
and filler characters are removed (in a title, byline or outlet they only
serve to make the text display as something it is not: "BBC\u200b News"
would be a second outlet that looks like the first).  Over-long values are
cut at a character boundary, except URLs, which are dropped: a cut URL is a wrong link, and the article id
falls back to the text.  Each change comes back as a note for the summary.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from onrecord.indexer.parse.invisibles import clean_value
from onrecord.search import Metadata

__all__ = ["LIMITS", "clean_metadata", "clean_value", "cut_utf8"]

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


def cut_utf8(value: str, limit: int) -> str:
    """Return the longest prefix of `value` of at most `limit` UTF-8 bytes
    that ends on a whole character, without trailing whitespace."""
    return value.encode("utf-8")[:limit].decode("utf-8", errors="ignore").rstrip()
