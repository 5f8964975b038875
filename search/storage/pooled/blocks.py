"""Many terms of one field encoded into Whoosh 3's postings blocks at once:
the bytes W3PostingsWriter writes for them, and each term's statistics
for its W3TermInfo row.

Owns encode_terms(), which search.storage.pooled.flush calls with a batch
of a field's terms (their flat [docnum, weight, value, ...] lists in
docnum order, the terms in order).  Why in batches: a segment's terms
have four postings on average and over half have one, so encoding a term
at a time spent its time in the ~15 Python calls each term made, not in
its postings.  Here the calls are made per batch: the block layout, the
docnum deltas, the 32-bit weights and their checks, and the field lengths
are numpy arrays over every posting of the batch, and each block's tuples
and pickles are made by map() and zip() over the blocks, in C.  A
block's bytes are W3PostingsWriter._write_block's: its signed length, the
pickled (count, last docnum, max weight, compression, min and max length
bytes) and the pickled (docnum deltas, weights, values), zlib-compressed
from COMPRESSION_MIN_SIZE bytes; a term's blocks follow the header magic.
tests/search/storage/pooled/test_flush.py checks the files against
Whoosh's own writer.
"""
from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping
from itertools import chain, repeat
from pickle import dumps
from typing import Any, NamedTuple

import numpy as np
from whoosh.codec.whoosh3 import COMPRESSION_MIN_SIZE, WHOOSH3_HEADER_MAGIC
from whoosh.system import emptybytes, pack_int
from whoosh.util.numeric import length_to_byte

