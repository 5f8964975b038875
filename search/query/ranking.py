"""Top-N by score without stepping Whoosh's matchers over every match.

Owns score_all() and rank_top(): for queries built from terms (the common
case: words over text and title, And/Or/AndNot, phrases, filters as
constant-score clauses) every match's BM25F score is computed in bulk from
postings blocks and cached field lengths, with Whoosh's own formula and
parameters, so scores equal what Whoosh's TopCollector gives up to float
rounding (tests/search/test_engine.py compares the two), each document
with its unit's statistics (search.storage.reading.searchers, the weighting every
searcher is opened with).  Returns None for queries
it cannot score in bulk (ranges, or prefixes and fuzzy terms not yet
expanded by search.query.queryterms.expand_terms, in the scored part), and the
caller falls back to Whoosh's collector.
"""
from __future__ import annotations

import heapq
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from whoosh import query as wq
from whoosh.scoring import BM25FScorer
from whoosh.util.numeric import byte_to_length

from onrecord.search.deadline import Deadline
from onrecord.search.query.docsets import deleted_docs, evaluate_docs, narrow_docs, open_postings, plain_terms, term_ids
from onrecord.search.query.postings import PostingsCache, open_counted, term_count, term_postings
from onrecord.search.query.within import Within
from onrecord.search.storage.reading.searchers import UnitBM25F, UnitScorer
from onrecord.search.storage.reading.whoosh_internals import length_column, numeric_block

Scores = dict[int, float]
Lengths = Callable[[Any, str], array]


class Unsupported(Exception):
    """The query has a scored clause that cannot be scored in bulk."""


def score_all(searcher: Any, q: wq.Query, lengths: Lengths, deadline: Deadline,
              cache: PostingsCache | None = None) -> Scores | None:
    """Return the BM25F score of every (undeleted) match of `q` by global
    docnum, or None if `q` needs Whoosh's own collector.
    `lengths(segment_reader, fieldname)` returns that segment's field
    lengths by docnum; frequent terms' postings are read through `cache`
    (the Index's postings_cache), if given.  Raises DeadlineExceeded when
    time runs out."""
    found: Scores = {}
    try:
        for subsearcher, offset in searcher.leaf_searchers():
            deadline.check()
            scores = _score(q, subsearcher, lengths, deadline, cache)
            for docnum in deleted_docs(subsearcher.reader()) & scores.keys():
                del scores[docnum]
            if offset == 0 and not found:
                found = scores
            else:
                found.update(zip(map(offset.__add__, scores), scores.values(), strict=True))  # no frame per match
    except Unsupported:
        return None
    return found


def top_scored(scores: Scores, limit: int) -> list[tuple[int, float]]:
    """Return the top `limit` (docnum, score) pairs: score descending, then
    docnum ascending (Whoosh's TopCollector order)."""
    if len(scores) < _NUMPY_MIN or limit <= 0:
        return heapq.nsmallest(limit, scores.items(), key=lambda pair: (-pair[1], pair[0]))
    # In numpy: a key function called per match was most of ranking a common word's matches.
    docnums = np.fromiter(scores.keys(), dtype=np.int64, count=len(scores))
    values = np.fromiter(scores.values(), dtype=np.float64, count=len(scores))
    if limit < len(values):  # only the scores reaching the limit-th highest can rank
        floor = np.partition(values, len(values) - limit)[len(values) - limit]
        keep = values >= floor
        docnums, values = docnums[keep], values[keep]
    order = np.lexsort((docnums, -values))[:limit]
    return list(zip(docnums[order].tolist(), values[order].tolist(), strict=True))


def rank_top(searcher: Any, q: wq.Query, limit: int, lengths: Lengths, deadline: Deadline,
             cache: PostingsCache | None = None) -> tuple[list[tuple[int, float]], set[int]] | None:
    """Return the top `limit` (global docnum, score) pairs of `q` and the set
    of every matching docnum, or None if `q` needs Whoosh's own collector.
    Raises DeadlineExceeded when time runs out."""
    scores = score_all(searcher, q, lengths, deadline, cache)
    if scores is None:
        return None
    return top_scored(scores, limit), set(scores)


