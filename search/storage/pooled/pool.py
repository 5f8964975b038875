"""The bulk writer's posting pool: per field and term, the flat list of
its postings, kept in docnum order as documents arrive, and spilled as
sorted runs of marshal records past its memory limit.

Owns TermPool, which search.storage.whoosh_writers' BulkWriter pools
into and search.storage.pooled.flush writes from.  It reads no private
attribute of another object (Whoosh's SortingPool methods it overrides
are its own).
"""
from __future__ import annotations

import marshal
import struct
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

from whoosh.writing import PostingPool

# Postings per marshal record of a spilled run: big enough that per-record
# costs vanish, small enough that a merge holds one record per run.
RUN_BATCH = 8192
# A posting as the bulk path pools it: (term bytes, weight, value bytes).
Triple = tuple[bytes, float, bytes | None]


class TermPool(PostingPool):
    """Whoosh's PostingPool keeping, per field and term, the flat list
    [docnum, weight, value bytes, ...] of its postings (`terms`): documents
    arrive in docnum order, so each term's postings are sorted as they come
    and the flush needs no sort of every posting (sorted() of 2.3 million
    tuples was 9% of a BBC ingest).  A document's postings come at once
    (add_document), sized at POSTING_BYTES each (the spill limit is an
    estimate); sorted runs are spilled run_batch (RUN_BATCH) postings to a
    marshal record.

    Whoosh pickles each posting into a run and loads each back one call at
    a time: with 711 saved pages (3.7 million postings, three runs) that
    was 34 of 154 profiled seconds of indexing.  The runs are the same postings in the same
    order, merged the same way."""

    run_batch = RUN_BATCH  # per pool, like its limit: a test spills records of a few postings

    def __init__(self, tempstore: Any, segment: Any, **kwargs: Any) -> None:
        super().__init__(tempstore, segment, **kwargs)
        self.terms: dict[str, dict[bytes, list[Any]]] = {}
        # False once a term's docnums repeat or go back (a spelling word,
        # postings added out of order): iter_postings then sorts each term's.
        self.in_order = True

    def add_document(self, docnum: int, postings: list[tuple[str, list[Triple]]]) -> None:
        """Pool document `docnum`'s postings, (field name, its triples) pairs;
        `docnum` is above every docnum pooled before."""
        self.currentsize += sum(len(triples) for _, triples in postings) * POSTING_BYTES
        if self.currentsize > self.limit:
            self.save()
        pooled = self.terms
        for name, triples in postings:
            terms = pooled.get(name)
            if terms is None:
                terms = pooled[name] = {}
            for tbytes, weight, vbytes in triples:
                found = terms.get(tbytes)
                if found is None:
                    terms[tbytes] = [docnum, weight, vbytes]
                else:
                    found += (docnum, weight, vbytes)

    def add(self, item: tuple[Any, ...]) -> None:
        """Pool one (field name, term bytes, docnum, weight, value bytes)
        posting: Whoosh's own add_document and add_reader call this."""
        name, tbytes, docnum, weight, vbytes = item
        self.fieldnames.add(name)
        self.currentsize += POSTING_BYTES
        if self.currentsize > self.limit:
            self.save()
        if docnum < 0:  # a spelling word: Whoosh's path leaves it out
            self.in_order = False
        terms = self.terms.setdefault(name, {})
        found = terms.get(tbytes)
        if found is None:
            terms[tbytes] = [docnum, weight, vbytes]
            return
        if found[-3] >= docnum:
            self.in_order = False
        found += (docnum, weight, vbytes)

    def sorted_postings(self) -> Iterator[tuple[Any, ...]]:
        """Yield the pooled postings as Whoosh sorts them: by field name,
        term, docnum, weight and value."""
        for name in sorted(self.terms):
            terms = self.terms[name]
            for tbytes in sorted(terms):
                flat = terms[tbytes]
                triples: Iterable[tuple[Any, ...]] = zip(flat[0::3], flat[1::3], flat[2::3], strict=True)
                if not self.in_order:
                    triples = sorted(triples)
                for docnum, weight, vbytes in triples:
                    yield name, tbytes, docnum, weight, vbytes

    def save(self) -> None:
        if self.terms:
            path, f = self._new_run()
            self._write_run(f, self.sorted_postings())
            self._add_run(path)
            self.terms = {}
        self.currentsize = 0

    def items(self, maxfiles: int = 128) -> list[Any] | Iterator[Any]:
        if not self.runs:
            return self.sorted_postings()
        return super().items(maxfiles)  # spills what is pooled, merges the runs

    def _write_run(self, f: Any, items: Iterable[tuple[Any, ...]]) -> None:
        stream = iter(items)
        while batch := list(islice(stream, self.run_batch)):
            record = marshal.dumps(batch)
            f.write(_RECORD_SIZE.pack(len(record)) + record)
        f.close()

    def _read_run(self, path: str) -> Iterator[tuple[Any, ...]]:
        f = self._open_run(path)
        try:
            # Sized records read whole: marshal.load(f) reads a file object a
            # few bytes per call (11 s for 456 records under the profiler).
            while header := f.read(_RECORD_SIZE.size):
                yield from marshal.loads(f.read(_RECORD_SIZE.unpack(header)[0]))
        finally:
            f.close()
            self._remove_run(path)


# A posting's size as Whoosh's PostingPool estimates it (for a 6-letter
# field, 7-letter term, 8-byte value).
POSTING_BYTES = 190
_RECORD_SIZE = struct.Struct("<Q")
