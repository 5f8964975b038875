"""A filter-only query's matches as one sorted numpy array instead of a set.

Owns match_sorted(): the docnums of a query that is a whole unit, a word
over its fields, or an And of such parts (quotes mode's kind and evidence
filters: `kind:verbatim` AND unit:quote), or paragraph mode's filter of
such terms without the quote documents ("quotes only", a speaker alone:
has_quote AND NOT unit:quote), as a SortedDocs, or None for any
other query (search.query.docsets' sets then answer).  At 1,000,000
paragraphs such a filter keeps 0.5-1M quote documents: as Python sets they
were built per segment, intersected, shifted into one global set, scanned
for the page's smallest docnums and turned into an array again for the
facets (~300 ms of CPU a search); as arrays each step is one numpy call.
"""
from __future__ import annotations

from array import array
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.query.matcharrays import drop_deleted, match_array, part_ids
from onrecord.search.query.postings import PostingsCache
from onrecord.search.query.quotemask import quote_mask
from onrecord.search.query.termids import bit_terms, paragraph_term_ids, plain_terms, term_ids
from onrecord.search.query.units import quote_term


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
    parts, paragraphs = and_term_parts(q), False
    if parts is None:
        parts, paragraphs = paragraph_term_parts(q), True
    if parts is None:
        return None
    pieces = []
    try:
        for subsearcher, offset in searcher.leaf_searchers():
            deadline.check()
            local = _segment_docs(subsearcher.reader(), parts, paragraphs, deadline, cache)
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


def _segment_docs(reader: Any, parts: list[list[wq.Term]], paragraphs: bool, deadline: Deadline,
                  cache: PostingsCache | None) -> np.ndarray | None:
    """Return the sorted live docnums of segment `reader` holding a term of
    every part, without its quote documents if `paragraphs`; None if some
    postings do not decode as arrays."""
    if paragraphs and len(parts) == 1 and len(parts[0]) == 1:
        # One filter term (has_quote): its paragraphs as docsets keeps them in the
        # postings cache, not its every posting read and masked again on each search.
        ids = paragraph_term_ids(reader, parts[0][0], deadline, cache)
        return drop_deleted(reader, np.frombuffer(ids, dtype=np.uint32).astype(np.int64))
    local = intersect_terms(reader, parts, deadline, cache)
    if local is None or not paragraphs:
        return local
    return local[~quote_mask(reader)[local]]  # filter terms both units hold: quote documents taken away


def paragraph_term_parts(q: wq.Query) -> list[list[wq.Term]] | None:
    """Return the term parts of paragraph mode's filter-only query `q`
    (constant-score wrapped or not): restrict_unit's AndNot taking the
    quote documents away from a term, a plain Or of terms or an And of
    such parts ("quotes only": has_quote, a speaker, an institution, held
    by paragraphs and quote documents alike); else None."""
    if isinstance(q, wq.ConstantScoreQuery):
        q = q.child
    if type(q) is not wq.AndNot or q.b != _QUOTE_TERM:
        return None
    terms = plain_terms(q.a)
    return [terms] if terms is not None else and_term_parts(q.a)


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
        mask = (quote_mask(reader) if terms == [_QUOTE_TERM] else
                terms_mask(reader, terms, deadline, cache, not quote_mask(reader)[result].any()))
        if mask is None:
            return None
        result = result[mask[result]]
    return None if result is None else drop_deleted(reader, result)


def terms_mask(reader: Any, terms: list[wq.Term], deadline: Deadline,
               cache: PostingsCache | None, paragraphs: bool = False) -> np.ndarray | None:
    """Return a bool array over segment `reader`'s docnums, True where a
    document holds any of `terms` (only its paragraphs for a yes/no field
    when `paragraphs`: the docs it narrows hold no quote document, and
    those ids are kept with the segment, where has_quote's ~1M postings a
    segment at 1M fell out of the postings cache: sort:newest-quotes 66 ->
    258 ms CPU in the cycle); None if some postings do not decode as arrays."""
    kept = bit_terms(reader, terms)  # a quote's kind or evidence: its kept bytes
    if kept is not None:
        return (kept[0] & kept[1]) != 0
    mask = np.zeros(reader.doc_count_all(), dtype=bool)
    for term in terms:
        ids = (paragraph_term_ids(reader, term, deadline, cache) if paragraphs and term.text is True
               else term_ids(reader, term.fieldname, term.text, deadline, cache))
        if not isinstance(ids, array | tuple):
            return None
        mask[np.frombuffer(ids, dtype=np.uint32) if isinstance(ids, array) else list(ids)] = True
    return mask


_QUOTE_TERM = quote_term()

