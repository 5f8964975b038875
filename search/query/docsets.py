"""The set of documents a query matches, computed without scoring.

Owns match_docnums(): every matching global docnum of a query, for the total
and the facet counts.  Boolean structure (And/Or/Not/AndNot, constant-score
wrappers, Every) over plain terms is evaluated as set algebra on postings
read block by block, which is several times faster than stepping a Whoosh
matcher document by document; anything else (phrases, prefixes, ranges)
falls back to its own matcher's ids.  The request's Deadline
(search.deadline) is checked between postings blocks and segments.
"""
from __future__ import annotations

import threading
import weakref
from array import array
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline, DeadlineExceeded
from onrecord.search.query.columns import date_range_ids, day_bounds, within_days
from onrecord.search.query.phrases import phrase_docs
from onrecord.search.query.postings import PostingsCache, open_postings
from onrecord.search.query.quotemask import quote_mask
from onrecord.search.query.termids import (  # re-exported: split from here
    bit_terms,
    iter_posting_id_blocks,
    iter_posting_ids,
    paragraph_term_ids,
    plain_terms,
    term_ids,
)
from onrecord.search.query.units import quote_term, restrict_unit
from onrecord.search.storage.reading.searchers import paragraph_docs, quote_docs
from onrecord.search.storage.reading.segmentcache import segment_key


@dataclass(slots=True)
class Matched:
    """The matching global docnums (possibly only some, if `partial`)."""

    docnums: AbstractSet[int]
    partial: bool = False


def match_docnums(searcher: Any, q: wq.Query, deadline: Deadline,
                  cache: PostingsCache | None = None) -> Matched:
    """Return every global docnum `q` matches in `searcher`'s (undeleted)
    documents; when `deadline` passes, the segments finished so far.
    Frequent terms' postings are read through `cache` (the Index's
    postings_cache), if given."""
    unit = whole_unit(q)
    if unit is not None and not deadline.expired():
        every = every_of_unit(searcher, unit, deadline)
        if every is not None:
            return Matched(every)
    found: set[int] = set()
    for subsearcher, offset in searcher.leaf_searchers():
        try:
            deadline.check()
            local = evaluate_docs(q, subsearcher, deadline, cache)
        except DeadlineExceeded:
            return Matched(found, partial=True)
        local -= deleted_docs(subsearcher.reader())
        found.update(local if offset == 0 else map(offset.__add__, local))  # no frame per docnum
    return Matched(found)


# Every live document of a unit in a commit (global docnums), built once
# per commit and unit: browsing, sorting "all" and a facet's own counts
# with no other filter ask for it, and building it is linear in the index.
# Keyed by the commit's segments and live counts, not by searcher: the
# pooled searchers of one commit (one per serving thread) share one set;
# the sets of the last _EVERY_COMMITS commits are kept.
_EVERY: OrderedDict[tuple[Any, ...], dict[str, frozenset[int]]] = OrderedDict()
_EVERY_COMMITS = 2
_EVERY_LOCK = threading.Lock()
# Each mode's "every document", as restrict_unit builds it.
_QUOTE_TERM = quote_term()
_WHOLE_UNITS = {"paragraph": restrict_unit(None, "paragraphs"), "quote": restrict_unit(None, "quotes")}


def whole_unit(q: wq.Query) -> str | None:
    """Return the unit whose every document `q` matches, or None."""
    if isinstance(q, wq.ConstantScoreQuery):
        q = q.child
    return next((unit for unit, whole in _WHOLE_UNITS.items() if q == whole), None)


def every_of_unit(searcher: Any, unit: str, deadline: Deadline) -> frozenset[int] | None:
    """Return the global docnums of every live document of `unit` in
    `searcher` (kept with it), or None when `deadline` passes while
    building them."""
    key = commit_key(searcher)
    with _EVERY_LOCK:
        kept = _EVERY.setdefault(key, {})
        _EVERY.move_to_end(key)
        while len(_EVERY) > _EVERY_COMMITS:
            _EVERY.popitem(last=False)
    found = kept.get(unit)
    if found is None:
        docs: set[int] = set()
        for subsearcher, offset in searcher.leaf_searchers():
            if deadline.expired():
                return None
            reader = subsearcher.reader()
            local = (paragraph_docs(reader) if unit == "paragraph" else quote_docs(reader)) - deleted_docs(reader)
            docs.update(local if offset == 0 else map(offset.__add__, local))
        found = kept[unit] = frozenset(docs)
    return found


