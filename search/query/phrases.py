"""The documents where a phrase's words stand at consecutive positions.

Owns phrase_docs(): a Phrase query's (slop 1) matches in one segment, found
by reading positions only where every word occurs.  Common words make this
the slowest kind of query ("one of the" reads "the" in most documents), so
each step does as little per document as it can: the words' documents are
intersected as sorted arrays, postings blocks that hold none of the wanted
documents are skipped by their header (never decompressed), and the wanted
documents' positions are parsed from their encoded values in numpy, all of
a word at once (position_keys), as (docnum, start) keys intersected by
numpy: no Python step per document.  A frequent word (postings.is_frequent)
whose blocks the wanted documents nearly all hold is read whole once and its
keys kept in the Index's postings cache (8 bytes a position, beside its
decoded ids): a warm common-word phrase then decodes no block at all.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import compress
from time import thread_time
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.query.postings import (
    MIN_CACHED,
    PostingsCache,
    is_frequent,
    open_counted,
    term_count,
    term_postings,
)
from onrecord.search.query.sortedarrays import distinct, intersect_sorted, sort_runs
from onrecord.search.storage.reading.whoosh_internals import (
    PostingBlock,
    has_block_values,
    iter_blocks,
    iter_blocks_holding,
    positions_decoder,
)


def phrase_docs(q: wq.Phrase, reader: Any, deadline: Deadline,
                cache: PostingsCache | None) -> set[int] | None:
    """Return the segment-local docnums (deleted ones included) where q's
    words occur at consecutive positions in segment `reader`, or None if
    this field's postings cannot be read that way (the caller falls back
    to Whoosh's matcher).  Raises DeadlineExceeded when time runs out."""
    field = reader.schema[q.fieldname] if q.fieldname in reader.schema else None
    if field is None or not field.format or not field.format.supports("positions"):
        return None
    # opened with their counts: _kept_keys and the phrase's scoring then count no word again (term_count)
    opened = [open_counted(reader, q.fieldname, word) for word in q.words]
    if any(o is None for o in opened):
        return set()
    matchers = [open_matcher() for _count, open_matcher in filter(None, opened)]
    if not all(has_block_values(m) for m in matchers):
        return None
    wanted = _common_docs(reader, q.fieldname, q.words, deadline, cache)
    if wanted is None:
        return None
    decode = positions_decoder(field.format)
    keys: np.ndarray | None = None
    for offset, (word, matcher) in enumerate(zip(q.words, matchers, strict=True)):
        kept = _kept_keys(reader, q.fieldname, word, matcher, len(wanted), decode, deadline, cache)
        if kept is None:
            here = _wanted_positions(matcher, wanted, deadline).keys(offset, decode)
        else:  # every document's: a superset the intersections narrow
            here = _shifted(kept, offset)
        keys = here if keys is None else intersect_sorted(keys, here)
        if not len(keys):
            return set()
        found = distinct(keys >> _DOC_SHIFT, ordered=True)
        if kept is not None:
            found = intersect_sorted(found, np.asarray(wanted, dtype=np.int64))
        wanted = found.tolist()
    return set(wanted)


# A (document, phrase start) pair as one int64: the docnum above these bits.
_DOC_SHIFT = 32
_POSITION_MASK = (1 << _DOC_SHIFT) - 1
# Whoosh 3's Positions value: a 4-byte big-endian count, then pickle protocol 2 of the
# position deltas: PROTO 2, EMPTY_LIST, BINPUT 0 (9 bytes in all), then for one delta
# BININT1 x APPEND, for more MARK (BININT1 x)... APPENDS, then STOP unless Whoosh dropped it.
_HEAD, _PROTO, _BININT1, _STOP = 9, 0x80, ord("K"), ord(".")


def position_keys(docs: Sequence[int], values: Sequence[bytes], offset: int,
                  decode: Callable[[bytes], Iterable[int]]) -> np.ndarray:
    """Return the sorted int64 keys (docnum << 32 | position - offset) of
    every position of each (docnum, encoded value) pair, positions before
    `offset` left out (no phrase starts there).  Values whose deltas are
    all one-byte pickled ints (nearly all) are parsed in numpy at once;
    the rest through `decode`, Whoosh's own reading of a value."""
    if not values:
        return np.empty(0, dtype=np.int64)
    blob = np.frombuffer(b"".join(values), dtype=np.uint8)
    lengths = np.fromiter(map(len, values), dtype=np.int64, count=len(values))
    starts = np.cumsum(lengths) - lengths
    head = blob[starts[:, None] + np.arange(6)].astype(np.int64)
    counts = (head[:, 0] << 24) | (head[:, 1] << 16) | (head[:, 2] << 8) | head[:, 3]
    stopped = blob[starts + lengths - 1] == _STOP
    simple = ((lengths == _HEAD + np.where(counts == 1, 3, 2 * counts + 2) + stopped)
              & (head[:, 4] == _PROTO) & (head[:, 5] == 2))
    # each delta's byte follows its BININT1, 2 bytes apart (after MARK for more than one)
    first = starts + _HEAD + 1 + (counts > 1)
    items, owner = _items(first, counts, simple)
    bad = blob[items - 1] != _BININT1
    if bad.any():  # a length that only looked simple: Whoosh's decode reads those values
        simple[np.unique(owner[bad])] = False
        items, owner = _items(first, counts, simple)
    deltas = blob[items].astype(np.int64)
    sizes = counts[simple]
    opening = np.cumsum(sizes) - sizes  # each value's first delta
    sums = np.cumsum(deltas)
    positions = sums - np.repeat(sums[opening] - deltas[opening], sizes) - offset
    found = [((np.asarray(docs, dtype=np.int64)[owner] << _DOC_SHIFT) + positions)[positions >= 0]]
    rest = np.flatnonzero(~simple).tolist()
    if rest:
        found.append(np.fromiter(((docs[i] << _DOC_SHIFT) + p - offset for i in rest
                                  for p in decode(values[i]) if p >= offset), dtype=np.int64))
    return sort_runs(np.concatenate(found))


