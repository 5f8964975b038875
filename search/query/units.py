"""Which documents a search matches: paragraphs, or quotes (issue #33).

Owns the unit restriction every query of a search carries (restrict_unit:
paragraph mode never sees a quote document, quotes mode sees nothing
else), the rewriting of a parsed query onto a quote document's own word
fields (to_quote_fields), and the segment-local quote docnums that readers
enumerating postings directly leave out in paragraph units (quote_docs).
"""
from __future__ import annotations

import copy

from whoosh import query as wq

from onrecord.search.model import SearchMode
from onrecord.search.storage.schema import QUOTE_UNIT, SAID_EXACT_FIELD, SAID_FIELD, UNIT_FIELD

# A paragraph field -> the quote document's field its words search in
# quotes mode; the title is dropped (None): a quote has no headline.
QUOTE_FIELDS: dict[str, str | None] = {
    "text": SAID_FIELD, "exact": SAID_EXACT_FIELD, "quote_text": SAID_FIELD, "title": None}


def quote_term() -> wq.Term:
    """Return the term every quote document holds (unit:quote)."""
    return wq.Term(UNIT_FIELD, QUOTE_UNIT)


def is_paragraph_restriction(flt: wq.Query | None) -> bool:
    """Return whether `flt` is paragraph mode's filter (restrict_unit's
    AndNot taking the quote documents away)."""
    return isinstance(flt, wq.AndNot) and flt.b == quote_term()


def restrict_unit(flt: wq.Query | None, mode: SearchMode) -> wq.Query:
    """Return the filter `flt` (None: none) narrowed to the documents of
    `mode`: quote documents in quotes mode, every other one in paragraph
    mode (an AndNot over Every() when there is no other filter)."""
    if mode == "quotes":
        return quote_term() if flt is None else wq.And([flt, quote_term()])
    return wq.AndNot(wq.Every() if flt is None else flt, quote_term())


def to_quote_fields(q: wq.Query | None) -> wq.Query | None:
    """Return the parsed query `q` searching a quote's words: each node on
    a paragraph word field moved to its QUOTE_FIELDS field (the title's
    matching nothing); field queries (speaker:, outlet:) stay."""
    if q is None:
        return None

    def swap(node: wq.Query) -> wq.Query:
        name = getattr(node, "fieldname", None)
        if name not in QUOTE_FIELDS:
            return node
        target = QUOTE_FIELDS[name]
        if target is None:
            return wq.NullQuery
        moved = copy.copy(node)
        moved.fieldname = target  # type: ignore[attr-defined]
        return moved
    return q.accept(swap).normalize()




def only_paragraphs(q: wq.Query) -> bool:
    """Return whether `q` can match paragraph documents only: it requires
    words of a paragraph word field (QUOTE_FIELDS' keys, which no quote
    document holds), so paragraph mode need not take quote documents away
    from its matches (a set as large as the index's quotes, per search)."""
    if isinstance(q, wq.ConstantScoreQuery | wq.WrappingQuery):
        return only_paragraphs(q.child)
    if isinstance(q, wq.And):
        return any(only_paragraphs(child) for child in q.subqueries)
    if isinstance(q, wq.Or):
        return bool(q.subqueries) and all(only_paragraphs(child) for child in q.subqueries)
    if isinstance(q, wq.AndNot | wq.AndMaybe):
        return only_paragraphs(q.a)
    return getattr(q, "fieldname", None) in QUOTE_FIELDS and not isinstance(q, wq.Every)

