"""Many terms of one field encoded into Whoosh 3's postings blocks at once:
the bytes W3PostingsWriter writes for them, and each term's statistics
for its W3TermInfo row.

Owns encode_terms(), which search.storage.pooled.flush calls with a batch
of a field's terms (their flat [docnum, weight, value, ...] lists in
docnum order, the terms in order).  Why in batches: a segment's terms
have four postings on average and over half have one, so encoding a term
at a time spent its time in the ~15 Python calls each term made, not in
its postings.  Here the calls are made per batch: each step (slicing the
batch's docnums, weights and values per block, the docnum deltas, the
32-bit weights and their checks, the field lengths, the pickles, the
positions) is a map() or zip() over every block of the batch, run in C.
numpy is not used: converting every posting to an array and back cost
more instructions than these maps (callgrind, 1,000 derived paragraphs).  A
block's bytes are W3PostingsWriter._write_block's: its signed length, the
pickled (count, last docnum, max weight, compression, min and max length
bytes) and the pickled (docnum deltas, weights, values), zlib-compressed
from COMPRESSION_MIN_SIZE bytes; a term's blocks follow the header magic.
tests/search/storage/pooled/test_flush.py checks the files against
Whoosh's own writer.
"""
from __future__ import annotations

import zlib
from array import array
from collections import deque
from collections.abc import Callable, Mapping
from itertools import accumulate, chain, repeat
from operator import add, floordiv, sub
from pickle import dumps
from typing import Any, NamedTuple

from whoosh.codec.whoosh3 import COMPRESSION_MIN_SIZE, WHOOSH3_HEADER_MAGIC
from whoosh.system import emptybytes, pack_int
from whoosh.util.numeric import length_to_byte

# A term's statistics as W3TermInfo folds its blocks': weight total, min
# field length (None if none), max field length, max weight.
Stats = tuple[float, int | None, int, Any]


class BlockSpec(NamedTuple):
    """How a field's blocks are encoded: postings per block, zlib level
    (0: none), the format's fixed value size (None or < 0: variable, 0: no
    values) and each docnum's field length (None: every length 0)."""

    blocklimit: int
    compression: int
    fixedsize: int | None
    lengths: Callable[[int], int | None] | None


class EncodedTerms(NamedTuple):
    """A batch's postings bytes and, per term, what its terminfo holds."""

    data: bytes
    stats: list[Stats]
    counts: list[int]
    firsts: list[int]  # the term's first docnum
    lasts: list[int]  # its last docnum
    starts: list[int]  # where its bytes start in the postings file
    sizes: list[int]  # how many bytes it takes there


class _Layout(NamedTuple):
    """Where a batch's blocks are: per block its first and end posting, and
    whether it starts and ends its term; per term its first block and how
    many it has."""

    starts: list[int]
    ends: list[int]
    opens: list[bool]
    closes: list[bool]
    first_block: list[int]
    block_count: list[int]


def lay_out_blocks(counts: list[int], blocklimit: int) -> _Layout:
    """Return the blocks of terms of `counts` postings (each above 0), laid
    one after another, each term's cut every `blocklimit` postings."""
    ends = list(accumulate(counts))
    starts = list(map(sub, ends, counts))
    if max(counts, default=0) <= blocklimit:  # a block per term: most batches
        every = [True] * len(counts)
        return _Layout(starts, ends, every, every, list(range(len(counts))), [1] * len(counts))
    layout = _Layout([], [], [], [], [], [])
    for start, end in zip(starts, ends, strict=True):
        cuts = range(start, end, blocklimit)
        layout.first_block.append(len(layout.starts))
        layout.block_count.append(len(cuts))
        layout.starts.extend(cuts)
        layout.ends.extend(cuts[1:])
        layout.ends.append(end)
        layout.opens.extend([True] + [False] * (len(cuts) - 1))
        layout.closes.extend([False] * (len(cuts) - 1) + [True])
    return layout


def encode_terms(flats: list[list[Any]], spec: BlockSpec, offset: int) -> EncodedTerms:
    """Return the postings bytes of the terms of `flats` (each a non-empty
    flat [docnum, weight, value, ...] list in docnum order), written from
    file position `offset`, and each term's terminfo figures."""
    counts = list(map(floordiv, map(len, flats), repeat(3)))
    flat = list(chain.from_iterable(flats))
    ids, weights, values = flat[0::3], flat[1::3], flat[2::3]
    layout = lay_out_blocks(counts, spec.blocklimit)
    slices = list(map(slice, layout.starts, layout.ends))
    spans = list(map(sub, layout.ends, layout.starts))
    floats = list(map(array("f", weights).__getitem__, slices))  # Whoosh keeps weights as 32-bit floats
    minivalues = _mini_values(values, slices, spec.fixedsize)  # may repeat without end
    data, comps = _compressed(list(map(dumps, zip(map(tuple, map(_deltas(ids, layout).__getitem__, slices)),
                                                  _mini_weights(floats, spans), minivalues, strict=False),
                                       repeat(2))), spec.compression)
    maxweights = [w if w > 0 else 0 for w in map(max, map(weights.__getitem__, slices))]  # Whoosh's start at 0
    minlengths, maxlengths = _block_lengths(ids, slices, spec.lengths)
    lasts = map(ids.__getitem__, map(sub, layout.ends, repeat(1)))
    infos = list(map(dumps, zip(spans, lasts, maxweights, comps, map(LENGTH_BYTE.__getitem__, minlengths),
                                map(LENGTH_BYTE.__getitem__, maxlengths), strict=True), repeat(2)))
    sizes = list(map(add, map(len, infos), map(len, data)))
    heads = map(pack_int, [-size if closes else size for size, closes in zip(sizes, layout.closes, strict=True)])
    magics = [WHOOSH3_HEADER_MAGIC if opens else emptybytes for opens in layout.opens]
    # Each block's position, and the end of the last: its magic, length and bytes.
    at = list(accumulate(map(add, map(len, magics), map(add, sizes, repeat(4))), initial=offset))
    term_starts = list(map(at.__getitem__, layout.first_block))
    blocks: list[Stats] = list(zip(map(sum, floats), minlengths, maxlengths, maxweights, strict=True))
    return EncodedTerms(
        emptybytes.join(chain.from_iterable(zip(magics, heads, infos, data, strict=True))),
        _term_stats(blocks, layout), counts, list(map(ids.__getitem__, map(sub, accumulate(counts), counts))),
        list(map(ids.__getitem__, map(sub, accumulate(counts), repeat(1)))), term_starts,
        list(map(sub, map(at.__getitem__, map(add, layout.first_block, layout.block_count)), term_starts)))


