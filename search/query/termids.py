"""A term's docnums in one segment, decoded a block at a time.

Owns term_ids() (a term's posting ids through the postings cache, as an
array where Whoosh 3 blocks allow), paragraph_term_ids() (those that are
not quote documents, kept in the cache beside the postings), plain_terms()
(a query that is a term or a plain Or of terms) and the block iterators
search.features reads postings with; a few-valued facet field's terms
(BIT_FIELDS) answered from one kept byte a document instead.  Split from search.query.docsets,
which re-exports them.
"""
from __future__ import annotations

import weakref
from array import array
from collections.abc import Iterable, Iterator, Sequence
from time import thread_time
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.query.postings import MIN_CACHED, PostingsCache, open_counted, open_postings, term_postings
from onrecord.search.query.quotemask import quote_mask
from onrecord.search.storage.reading.searchers import quote_docs
from onrecord.search.storage.reading.whoosh_internals import is_block_matcher, iter_blocks
from onrecord.search.storage.reading.whoosh_termids import field_term_ids


def paragraph_term_ids(reader: Any, term: wq.Term, deadline: Deadline,
                       cache: PostingsCache | None) -> array:
    """Return a term's docnums in segment `reader` that are not quote
    documents (deleted ones included).  A filter term both units hold
    (has_quote, a year, an outlet) is mostly quote documents: its
    paragraphs alone are kept in `cache` beside its postings (a yes/no
    field's with the segment: _FLAGS), so paragraph mode does not take
    every quote away from it on each search."""
    flags = _kept_flags(reader) if term.text is True else None
    if flags is not None and term.fieldname in flags:
        return flags[term.fieldname]
    key = (term.fieldname, term.text, _PARAGRAPHS)
    cached = cache.get(reader, key) if cache is not None else None
    if cached is not None:
        return cached[0]
    started = thread_time()
    found = term_ids(reader, term.fieldname, term.text, deadline, cache)
    if isinstance(found, array) and found.itemsize == 4:  # in numpy, by the segment's kept quote mask
        local = np.frombuffer(found, dtype=np.uint32)
        ids = array("I", local[~quote_mask(reader)[local]].tobytes())
    else:
        quotes = quote_docs(reader)
        ids = array("I", (d for d in found if d not in quotes))
    if flags is not None:
        flags[term.fieldname] = ids
    elif cache is not None and len(ids) >= MIN_CACHED:
        cache.put(reader, key, (ids, array("f")), 4 * len(ids), thread_time() - started)
    return ids


# A yes/no filter field's paragraphs (has_quote, has_verbatim_quote, has_named_quote:
# a few a segment, 4 bytes a paragraph), kept while the segment lives, not in the
# postings cache: over bench.speed's query cycle at 1M the cache had let has_quote's
# go, and "quotes only" decoded its ~1M postings a segment again (quotes:all 40 ms
# alone, 240-400 in the cycle).
_FLAGS: weakref.WeakKeyDictionary[Any, dict[str, array]] = weakref.WeakKeyDictionary()


def _kept_flags(reader: Any) -> dict[str, array]:
    """Return segment `reader`'s kept yes/no fields' paragraph docnums by field."""
    owner = (reader.segment() if hasattr(reader, "segment") else None) or reader
    return _FLAGS.setdefault(owner, {})


# The postings cache's key suffix of a term's paragraph docnums.
_PARAGRAPHS = "paragraphs"


def plain_terms(q: wq.Query) -> list[wq.Term] | None:
    """Return the terms of `q` if it is a term or a plain Or of terms (a
    word over text and title, a facet filter's values), else None."""
    if type(q) is wq.Term:
        return [q]
    if type(q) is not wq.Or or q.minmatch or not q.subqueries:
        return None
    terms = [c for c in q.subqueries if type(c) is wq.Term]
    return terms if len(terms) == len(q.subqueries) else None


def term_ids(reader: Any, fieldname: str, text: Any, deadline: Deadline,
             cache: PostingsCache | None = None) -> Iterable[int]:
    """Return a term's docnums in segment `reader` (deleted ones included),
    decoded (through `cache`, if given) where Whoosh 3 blocks allow; a
    BIT_FIELDS term from the segment's kept bits, as an array too."""
    if fieldname in BIT_FIELDS:
        found = _bit_ids(reader, fieldname, text)
        if found is not None:
            return found
    decoded = term_postings(reader, fieldname, text,
                            lambda: open_counted(reader, fieldname, text), deadline.check, cache)
    if decoded is not None:
        return decoded[0]
    matcher = open_postings(reader, fieldname, text)
    return () if matcher is None else iter_posting_ids(matcher, deadline)