def _score(q: wq.Query, sub: Any, lengths: Lengths, deadline: Deadline,
           cache: PostingsCache | None) -> Scores:
    if isinstance(q, wq.Term):
        return _term_scores(q, sub, lengths, deadline, cache)
    if isinstance(q, wq.ConstantScoreQuery):
        # Whoosh's ListMatcher treats a 0.0 constant as "no constant": 1.0.
        score = q.score or 1.0
        return dict.fromkeys(evaluate_docs(q.child, sub, deadline, cache), score)
    if isinstance(q, wq.AndNot):
        scores = _score(q.a, sub, lengths, deadline, cache)
        for docnum in evaluate_docs(q.b, sub, deadline, cache) & scores.keys():
            del scores[docnum]
        return scores
    if isinstance(q, wq.And):
        return _and_scores(q.subqueries, sub, lengths, deadline, cache)
    if isinstance(q, wq.Phrase):
        return _phrase_scores(q, sub, lengths, deadline, cache)
    if isinstance(q, type(wq.NullQuery)):  # a prefix or fuzzy term that matched no word
        return {}
    if isinstance(q, wq.Or) and not getattr(q, "minmatch", 0) and type(q) is wq.Or:
        parts = sorted((_score(c, sub, lengths, deadline, cache) for c in q.subqueries),
                       key=len, reverse=True)
        total = parts[0]  # grow the biggest; the order of the sum is irrelevant here
        for other in parts[1:]:
            for docnum, s in other.items():
                total[docnum] = total[docnum] + s if docnum in total else s
        return total
    raise Unsupported(type(q).__name__)


def _and_scores(children: Sequence[wq.Query], sub: Any, lengths: Lengths,
                deadline: Deadline, cache: PostingsCache | None) -> Scores:
    """Return the scores of the documents matching every one of an And's
    `children`, as Whoosh sums them: its scored parts' scores, plus each
    filter's constant, plus each negation's boost.  Raises Unsupported for
    an And of negations only."""
    scored, filters = _split_filters(children)
    first = _filter_first(scored, filters, sub.reader())
    if first is not None:  # words beside a much smaller filter: scored only where it holds
        reader = sub.reader()
        ids = [term_ids(reader, t.fieldname, t.text, deadline, cache) for t in plain_terms(first.child) or ()]
        within = Within(reader.doc_count_all(), id_arrays=[i if isinstance(i, array | tuple) else list(i) for i in ids])
        result = _words_within(scored[0], sub, lengths, deadline, cache, within)
    else:
        parts = _scored_parts(scored, sub, lengths, deadline, cache)
        result = parts[0]
        for other in parts[1:]:
            result = {d: s + other[d] for d, s in result.items() if d in other}
    result = _add_filters(result, filters, first, sub, deadline, cache)
    return _drop_negated(result, children, sub, deadline, cache)


def _split_filters(children: Sequence[wq.Query]) -> tuple[list[wq.Query], list[wq.ConstantScoreQuery]]:
    """Return an And's positive `children` as (scored parts, filters);
    filters alone are scored parts, scored as their constant.  Raises
    Unsupported if every child is a negation."""
    positive = [c for c in children if not isinstance(c, wq.Not)]
    if not positive:
        raise Unsupported("And of only negations")
    # Filters (constant scores) narrow the scored parts' matches instead of
    # listing every document they hold (a date range, "quotes only").
    filters = [c for c in positive if isinstance(c, wq.ConstantScoreQuery)]
    scored = [c for c in positive if not isinstance(c, wq.ConstantScoreQuery)]
    if not scored:  # filters alone: scored as their constant
        return positive, []
    return scored, filters