def _items(first: np.ndarray, counts: np.ndarray, simple: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the byte index of every delta of the `simple` values and the
    index of the value each belongs to."""
    sizes = counts[simple]
    owner = np.repeat(np.flatnonzero(simple), sizes)
    within = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    return np.repeat(first[simple], sizes) + 2 * within, owner


def _common_docs(reader: Any, fieldname: str, words: Sequence[str], deadline: Deadline,
                 cache: PostingsCache | None) -> list[int] | None:
    """Return the sorted docnums holding every word, or None if a word's
    postings cannot be decoded as arrays."""
    arrays = []
    for word in words:
        decoded = term_postings(reader, fieldname, word, partial(open_counted, reader, fieldname, word),
                                deadline.check, cache)
        if decoded is None:
            return None
        arrays.append(np.asarray(decoded[0], dtype=np.uint32))  # the buffer, not a copy
    arrays.sort(key=len)
    common = arrays[0]
    for other in arrays[1:]:
        common = intersect_sorted(common, other)
    return common.tolist()


# A word's keys kept whole when the wanted documents are at least this share of
# its own: a block of 128 postings then holds none of them with odds under
# (1 - 1/32) ** 128 = 2%, so reading every block costs about what the wanted do.
WHOLE_SHARE = 1 / 32


def _kept_keys(reader: Any, fieldname: str, word: str, matcher: Any, wanted: int,
               decode: Callable[[bytes], Iterable[int]], deadline: Deadline,
               cache: PostingsCache | None) -> np.ndarray | None:
    """Return every position key of `word` in the segment (offset 0) from
    `cache`, or read whole and kept there when the word is frequent and
    `wanted` documents would have it decode nearly every block anyway;
    None when the word's wanted blocks are to be read alone."""
    if cache is None:
        return None
    key = (fieldname, word, "positions")
    kept: np.ndarray | None = cache.get(reader, key)
    if kept is not None:
        return kept
    count = term_count(reader, fieldname, word)
    # MIN_CACHED at least: a small segment's words cost more in numpy calls than they save
    if not is_frequent(count, reader, MIN_CACHED) or wanted < count * WHOLE_SHARE:
        return None
    started = thread_time()
    read = _BlockPositions()
    for block in iter_blocks(matcher, deadline.check):
        read.add(block, None)
    kept = read.keys(0, decode)
    kept.flags.writeable = False  # shared by every search of the segment
    cache.put(reader, key, kept, kept.nbytes, thread_time() - started)  # the cost ranks it in the cache
    return kept


def _shifted(kept: np.ndarray, offset: int) -> np.ndarray:
    """Return position_keys' answer at `offset` for every document from a
    word's keys at 0: positions before `offset` left out, the rest less it."""
    if not offset:
        return kept
    return kept[(kept & _POSITION_MASK) >= offset] - offset


def _wanted_positions(matcher: Any, wanted: Sequence[int], deadline: Deadline) -> _BlockPositions:
    """Return the matcher's postings among the sorted docnums `wanted`,
    decompressing only the blocks that hold one."""
    members = set(wanted).__contains__
    read = _BlockPositions()
    for block in iter_blocks_holding(matcher, wanted, deadline.check):
        read.add(block, list(map(members, block.ids)))
    return read


class _BlockPositions:
    """Postings gathered block by block for their position keys: a block
    holding its positions as one stream (PostingBlock.position_numbers) as
    arrays, any other by its encoded values."""

    def __init__(self) -> None:
        self.docs: list[int] = []
        self.values: list[bytes] = []
        self.streamed: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []

    def add(self, block: PostingBlock, held: list[bool] | None) -> None:
        """Take the block's postings (only those `held` marks, when given)."""
        numbers = block.position_numbers()
        if numbers is None:
            self.docs.extend(block.ids if held is None else compress(block.ids, held))
            self.values.extend(block.values() if held is None else compress(block.values(), held))
            return
        counts, deltas = numbers
        ids = np.asarray(block.ids, dtype=np.int64)
        if held is not None:
            mask = np.asarray(held, dtype=bool)
            ids, counts, deltas = ids[mask], counts[mask], deltas[np.repeat(mask, counts)]
        self.streamed.append((ids, counts, deltas))

    def keys(self, offset: int, decode: Callable[[bytes], Iterable[int]]) -> np.ndarray:
        """Return position_keys' keys of every posting taken."""
        if not self.streamed:
            return position_keys(self.docs, self.values, offset, decode)
        ids, counts, deltas = (np.concatenate(part) for part in zip(*self.streamed, strict=True))
        keys = stream_keys(ids, counts, deltas, offset)
        return sort_runs(np.concatenate((keys, position_keys(self.docs, self.values, offset, decode)))) \
            if self.docs else keys


def stream_keys(docs: np.ndarray, counts: np.ndarray, deltas: np.ndarray, offset: int) -> np.ndarray:
    """Return position_keys' sorted keys from postings given as arrays: each
    posting's docnum and count of positions, and every posting's deltas in order."""
    some = counts > 0
    docs, counts = docs[some], counts[some]
    if not len(counts):
        return np.empty(0, dtype=np.int64)
    sums = np.cumsum(deltas)
    opening = np.cumsum(counts) - counts  # each posting's first delta
    positions = sums - np.repeat(sums[opening] - deltas[opening], counts) - offset
    keys = ((np.repeat(docs, counts) << _DOC_SHIFT) + positions)[positions >= 0]
    return sort_runs(keys)  # in order already where each posting's positions ascend
