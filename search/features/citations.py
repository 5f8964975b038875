"""Citation records built from a paragraph document's stored fields.

Owns the QuoteRecord of a stored quote and the paragraph export row: the
fields a reporter pastes into a story (quote, speaker, role, institution,
outlet, title, date, permalink, source URL), shared by entity pages and
exports so both cite alike.
"""
from __future__ import annotations

from typing import Any

from onrecord.search.model import EVIDENCE, QuoteRecord, paragraph_permalink
from onrecord.search.storage.documents import published_date, split_stored


def stored_published(stored: dict[str, Any]) -> str | None:
    """Return the paragraph's publication date as YYYY-MM-DD, or None."""
    published = published_date(stored)
    return published.isoformat() if published else None


def build_quote_record(stored: dict[str, Any], quote: dict[str, Any]) -> QuoteRecord:
    """Return the QuoteRecord of one quote dict of a stored paragraph."""
    kind = quote.get("kind")
    return QuoteRecord(
        text=str(quote.get("text", "")),
        kind=kind if kind in ("direct", "partial", "indirect") else "direct",
        speaker=quote.get("speaker"),
        role=quote.get("role"),
        cue=quote.get("cue"),
        paragraph_id=stored["paragraph_id"],
        doc_id=stored["doc_id"],
        n=int(stored["n"]),
        title=stored.get("title"),
        outlet=stored.get("outlet"),
        published=stored_published(stored),
        url=stored.get("url"),
        institutions=split_stored(stored.get("institution")),
        evidence=quote.get("evidence") if quote.get("evidence") in EVIDENCE else None,
        confidence=quote.get("confidence") if isinstance(quote.get("confidence"), float) else None,
        speaker_source=quote.get("speaker_source"),
    )


def build_paragraph_row(stored: dict[str, Any]) -> dict[str, Any]:
    """Return the paragraph export row of a stored paragraph (names joined
    with "; ")."""
    doc_id, n = stored["doc_id"], int(stored["n"])
    return {
        "paragraph_id": stored["paragraph_id"],
        "doc_id": doc_id,
        "n": n,
        "title": stored.get("title"),
        "outlet": stored.get("outlet"),
        "published": stored_published(stored),
        "permalink": paragraph_permalink(doc_id, n),
        "url": stored.get("url"),
        "speakers": "; ".join(split_stored(stored.get("speaker"))),
        "institutions": "; ".join(split_stored(stored.get("institution"))),
        "text": stored.get("text", ""),
    }

