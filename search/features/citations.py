"""Citation records built from a paragraph document's stored fields.

Owns the QuoteRecord of a stored quote and the paragraph export row: the
fields a reporter pastes into a story (quote, speaker, role, institution,
outlet, title, date, permalink, source URL), shared by entity pages and
exports so both cite alike; and the one way a quote is shown as text
(`cite_quote`): quote marks around its verbatim pieces only, every other
word paraphrase, and its kind's label (verbatim, partial, reported).
"""
from __future__ import annotations

import re
from typing import Any

from onrecord.search.model import EVIDENCE, KIND_LABELS, QuoteKind, QuoteRecord, paragraph_permalink
from onrecord.search.storage.documents import published_date, quote_pieces, rebuild_quote, split_stored

OPEN_MARK, CLOSE_MARK = "\u201c", "\u201d"
REPORTED_PREFIX = "(reported) "
# double marks in the paraphrase around a piece: the cited text sets its own marks
_DOUBLE_MARKS = "\"\u201c\u201d\u201e\u00ab\u00bb"
_SPACES_RE = re.compile(r"\s+")
_NO_DOUBLE_MARKS = str.maketrans("", "", _DOUBLE_MARKS)


def cite_quote(text: str, start: int, kind: str, pieces: tuple[tuple[int, int], ...]) -> str:
    """Return a quote (its `text` starting at absolute offset `start`) as it
    is shown and cited: a direct quote its words in quote marks; a partial
    quote its clause with quote marks around its verbatim `pieces` only; a
    reported one (or a partial quote whose pieces are unknown) its clause
    after "(reported) ", with no quote marks at all."""
    inside = [(lo - start, hi - start) for lo, hi in pieces if 0 <= lo - start < hi - start <= len(text)]
    if kind == "direct" and inside:
        return " ".join(_marked(text[lo:hi]) for lo, hi in inside)
    if kind == "direct":
        return _marked(text.strip().strip(_DOUBLE_MARKS + "'\u2018\u2019 ").rstrip(","))
    if kind != "partial" or not inside:
        return REPORTED_PREFIX + _paraphrase(text)
    parts, at = [], 0
    for lo, hi in sorted(inside):
        if lo < at:
            continue  # overlapping pieces: the first one stands
        parts += [_paraphrase(text[at:lo]), _marked(text[lo:hi])]
        at = hi
    parts.append(_paraphrase(text[at:]))
    return _SPACES_RE.sub(" ", "".join(parts)).strip()


def _marked(words: str) -> str:
    """Return verbatim words in quote marks, without the comma that runs
    into an attribution ('"We will appeal," she said')."""
    return f"{OPEN_MARK}{_SPACES_RE.sub(' ', words).strip().rstrip(',').rstrip()}{CLOSE_MARK}"


def _paraphrase(words: str) -> str:
    """Return words that are not the speaker's own without double quote
    marks: no mark the cited text prints may enclose them."""
    return _SPACES_RE.sub(" ", words.translate(_NO_DOUBLE_MARKS))


def cite_quote_dict(quote: dict[str, Any]) -> str:
    """Return cite_quote of a stored quote dict (Quote.to_dict()): its text,
    start, kind and pieces read as rebuild_quote reads them (a page's quotes
    are cited on every search; the rest of a Quote is not needed)."""
    return cite_quote(quote.get("text", ""), int(quote.get("start", 0)), quote.get("kind", "direct"),
                      quote_pieces(quote))


def with_citation(quote: dict[str, Any]) -> dict[str, Any]:
    """Return a stored quote dict with its `cited` text and kind `label`
    added: what pages, the API and feeds show of it."""
    kind = quote.get("kind")
    return {**quote, "cited": cite_quote_dict(quote), "label": KIND_LABELS.get(str(kind), "verbatim")}


def _kind(value: Any) -> QuoteKind:
    return value if value in ("direct", "partial", "indirect") else "direct"


def stored_published(stored: dict[str, Any]) -> str | None:
    """Return the paragraph's publication date as YYYY-MM-DD, or None."""
    published = published_date(stored)
    return published.isoformat() if published else None


def build_quote_record(stored: dict[str, Any], quote: dict[str, Any]) -> QuoteRecord:
    """Return the QuoteRecord of one quote dict of a stored paragraph."""
    shown = rebuild_quote(quote)
    return QuoteRecord(
        text=str(quote.get("text", "")),
        kind=_kind(quote.get("kind")),
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
        cited=cite_quote(shown.text, shown.start, shown.kind, shown.pieces),
        pieces=shown.pieces,
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

