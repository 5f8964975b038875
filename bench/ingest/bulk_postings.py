"""Issue #34's bulk writer priced on one field: a whole batch's `exact`
(and stemmed) postings built by numpy, beside the present per-paragraph path.

Owns the prototype the issue asks for before anyone builds it: every text
of a batch tokenised (one `lowered_words` call a text, as the writer's
fields do), a term id for every token by one dict pass, common grams found
by array arithmetic, (term, document, position) ordered by one `np.sort` of
a packed int64 key (terms ranked by their bytes, so the order is the
flush's), frequencies and position deltas by differences, and each
postings block's position stream (stream_bytes' numbers: every posting's
count, then every posting's deltas, as LEB128 varints) cut from one array.
The present path it is measured against is the writer's own:
`ExactText.triples` / `StemmedText.triples` into a `TermPool`, then the
flush's `value_deltas` a value to rebuild each block's stream.  Both end
at what the flush's block encoder needs; `check` asserts they are equal.

    .venv/bin/python -m bench.ingest.bulk_postings --sizes 500,2000,10000 --runs 3

prints per size the CPU (process time, medians of alternated runs) of
both paths per field; under callgrind, `--only present|bulk|none` runs one
path once (bench/README.md).  Nothing here is used by the writer.
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import time
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, NamedTuple

import numpy as np

from bench.engines.corpus import build_pool, iter_derived
from bench.ingest.segment_write import load_articles
from bench.ingest.segment_write import parse_args as segment_args
from onrecord.search.storage import textfields
from onrecord.search.storage.lexicon import COMMON_WORDS, GRAM_SEP, MIN_STEM_CHARS
from onrecord.search.storage.pooled.compactblocks import CompactBlockCodec
from onrecord.search.storage.pooled.compactterms import pack_varint
from onrecord.search.storage.pooled.pool import TermPool
from onrecord.search.storage.pooled.positionstream import value_deltas
from onrecord.search.storage.schema import build_schema, unit_documents

Pairs = Sequence[tuple[int, str]]  # (docnum, field value) in docnum order
BLOCK_LIMIT = CompactBlockCodec()._blocklimit  # postings a block, as the writer's codec cuts them


class Postings(NamedTuple):
    """A batch's postings of one field, terms in byte order: term t's postings are
    term_starts[t] to the next; posting p has docnums[p], freqs[p]; a positions
    field's deltas of posting p are deltas[posting_starts[p]:] up to the next."""

    terms: list[bytes]
    term_starts: np.ndarray
    docnums: np.ndarray
    freqs: np.ndarray
    deltas: np.ndarray
    posting_starts: np.ndarray
    lengths: np.ndarray  # each text's field length (its terms' occurrences)


class _Vocab(dict[str, int]):
    """A word's id: the order it was first met."""

    def __missing__(self, word: str) -> int:
        self[word] = number = len(self)
        return number


def _tokens(field: Any, texts: Sequence[str]) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """Return (the distinct words, each token's word id, text index and position)
    of `texts` as `field`'s tokenizer lowercases them."""
    expression = textfields.analyzer_parts(field)[0].expression
    lists = [textfields.lowered_words(expression, text) for text in texts]
    lens = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
    total = int(lens.sum())
    vocab = _Vocab()
    ids = np.fromiter(map(vocab.__getitem__, chain.from_iterable(lists)), dtype=np.int64, count=total)
    doc = np.repeat(np.arange(len(lists), dtype=np.int64), lens)
    pos = np.arange(total, dtype=np.int64) - np.repeat(np.cumsum(lens) - lens, lens)
    return list(vocab), ids, doc, pos


def _ranks(strings: list[str]) -> tuple[list[bytes], np.ndarray]:
    """Return the terms' bytes in byte order and each string's rank in it
    (str order is UTF-8 byte order: both follow code points)."""
    order = sorted(range(len(strings)), key=strings.__getitem__)
    rank = np.empty(len(strings), dtype=np.int64)
    rank[order] = np.arange(len(strings), dtype=np.int64)
    return [strings[at].encode() for at in order], rank