def commit_key(searcher: Any) -> tuple[Any, ...]:
    """Return what identifies a searcher's live documents: each segment's
    id, its live count and its offset (a segment's deletions only grow,
    so its live count tells its deleted set)."""
    return tuple((segment_key(sub.reader()), sub.reader().doc_count(), offset)
                 for sub, offset in searcher.leaf_searchers())


def evaluate_docs(q: wq.Query, subsearcher: Any, deadline: Deadline,
                  cache: PostingsCache | None = None) -> set[int]:
    """Return the segment-local docnums `q` matches in `subsearcher` (deleted
    documents included), reading postings through `cache` if given.
    Raises DeadlineExceeded when time runs out."""
    if isinstance(q, wq.Term):
        return _term_ids(subsearcher.reader(), q.fieldname, q.text, deadline, cache)
    if isinstance(q, wq.ConstantScoreQuery):
        return evaluate_docs(q.child, subsearcher, deadline, cache)
    if isinstance(q, wq.Every):
        return _every_ids(subsearcher.reader(), q.fieldname, deadline, cache)
    if isinstance(q, wq.AndNot):
        if q.b == _QUOTE_TERM:  # paragraph mode's restriction: per-segment sets kept
            if isinstance(q.a, wq.Every) and not q.a.fieldname:
                return set(paragraph_docs(subsearcher.reader()))
            if isinstance(q.a, wq.Term):
                return set(paragraph_term_ids(subsearcher.reader(), q.a, deadline, cache))
            return evaluate_docs(q.a, subsearcher, deadline, cache) - quote_docs(subsearcher.reader())
        return (evaluate_docs(q.a, subsearcher, deadline, cache)
                - evaluate_docs(q.b, subsearcher, deadline, cache))
    if isinstance(q, wq.And):
        return _intersect(q.subqueries, subsearcher, deadline, cache)
    if isinstance(q, wq.Or) and not getattr(q, "minmatch", 0):
        result: set[int] = set()
        for child in q.subqueries:
            result |= evaluate_docs(child, subsearcher, deadline, cache)
        return result
    if q is wq.NullQuery or isinstance(q, type(wq.NullQuery)):
        return set()
    if isinstance(q, wq.DateRange):
        found = date_range_ids(q, subsearcher.reader())
        if found is not None:
            return found
    if isinstance(q, wq.Phrase) and q.slop == 1:
        found = phrase_docs(q, subsearcher.reader(), deadline, cache)
        if found is not None:
            return found
    return _matcher_ids(q, subsearcher, deadline)


def _every_ids(reader: Any, fieldname: str | None, deadline: Deadline,
               cache: PostingsCache | None) -> set[int]:
    """Return the segment's docnums holding any term of `fieldname` (every
    docnum if none is named): the collection filter's few terms, as sets."""
    if not fieldname:
        return set(range(reader.doc_count_all()))
    if fieldname not in reader.indexed_field_names():
        return set()
    found: set[int] = set()
    for text in reader.lexicon(fieldname):
        found |= _term_ids(reader, fieldname, text, deadline, cache)
    return found


def _intersect(children: Iterable[wq.Query], subsearcher: Any, deadline: Deadline,
               cache: PostingsCache | None) -> set[int]:
    children = _and_parts(children)
    positive = [c for c in children if not isinstance(c, wq.Not)]
    negative = [c.query for c in children if isinstance(c, wq.Not)]
    # A date range beside other parts narrows their matches by a column
    # lookup each instead of listing every document in the range (most
    # of the index for "since 2010", quote documents included).
    days = [(c, day_bounds(_unwrapped(c))) for c in positive] if len(positive) > 1 else []
    ranges = [(c, bounds) for c, bounds in days if bounds is not None]
    if ranges and len(ranges) < len(positive):
        positive = [c for c, bounds in days if bounds is None]
    else:
        ranges = []
    result = _intersect_sets(positive, subsearcher, deadline, cache)
    for child, _bounds in ranges:
        result = narrow_docs(child, result, subsearcher, deadline, cache)
    for child in negative:
        if not result:
            break
        result -= evaluate_docs(child, subsearcher, deadline, cache)
    return result