def _add_filters(result: Scores, filters: Sequence[wq.ConstantScoreQuery], first: Any, sub: Any,
                 deadline: Deadline, cache: PostingsCache | None) -> Scores:
    """Return `result` kept to the documents every one of `filters` holds,
    each filter's score added (`first`, the filter `result` was scored
    within, only adds its score)."""
    for flt in filters:
        if not result:
            break
        score = flt.score or 1.0  # as _score gives it
        if flt is first:  # every document left holds it: only its score to add, in its turn
            result = {d: s + score for d, s in result.items()}
            continue
        kept = narrow_docs(flt.child, result.keys(), sub, deadline, cache)
        result = {d: s + score for d, s in result.items() if d in kept}
    return result


def _drop_negated(result: Scores, children: Sequence[wq.Query], sub: Any, deadline: Deadline,
                  cache: PostingsCache | None) -> Scores:
    """Return `result` without the documents an And's negated children
    match (removed in place), each negation's boost added to the rest."""
    bonus = 0.0
    for child in children:
        if isinstance(child, wq.Not) and result:
            for docnum in evaluate_docs(child.query, sub, deadline, cache) & result.keys():
                del result[docnum]
            # Whoosh's inverse matcher scores every document it lets through.
            bonus += child.boost
    if bonus:
        result = {d: s + bonus for d, s in result.items()}
    return result


def _scored_parts(scored: Sequence[wq.Query], sub: Any, lengths: Lengths, deadline: Deadline,
                  cache: PostingsCache | None) -> list[Scores]:
    """Return the scores of an And's scored parts, fewest matches first
    (sorted(key=len), stable), to be intersected.  Of two parts where one is
    words (plain_terms) each alone in more documents than the other part
    matches, the words are scored only in the other's matches ("party" AND
    "said": 20,000 beside 200,000 at 1M): the documents the intersection keeps,
    with the same floats."""
    if len(scored) == 2:
        reader = sub.reader()
        floors = [_words_floor(reader, part) for part in scored]
        big = 0 if floors[0] > floors[1] else 1
        if floors[big] >= _WITHIN_MIN:
            small = _score(scored[1 - big], sub, lengths, deadline, cache)
            if len(small) < floors[big]:
                return [small, _words_within(scored[big], sub, lengths, deadline, cache,
                                             Within(reader.doc_count_all(), docs=small.keys()))]
            parts = [small, small]
            parts[big] = _score(scored[big], sub, lengths, deadline, cache)
            return sorted(parts, key=len)
    return sorted((_score(c, sub, lengths, deadline, cache) for c in scored), key=len)


def _words_floor(reader: Any, q: wq.Query) -> int:
    """Return the fewest documents `q` can match if it is words (plain_terms:
    its most frequent word's count), else 0."""
    words = plain_terms(q)
    return max(term_count(reader, t.fieldname, t.text) for t in words) if words else 0


def _phrase_scores(q: wq.Phrase, sub: Any, lengths: Lengths, deadline: Deadline,
                   cache: PostingsCache | None) -> Scores:
    """Score a phrase's matches as the sum of its words' scores (what
    Whoosh's span matcher adds up; the equality test checks it)."""
    docs = evaluate_docs(q, sub, deadline, cache)  # positions checked by Whoosh
    if not docs:
        return {}
    total = dict.fromkeys(docs, 0.0)
    within = Within(sub.reader().doc_count_all(), docs=docs)  # its mask made once for all the words
    for word in q.words:
        term = wq.Term(q.fieldname, word, boost=q.boost)
        # scored only where the phrase stands: "of the" is in 16x more documents than "one of the"
        big = term_count(sub.reader(), q.fieldname, word) >= _WITHIN_MIN
        scores = _term_scores(term, sub, lengths, deadline, cache, within if big else None)
        for docnum in docs:
            total[docnum] += scores.get(docnum, 0.0)
    return total



