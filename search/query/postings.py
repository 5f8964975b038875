"""A term's postings in one segment, decoded, with a bounded cache.

Owns term_postings(): the document ids and weights of a term in a segment
reader (deleted documents included), as two arrays; open_counted(), a term
opened with its posting count from one term-table look-up, and
term_count(), that count looked up once a search.  Whoosh 3 stores each
block of 128 postings as one zlib-compressed pickle holding ids, weights
and, for the text field, every document's positions; unpickling that is
~0.7 us per posting even when only ids and weights are wanted, so a word
in 400,000 paragraphs costs ~0.3 s to read.  Decoded postings of frequent
terms (MIN_CACHED or more) are therefore kept in the Index's postings_cache
(a search.storage.reading.segmentcache.SegmentCache of 8 bytes per posting, sized
by its postings_cache_mb setting), the way an engine in a compiled
language leans on the OS page cache.  An entry belongs to one segment (its
postings never change; deletions are applied by the callers), so every
reader of it shares the entry: the pooled searchers of search.storage.reading.searchers,
and the searchers of later commits that keep the segment.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable
from time import thread_time
from typing import Any

from onrecord.search.storage.reading.segmentcache import SegmentCache
from onrecord.search.storage.reading.whoosh_internals import (
    is_block_matcher,
    iter_blocks,
    open_term,
    search_memo,
    unfiltered_postings,
)

MIN_CACHED = 2048  # postings: shorter lists decode in well under a millisecond
# ... unless they hold this share of their segment's documents (and a block's worth at
# least): a small segment's most frequent words are as common as a large one's, and were
# decoded on every search ("said" in the BBC index: 1,878 of one segment's ~4,000).
MIN_CACHED_SHARE = 0.1
_SHARE_FLOOR = 128

Postings = tuple[array, array]  # (ids "I", weights "f")
Opened = tuple[int, Callable[[], Any]]  # a term's posting count, an opener of its matcher
_COUNT = "count"  # a search memo key's last part: a term's posting count (term_count)
# Keyed within a segment by (field, term): its Postings; by (field, term, "positions"):
# a phrase word's position keys (search.query.phrases), an int64 array.
PostingsCache = SegmentCache[Any]


def term_postings(reader: Any, fieldname: str, text: Any, open_term: Callable[[], Opened | None],
                  check: Callable[[], None],
                  cache: PostingsCache | None = None,
                  min_cached: int | None = None) -> Postings | None:
    """Return the (ids, weights) arrays of a term in segment `reader`, or
    None if open_term() (the term's posting count and an opener of a leaf
    matcher over its postings, as open_counted gives; None: no postings)
    gives no Whoosh 3 block matcher to decode.  `check` runs between blocks
    (it raises when the query's deadline has passed).  A frequent term's
    arrays (is_frequent of its count, given `min_cached`) are kept in
    `cache` (the Index's postings_cache), if given."""
    key = (fieldname, text)
    cached = cache.get(reader, key) if cache is not None else None
    if cached is not None:
        return cached
    # Within one search a term is decoded once: a phrase reads its words to find its
    # documents and again to score them, a selected facet's count its words again.
    memo, memo_key = search_memo(), (reader, fieldname, text)
    if memo is not None and memo_key in memo:
        return memo[memo_key]
    opened = open_term()
    if opened is None:
        return None
    decoded = decode_opened(reader, key, opened, check, cache, min_cached)
    if decoded is not None and memo is not None:
        memo[memo_key] = decoded
    return decoded


def decode_opened(reader: Any, key: tuple[str, Any], opened: Opened, check: Callable[[], None],
                  cache: PostingsCache | None, min_cached: int | None) -> Postings | None:
    """Return the (ids, weights) arrays of the term `key` (field, text)
    `opened` in segment `reader` (its posting count, an opener of its
    matcher), decoded a block at a time with `check` between blocks, or
    None when the matcher is no Whoosh 3 block matcher.  A frequent term's
    arrays are put in `cache`, if given, ranked by the thread CPU their
    decoding took."""
    count, open_matcher = opened
    # Only a decode the cache keeps is timed, its count known from the term's entry: a
    # thread-CPU clock read is a system call, and under load the scheduler switches away
    # at one (bench.speed's BBC passes at load 15: a fifth to a third of their wall time).
    kept = cache is not None and is_frequent(count, reader, min_cached)
    started = thread_time() if kept else 0.0
    matcher = open_matcher()
    if not is_block_matcher(matcher, weights=True):
        return None
    ids, weights = array("I"), array("f")
    for block in iter_blocks(matcher, check):
        ids.extend(block.ids)
        weights.extend(block.weights())
    if kept and cache is not None and is_frequent(len(ids), reader, min_cached):
        # its decoding time ranks it in the cache: a text word's blocks carry positions too
        cache.put(reader, key, (ids, weights), 8 * len(ids), thread_time() - started)
    return ids, weights


def is_frequent(count: int, reader: Any, min_cached: int | None = None) -> bool:
    """Return True if a term of `count` postings in segment `reader` is kept
    in the postings cache: `min_cached` postings or more if given, else
    MIN_CACHED, or MIN_CACHED_SHARE of the segment's documents."""
    if min_cached is not None:
        return count >= min_cached
    return count >= min(MIN_CACHED, max(_SHARE_FLOOR, MIN_CACHED_SHARE * reader.doc_count_all()))


def open_counted(reader: Any, fieldname: str, text: Any) -> Opened | None:
    """Return (a term's posting count in segment `reader`, deleted documents
    included; a function opening its postings as open_postings does) from
    one term-table look-up, or None if there are none (a missing term,
    unknown field or untranslatable value, as open_postings)."""
    try:
        opened = open_term(reader, fieldname, text)
    except Exception:  # as open_postings: what cannot be looked up matches nothing
        return None
    memo = search_memo()
    if opened is not None and memo is not None:
        memo[(reader, fieldname, text, _COUNT)] = opened[0]  # term_count's answer, for free
    return opened


def term_count(reader: Any, fieldname: str, text: Any) -> int:
    """Return a term's posting count in segment `reader` (deleted documents
    included: its doc_frequency), looked up once a search (search_memo): a
    phrase's word is counted by the phrase's reader, by its scoring and by
    the And holding it, each a term-table look-up (~12 us at BBC) before."""
    memo = search_memo()
    key = (reader, fieldname, text, _COUNT)
    found = memo.get(key) if memo is not None else None
    if found is not None:
        return int(found)
    count = int(reader.doc_frequency(fieldname, text))
    if memo is not None:
        memo[key] = count
    return count


def open_postings(reader: Any, fieldname: str, text: Any) -> Any:
    """Return a matcher over a term's postings in a segment reader, deleted
    documents included (callers subtract them per segment, which is cheaper
    than Whoosh's per-posting deletion filter), or None if there are none."""
    try:  # one look-up in the term table: a missing term raises TermNotFound
        return unfiltered_postings(reader, fieldname, text)
    except Exception:  # a missing term, unknown field or untranslatable value matches nothing
        return None
