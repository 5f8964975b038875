"""What `onrecord search` prints: a result set as plain text for a terminal.

Owns format_result().  Paragraph mode lists paragraphs (permalink, title,
outlet and date, speakers, text); quotes mode lists quotes (speaker, kind,
the quote as cite_quote shows it, date, outlet and the permalink opening at
the quote).  Everything passes through terminal_text: an article's text
may hold escape sequences.
"""
from __future__ import annotations

from onrecord.cli.summary import count_of, terminal_text
from onrecord.search import Hit, SearchResult


def format_result(result: SearchResult) -> str:
    """Return a plain-text rendering of a search result for the terminal."""
    unit = "quote" if result.mode == "quotes" else "paragraph"
    more = "" if result.pages_exact else " or more"  # pages counted ahead only (search.query.paging)
    lines = [f"{count_of(result.total, unit)} {'matches' if result.total == 1 else 'match'} "
             f"(page {result.page} of {result.pages}{more})"]
    if result.suggestion:
        lines.append(f"Did you mean: {result.suggestion}")
    for hit in result.hits:
        lines += format_quote_hit(hit) if hit.quote is not None else format_paragraph_hit(hit)
    return terminal_text("\n".join(lines))


def format_paragraph_hit(hit: Hit) -> list[str]:
    """Return the lines of one paragraph hit."""
    meta = ", ".join(x for x in (hit.outlet, hit.published or "undated") if x)
    lines = [f"\n{hit.permalink}  {hit.title or '(untitled)'} [{meta}]"]
    if hit.speakers:
        lines.append(f"  speakers: {', '.join(hit.speakers)}")
    lines.append(f"  {hit.text[:300]}")
    return lines


def format_quote_hit(hit: Hit) -> list[str]:
    """Return the lines of one quotes-mode hit: who, what kind, the cited
    quote, date and outlet, and the permalink opening at the quote."""
    quote = hit.quote or {}
    speaker = str(quote.get("speaker") or "unattributed")
    role = f" ({quote['role']})" if quote.get("role") else ""
    kind = str(quote.get("label") or quote.get("kind") or "")
    meta = ", ".join(x for x in (hit.published or "undated", hit.outlet) if x)
    return [f"\n{speaker}{role} [{kind}]", f"  {str(quote.get('cited') or quote.get('text') or '')[:300]}",
            f"  {meta}  {hit.title or '(untitled)'}", f"  {hit.quote_permalink}"]
