"""The documents where a phrase's words stand at consecutive positions.

Owns phrase_docs(): a Phrase query's (slop 1) matches in one segment, found
by reading positions only where every word occurs.  Common words make this
the slowest kind of query ("one of the" reads "the" in most documents), so
each step does as little per document as it can: the words' documents are
intersected as sorted arrays, postings blocks that hold none of the wanted
documents are skipped by their header (never decompressed), and a
document's positions are decoded by C-level calls (pickle and
itertools.accumulate) and shifted and intersected as sets.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

import numpy as np
from whoosh import query as wq

from onrecord.search.deadline import Deadline
from onrecord.search.query.postings import PostingsCache, open_postings, term_postings
from onrecord.search.storage.whoosh_internals import (
    has_block_values,
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
    matchers = [open_postings(reader, q.fieldname, word) for word in q.words]
    if any(m is None for m in matchers):
        return set()
    if not all(has_block_values(m) for m in matchers):
        return None
    wanted = _common_docs(reader, q.fieldname, q.words, deadline, cache)
    if wanted is None:
        return None
    decode = positions_decoder(field.format)
    starts: dict[int, set[int]] = {}
    for offset, matcher in enumerate(matchers):
        starts = _shifted_starts(matcher, wanted, starts, offset, decode, deadline)
        if not starts:
            return set()
        wanted = sorted(starts)
    return set(starts)


def _shifted_starts(matcher: Any, wanted: Sequence[int], starts: dict[int, set[int]], offset: int,
                    decode: Any, deadline: Deadline) -> dict[int, set[int]]:
    """Return, per wanted document, the phrase starts still possible once
    the word at `offset` is read: its positions minus `offset`, kept only
    where they are among `starts` (every one, for the first word)."""
    here: dict[int, set[int]] = {}
    back = offset.__rsub__  # p -> p - offset, without a Python frame per position
    for docnum, value in _values_in(matcher, wanted, deadline):
        if offset:
            kept = starts[docnum].intersection(map(back, decode(value)))
            if kept:
                here[docnum] = kept
        else:
            here[docnum] = set(decode(value))
    return here


def _common_docs(reader: Any, fieldname: str, words: Sequence[str], deadline: Deadline,
                 cache: PostingsCache | None) -> list[int] | None:
    """Return the sorted docnums holding every word, or None if a word's
    postings cannot be decoded as arrays."""
    arrays = []
    for word in words:
        decoded = term_postings(reader, fieldname, word, partial(open_postings, reader, fieldname, word),
                                deadline.check, cache)
        if decoded is None:
            return None
        arrays.append(np.asarray(decoded[0], dtype=np.uint32))  # the buffer, not a copy
    arrays.sort(key=len)
    common = arrays[0]
    for other in arrays[1:]:
        common = np.intersect1d(common, other, assume_unique=True)
    return common.tolist()


def _values_in(matcher: Any, wanted: Sequence[int], deadline: Deadline) -> Iterator[tuple[int, bytes]]:
    """Yield (docnum, encoded value) for the matcher's docnums among the
    sorted `wanted`, decompressing only the blocks that hold one."""
    members = set(wanted)
    for block in iter_blocks_holding(matcher, wanted, deadline.check):
        values = block.values()
        yield from ((d, v) for d, v in zip(block.ids, values, strict=False) if d in members)
