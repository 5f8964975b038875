"""Which pages of a result set can be shown.

Owns the rule behind SearchResult.pages: a page is linked only if it has
hits.  Two things make that fewer than `total / per_page` pages: near
copies of a paragraph fold into the first hit that has them (so a result
set has fewer hits than matching paragraphs, and its tail pages would be
empty), and pages end at the result window (a deeper page is refused).
Counting the hits exactly would mean grouping every match, whose cost grows
with the result set; instead a search groups `lookahead` pages past the one
asked for (plus one hit, to know whether more follow): a result set ending
within them gets its exact page count, a larger one the pages counted so
far, and paging on counts further.
"""
from __future__ import annotations

from dataclasses import dataclass

WINDOW_NOTE = ("Showing the first {window:,} results: pages end there. Narrow the search "
               "or add filters to see more, or export the whole result set.")
AHEAD_NOTE = ("More pages may follow page {pages:,}: near copies of a paragraph fold into "
              "the first hit that has them, so pages are counted only a few ahead of the "
              "one shown. Page on to see more.")


@dataclass(frozen=True, slots=True)
class PageCount:
    """The pages known to have hits, whether that is all of them, and why
    not (a note for the user, None when every page is counted)."""

    pages: int
    exact: bool
    note: str | None


def window_pages(per_page: int, window: int | None) -> int | None:
    """Return the last page the result window lets a search show (None: no
    window).  search.query.querying.validate_request refuses deeper ones."""
    return None if window is None else window // per_page


def groups_to_form(page: int, per_page: int, window: int | None, lookahead: int) -> int:
    """Return how many hits (groups of near copies) a search should form:
    through `lookahead` pages past `page`, no deeper than the window, plus
    one to tell whether more follow."""
    last = page + max(0, lookahead)
    deepest = window_pages(per_page, window)
    if deepest is not None:
        last = min(last, max(page, deepest))
    return last * per_page + 1


def count_pages(formed: int, goal: int, complete: bool, per_page: int,
                window: int | None) -> PageCount:
    """Return the PageCount of a search that formed `formed` hits aiming at
    `goal` (groups_to_form); `complete` is True when it grouped every match
    (no deadline cut it short), so fewer than `goal` hits are all there are."""
    deepest = window_pages(per_page, window)
    if formed < goal:
        pages = max(1, -(-formed // per_page))
        if complete:
            return PageCount(pages, True, None)
        # Cut short by the deadline: these pages have hits, more may follow.
        return PageCount(pages, False, AHEAD_NOTE.format(pages=pages))
    last = (goal - 1) // per_page  # every page through `last` is full
    if deepest is not None and last >= deepest:
        # Hits lie past the window: the pages end there.
        # The note counts the hits those pages hold: the window may end
        # inside a page that cannot be shown.
        return PageCount(max(1, deepest), True, WINDOW_NOTE.format(window=deepest * per_page))
    return PageCount(last + 1, False, AHEAD_NOTE.format(pages=last + 1))
