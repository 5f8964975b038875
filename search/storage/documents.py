"""Rebuilding model objects from a paragraph document's stored fields.

Owns the inverse of search.storage.schema.paragraph_fields: stored fields back to
Paragraph (with Quote objects) and the pieces of a Hit (the article's
metadata comes from search.storage.articledb.records), and Paragraph.to_dict() dicts back to
Paragraphs (earlier versions are kept that way).
"""
from __future__ import annotations

import datetime as dt
import json
from typing import Any

from onrecord.search.model import EVIDENCE, SPEAKER_TYPES, Mention, Paragraph, Quote


def split_stored(value: str | None) -> list[str]:
    """Return the names in a stored comma-separated value."""
    return [v for v in (value or "").split(",") if v]


def published_date(stored: dict[str, Any]) -> dt.date | None:
    """Return the stored publication date, or None if undated."""
    value = stored.get("published")
    if isinstance(value, dt.datetime):
        return value.date()
    return value if isinstance(value, dt.date) else None


def load_quote_dicts(stored: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the paragraph's quotes as the dicts Quote.to_dict() made."""
    try:
        quotes = json.loads(stored.get("quotes_json") or "[]")
    except ValueError:
        return []
    return [q for q in quotes if isinstance(q, dict)]


def rebuild_quote(data: dict[str, Any]) -> Quote:
    """Return the Quote a Quote.to_dict() dict describes."""
    return Quote(
        text=data.get("text", ""),
        start=int(data.get("start", 0)),
        end=int(data.get("end", 0)),
        kind=data.get("kind", "direct"),
        speaker=data.get("speaker"),
        speaker_mention=_rebuild_mention(data.get("speaker_mention")),
        cue=data.get("cue"),
        cue_mention=_rebuild_mention(data.get("cue_mention")),
        role=data.get("role"),
        evidence=data.get("evidence") if data.get("evidence") in EVIDENCE else None,
        confidence=_confidence(data.get("confidence")),
        speaker_type=data.get("speaker_type") if data.get("speaker_type") in SPEAKER_TYPES else None,
        speaker_source=data.get("speaker_source") if isinstance(data.get("speaker_source"), str) else None,
        pieces=quote_pieces(data),
    )


def quote_pieces(data: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    """Return a stored quote's verbatim pieces; a malformed one, or one
    outside the quote's span, is dropped, so a damaged value never marks
    words the quote does not hold.  (Every stored quote has its pieces: an
    index written before them is refused as a whole: search.storage.schema.)"""
    start = int(data.get("start", 0))
    end = start + len(str(data.get("text", "")))
    stored = data.get("pieces")
    pieces = [(p[0], p[1]) for p in stored if isinstance(p, list) and len(p) == 2
              and all(isinstance(x, int) for x in p)] if isinstance(stored, list) else []
    return tuple((lo, hi) for lo, hi in pieces if start <= lo < hi <= end)


def _confidence(value: Any) -> float | None:
    """Return a stored confidence as a float in [0, 1], None if absent or bad."""
    return float(value) if isinstance(value, (int, float)) and 0 <= value <= 1 else None


def _rebuild_mention(data: Any) -> Mention | None:
    if not isinstance(data, dict):
        return None
    return Mention(text=data.get("text", ""), start=int(data.get("start", 0)),
                   end=int(data.get("end", 0)))


def rebuild_paragraph(stored: dict[str, Any]) -> Paragraph:
    """Return the Paragraph a paragraph document was made from."""
    return Paragraph(
        id=stored["paragraph_id"],
        n=int(stored["n"]),
        start=int(stored.get("start", 0)),
        end=int(stored.get("end", 0)),
        text=stored.get("text", ""),
        kind=stored.get("kind", "body"),
        quotes=[rebuild_quote(q) for q in load_quote_dicts(stored)],
        speakers=split_stored(stored.get("speaker")),
        institutions=split_stored(stored.get("institution")),
        dates=split_stored(stored.get("dates")),
    )


def paragraph_from_dict(data: dict[str, Any]) -> Paragraph:
    """Return the Paragraph a Paragraph.to_dict() dict describes (an
    earlier version's paragraphs are kept that way in search.storage.articledb.records)."""
    return Paragraph(
        id=str(data.get("id", "")),
        n=int(data.get("n", 0)),
        start=int(data.get("start", 0)),
        end=int(data.get("end", 0)),
        text=str(data.get("text", "")),
        kind=data.get("kind", "body"),
        quotes=[rebuild_quote(q) for q in data.get("quotes", []) if isinstance(q, dict)],
        speakers=[str(s) for s in data.get("speakers", [])],
        institutions=[str(s) for s in data.get("institutions", [])],
        dates=[str(s) for s in data.get("dates", [])],
    )
