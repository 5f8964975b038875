"""Article windows: which of an article's paragraphs one page shows.

Owns read_window().  An article's paragraph documents come from one
postings lookup (its doc_id); only the window's stored fields are read, so
the page of a 200,000-paragraph article costs what a short one does.  An
article is always written whole, in paragraph order, into one segment, so
its docnums ascend with n: the window is a slice of them, and the window
holding paragraph N is found by bisection on n.  That order is checked
around every window; if it ever fails, every paragraph's n is read and
sorted instead (slow, but still right).
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from whoosh import query as wq

from onrecord.search.storage.schema import QUOTE_UNIT, UNIT_FIELD


@dataclass(frozen=True, slots=True)
class Window:
    """One window of an article: its paragraphs' stored fields (by n), the
    article's paragraph count, and the window's page of `pages`."""

    stored: list[dict[str, Any]]
    total: int
    page: int
    pages: int


def paragraph_docnums(searcher: Any, doc_id: str) -> list[int]:
    """Return the docnums of article `doc_id`'s paragraph documents, in
    ascending order (its quote documents left out)."""
    q = wq.AndNot(wq.Term("doc_id", doc_id), wq.Term(UNIT_FIELD, QUOTE_UNIT))
    return sorted(searcher.docs_for_query(q))


def context_docnum(stored_of: Callable[[int], dict[str, Any]], docnum: int,
                   candidates: Callable[[str], Iterable[int]]) -> int | None:
    """Return the docnum of the paragraph document of quote document
    `docnum` (stored fields read by `stored_of`): the one `back` documents
    before it when that is a paragraph of the same doc_id and n (an
    article's documents are written together and deleted together, so
    merges keep the distance), else the first of candidates(doc_id) that
    is; None if none is."""
    quote = stored_of(docnum)
    doc_id, n = quote.get("doc_id"), quote.get("n")

    def is_context(at: int) -> bool:
        found = stored_of(at)
        return "qi" not in found and found.get("doc_id") == doc_id and found.get("n") == n
    guess = docnum - int(quote.get("back", 0))
    if 0 <= guess < docnum and is_context(guess):
        return guess
    return next((at for at in candidates(str(doc_id)) if is_context(at)), None)


def read_window(searcher: Any, doc_id: str, size: int | None, page: int = 1,
                around: int | None = None) -> Window:
    """Return window `page` of `size` paragraphs of article `doc_id` (all of
    them if `size` is None), or the window holding paragraph number `around`
    (the last one if `around` is past the end).  A page past the last gives
    an empty window (the caller decides what that means)."""
    docnums = paragraph_docnums(searcher, doc_id)
    total = len(docnums)
    pages = 1 if size is None else max(1, -(-total // size))
    if around is None and page > pages:
        return Window([], total, page, pages)
    if size is None or total <= size:
        stored = sorted((searcher.stored_fields(d) for d in docnums), key=_n)
        return Window(stored, total, 1, 1)
    def n_at(i: int) -> int:
        return _n(searcher.stored_fields(docnums[i]))
    if around is not None:
        page = _position(n_at, total, around) // size + 1
    stored = [searcher.stored_fields(d) for d in docnums[(page - 1) * size:page * size]]
    if stored and not _in_order(n_at, stored, (page - 1) * size, total):
        return _read_sorted(searcher, docnums, size, page, around)
    return Window(stored, total, page, pages)


def _n(stored: dict[str, Any]) -> int:
    return int(stored["n"])


def _position(n_at: Callable[[int], int], total: int, n: int) -> int:
    """Return the position of the first paragraph numbered `n` or more
    (the last position if none), by bisection."""
    return min(bisect_left(range(total), n, key=n_at), total - 1)


def _in_order(n_at: Callable[[int], int], stored: list[dict[str, Any]], start: int, total: int) -> bool:
    """Return whether the window's paragraph numbers ascend and sit between
    those of its neighbours (positions start - 1 and start + len)."""
    numbers = [_n(s) for s in stored]
    if start > 0:
        numbers.insert(0, n_at(start - 1))
    if start + len(stored) < total:
        numbers.append(n_at(start + len(stored)))
    return all(a < b for a, b in zip(numbers, numbers[1:], strict=False))


def _read_sorted(searcher: Any, docnums: list[int], size: int, page: int, around: int | None) -> Window:
    """The slow path: order every paragraph by n, then slice the window."""
    pairs = sorted((_n(searcher.stored_fields(d)), d) for d in docnums)
    if around is not None:
        position = min(bisect_left(pairs, (around, -1)), len(pairs) - 1)
        page = position // size + 1
    window = pairs[(page - 1) * size:page * size]
    return Window([searcher.stored_fields(d) for _n_value, d in window], len(pairs), page,
                  -(-len(pairs) // size))


def slice_window(items: list[Any], size: int | None, page: int = 1,
                 around: int | None = None, n_of: Callable[[Any], int] = lambda p: p.n
                 ) -> tuple[list[Any], int, int]:
    """Return (window `page` of `size` of `items`, already ordered by n, or
    the window holding number `around`; that page; the page count) for an
    article held in memory (an earlier version).  A page past the last
    gives an empty list."""
    total = len(items)
    if size is None or total <= size:
        return (items if page == 1 or around is not None else []), 1, 1
    pages = -(-total // size)
    if around is not None:
        position = min(bisect_left(range(total), around, key=lambda i: n_of(items[i])), total - 1)
        page = position // size + 1
    return items[(page - 1) * size:page * size], page, pages
