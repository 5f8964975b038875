"""A segment's postings (.pst) and terms (.trm) files written from postings
pooled per term, byte for byte what Whoosh 3's W3FieldWriter writes.

Whoosh's FieldWriter.add_postings takes one sorted posting at a time and
makes ~10 calls per term (start_term, finish_term, finish_postings,
_write_block, W3TermInfo.add_block and to_bytes, the terms file's add) and
three per posting: 44% of the CPU of a one-process BBC ingest.  Here each
term's docnums, weights and values arrive as one list already in docnum
order (search.storage.pooled.pool's TermPool) and go to
search.storage.pooled.blockwriter's BlockWriter, which encodes the
postings file; a pool that spilled runs gives each term's list in pieces,
one per run and record (write_merged_terms), written a block at a time.
Per term a W3TermInfo row goes to the terms file's OrderedHashWriter (its
rows and hash tables written by search.storage.pooled.termsfile); a
compact table without hashes takes a field's rows at once, their compact
infos made by BlockWriter.write_field (a spilled pool's terms a batch of
whole short terms at a time).

Like search.storage.pooled.whoosh_writers (whose BulkWriter calls it) this module reads Whoosh's private
attributes (the field writer's files and its codec's settings), so that a
Whoosh upgrade is fixed here; tests/search/storage/test_field_postings.py and
pooled/test_flush.py check the files against Whoosh's own writer.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from itertools import chain, groupby
from operator import itemgetter
from typing import Any

from whoosh.system import pack_ushort

from onrecord.search.storage.pooled.blockwriter import LENGTH_BYTE as LENGTH_BYTE  # whoosh_writers' length column
from onrecord.search.storage.pooled.blockwriter import BlockWriter
from onrecord.search.storage.pooled.compactblocks import term_magic
from onrecord.search.storage.pooled.compactterms import FIELD_WRITERS
from onrecord.search.storage.pooled.pool import TermRecord
from onrecord.search.storage.pooled.positionstream import writes_streams
from onrecord.search.storage.pooled.termsfile import TermRows, write_hash_tables

# Pooled postings: per field name, per term bytes, the flat list [docnum, weight, value bytes, docnum, ...].
PooledTerms = Mapping[str, Mapping[bytes, list[Any]]]
_KEY, _FLAT = itemgetter(0, 1), itemgetter(2)
# A spilled pool's short terms are written this many at a time (write_merged_terms).
MERGED_BATCH = 4096


def can_write_pooled(fieldwriter: Any) -> bool:
    """Return True if `fieldwriter` is Whoosh 3's own (or sortedterms'),
    with settings this module reproduces.  Whoosh 3 inlines a term of fewer
    than `inlinelimit` postings through a method its TermInfo lacks
    (AttributeError), so a codec asking for inlining (inlinelimit > 1) keeps Whoosh's path."""
    codec = getattr(fieldwriter, "_codec", None)
    return type(fieldwriter) in FIELD_WRITERS and codec is not None and codec._inlinelimit <= 1


def write_pooled_terms(fieldwriter: Any, schema: Any, lengths: Any, fields: PooledTerms) -> None:
    """Write every pooled term of `fields` (field names and terms in sorted
    order, as Whoosh sorts them) into `fieldwriter`'s postings and terms
    files; `lengths` gives each document's field length (or is None, every
    length 0).  The caller closes the field writer."""
    out = _Terms(fieldwriter, schema, lengths)
    for fieldname in sorted(fields):
        terms = fields[fieldname]
        if not terms:
            continue
        prefix = out.start_field(fieldname)
        keys = sorted(terms)
        out.write_terms(prefix, keys, list(map(terms.__getitem__, keys)))
    out.finish()


def write_merged_terms(fieldwriter: Any, schema: Any, lengths: Any, records: Iterable[TermRecord]) -> None:
    """Write the terms of `records`, (field name, term bytes, flat postings)
    sorted by field name and term, a term's records in a row and in docnum
    order (TermPool.iter_terms: a spilled pool's runs merged), as
    write_pooled_terms writes the joined lists, holding about one block
    of a term at a time; a term of one record and block waits with up to
    MERGED_BATCH others of its field, written together (write_terms).
    Raises ValueError if the terms do not increase."""
    out = _Terms(fieldwriter, schema, lengths)
    block = out.block
    step = 3 * block.blocklimit
    keys: list[bytes] = []
    flats: list[list[Any]] = []
    current = None
    prefix = b""
    for (fieldname, tbytes), group in groupby(records, key=_KEY):
        if fieldname != current:
            out.write_terms(prefix, keys, flats)  # (the field before's settings)
            current, keys, flats = fieldname, [], []
            prefix = out.start_field(fieldname)
        pieces = map(_FLAT, group)
        flat = next(pieces)
        more = next(pieces, None)
        if more is None and len(flat) <= step:
            keys.append(tbytes)
            flats.append(flat)
            if len(keys) >= MERGED_BATCH:
                out.write_terms(prefix, keys, flats)
                keys, flats = [], []
            continue
        out.write_terms(prefix, keys, flats)  # the terms before it, first
        keys, flats = [], []
        out.add(prefix + tbytes, block.write_pieces(chain((flat,), () if more is None else (more,), pieces)))
    out.write_terms(prefix, keys, flats)
    out.finish()


class _Terms:
    """The files of one flush: the postings file's block writer and the
    terms file's rows, and the field being written."""

    def __init__(self, fieldwriter: Any, schema: Any, lengths: Any) -> None:
        codec = fieldwriter._codec
        self._codec = codec
        self.block = BlockWriter(codec._blocklimit, codec._compression, fieldwriter._postfile, term_magic(codec))
        self._rows = TermRows(fieldwriter._tindex)
        # The field writer's close writes the terms file's hash tables:
        # in bulk, a bucket at a time, instead of a write call per slot.
        fieldwriter._tindex._write_hashes = partial(write_hash_tables, fieldwriter._tindex)
        self.add = self._rows.add
        # A compact table without hashes takes a field's compact infos (write_field's) in one call.
        self.takes_infos = self._rows.takes_infos
        self.add_infos = self._rows.add_infos
        self._fieldmap = fieldwriter._fieldmap
        self._schema = schema
        self._lengths = lengths

    def start_field(self, fieldname: str) -> bytes:
        """Start writing field `fieldname`'s terms; return its term keys' prefix."""
        fieldid = self._fieldmap.setdefault(fieldname, len(self._fieldmap))
        dfl = self._lengths.doc_field_length_reader(fieldname) if self._lengths else None
        fmt = self._schema[fieldname].format
        self.block.start_field(fmt.fixed_value_size(), dfl, writes_streams(self._codec, fmt))
        return pack_ushort(fieldid)

    def write_terms(self, prefix: bytes, keys: list[bytes], flats: list[list[Any]]) -> None:
        """Write the terms `prefix` + each of `keys` (sorted, of the field
        started last) of postings `flats` (each a whole term's flat list):
        a table that takes compact infos gets the field's rows in one call."""
        if not keys:
            return
        if self.takes_infos:
            self.add_infos(prefix, keys, self.block.write_field(flats))
            return
        write = self.block.write_term
        for tbytes, flat in zip(keys, flats, strict=True):
            self.add(prefix + tbytes, write(flat))

    def finish(self) -> None:
        """Hand what is left to the files."""
        self.block.flush()
        self._rows.flush()
