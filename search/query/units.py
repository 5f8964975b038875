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
# The fields only quote documents hold words in.
QUOTE_WORD_FIELDS = frozenset({SAID_FIELD, SAID_EXACT_FIELD})


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
    return _requires_field(q, frozenset(QUOTE_FIELDS))


def only_quotes(q: wq.Query) -> bool:
    """Return whether `q` (moved by to_quote_fields) can match quote
    documents only: it requires words of a quote's own word fields, which
    no paragraph holds, so quotes mode need not intersect its matches with
    every quote document (the mirror of only_paragraphs)."""
    return _requires_field(q, QUOTE_WORD_FIELDS)


def is_quote_restriction(flt: wq.Query | None) -> bool:
    """Return whether `flt` is quotes mode's filter (restrict_unit's
    quote term, alone or as the last part of an And)."""
    return flt == quote_term() or (isinstance(flt, wq.And) and len(flt.subqueries) == 2
                                   and flt.subqueries[1] == quote_term())


def other_filter(flt: wq.Query) -> wq.Query | None:
    """Return quotes mode's filter `flt` without its quote term (None:
    nothing else); `flt` must pass is_quote_restriction."""
    return None if not isinstance(flt, wq.And) else flt.subqueries[0]


def _requires_field(q: wq.Query, names: frozenset[str]) -> bool:
    """Return whether every match of `q` must hold a word of a field in `names`."""
    if isinstance(q, wq.ConstantScoreQuery | wq.WrappingQuery):
        return _requires_field(q.child, names)
    if isinstance(q, wq.And):
        return any(_requires_field(child, names) for child in q.subqueries)
    if isinstance(q, wq.Or):
        return bool(q.subqueries) and all(_requires_field(child, names) for child in q.subqueries)
    if isinstance(q, wq.AndNot | wq.AndMaybe):
        return _requires_field(q.a, names)
    return getattr(q, "fieldname", None) in names and not isinstance(q, wq.Every)
