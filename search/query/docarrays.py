"""A filter-only query's matches as one sorted numpy array instead of a set.

Owns match_sorted(): the docnums of a query that is a whole unit, a word
over its fields, or an And of such parts (quotes mode's kind and evidence
filters: `kind:verbatim` AND unit:quote), as a SortedDocs, or None for any
other query (search.query.docsets' sets then answer).  At 1,000,000
paragraphs such a filter keeps 0.5-1M quote documents: as Python sets they
were built per segment, intersected, shifted into one global set, scanned
for the page's smallest docnums and turned into an array again for the
facets (~300 ms of CPU a search); as arrays each step is one numpy call.
"""
from __future__ import annotations

import weakref
from array import array
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.query.docsets import plain_terms, term_ids
from onrecord.search.query.matcharrays import drop_deleted, match_array, part_ids
from onrecord.search.query.postings import PostingsCache
from onrecord.search.query.units import quote_term
from onrecord.search.storage.searchers import quote_docs


class SortedDocs(AbstractSet[int]):
    """A set of global docnums held as a sorted int64 array without
    repeats: what collect() and the engine read of a match set (its size,
    membership, iteration and smallest members) without a Python int each."""

    __slots__ = ("array",)

    def __init__(self, docs: np.ndarray) -> None:
        self.array = docs

    def __len__(self) -> int:
        return len(self.array)

    def __iter__(self) -> Iterator[int]:
        return iter(self.array.tolist())

    def __contains__(self, docnum: object) -> bool:
        if not isinstance(docnum, int | np.integer):
            return False
        at = int(np.searchsorted(self.array, docnum))
        return at < len(self.array) and int(self.array[at]) == docnum

    def smallest_by(self, keys: Any, count: int) -> list[int]:
        """Return the `count` docnums smallest by (keys[docnum], docnum),
        ascending (by docnum alone when `keys`, a sequence of ints below
        2**31 in magnitude indexed by docnum, is None)."""
        if keys is None or not len(self.array):
            return self.array[:count].tolist()
        # One int64 per docnum orders as the pair does: docnums are below 2**32.
        paired = (np.asarray(keys)[self.array].astype(np.int64) << 32) | self.array
        if count < len(paired):
            paired = np.partition(paired, count)[:count]
        return (np.sort(paired) & 0xFFFFFFFF).tolist()


def match_sorted(searcher: Any, q: wq.Query, deadline: Deadline,
                 cache: PostingsCache | None = None) -> SortedDocs | None:
    """Return match_docnums()'s docnums of `q` in `searcher` as SortedDocs
    when `q` (constant-score wrapped or not) is a whole unit, a word over
    its fields or an And of those whose postings decode as arrays; else
    None, also when `deadline` passes (match_docnums then says what it
    found).  Frequent terms' postings come through `cache`, if given."""
    if deadline.expired():  # match_docnums answers with what it found: partial
        return None
    found = match_array(searcher, q, deadline, cache)
    if found is not None:
        return SortedDocs(found)
    parts = and_term_parts(q)
    if parts is None:
        return None
    pieces = []
    try:
        for subsearcher, offset in searcher.leaf_searchers():
            deadline.check()
            local = intersect_terms(subsearcher.reader(), parts, deadline, cache)
            if local is None:
                return None
            pieces.append(local + offset)
    except DeadlineExceeded:
        return None
    return SortedDocs(np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64))


def and_term_parts(q: wq.Query) -> list[list[wq.Term]] | None:
    """Return the terms of each part of `q` when it is an And (constant-score
    wrapped or not, nested Ands flattened) whose every part is a term or a
    plain Or of terms; else None."""
    if isinstance(q, wq.ConstantScoreQuery):
        q = q.child
    if type(q) is not wq.And or not q.subqueries:
        return None
    parts: list[list[wq.Term]] = []
    for child in q.subqueries:
        inner = child.child if isinstance(child, wq.ConstantScoreQuery) else child
        nested = and_term_parts(inner) if type(inner) is wq.And else None
        terms = plain_terms(inner)
        if nested is not None:
            parts.extend(nested)
        elif terms is not None:
            parts.append(terms)
        else:
            return None
    return parts


def intersect_terms(reader: Any, parts: list[list[wq.Term]], deadline: Deadline,
                    cache: PostingsCache | None) -> np.ndarray | None:
    """Return the sorted live docnums of segment `reader` holding a term of
    every part (the smallest part first, the others narrowing it through a
    mask), or None if some postings do not decode as arrays."""
    sized = sorted(parts, key=lambda terms: sum(reader.doc_frequency(t.fieldname, t.text) for t in terms))
    result = part_ids(reader, sized[0], deadline, cache)
    for terms in sized[1:]:
        if result is None or not len(result):
            break
        mask = quote_mask(reader) if terms == [_QUOTE_TERM] else terms_mask(reader, terms, deadline, cache)
        if mask is None:
            return None
        result = result[mask[result]]
    return None if result is None else drop_deleted(reader, result)


def terms_mask(reader: Any, terms: list[wq.Term], deadline: Deadline,
               cache: PostingsCache | None) -> np.ndarray | None:
    """Return a bool array over segment `reader`'s docnums, True where a
    document holds any of `terms`; None if some postings do not decode as
    arrays."""
    mask = np.zeros(reader.doc_count_all(), dtype=bool)
    for term in terms:
        ids = term_ids(reader, term.fieldname, term.text, deadline, cache)
        if not isinstance(ids, array | tuple):
            return None
        mask[np.frombuffer(ids, dtype=np.uint32) if isinstance(ids, array) else list(ids)] = True
    return mask


# Each segment's quote documents as a mask (quotes mode's unit term, in every
# filter): its 0.7M postings a segment at 1M paragraphs were decoded again
# whenever the postings cache had let them go between searches.
_QUOTE_MASKS: weakref.WeakKeyDictionary[Any, np.ndarray] = weakref.WeakKeyDictionary()
_QUOTE_TERM = quote_term()


def quote_mask(reader: Any) -> np.ndarray:
    """Return segment `reader`'s quote documents (deleted ones included) as
    a bool array by docnum, made once per segment."""
    owner = (reader.segment() if hasattr(reader, "segment") else None) or reader
    mask = _QUOTE_MASKS.get(owner)
    if mask is None:
        docs = quote_docs(reader)
        mask = np.zeros(reader.doc_count_all(), dtype=bool)
        mask[np.fromiter(docs, dtype=np.int64, count=len(docs))] = True
        _QUOTE_MASKS[owner] = mask
    return mask