def _compressed(data: list[bytes], compression: int) -> tuple[list[bytes], list[int]]:
    """Return each block's data, zlib-compressed at level `compression`
    from COMPRESSION_MIN_SIZE bytes, and the level each took (0: none)."""
    if not compression:
        return data, [0] * len(data)
    comps = [compression if len(d) >= COMPRESSION_MIN_SIZE else 0 for d in data]
    if any(comps):
        data = [zlib.compress(d, c) if c else d for d, c in zip(data, comps, strict=True)]
    return data, comps


def _deltas(ids: list[int], layout: _Layout) -> list[int]:
    """Return each docnum less the one before it, but a block's first docnum
    itself (Whoosh delta-codes a block's ids from 0)."""
    deltas = list(map(sub, ids, chain((0,), ids)))
    deque(map(deltas.__setitem__, layout.starts, map(ids.__getitem__, layout.starts)), maxlen=0)  # in C
    return deltas


def _mini_weights(floats: list[array], spans: list[int]) -> list[Any]:
    """Return each block's minified weights (its 32-bit floats): None if all
    are 1, the one weight if all are equal, else their tuple."""
    ones = map(array.count, floats, repeat(1.0))
    return [None if one == span else (f[0] if f.count(f[0]) == span else tuple(f))
            for f, one, span in zip(floats, ones, spans, strict=True)]


def _mini_values(values: list[Any], slices: list[slice], fixedsize: int | None) -> Any:
    """Return an iterator of each block's minified values: the tuple of its
    non-empty values (variable size), None (no values) or their bytes
    joined (fixed size)."""
    if fixedsize == 0:
        return repeat(None)
    non_empty = map(filter, repeat(None), map(values.__getitem__, slices))
    return map(tuple, non_empty) if fixedsize is None or fixedsize < 0 else map(emptybytes.join, non_empty)


def _block_lengths(ids: list[int], slices: list[slice],
                   lengths: Callable[[int], int | None] | None) -> tuple[list[int | None], list[int]]:
    """Return each block's least field length above 0 (None if none) and its
    greatest (0 if none)."""
    if lengths is None:
        return [None] * len(slices), [0] * len(slices)
    found: list[Any] = list(map(lengths, ids))
    if 0 in found or None in found:  # a document without a length: left out, as Whoosh does
        kept = [list(filter(None, found[at])) for at in slices]
        return [min(k) if k else None for k in kept], [max(k) if k else 0 for k in kept]
    pieces = list(map(found.__getitem__, slices))
    return list(map(min, pieces)), list(map(max, pieces))


def _term_stats(blocks: list[Stats], layout: _Layout) -> list[Stats]:
    """Return each term's statistics: its one block's, or its blocks' folded
    as W3TermInfo.add_block folds them."""
    if len(blocks) == len(layout.first_block):
        return blocks
    stats = list(map(blocks.__getitem__, layout.first_block))
    for term, (first, count) in enumerate(zip(layout.first_block, layout.block_count, strict=True)):
        if count > 1:
            folded: Stats = (0, None, 0, 0)
            for block in blocks[first:first + count]:
                folded = merge_stats(folded, block)
            stats[term] = folded
    return stats


def merge_stats(before: Stats, block: Stats) -> Stats:
    """Return a term's statistics with one more block's, as W3TermInfo.add_block
    folds them (its weight starts at 0, its min length at None)."""
    total, minlength, maxlength, maxweight = before
    return (total + block[0], block[1] if minlength is None else min(minlength, block[1]),  # type: ignore[type-var]
            max(maxlength, block[2]), max(maxweight, block[3]))


class _LengthBytes(dict[int | None, int]):
    """length_to_byte, memoised: a field length's byte (None's is 0) found
    by one dict lookup instead of a Python call."""

    def __missing__(self, length: int | None) -> int:
        self[length] = byte = length_to_byte(length)
        return byte


LENGTH_BYTE: Mapping[int | None, int] = _LengthBytes()