def _filter_first(scored: Sequence[wq.Query], filters: Sequence[wq.ConstantScoreQuery],
                  reader: Any) -> wq.ConstantScoreQuery | None:
    """Return the filter to apply before scoring, or None: when the scored
    part is one word (over one or more fields) and a filter is a few terms
    (a speaker, an institution, an outlet) holding under FILTER_FIRST_SHARE
    of the word's documents, scoring the word only in the filter's
    documents skips most of its postings ("said" beside one institution)."""
    words = plain_terms(scored[0]) if len(scored) == 1 else None
    if not words:
        return None
    size = max(term_count(reader, t.fieldname, t.text) for t in words)
    for flt in filters:
        terms = plain_terms(flt.child)
        if terms and sum(term_count(reader, t.fieldname, t.text) for t in terms) < size * FILTER_FIRST_SHARE:
            return flt
    return None


# A filter holding under this share of a word's documents is applied before
# the word is scored (_filter_first).  At 1M an institution's documents (its quote
# documents counted) are about half of "said"'s: scoring "said" only in them and
# narrowing after cost 115-132 ms CPU beside 155-163 for scoring it whole (0.25).
FILTER_FIRST_SHARE = 0.6


def _words_within(q: wq.Query, sub: Any, lengths: Lengths, deadline: Deadline,
                  cache: PostingsCache | None, within: Within) -> Scores:
    """Return _score(q)'s scores for the documents of `within` only, the
    same floats: the parts of an Or are added in the order _score adds
    them (by their whole posting counts, largest first)."""
    reader = sub.reader()
    words = plain_terms(q) or []
    parts = [(term_count(reader, t.fieldname, t.text),
              _term_scores(t, sub, lengths, deadline, cache, within)) for t in words]
    parts.sort(key=lambda part: part[0], reverse=True)  # stable, as sorted(key=len, reverse=True)
    total = parts[0][1]
    for _count, other in parts[1:]:
        for docnum, s in other.items():
            total[docnum] = total[docnum] + s if docnum in total else s
    return total


def _term_scores(q: wq.Term, sub: Any, lengths: Lengths, deadline: Deadline,
                 cache: PostingsCache | None, within: Within | None = None) -> Scores:
    """Return the BM25F score of each document holding term `q` in segment
    searcher `sub` (only of those in `within`, when given).  Raises
    Unsupported for a term it cannot score in bulk."""
    reader = sub.reader()
    decoded = term_postings(reader, q.fieldname, q.text,
                            lambda: open_counted(reader, q.fieldname, q.text), deadline.check,
                            cache)
    if decoded is None:
        if open_postings(reader, q.fieldname, q.text) is None:
            return {}
        raise Unsupported("not a Whoosh 3 on-disk term")
    scorer = _figures(sub, q.fieldname, q.text)
    if not isinstance(scorer, BM25FScorer):
        raise Unsupported("not BM25F-scored")
    fl = lengths(reader, q.fieldname)
    b, k1, boost = scorer.B, scorer.K1, q.boost
    norm = k1 * (1 - b)
    per = k1 * b / scorer.avgfl
    factor = scorer.idf * (k1 + 1) * boost
    ids, weights = decoded if within is None else _postings_within(*decoded, within)
    scores = _bm25(ids, weights, fl, factor, norm, per)
    if isinstance(scorer, UnitScorer) and scorer.quote_docs:
        # A field both units hold: a quote document by the quotes' figures.
        quotes = scorer.quote_docs
        per = k1 * b / scorer.quote_avgfl
        factor = scorer.quote_idf * (k1 + 1) * boost
        for d, w in zip(ids, weights, strict=False):
            if d in quotes:
                scores[d] = factor * w / (w + norm + per * fl[d])
    return scores


def _figures(sub: Any, fieldname: str, text: str) -> Any:
    """Return the scorer whose figures score a term in bulk: UnitBM25F's
    without the set-up a matcher needs (its term looked up again), any
    other weighting's own."""
    weighting = sub.weighting
    if isinstance(weighting, UnitBM25F):
        return weighting.figures(sub, fieldname, text)
    return weighting.scorer(sub, fieldname, text)


