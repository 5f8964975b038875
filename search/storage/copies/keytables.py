"""A segment's fingerprint keys as one sorted table, looked up by key.

Owns KeyTableColumn, the Whoosh column of search.storage.schema's
QUOTE_KEYS_FIELD and PARA_KEYS_FIELD: a document's value is its sampled fingerprint keys
(search.storage.copies.fingerprints) as 8-byte words (key_bytes), and the
segment's column file is every (key, docnum) pair sorted by key, then
docnum: the n keys, then the n docnums, little-endian.  A key's documents
(KeyTableReader.docnums) are then two binary searches, numpy over a memory
map of the file: what the postings of a term of a KEYWORD field gave,
the documents holding it in docnum order, deleted ones included.

The keys were KEYWORD fields until issue #34's speed21: nearly every key
is in one document only, and each such term cost the flush its own terms
row, postings header and pickled info (about 100 bytes on disk) and a
dozen Python calls: a third of a BBC segment's terms.  Here a key costs
12 bytes and a share of one numpy sort.  A document's own keys, as a
merge copies them (KeyTableReader[docnum]), come from the table too.
Whoosh reads the file only through this class (pickled in the schema, as
any column type is).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from whoosh.columns import Column, ColumnReader, ColumnWriter

# The fields (search.storage.schema): a paragraph's quotes' keys, its text's keys.
QUOTE_KEYS_FIELD = "quote_key_table"
PARA_KEYS_FIELD = "para_key_table"
KEY_DTYPE = np.dtype("<u8")
DOC_DTYPE = np.dtype("<u4")
_ROW_BYTES = KEY_DTYPE.itemsize + DOC_DTYPE.itemsize
_NONE = np.zeros(0, dtype=DOC_DTYPE)


def key_bytes(keys: Iterable[str]) -> bytes | None:
    """Return hex fingerprint keys (fingerprints.fingerprint_keys) as one
    column value: each distinct key once, as 8 big-endian bytes, sorted;
    None when there are none (the document gets no value)."""
    unique = sorted(set(keys))
    return bytes.fromhex("".join(unique)) if unique else None


def key_number(key: str) -> int:
    """Return a hex fingerprint key as the number the table sorts by."""
    return int(key, 16)


class KeyTableWriter(ColumnWriter):
    """Keeps each document's keys and writes the sorted table at finish."""

    def __init__(self, dbfile: Any) -> None:
        super().__init__(dbfile)
        self._values: list[bytes] = []
        self._docnums: list[int] = []

    def add(self, docnum: int, value: bytes) -> None:
        """Add document `docnum`'s keys (key_bytes; empty: none); documents
        come in docnum order."""
        if value:
            self._values.append(value)
            self._docnums.append(docnum)

    def finish(self, doccount: int) -> None:
        """Write the (key, docnum) table, sorted by key then docnum."""
        if not self._values:
            return
        keys = np.frombuffer(b"".join(self._values), dtype=">u8").astype(KEY_DTYPE)
        counts = [len(value) >> 3 for value in self._values]
        docnums = np.repeat(np.asarray(self._docnums, dtype=DOC_DTYPE), counts)
        order = np.argsort(keys, kind="stable")  # docnums rose as added: ties stay in docnum order
        self._dbfile.write(keys[order].tobytes())
        self._dbfile.write(docnums[order].tobytes())


class KeyTableReader(ColumnReader):
    """A segment's key table: its documents by key, and each document's keys."""

    def __init__(self, dbfile: Any, basepos: int, length: int, doccount: int) -> None:
        super().__init__(dbfile, basepos, length, doccount)
        rows = length // _ROW_BYTES
        self._keys = _table_array(dbfile, basepos, rows, KEY_DTYPE)
        self._docnums = _table_array(dbfile, basepos + rows * KEY_DTYPE.itemsize, rows, DOC_DTYPE)
        self._by_doc: tuple[np.ndarray, np.ndarray] | None = None

    def docnums(self, key: int) -> np.ndarray:
        """Return the docnums holding `key` (key_number), ascending."""
        keys, wanted = self._keys, np.uint64(key)
        low = int(keys.searchsorted(wanted, "left"))
        high = int(keys.searchsorted(wanted, "right"))
        return self._docnums[low:high] if high > low else _NONE

    def __getitem__(self, docnum: int) -> bytes:
        """Return document `docnum`'s value as it was added (b"": none)."""
        if self._by_doc is None:
            order = np.argsort(self._docnums, kind="stable")
            self._by_doc = (np.asarray(self._docnums)[order], np.asarray(self._keys)[order])
        docs, keys = self._by_doc
        low, high = docs.searchsorted(docnum, "left"), docs.searchsorted(docnum, "right")
        return np.sort(keys[low:high]).astype(">u8").tobytes()


class KeyTableColumn(Column):
    """The column type of a fingerprint-key field (see the module)."""

    Writer = KeyTableWriter
    Reader = KeyTableReader
    _default = b""


def _table_array(dbfile: Any, position: int, count: int, dtype: np.dtype) -> np.ndarray:
    """Return `count` values of `dtype` at `position` of `dbfile`: a memory
    map of a real file (pages read as a search touches them), else a copy."""
    if count == 0:
        return np.zeros(0, dtype=dtype)
    if getattr(dbfile, "is_real", False):
        return np.memmap(dbfile.file, dtype=dtype, mode="r", offset=position, shape=(count,))
    return np.frombuffer(dbfile.get(position, count * dtype.itemsize), dtype=dtype)