def _grams(words: list[str], ids: np.ndarray, pos: np.ndarray) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Return the common grams (lexicon: a word after a common or short word),
    the token index of each gram's second word and its gram id."""
    heads = np.fromiter((w in COMMON_WORDS or len(w) < MIN_STEM_CHARS for w in words), dtype=bool,
                        count=len(words))
    at = np.flatnonzero((pos[1:] > 0) & heads[ids[:-1]]) + 1  # not a text's first word
    keys, inverse = np.unique(ids[at - 1] * len(words) + ids[at], return_inverse=True)
    first, second = np.divmod(keys, len(words))
    grams = list(map(GRAM_SEP.join, zip(map(words.__getitem__, first.tolist()),
                                       map(words.__getitem__, second.tolist()), strict=True)))
    return grams, at, inverse


def exact_postings(field: Any, docnums: Sequence[int], texts: Sequence[str]) -> Postings:
    """Return an ExactText field's postings of `texts` (the n-th is document
    docnums[n]): its words and common grams, a gram at its first word's position."""
    words, ids, doc, pos = _tokens(field, texts)
    grams, at, gram_ids = _grams(words, ids, pos)
    terms, rank = _ranks(words + grams)
    term = np.concatenate((rank[ids], rank[len(words) + gram_ids]))
    return _sorted_postings(term, np.concatenate((doc, doc[at])), np.concatenate((pos, pos[at] - 1)),
                            terms, docnums)


def _sorted_postings(term: np.ndarray, doc: np.ndarray, pos: np.ndarray, terms: list[bytes],
                     docnums: Sequence[int]) -> Postings:
    """Return the Postings of occurrences (term rank, text index, position),
    ordered by one sort of their packed key."""
    ndocs = len(docnums)
    span = int(pos.max()) + 1 if len(pos) else 1
    key = np.sort((term * ndocs + doc) * span + pos)
    dockey = key // span
    positions = key - dockey * span
    starts = np.flatnonzero(np.diff(dockey, prepend=-1))
    deltas = positions.copy()
    deltas[1:] -= positions[:-1]
    deltas[starts] = positions[starts]  # a posting's first delta is its first position
    pterm = dockey[starts] // ndocs
    pdoc = dockey[starts] - pterm * ndocs
    return Postings(terms, np.flatnonzero(np.diff(pterm, prepend=-1)),
                    np.asarray(docnums, dtype=np.int64)[pdoc], np.diff(np.append(starts, len(key))),
                    deltas, starts, np.bincount(doc, minlength=ndocs))


def stemmed_postings(field: Any, docnums: Sequence[int], texts: Sequence[str]) -> Postings:
    """Return a StemmedText field's postings of `texts` (frequencies, no
    positions: deltas and posting_starts empty): each distinct word's term
    looked up once in the field's _TermMemo.  Raises ValueError where the
    writer itself would take Whoosh's path (a kept word stemming to "")."""
    _, _, stops, stemmer = textfields.analyzer_parts(field)
    memo = textfields._term_memo(stops.min, stops.stops, stemmer.ignore, stemmer.stemfn)
    words, ids, doc, _ = _tokens(field, texts)
    word_terms = list(map(memo.__getitem__, words))
    if memo.stemmed_empty:
        raise ValueError("a kept word stems to nothing: the writer takes Whoosh's path")
    term_ids = _Vocab()
    word_term = np.fromiter((term_ids[t] if t else -1 for t in word_terms), dtype=np.int64, count=len(words))
    terms, rank = _ranks(list(term_ids))
    token_term = np.append(rank, -1)[word_term[ids]]  # -1: a dropped word
    kept = token_term >= 0
    ndocs = len(docnums)
    keys, freqs = np.unique(token_term[kept] * ndocs + doc[kept], return_counts=True)
    pterm = keys // ndocs
    empty = np.zeros(0, dtype=np.int64)
    return Postings(terms, np.flatnonzero(np.diff(pterm, prepend=-1)),
                    np.asarray(docnums, dtype=np.int64)[keys - pterm * ndocs], freqs, empty, empty,
                    np.bincount(doc[kept], minlength=ndocs))


