"""The bulk writer's posting pool: per field and term, the flat list of
its postings, kept in docnum order as documents arrive, and spilled as
sorted runs of marshal records past its memory limit.

Owns TermPool, which search.storage.pooled.whoosh_writers' BulkWriter pools
into and search.storage.pooled.flush writes from.  It reads no private
attribute of another object (Whoosh's SortingPool methods it overrides
are its own).
"""
from __future__ import annotations

import marshal
import struct
from bisect import bisect_right
from collections import defaultdict, deque
from collections.abc import Iterable, Iterator
from heapq import merge
from itertools import accumulate, chain, groupby, repeat
from operator import itemgetter
from typing import Any

from whoosh.writing import PostingPool

from onrecord.search.storage.pooled.collector import freeze_grown

# Postings per marshal record of a spilled run: big enough that per-record
# costs vanish, small enough that a merge holds one record per run (and a
# term's list is cut into pieces of this many).
RUN_BATCH = 8192
# Documents pooled between two freezes of what the write made (collector.freeze_grown):
# a few thousand new term lists, about what a collection of the second generation walks.
FREEZE_DOCUMENTS = 256
# A field's postings as the bulk path pools them: three parallel lists, the
# terms' bytes, weights and value bytes (a stream codec's positions: their
# deltas, positionstream.OWN_VALUE; search.storage.textfields.Columns).
Columns = tuple[list[bytes], list[float], list[Any]]
# A spilled run's record: (field name, term bytes, flat postings or a piece of them).
TermRecord = tuple[str, bytes, list[Any]]
# A spilled run's marshal record: (field name, its terms' bytes, their flat postings or pieces) groups,
# a field's terms in a row, read back as TermRecords.
RunGroup = tuple[str, list[bytes], list[list[Any]]]
_KEY = itemgetter(0, 1)
_COLUMNS = itemgetter(1)  # a document's (field name, columns) pair's columns
_TERMS = itemgetter(0)  # the columns' term bytes: one a posting


def _consume(items: Iterable[Any]) -> None:
    """Run `items` to its end, keeping nothing (in C: a deque of no length)."""
    deque(items, maxlen=0)