def _and_parts(children: Iterable[wq.Query]) -> list[wq.Query]:
    """Return the parts of an And with each nested And (constant-score
    wrapped or not: sets carry no scores) replaced by its own parts, so
    the most selective part of them all is listed first and the others
    narrow it ("party" AND said under a filter of has_quote and a date
    range listed every quote document before).  The same set: And is
    associative."""
    parts: list[wq.Query] = []
    for child in children:
        inner = _unwrapped(child)
        if isinstance(inner, wq.And):
            parts.extend(_and_parts(inner.subqueries))
        else:
            parts.append(child)
    return parts


def narrow_docs(q: wq.Query, docs: AbstractSet[int], subsearcher: Any, deadline: Deadline,
                cache: PostingsCache | None = None) -> set[int]:
    """Return the segment-local `docs` that `q` matches in `subsearcher`: a
    whole-day date range by a column lookup per document, anything else
    by evaluating it (evaluate_docs) and intersecting."""
    q = _unwrapped(q)
    reader = subsearcher.reader()
    parts = _narrowing_parts(q, len(docs), reader)
    if parts is not None:  # each part narrows what is left: no set of the And's rarest part
        narrowed_parts = set(docs)
        for part in parts:
            if not narrowed_parts:
                break
            narrowed_parts = narrow_docs(part, narrowed_parts, subsearcher, deadline, cache)
        return narrowed_parts
    bounds = day_bounds(q)
    narrowed = within_days(docs, bounds, reader) if bounds else None
    terms = plain_terms(q) if narrowed is None and docs else None
    if terms:
        wanted = np.fromiter(docs, dtype=np.int64, count=len(docs))
        kept = bit_terms(reader, terms)  # a quote's kind or evidence: the docs' own bytes
        narrowed = (set(wanted[(kept[0][wanted] & kept[1]) != 0].tolist()) if kept is not None else
                    _holding_terms(wanted, _narrowing_ids(reader, terms, wanted, deadline, cache),
                                   reader.doc_count_all()))
    return narrowed if narrowed is not None else evaluate_docs(q, subsearcher, deadline, cache) & docs


def _narrowing_parts(q: wq.Query, size: int, reader: Any) -> list[wq.Query] | None:
    """Return the parts of `q` to narrow `size` documents by one after the
    other, when `q` is an And without negations (nested Ands flattened)
    whose every words part (plain_terms) holds more documents than `size`:
    a filter of an institution, has_quote and a date range beside a few
    thousand scored matches at 1M ("Party" AND said) listed the
    institution's 20,000-200,000 documents as a set each search.  Else
    None (the And's own matches, intersected, are then the fewer)."""
    if type(q) is not wq.And or not q.subqueries:
        return None
    parts = _and_parts(q.subqueries)
    if any(isinstance(part, wq.Not) for part in parts):
        return None
    sizes = [sum(reader.doc_frequency(t.fieldname, t.text) for t in terms)
             for terms in map(plain_terms, map(_unwrapped, parts)) if terms]
    return parts if sizes and min(sizes) > size else None


def _narrowing_ids(reader: Any, terms: list[wq.Term], wanted: np.ndarray, deadline: Deadline,
                   cache: PostingsCache | None) -> list[Iterable[int]]:
    """Return each of `terms`' docnums to narrow `wanted` by: yes/no fields'
    paragraphs (kept with the segment: termids.paragraph_term_ids) when
    `wanted` holds no quote document (the same answer), else their
    postings.  "quotes:tax" narrowed tax's paragraphs by has_quote's ~1M
    postings a segment at 1M, which the postings cache let go once "quotes
    only" read the kept paragraphs instead (49 -> 252 ms CPU in the cycle)."""
    if all(t.text is True for t in terms) and not quote_mask(reader)[wanted].any():
        return [paragraph_term_ids(reader, t, deadline, cache) for t in terms]
    return [term_ids(reader, t.fieldname, t.text, deadline, cache) for t in terms]


