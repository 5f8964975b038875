"""Which documents a reader may see: the collections filter (issue #36).

Owns the one rule every search, count, list and page applies before it
counts anything: a document is visible when its article's collection is
one the reader may read (search.model.Visibility: a set of names, None for
all).  The default collection's documents hold no collection term
(search.storage.schema.COLLECTION_FIELD), so the rule is expressed as
terms: the visible named collections, plus, when the default collection is
readable, every document that holds no collection term at all.

visibility_parts() gives search.query.querying.build_filter its filter
and exclusion parts; hidden_mask() the same rule as a mask over global
docnums, for the features that walk documents directly (entity lists and
pages, sightings, look-ups); is_visible() checks one stored document (the
article page).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.model import DEFAULT_COLLECTION, Visibility
from onrecord.search.query.docsets import match_docnums
from onrecord.search.query.sortedarrays import docnum_mask
from onrecord.search.storage.schema import COLLECTION_FIELD


def visibility_parts(collections: Visibility) -> tuple[list[wq.Query], list[wq.Query]]:
    """Return (parts every visible document matches, parts no visible
    document matches) for a reader of `collections`: none and none when
    everything is visible (None)."""
    if collections is None:
        return [], []
    named = sorted(c for c in collections if c != DEFAULT_COLLECTION)
    terms: list[wq.Query] = [wq.Term(COLLECTION_FIELD, c) for c in named]
    if DEFAULT_COLLECTION not in collections:
        # Only named collections: a document must hold one of their terms
        # (no term at all is the default collection: hidden).
        return [wq.Or(terms) if terms else wq.NullQuery], []
    # The default one too: hide what holds a term of any other collection.
    held = wq.Every(COLLECTION_FIELD)
    return [], [wq.AndNot(held, wq.Or(terms)) if terms else held]


def hidden_query(collections: Visibility) -> wq.Query | None:
    """Return the query matching exactly the documents hidden from a reader
    of `collections` (None: nothing is hidden)."""
    kept, dropped = visibility_parts(collections)
    if not kept and not dropped:
        return None
    if dropped:
        return dropped[0]
    return wq.AndNot(wq.Every(), kept[0])


def hidden_mask(searcher: Any, collections: Visibility, deadline: Deadline | None = None) -> np.ndarray | None:
    """Return, by global docnum of `searcher`'s commit, whether a reader of
    `collections` may not see the document (a byte per document, not a set
    of hidden ones: a large collection is millions); None when they see
    everything."""
    hidden = hidden_query(collections)
    if hidden is None:
        return None
    found = match_docnums(searcher, hidden, deadline or Deadline(None)).docnums
    return docnum_mask(searcher.doc_count_all(), found)


def visibility_key(collections: Visibility) -> str:
    """Return the cache key part of a reader of `collections`: values built
    for one set of collections are never served to a reader of another."""
    return "*all" if collections is None else "|".join(sorted(collections))


def is_visible(stored: dict[str, Any], collections: Visibility) -> bool:
    """Return whether a document with `stored` fields is visible to a
    reader of `collections` (no stored collection: the default one)."""
    if collections is None:
        return True
    return (stored.get(COLLECTION_FIELD) or DEFAULT_COLLECTION) in collections


def article_visible(searcher: Any, doc_id: str, collections: Visibility) -> bool:
    """Return whether article `doc_id` (indexed in `searcher`) is visible to
    a reader of `collections`: its documents are all in one collection."""
    if collections is None:
        return True
    docnum = searcher.document_number(doc_id=doc_id)
    return docnum is not None and is_visible(searcher.stored_fields(docnum), collections)