class TermPool(PostingPool):
    """Whoosh's PostingPool keeping, per field and term, the flat list
    [docnum, weight, value bytes, ...] of its postings (`terms`, a field's
    terms a defaultdict(list) where the pool makes them): documents
    arrive in docnum order, so each term's postings are sorted as they come
    and the flush needs no sort of every posting (sorted() of 2.3 million
    tuples was 9% of a BBC ingest).  A document's postings come at once
    (add_document), sized at POSTING_BYTES each (the spill limit is an
    estimate).

    Past the limit the terms are spilled as a sorted run of term records,
    (field name, term bytes, flat postings), about run_batch (RUN_BATCH)
    postings to a marshal record (a field's terms and lists as two columns,
    RunGroup), a term's list cut into pieces of at most that many.  A run
    holds higher docnums than the runs before it, so the flush
    merges runs per term (iter_terms) and writes each term from its pieces
    in run order, with no Python per posting: a 24k-paragraph bench segment
    spills 9 runs, and Whoosh's merge of single postings was 31 of its 80
    CPU seconds.  Whoosh's own flush still reads the runs a posting at a
    time (items), for what the pooled flush does not write."""

    run_batch = RUN_BATCH  # per pool, like its limit: a test spills records of a few postings

    def __init__(self, tempstore: Any, segment: Any, **kwargs: Any) -> None:
        super().__init__(tempstore, segment, **kwargs)
        self.terms: dict[str, dict[bytes, list[Any]]] = {}
        # False once a term's docnums repeat or go back (a spelling word,
        # postings added out of order): iter_postings then sorts each term's,
        # and runs can no longer be joined per term.
        self.in_order = True
        self._top = -1  # the highest docnum pooled
        self._floor = -1  # the highest docnum spilled: a run's are all above it

    def add_document(self, docnum: int, postings: list[tuple[str, Columns]]) -> None:
        """Pool document `docnum`'s postings, (field name, its columns) pairs;
        `docnum` is above every docnum pooled before."""
        self.currentsize += sum(map(len, map(_TERMS, map(_COLUMNS, postings)))) * POSTING_BYTES  # in C, no generator
        if self.currentsize > self.limit:
            self.save()
        if not docnum % FREEZE_DOCUMENTS:
            freeze_grown()  # the pool's lists out of the collector's passes
        self._top = docnum
        pooled = self.terms
        docnums = repeat(docnum)
        for name, (tbytes, weights, values) in postings:
            terms = pooled.get(name)
            if terms is None:
                terms = pooled[name] = defaultdict(list)
            # Every posting appended in C, no bytecode per posting: its
            # term's list found (or made, by the defaultdict) and extended
            # by (docnum, weight, value) from the three columns (a triple
            # a posting, made by the analysis and taken apart here by
            # itemgetters, was ~9% of `exact`'s analysis and pooling).
            _consume(map(list.extend, map(terms.__getitem__, tbytes),
                         zip(docnums, weights, values, strict=False)))

    def add_terms(self, records: Iterable[TermRecord], first: int, top: int) -> None:
        """Pool the postings of documents `first` to `top` (none pooled
        before, `first` above every docnum pooled), given term by term as
        (field name, term bytes, flat postings) records sorted by field
        name and term, a term in one record (a merged segment's postings:
        BulkWriter.add_reader).  Records that outgrow the pool's memory go,
        with the rest of them, to a run of their own after the terms in
        memory are spilled: a run still holds only docnums above the runs
        before it.  Raises ValueError if `first` is not above the pool's;
        an error raised by `records` leaves none of them pooled."""
        if first <= self._top:
            raise ValueError(f"docnum {first} is not above the pooled {self._top}")
        budget = self.limit - self.currentsize
        held: list[TermRecord] = []
        size = 0
        records = iter(records)
        for record in records:
            held.append(record)
            size += len(record[2]) // 3 * POSTING_BYTES
            if size > budget:
                self.save()  # the lower docnums first
                self._spill_records(chain(held, records))
                self._top = self._floor = top
                return
        self.currentsize += size
        self._top = top
        pooled = self.terms
        for name, tbytes, flat in held:
            terms = pooled.get(name)
            if terms is None:
                terms = pooled[name] = defaultdict(list)
            found = terms.get(tbytes)
            if found is None:
                terms[tbytes] = flat
            else:
                found += flat

    def _spill_records(self, records: Iterable[TermRecord]) -> None:
        """Write term records as a run of their own; if reading them
        fails, the run is removed and the error raised."""
        path, f = self._new_run()
        try:
            self._write_run(f, records)
        except BaseException:
            f.close()
            self._remove_run(path)
            raise
        self._add_run(path)

    def add(self, item: tuple[Any, ...]) -> None:
        """Pool one (field name, term bytes, docnum, weight, value bytes)
        posting: Whoosh's own add_document and add_reader call this."""
        name, tbytes, docnum, weight, vbytes = item
        self.fieldnames.add(name)
        self.currentsize += POSTING_BYTES
        if self.currentsize > self.limit and docnum != self._top:
            self.save()  # between documents: a run's docnums are all below the next run's
        if docnum < 0 or docnum <= self._floor:  # a spelling word, or below a spilled run's
            self.in_order = False
        if docnum > self._top:
            self._top = docnum
        terms = self.terms.get(name)
        if terms is None:
            terms = self.terms[name] = defaultdict(list)
        found = terms.get(tbytes)
        if found is None:
            terms[tbytes] = [docnum, weight, vbytes]
            return
        if found[-3] >= docnum:
            self.in_order = False
        found += (docnum, weight, vbytes)

    def sorted_postings(self) -> Iterator[tuple[Any, ...]]:
        """Yield the pooled postings as Whoosh sorts them: by field name,
        term, docnum, weight and value; the pool is emptied as they go."""
        for name, tbytes, flat in _sorted_terms(self.terms, self.in_order):
            yield from zip(repeat(name), repeat(tbytes), flat[0::3], flat[1::3], flat[2::3])

    def save(self) -> None:
        if self.terms:
            path, f = self._new_run()
            if self.in_order:
                self._write_pooled_run(f)
            else:
                self._write_run(f, _sorted_terms(self.terms, False))
            self._add_run(path)
            self.terms = {}
            self._floor = self._top
        self.currentsize = 0

    def iter_terms(self, maxfiles: int = 128) -> Iterator[TermRecord]:
        """Return an iterator of every pooled term's postings, the runs' and
        those in memory, as (field name, term bytes, flat postings) records
        sorted by field name and term; a term's records come in a row, in
        docnum order, and joined make its flat list.  The pool is emptied.
        Raises ValueError if the pool is not in_order (its runs' lists do
        not join in docnum order)."""
        if not self.in_order:
            raise ValueError("the pooled postings are not in docnum order")
        self._reduce_runs(max(2, maxfiles - 1))  # one more source: the terms in memory
        sources = [self._read_run(path) for path in self.runs]
        sources.append(_sorted_terms(self.terms, True))
        self.runs, self.terms, self.currentsize = [], {}, 0
        return merge(*sources, key=_KEY)  # stable: equal terms in run order

    def items(self, maxfiles: int = 128) -> list[Any] | Iterator[Any]:
        """Return an iterator of every pooled posting, sorted as Whoosh
        sorts them (Whoosh's flush reads it); the pool is emptied."""
        if not self.runs:
            return self.sorted_postings()
        self.save()
        self._reduce_runs(maxfiles)
        runs, self.runs = self.runs, []
        return merge(*(self._read_postings(path) for path in runs))

    def _reduce_runs(self, maxfiles: int) -> None:
        """Merge the oldest runs into one until at most `maxfiles` are left
        (open at once by a merge), keeping the runs in docnum order.
        Raises ValueError if `maxfiles` < 2."""
        if maxfiles < 2:
            raise ValueError(f"maxfiles={maxfiles} must be >= 2")
        while len(self.runs) > maxfiles:
            oldest, self.runs = self.runs[:maxfiles], self.runs[maxfiles:]
            records: Iterable[TermRecord]
            if self.in_order:
                records = merge(*(self._read_run(path) for path in oldest), key=_KEY)
            else:
                records = _regroup(merge(*(self._read_postings(path) for path in oldest)))
            path, f = self._new_run()
            self._write_run(f, records)
            self.runs.insert(0, path)

    def _write_run(self, f: Any, records: Iterable[TermRecord]) -> None:
        """Write term records to run file `f` in marshal records of about
        run_batch postings, cutting longer lists; close it."""
        size = 3 * self.run_batch
        batch: list[RunGroup] = []
        held = 0
        for name, tbytes, flat in records:
            pieces = [flat] if len(flat) <= size else [flat[at:at + size] for at in range(0, len(flat), size)]
            for piece in pieces:
                if not batch or batch[-1][0] != name:
                    batch.append((name, [], []))
                batch[-1][1].append(tbytes)
                batch[-1][2].append(piece)
                held += len(piece)
                if held >= size:
                    _write_record(f, batch)
                    batch, held = [], 0
        if batch:
            _write_record(f, batch)
        f.close()

    def _write_pooled_run(self, f: Any) -> None:
        """Write the pooled terms (in docnum order) to run file `f` as
        _write_run writes their records, each field's sorted terms cut into
        marshal records of about run_batch postings by C calls (slices,
        accumulate, bisect), not a tuple and a few calls a term; close it.
        The pool's lists leave it a field at a time."""
        size = 3 * self.run_batch
        for name in sorted(self.terms):
            pooled = self.terms.pop(name)
            keys = sorted(pooled)
            lists = list(map(pooled.pop, keys))
            ends = list(accumulate(map(len, lists)))
            start = 0
            while start < len(keys):
                stop = bisect_right(ends, (ends[start - 1] if start else 0) + size, start)
                if stop == start:  # one term's list longer than a record: its pieces a record each
                    flat = lists[start]
                    for at in range(0, len(flat), size):
                        _write_record(f, [(name, [keys[start]], [flat[at:at + size]])])
                    stop = start + 1
                else:
                    _write_record(f, [(name, keys[start:stop], lists[start:stop])])
                start = stop
        f.close()

    def _read_run(self, path: str) -> Iterator[TermRecord]:
        """Yield a run's term records; the run is removed after."""
        f = self._open_run(path)
        try:
            # Sized records read whole: marshal.load(f) reads a file object a
            # few bytes per call (11 s for 456 records under the profiler).
            while header := f.read(_RECORD_SIZE.size):
                for name, keys, lists in marshal.loads(f.read(_RECORD_SIZE.unpack(header)[0])):
                    yield from zip(repeat(name), keys, lists)
        finally:
            f.close()
            self._remove_run(path)

    def _read_postings(self, path: str) -> Iterator[tuple[Any, ...]]:
        """Yield a run's postings, (field name, term bytes, docnum, weight,
        value bytes), in Whoosh's order."""
        for name, tbytes, flat in self._read_run(path):
            yield from zip(repeat(name), repeat(tbytes), flat[0::3], flat[1::3], flat[2::3])


