"""A term's postings in one segment, decoded, with a bounded cache.

Owns term_postings(): the document ids and weights of a term in a segment
reader (deleted documents included), as two arrays.  Whoosh 3 stores each
block of 128 postings as one zlib-compressed pickle holding ids, weights
and, for the text field, every document's positions; unpickling that is
~0.7 us per posting even when only ids and weights are wanted, so a word
in 400,000 paragraphs costs ~0.3 s to read.  Decoded postings of frequent
terms (MIN_CACHED or more) are therefore kept in the Index's postings_cache
(a search.storage.segmentcache.SegmentCache of 8 bytes per posting, sized
by its postings_cache_mb setting), the way an engine in a compiled
language leans on the OS page cache.  An entry belongs to one segment (its
postings never change; deletions are applied by the callers), so every
reader of it shares the entry: the pooled searchers of search.searchers,
and the searchers of later commits that keep the segment.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable
from time import thread_time
from typing import Any

from onrecord.search.storage.segmentcache import SegmentCache
from onrecord.search.storage.whoosh_internals import is_block_matcher, iter_blocks, search_memo, unfiltered_postings

MIN_CACHED = 2048  # postings: shorter lists decode in well under a millisecond
# ... unless they hold this share of their segment's documents (and a block's worth at
# least): a small segment's most frequent words are as common as a large one's, and were
# decoded on every search ("said" in the BBC index: 1,878 of one segment's ~4,000).
MIN_CACHED_SHARE = 0.1
_SHARE_FLOOR = 128

Postings = tuple[array, array]  # (ids "I", weights "f")
# Keyed within a segment by (field, term): its Postings; by (field, term, "positions"):
# a phrase word's position keys (search.query.phrases), an int64 array.
PostingsCache = SegmentCache[Any]


def term_postings(reader: Any, fieldname: str, text: Any, open_matcher: Callable[[], Any],
                  check: Callable[[], None],
                  cache: PostingsCache | None = None,
                  min_cached: int | None = None) -> Postings | None:
    """Return the (ids, weights) arrays of a term in segment `reader`, or
    None if open_matcher() (a leaf matcher over its postings, or None)
    gives no Whoosh 3 block matcher to decode.  `check` runs between blocks
    (it raises when the query's deadline has passed).  A frequent term's
    arrays (is_frequent, given `min_cached`) are kept in `cache` (the
    Index's postings_cache), if given."""
    key = (fieldname, text)
    cached = cache.get(reader, key) if cache is not None else None
    if cached is not None:
        return cached
    # Within one search a term is decoded once: a phrase reads its words to find its
    # documents and again to score them, a selected facet's count its words again.
    memo, memo_key = search_memo(), (reader, fieldname, text)
    if memo is not None and memo_key in memo:
        return memo[memo_key]
    started = thread_time()
    matcher = open_matcher()
    if not is_block_matcher(matcher, weights=True):
        return None
    ids, weights = array("I"), array("f")
    for block in iter_blocks(matcher, check):
        ids.extend(block.ids)
        weights.extend(block.weights())
    if cache is not None and is_frequent(len(ids), reader, min_cached):
        # its decoding time ranks it in the cache: a text word's blocks carry positions too
        cache.put(reader, key, (ids, weights), 8 * len(ids), thread_time() - started)
    if memo is not None:
        memo[memo_key] = ids, weights
    return ids, weights


def is_frequent(count: int, reader: Any, min_cached: int | None = None) -> bool:
    """Return True if a term of `count` postings in segment `reader` is kept
    in the postings cache: `min_cached` postings or more if given, else
    MIN_CACHED, or MIN_CACHED_SHARE of the segment's documents."""
    if min_cached is not None:
        return count >= min_cached
    return count >= min(MIN_CACHED, max(_SHARE_FLOOR, MIN_CACHED_SHARE * reader.doc_count_all()))


def open_postings(reader: Any, fieldname: str, text: Any) -> Any:
    """Return a matcher over a term's postings in a segment reader, deleted
    documents included (callers subtract them per segment, which is cheaper
    than Whoosh's per-posting deletion filter), or None if there are none."""
    try:  # one look-up in the term table: a missing term raises TermNotFound
        return unfiltered_postings(reader, fieldname, text)
    except Exception:  # a missing term, unknown field or untranslatable value matches nothing
        return None