def _bm25(ids: Sequence[int], weights: Sequence[float], fl: array, factor: float, norm: float,
          per: float) -> Scores:
    """Return {docnum: factor * w / (w + norm + per * fl[docnum])} over a
    term's postings.  A long posting list is scored in numpy, the same
    double-precision operations in the same order (so the same floats as
    Whoosh's scorer): "said" holds 150,000 documents at 250k paragraphs."""
    if len(ids) < _NUMPY_MIN or not isinstance(ids, array) or not isinstance(weights, array):
        return {d: factor * w / (w + norm + per * fl[d]) for d, w in zip(ids, weights, strict=False)}
    docnums = np.frombuffer(ids, dtype=np.dtype(ids.typecode))
    w = np.frombuffer(weights, dtype=np.dtype(weights.typecode)).astype(np.float64)
    lengths = np.frombuffer(fl, dtype=np.dtype(fl.typecode))[docnums].astype(np.float64)
    return dict(zip(ids.tolist(), (factor * w / (w + norm + per * lengths)).tolist(), strict=True))


def _postings_within(ids: Sequence[int], weights: Sequence[float],
                     within: Within) -> tuple[Sequence[int], Sequence[float]]:
    """Return the postings (ids, weights) whose document is in `within`, in
    their order (arrays of the same types when given long arrays)."""
    if isinstance(ids, array) and isinstance(weights, array) and len(ids) >= _NUMPY_MIN:
        docnums = np.frombuffer(ids, dtype=np.dtype(ids.typecode))
        keep = within.mask()[docnums]  # the mask is made once for every word (Within)
        w = np.frombuffer(weights, dtype=np.dtype(weights.typecode))
        return array(ids.typecode, docnums[keep].tobytes()), array(weights.typecode, w[keep].tobytes())
    kept = [(d, w) for d, w in zip(ids, weights, strict=False) if d in within]
    return [d for d, _ in kept], [w for _, w in kept]


# Postings below this are scored in Python: numpy's per-call cost is larger.
_NUMPY_MIN = 256
# Words in fewer documents of a segment are scored whole, not only within another
# part's matches: the narrowing's numpy calls per segment cost more than they save
# (the BBC index's many small segments).
_WITHIN_MIN = 2048


def build_lengths(reader: Any, fieldname: str) -> array:
    """Return the quantised lengths of `fieldname` per docnum of a segment
    reader, as Whoosh's scorers read them (1 where a document has none)."""
    # Single precision is plenty (and exact for these small integers).
    column = length_column(reader, fieldname)
    if column is None:  # not a Whoosh 3 segment reader: the slow, public way
        lengths = (reader.doc_field_length(d, fieldname, 1)
                   for d in range(reader.doc_count_all()))
        return array("f", (1 if n is None else n for n in lengths))
    size = reader.doc_count_all()
    block = numeric_block(column, "B", size)
    if block is not None:
        # The column's bytes in one read: iterating the reader unpacks one
        # value per Python call (seconds per field at a million paragraphs);
        # decoded by one numpy gather, not a Python call a byte (~90 ms CPU a
        # field of a 1.2M-document segment, paid by a fresh server's first phrase).
        codes = np.zeros(size, dtype=np.uint8)
        codes[:block.count] = memoryview(block.raw)[:block.count]  # (a copy: the column's bytes stay as read)
        return array("f", _LENGTH_TABLE[codes].tobytes())
    return array("f", map(_LENGTH_TABLE.tolist().__getitem__, column))


# A quantised length byte's length as Whoosh's scorers read it (1 for none), as float32:
# array("f") and numpy round the same integers to the same single-precision values.
_LENGTH_TABLE = np.array([byte_to_length(b) or 1 for b in range(256)], dtype=np.float32)