def _sorted_terms(terms: dict[str, dict[bytes, list[Any]]], in_order: bool) -> Iterator[TermRecord]:
    """Yield pooled `terms` as (field name, term bytes, flat postings) by
    field name and term, each term's postings sorted unless `in_order`;
    each is taken out of `terms` as it goes (a merge frees the pool's
    lists as it writes them)."""
    for name in sorted(terms):
        pooled = terms[name]
        for tbytes in sorted(pooled):
            flat = pooled.pop(tbytes)
            if not in_order:
                flat = [x for triple in sorted(zip(flat[0::3], flat[1::3], flat[2::3], strict=True)) for x in triple]
            yield name, tbytes, flat


def _regroup(postings: Iterable[tuple[Any, ...]]) -> Iterator[TermRecord]:
    """Yield sorted single postings as term records (a posting at a time:
    only runs of an out-of-order pool take this)."""
    for (name, tbytes), group in groupby(postings, key=_KEY):
        yield name, tbytes, [x for posting in group for x in posting[2:]]


def _write_record(f: Any, batch: list[RunGroup]) -> None:
    # marshal's default version writes an object met twice in a record once:
    # a position value shared within a block stays one object, as Whoosh's
    # pickle of the block needs (version 2, without that table, is faster
    # but changes a Whoosh 3 segment's bytes: tests/search/storage/pooled/test_merge.py).
    record = marshal.dumps(batch)
    f.write(_RECORD_SIZE.pack(len(record)) + record)


# A posting's size in this pool, measured: 67 bytes (tracemalloc, everything
# a derived corpus's 3,000 paragraphs, 786,472 postings, left allocated:
# the flat lists, term and value bytes, the writer's buffers), rounded up.
# Whoosh's PostingPool estimates 190 for its tuple per posting, which
# spilled this pool at a third of its memory limit: a 24k-paragraph
# segment in 9 runs, each run's terms merged and written in pieces.
POSTING_BYTES = 70
_RECORD_SIZE = struct.Struct("<Q")