def _holding_terms(wanted: np.ndarray, terms_ids: Sequence[Iterable[int]], size: int) -> set[int] | None:
    """Return the docnums `wanted` among the decoded docnums of any of some terms
    (`terms_ids`, one sequence a term, in a segment of `size` documents)
    through a mask, not a set of every posting (a filter term such as
    has_quote is held by most quote documents too); None unless every
    term's ids are a decoded array (or none: a term not in the segment)."""
    arrays = [ids for ids in terms_ids if isinstance(ids, array)]
    if len(arrays) < sum(ids != () for ids in terms_ids):
        return None
    mask = np.zeros(size, dtype=bool)
    for ids in arrays:
        mask[np.frombuffer(ids, dtype=np.uint32)] = True
    return set(wanted[mask[wanted]].tolist())


def _intersect_sets(positive: list[wq.Query], subsearcher: Any, deadline: Deadline,
                    cache: PostingsCache | None) -> set[int]:
    """Return the docnums every query of `positive` matches (every document
    if none).  Most selective first, so later intersections stay small; a
    term is sized by its document frequency and, when it holds more than
    what is left, narrows it through a mask (narrow_docs) instead of
    becoming a set of its own ("said" is a set of 150,000 at 250k
    paragraphs, built on every search)."""
    reader = subsearcher.reader()
    if not positive:
        return set(range(reader.doc_count_all()))
    sized: list[tuple[int, int, wq.Query, set[int] | None]] = []
    for order, child in enumerate(positive):
        terms = plain_terms(_unwrapped(child))
        if terms:  # a term or a word over its fields: sized by its postings, read only if first
            sized.append((sum(reader.doc_frequency(t.fieldname, t.text) for t in terms), order, child, None))
        else:
            docs = evaluate_docs(child, subsearcher, deadline, cache)
            sized.append((len(docs), order, child, docs))
    sized.sort(key=lambda item: item[:2])
    _, _, first, listed = sized[0]
    result = listed if listed is not None else evaluate_docs(first, subsearcher, deadline, cache)
    for size, _, child, found in sized[1:]:
        if not result:
            break
        if found is not None:
            result &= found
        elif size > len(result):
            result = narrow_docs(child, result, subsearcher, deadline, cache)
        else:
            result &= evaluate_docs(child, subsearcher, deadline, cache)
    return result


def _unwrapped(q: wq.Query) -> wq.Query:
    return q.child if isinstance(q, wq.ConstantScoreQuery) else q


def _term_ids(reader: Any, fieldname: str, text: Any, deadline: Deadline,
              cache: PostingsCache | None) -> set[int]:
    return set(term_ids(reader, fieldname, text, deadline, cache))


def _matcher_ids(q: wq.Query, subsearcher: Any, deadline: Deadline) -> set[int]:
    matcher = q.matcher(subsearcher)
    ids: set[int] = set()
    add = ids.add
    for count, docnum in enumerate(matcher.all_ids()):
        add(docnum)
        if not count & 1023:
            deadline.check()
    return ids


_HIDDEN: weakref.WeakKeyDictionary[Any, frozenset[int]] = weakref.WeakKeyDictionary()


def hidden_docs(reader: Any) -> frozenset[int]:
    """Return the docnums of a segment reader that paragraph units never
    see: its deleted documents and its quote documents (search.query.units),
    kept while the reader lives (its deletions are fixed for its commit)."""
    found = _HIDDEN.get(reader)
    if found is None:
        quotes = quote_docs(reader)
        found = deleted_docs(reader) | quotes if quotes else deleted_docs(reader)
        _HIDDEN[reader] = found
    return found


def deleted_docs(reader: Any) -> frozenset[int]:
    """Return the deleted docnums of a segment reader."""
    deleted = getattr(reader, "deleted_docs_set", None)
    if deleted is not None:
        return deleted
    if not reader.has_deletions():
        return frozenset()
    return frozenset(d for d in range(reader.doc_count_all()) if reader.isdeleted_docs(d))


__all__ = ["Deadline", "Matched", "PostingsCache", "deleted_docs", "evaluate_docs", "hidden_docs",
           "iter_posting_id_blocks", "iter_posting_ids", "match_docnums", "narrow_docs", "open_postings",
           "paragraph_term_ids", "plain_terms", "term_ids", "whole_unit"]
