"""An untitled article's opening: what stands in for a missing headline.

Owns article_openings(): the text of each article's first paragraph, for
the pages to show (marked as not a headline, web.outputs.names) when an article
came without a title.  A hit is usually not the first paragraph, so the
opening is looked up: the article's smallest-numbered paragraph among its
first few documents (paragraphs are written in order, so the first is
among the lowest document numbers).
"""
from __future__ import annotations

from collections.abc import Iterable

from onrecord.search.features.commitview import open_view
from onrecord.search.features.sightings import open_finder
from onrecord.search.model import Visibility
from onrecord.search.storage.store import Index

SCAN = 8  # documents of an article read at most to find its first paragraph
MAX_ARTICLES = 200  # per call: a page shows at most 100 hits or quotes


def article_openings(index: Index, doc_ids: Iterable[str], collections: Visibility = None) -> dict[str, str]:
    """Return {doc_id: its first paragraph's text} for each article of
    `doc_ids` found in the index's `collections` (None: all; at most
    MAX_ARTICLES of them)."""
    wanted = list(dict.fromkeys(doc_ids))[:MAX_ARTICLES]
    if not wanted:
        return {}
    found: dict[str, str] = {}
    with open_view(index) as view:
        finder = open_finder(view, collections)
        reader = view.searcher.reader()
        for doc_id in wanted:
            docnums = sorted(finder.key_docnums("doc_id", doc_id))[:SCAN]
            paragraphs = [reader.stored_fields(d) for d in docnums]
            if paragraphs:
                first = min(paragraphs, key=lambda s: int(s.get("n", 0)))
                found[doc_id] = str(first.get("text", ""))
    return found