def _varints(numbers: np.ndarray) -> tuple[bytes, np.ndarray]:
    """Return every number as an unsigned LEB128 varint, joined, and each one's offset."""
    sizes = 1 + sum((numbers >= 1 << shift).astype(np.int64) for shift in (7, 14, 21, 28))
    offsets = np.cumsum(sizes) - sizes
    out = np.zeros(int(sizes.sum()), dtype=np.uint8)
    for byte in range(int(sizes.max()) if len(sizes) else 0):
        chosen = sizes > byte
        out[offsets[chosen] + byte] = (numbers[chosen] >> 7 * byte) & 0x7F | np.where(
            sizes[chosen] - 1 > byte, 0x80, 0)
    return out.tobytes(), offsets


def stream_blocks(postings: Postings, limit: int = BLOCK_LIMIT) -> list[bytes]:
    """Return each postings block's positions stream before zlib (stream_bytes'
    numbers), terms in order, a term cut every `limit` postings."""
    count = len(postings.docnums)
    ends = np.append(postings.term_starts[1:], count)
    local = np.arange(count) - np.repeat(postings.term_starts, ends - postings.term_starts)
    opens = local % limit == 0
    bstart = np.flatnonzero(opens)
    block = np.cumsum(opens) - 1
    bcount = np.diff(np.append(bstart, count))
    first_token = postings.posting_starts[bstart]
    btokens = np.diff(np.append(first_token, len(postings.deltas)))
    region = np.cumsum(bcount + btokens) - (bcount + btokens)  # a block's counts, then its deltas
    numbers = np.empty(count + len(postings.deltas), dtype=np.int64)
    numbers[region[block] + np.arange(count) - bstart[block]] = postings.freqs
    owner = np.repeat(block, postings.freqs)
    numbers[region[owner] + bcount[owner] + np.arange(len(postings.deltas)) - first_token[owner]] = \
        postings.deltas
    raw, offsets = _varints(numbers)
    cuts = offsets[region].tolist()
    return list(map(raw.__getitem__, map(slice, cuts, [*cuts[1:], len(raw)])))


def pooled_lists(postings: Postings) -> dict[bytes, list[Any]]:
    """Return `postings` as the writer's TermPool holds them (term bytes ->
    [docnum, weight, value, ...]); per posting Python: for checks, not timing."""
    docnums, freqs = postings.docnums.tolist(), postings.freqs.tolist()
    starts, deltas = [*postings.posting_starts.tolist(), len(postings.deltas)], postings.deltas.tolist()
    ends = [*postings.term_starts.tolist()[1:], len(docnums)]
    pooled = {}
    for term, first, end in zip(postings.terms, postings.term_starts.tolist(), ends, strict=True):
        flat: list[Any] = []
        for at in range(first, end):
            if deltas:
                value = textfields.encode_positions(np.cumsum(deltas[starts[at]:starts[at + 1]]).tolist())
            else:
                value = b""
            flat += (docnums[at], float(freqs[at]), value)
        pooled[term] = flat
    return pooled


def pool_field(field: Any, name: str, pairs: Pairs) -> tuple[dict[bytes, list[Any]], list[int]]:
    """Return the present path's pooled postings of field `name` for `pairs`
    (field.triples, then TermPool.add_document, as BulkWriter does) and each value's length."""
    pool = TermPool(None, None)
    pool.limit = 1 << 62  # no spill: the pool's lists are the answer
    lengths = []
    for docnum, value in pairs:
        columns, length = field.triples(value)
        pool.add_document(docnum, [(name, columns)])
        lengths.append(length)
    return pool.terms.get(name, {}), lengths


def pooled_streams(terms: dict[bytes, list[Any]], limit: int = BLOCK_LIMIT) -> list[bytes]:
    """Return stream_blocks' bytes from the present path's pool: what the flush's
    stream_bytes rebuilds from each block's values (value_deltas each)."""
    blocks = []
    for term in sorted(terms):
        values = terms[term][2::3]
        for at in range(0, len(values), limit):
            found = list(map(value_deltas, values[at:at + limit]))
            numbers = [*map(len, found), *chain.from_iterable(found)]  # type: ignore[arg-type]
            blocks.append(bytes(numbers) if max(numbers) < 0x80 else b"".join(map(pack_varint, numbers)))
    return blocks


# The fields priced: the phrase field with the largest write share, and the stemmed one beside it.
FIELDS = {"exact": (exact_postings, True), "text": (stemmed_postings, False)}