# A term's statistics as W3TermInfo folds its blocks': weight total, min
# field length (None if none), max field length, max weight.
Stats = tuple[float, int | None, int, Any]
# Field lengths above any a length byte holds: "no length" for a minimum.
_NO_LENGTH = np.iinfo(np.int64).max


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
    whether it starts and ends its term; per term its first block and count."""

    starts: np.ndarray
    ends: np.ndarray
    opens: np.ndarray
    closes: np.ndarray
    first_block: np.ndarray
    block_count: np.ndarray


def lay_out_blocks(counts: np.ndarray, blocklimit: int) -> _Layout:
    """Return the blocks of terms of `counts` postings (each above 0), laid
    one after another, each term's cut every `blocklimit` postings."""
    block_count = -(-counts // blocklimit)
    term_ends = np.cumsum(counts)
    first_block = np.cumsum(block_count) - block_count
    term = np.repeat(np.arange(len(counts)), block_count)
    nth = np.arange(int(block_count.sum())) - first_block[term]
    starts = term_ends[term] - counts[term] + nth * blocklimit
    ends = np.minimum(starts + blocklimit, term_ends[term])
    return _Layout(starts, ends, nth == 0, nth == block_count[term] - 1, first_block, block_count)


def encode_terms(flats: list[list[Any]], spec: BlockSpec, offset: int) -> EncodedTerms:
    """Return the postings bytes of the terms of `flats` (each a non-empty
    flat [docnum, weight, value, ...] list in docnum order), written from
    file position `offset`, and each term's terminfo figures."""
    counts = np.fromiter(map(len, flats), np.int64, len(flats)) // 3
    flat = list(chain.from_iterable(flats))
    ids, weights, values = flat[0::3], flat[1::3], flat[2::3]
    layout = lay_out_blocks(counts, spec.blocklimit)
    slices = list(map(slice, layout.starts.tolist(), layout.ends.tolist()))
    floats, miniweights = _mini_weights(weights, layout)
    minivalues = _mini_values(values, slices, spec.fixedsize)  # may repeat without end
    data, comps = _compressed(list(map(dumps, zip(map(tuple, map(_deltas(ids, layout).__getitem__, slices)),
                                                  miniweights, minivalues, strict=False), repeat(2))), spec.compression)
    maxweights = [w if w > 0 else 0 for w in map(max, map(weights.__getitem__, slices))]  # Whoosh's start at 0
    minlengths, maxlengths = _block_lengths(ids, layout, spec.lengths)
    lasts = map(ids.__getitem__, (layout.ends - 1).tolist())
    infos = list(map(dumps, zip((layout.ends - layout.starts).tolist(), lasts, maxweights, comps,
                                map(LENGTH_BYTE.__getitem__, minlengths),
                                map(LENGTH_BYTE.__getitem__, maxlengths), strict=True), repeat(2)))
    sizes = np.fromiter(map(len, infos), np.int64, len(infos)) + np.fromiter(map(len, data), np.int64, len(data))
    heads = map(pack_int, np.where(layout.closes, -sizes, sizes).tolist())
    magics = [WHOOSH3_HEADER_MAGIC if opens else emptybytes for opens in layout.opens.tolist()]
    pieces = sizes + 4 + len(WHOOSH3_HEADER_MAGIC) * layout.opens
    at = offset + np.cumsum(pieces) - pieces  # each block's position
    term_starts = at[layout.first_block]
    last_block = layout.first_block + layout.block_count - 1
    blocks = list(zip(map(sum, map(floats.__getitem__, slices)), minlengths, maxlengths, maxweights, strict=True))
    term_ends = np.cumsum(counts)
    return EncodedTerms(
        emptybytes.join(chain.from_iterable(zip(magics, heads, infos, data, strict=True))),
        _term_stats(blocks, layout), counts.tolist(), list(map(ids.__getitem__, (term_ends - counts).tolist())),
        list(map(ids.__getitem__, (term_ends - 1).tolist())),
        term_starts.tolist(), (at[last_block] + pieces[last_block] - term_starts).tolist())


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
    docnums = np.array(ids, dtype=np.int64)
    deltas = np.empty_like(docnums)
    deltas[1:] = docnums[1:] - docnums[:-1]
    deltas[layout.starts] = docnums[layout.starts]
    return deltas.tolist()


def _mini_weights(weights: list[Any], layout: _Layout) -> tuple[list[float], list[Any]]:
    """Return the weights as 32-bit floats (as Whoosh keeps them, as Python
    floats) and each block's minified weights: None if all are 1, the one
    weight if all are equal, else their tuple."""
    single = np.array(weights, dtype=np.float64).astype(np.float32)  # rounded as array("f") rounds
    floats = single.tolist()
    not_all_one = np.logical_or.reduceat(single != 1, layout.starts).tolist()
    spans = layout.ends - layout.starts
    unequal = np.logical_or.reduceat(single != np.repeat(single[layout.starts], spans), layout.starts).tolist()
    return floats, [(tuple(floats[s:e]) if differ else floats[s]) if varied else None
                    for varied, differ, s, e in zip(not_all_one, unequal, layout.starts.tolist(),
                                                    layout.ends.tolist(), strict=True)]


def _mini_values(values: list[Any], slices: list[slice], fixedsize: int | None) -> Any:
    """Return an iterator of each block's minified values: the tuple of its
    non-empty values (variable size), None (no values) or their bytes
    joined (fixed size)."""
    if fixedsize == 0:
        return repeat(None)
    non_empty = map(filter, repeat(None), map(values.__getitem__, slices))
    return map(tuple, non_empty) if fixedsize is None or fixedsize < 0 else map(emptybytes.join, non_empty)


def _block_lengths(ids: list[int], layout: _Layout,
                   lengths: Callable[[int], int | None] | None) -> tuple[list[int | None], list[int]]:
    """Return each block's least field length above 0 (None if none) and its
    greatest (0 if none)."""
    if lengths is None:
        return [None] * len(layout.starts), [0] * len(layout.starts)
    try:
        found = np.fromiter(map(lengths, ids), np.int64, len(ids))
    except TypeError:  # a None among them: no length
        found = np.fromiter((n or 0 for n in map(lengths, ids)), np.int64, len(ids))
    least = np.minimum.reduceat(np.where(found > 0, found, _NO_LENGTH), layout.starts).tolist()
    return [None if n == _NO_LENGTH else n for n in least], np.maximum.reduceat(found, layout.starts).tolist()


def _term_stats(blocks: list[Stats], layout: _Layout) -> list[Stats]:
    """Return each term's statistics: its one block's, or its blocks' folded
    as W3TermInfo.add_block folds them."""
    stats = list(map(blocks.__getitem__, layout.first_block.tolist()))
    for term in np.flatnonzero(layout.block_count > 1).tolist():
        first = int(layout.first_block[term])
        folded: Stats = (0, None, 0, 0)
        for block in blocks[first:first + int(layout.block_count[term])]:
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