# Facet fields of a few values, each held by a large share of a segment's documents: a
# quote's kind and how its speaker is known.  Their terms' ids are read from one byte a
# document (a bit a value) kept while the segment lives, not from the postings cache: over
# the mode_cpu cycle at 1M the cache let evidence:named's ~1M postings go (cheap a byte
# beside text words), and quotes mode's kind and evidence filters decoded them again on
# every search (~75 ms CPU a segment of ~1.2M documents; the bits' flatnonzero ~3 ms).
# has_named_quote likewise: quotes mode's "named only" filter read its ~1.2M postings a
# segment through the cache on a fresh server's first such search (named-only:music's
# first pass ~390 ms CPU at 1M, 27 ms once they were cached).
BIT_FIELDS = ("quote_kind_facet", "evidence_facet", "has_named_quote")
_BIT_VALUES = 8  # values a byte holds; a field with more is read from its postings

# segment -> field -> (term bytes -> its bit, a byte a document), or None: not kept as bits
_BITS: weakref.WeakKeyDictionary[Any, dict[str, tuple[dict[bytes, int], np.ndarray] | None]] = (
    weakref.WeakKeyDictionary())


def _bit_ids(reader: Any, fieldname: str, text: Any) -> array | None:
    """Return a BIT_FIELDS term's docnums in segment `reader` (deleted ones
    included) from the segment's kept bits (read on first use), or None if
    the field is not kept as bits there (more values than a byte holds, or
    no Whoosh 3 term table)."""
    found = bit_terms(reader, [wq.Term(fieldname, text)])
    if found is None:
        return None
    flags, bit = found
    ids = array("I")
    if bit:
        ids.frombytes(np.flatnonzero(flags & bit).astype(np.uint32).tobytes())
    return ids


def bit_terms(reader: Any, terms: Sequence[wq.Term]) -> tuple[np.ndarray, int] | None:
    """Return (a byte a document of segment `reader`, the bits of `terms`
    ORed: a document holds one of them where its byte has one of those
    bits; deleted documents included) when `terms` are all of one
    BIT_FIELDS field kept as bits there (read on first use); else None.
    A filter narrowing a few documents reads their bytes, not the terms'
    every docnum (kind+evidence:tax at 1M)."""
    fields = {t.fieldname for t in terms}
    if len(fields) != 1 or not fields <= set(BIT_FIELDS):
        return None
    (fieldname,) = fields
    owner = (reader.segment() if hasattr(reader, "segment") else None) or reader
    kept = _BITS.setdefault(owner, {})
    if fieldname not in kept:
        kept[fieldname] = _read_bits(reader, fieldname)
    found = kept[fieldname]
    if found is None:
        return None
    bits, flags = found
    ored = 0
    for term in terms:
        try:
            ored |= bits.get(reader.schema[fieldname].to_bytes(term.text), 0)
        except Exception:  # as open_postings: what cannot be looked up matches nothing
            pass
    return flags, ored


def _read_bits(reader: Any, fieldname: str) -> tuple[dict[bytes, int], np.ndarray] | None:
    """Return (each term's bit, a byte a document with the bits of its
    terms) of `fieldname` in segment `reader`, or None when it has more
    than _BIT_VALUES terms or no term table to walk (field_term_ids)."""
    if fieldname not in reader.schema:
        return None
    walked = field_term_ids(reader, fieldname)
    if walked is None:
        return None
    bits: dict[bytes, int] = {}
    flags = np.zeros(reader.doc_count_all(), dtype=np.uint8)
    for tbytes, blocks in walked:
        if len(bits) == _BIT_VALUES:
            return None
        bit = bits[tbytes] = 1 << len(bits)
        ids = array("I")
        for block in blocks:
            ids.extend(block)
        flags[np.frombuffer(ids, dtype=np.uint32)] |= bit
    return bits, flags


def iter_posting_ids(matcher: Any, deadline: Deadline | None = None) -> Iterator[int]:
    """Yield the ids of a leaf postings matcher, a whole block at a time
    when it is a Whoosh 3 on-disk matcher (one by one otherwise)."""
    for ids in iter_posting_id_blocks(matcher, deadline):
        yield from ids


def iter_posting_id_blocks(matcher: Any, deadline: Deadline | None = None) -> Iterator[Sequence[int]]:
    """Yield the ids of a leaf postings matcher as sequences: one per block
    of a Whoosh 3 on-disk matcher, else one of all its ids (for callers
    that extend an array by a block, not a posting, at a time)."""
    if not is_block_matcher(matcher):
        yield list(matcher.all_ids())
        return
    for block in iter_blocks(matcher, None if deadline is None else deadline.check):
        yield block.ids