def field_values(articles: Sequence[Any], names: Sequence[str] = tuple(FIELDS)) -> dict[str, list[tuple[int, str]]]:
    """Return, per field of `names`, the (docnum, value) pairs a segment of
    `articles` indexes, docnums in the writer's document order."""
    values: dict[str, list[tuple[int, str]]] = {name: [] for name in names}
    docnum = 0
    for article in articles:
        for para in article.paragraphs:
            for doc in unit_documents(article, para, "rev"):
                for name in names:
                    if doc.get(name):
                        values[name].append((docnum, doc[name]))
                docnum += 1
    return values


def present_path(name: str, pairs: Pairs) -> Any:
    """Run the present path of field `name` over `pairs` (pool, and a positions field's streams)."""
    terms, _ = pool_field(build_schema()[name], name, pairs)
    return pooled_streams(terms) if FIELDS[name][1] else terms


def bulk_path(name: str, pairs: Pairs) -> Any:
    """Run the bulk path of field `name` over `pairs` (arrays, and a positions field's streams)."""
    build, positions = FIELDS[name]
    postings = build(build_schema()[name], [d for d, _ in pairs], [v for _, v in pairs])
    return stream_blocks(postings) if positions else postings


def check(name: str, pairs: Pairs, limit: int = BLOCK_LIMIT) -> int:
    """Assert the bulk path's postings, lengths (and streams, blocks of `limit`)
    equal the present path's for field `name` (an ExactText or StemmedText
    field); return the postings compared.  Raises AssertionError."""
    field = build_schema()[name]
    terms, lengths = pool_field(field, name, pairs)
    positions = isinstance(field, textfields.ExactText)
    build = exact_postings if positions else stemmed_postings
    postings = build(field, [d for d, _ in pairs], [v for _, v in pairs])
    assert pooled_lists(postings) == terms, f"{name}: postings differ"
    assert postings.lengths.tolist() == lengths, f"{name}: field lengths differ"
    if positions:
        assert stream_blocks(postings, limit) == pooled_streams(terms, limit), f"{name}: position streams differ"
    return len(postings.docnums)


def cpu_ms(run: Callable[[str, Pairs], Any], name: str, pairs: Pairs) -> float:
    """Return one run's process CPU in ms, caches of the last texts cleared."""
    textfields._lowered_words.cache_clear()
    gc.collect()
    start = time.process_time()
    run(name, pairs)
    return (time.process_time() - start) * 1e3


def measure(name: str, pairs: Pairs, runs: int) -> tuple[float, float]:
    """Return the medians of `runs` alternated runs of each path (present, bulk), CPU ms, after a warm-up."""
    present, bulk = [], []
    cpu_ms(present_path, name, pairs)
    cpu_ms(bulk_path, name, pairs)
    for turn in range(runs):
        order = ((present, present_path), (bulk, bulk_path))
        for times, run in order if turn % 2 == 0 else order[::-1]:
            times.append(cpu_ms(run, name, pairs))
    return statistics.median(present), statistics.median(bulk)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default="500,2000,10000", help="derived paragraphs a batch, comma-separated")
    p.add_argument("--runs", type=int, default=3, help="alternated runs of each path a size and field")
    p.add_argument("--only", choices=("present", "bulk", "none"), help="run one path once, `exact`, first size")
    args, rest = p.parse_known_args(argv)
    args.corpus = segment_args(rest)  # --seed, --bbc, --work as bench.ingest.segment_write takes them
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    pool = build_pool(load_articles(args.corpus), [])
    for size in map(int, args.sizes.split(",")):
        values = field_values(list(iter_derived(pool, size, args.corpus.seed)))
        if args.only:
            run = {"present": present_path, "bulk": bulk_path}.get(args.only)
            if run is not None:
                run("exact", values["exact"])
            return 0
        for name, pairs in values.items():
            compared = check(name, pairs)
            present, bulk = measure(name, pairs, args.runs)
            print(f"{size:>6} {name:<6} postings {compared:>8} equal | CPU ms present {present:8.1f}  "
                  f"bulk {bulk:8.1f}  ({bulk / present:.2f}x)  load {os.getloadavg()[0]:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
