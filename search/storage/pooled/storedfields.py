"""The stored fields of a segment compressed against a preset dictionary.

Owns `CompactStoredCodec` (the base of PositionStreamCodec and of
LearntStoredCodec, the codec onrecord writes segments with:
pooled/learntstored): CompactTermsCodec's term table, and each document's
stored fields (the pickled dict Whoosh 3 keeps in its `_stored` column, zlib level 3 a
document) compressed with a zlib preset dictionary (`STORED_DICTIONARY`).
Whoosh compresses each document's pickle alone, so the field names, the
quote JSON's keys and its usual values (a third of a paragraph's 350
bytes) are written again in every document; with the dictionary they cost
a back-reference.  The dictionary is the pickle of two template documents
(`TEMPLATE_PARAGRAPH`, `TEMPLATE_QUOTE`: the schema's stored names and the
model's quote keys, no article's words), and the codec object keeps its
bytes: a segment pickles its codec in the table of contents, so a segment
is read with the dictionary it was written with even if the template
changes.  `stored_fields` returns the dict Whoosh's returns, so nothing
above the per-document reader sees a difference.

Older segments (W3Codec, SortedTermsCodec, CompactTermsCodec) are read
through their own codec; any merge writes LearntStoredCodec.  onrecord before
this module cannot open a segment it wrote (the pickled class: the named
error of search.storage.integrity.damage says to upgrade onrecord); the class must
stay at this import path.
"""
from __future__ import annotations

import json
import pickle
import zlib
from typing import Any

from whoosh import columns
from whoosh.codec.whoosh3 import W3PerDocReader, W3PerDocWriter

from onrecord.search.storage.pooled.compactterms import CompactTermsCodec

# Whoosh 3's level for the stored column (STORED_COLUMN's CompressedBytesColumn): the same write cost.
STORED_LEVEL = 3
# The preset dictionary's template documents (rules as data: one row a stored name).  Values are
# placeholders or the model's own vocabulary (quote kinds, evidence, speaker types), never an
# article's words.  zlib finds a match cheapest near the dictionary's end: the quote document,
# the most frequent kind, comes last.
_TEMPLATE_QUOTE_JSON = [
    {"text": "x", "start": 100, "end": 200, "kind": "direct", "pieces": [[101, 199]], "speaker": "x",
     "speaker_mention": {"text": "a spokesman", "start": 201, "end": 212}, "cue": "said",
     "cue_mention": {"text": "said", "start": 213, "end": 217}, "role": None, "evidence": "pronoun",
     "confidence": 0.85, "speaker_type": "organisation", "speaker_source": "rule:direct"},
    {"text": "x", "start": 100, "end": 200, "kind": "indirect", "pieces": [], "speaker": "x",
     "speaker_mention": {"text": "x", "start": 201, "end": 212}, "cue": "said",
     "cue_mention": {"text": "said", "start": 213, "end": 217}, "role": None, "evidence": "named",
     "confidence": 0.95, "speaker_type": "person", "speaker_source": "rule:reported"},
]
TEMPLATE_PARAGRAPH: dict[str, Any] = {
    "dates": "2004", "doc_id": "x", "end": 300, "institution": "x", "kind": "body", "n": 2,
    "paragraph_id": "x-p2", "quotes_json": json.dumps(_TEMPLATE_QUOTE_JSON), "rev": "0123456789ab",
    "speaker": "x", "start": 100, "text": "x",
}
TEMPLATE_QUOTE: dict[str, Any] = {
    "back": 1, "doc_id": "x", "institution": "x", "n": 2, "qi": 0, "rev": "0123456789ab", "speaker": "x",
}
# Whoosh's PickleColumn pickles with protocol 2: the template in the bytes a document's pickle holds.
STORED_DICTIONARY = pickle.dumps(TEMPLATE_PARAGRAPH, 2) + pickle.dumps(TEMPLATE_QUOTE, 2)


class DictionaryBytesColumn(columns.Column):
    """Whoosh's CompressedBytesColumn (variable-length bytes, zlib a value)
    compressing against a preset dictionary."""

    _default = b""

    def __init__(self, dictionary: bytes, level: int = STORED_LEVEL) -> None:
        self._dictionary = dictionary
        self._level = level

    def writer(self, dbfile: Any) -> DictionaryBytesWriter:
        """Return the column's writer into `dbfile`."""
        return DictionaryBytesWriter(dbfile, self._dictionary, self._level)

    def reader(self, dbfile: Any, basepos: int, length: int, doccount: int) -> DictionaryBytesReader:
        """Return the column's reader of `length` bytes at `basepos`."""
        return DictionaryBytesReader(dbfile, basepos, length, doccount, self._dictionary)


class DictionaryBytesWriter(columns.VarBytesColumn.Writer):
    """VarBytesColumn's writer of each value compressed with the dictionary."""

    def __init__(self, dbfile: Any, dictionary: bytes, level: int) -> None:
        super().__init__(dbfile)
        self._dictionary = dictionary
        self._level = level

    def add(self, docnum: int, v: bytes) -> None:
        """Write document `docnum`'s value compressed (empty bytes too, as Whoosh's does)."""
        packer = zlib.compressobj(self._level, zdict=self._dictionary)
        super().add(docnum, packer.compress(v) + packer.flush())


class DictionaryBytesReader(columns.VarBytesColumn.Reader):
    """VarBytesColumn's reader returning each value decompressed with the dictionary."""

    def __init__(self, dbfile: Any, basepos: int, length: int, doccount: int, dictionary: bytes) -> None:
        super().__init__(dbfile, basepos, length, doccount)
        self._dictionary = dictionary

    def _unpack(self, value: bytes) -> bytes:
        """Return `value` decompressed (b"": a document without one)."""
        if not value:
            return value
        unpacker = zlib.decompressobj(zdict=self._dictionary)
        return unpacker.decompress(value) + unpacker.flush()

    def __getitem__(self, docnum: int) -> bytes:
        return self._unpack(super().__getitem__(docnum))

    def __iter__(self) -> Any:
        return (self._unpack(v) for v in super().__iter__())

    def load(self) -> list[bytes]:
        """Return every value, decompressed."""
        return list(self)


class StoredPerDocWriter(W3PerDocWriter):
    """Whoosh 3's per-document writer whose `_stored` column is the codec's."""

    def _create_column(self, fieldname: str, column: Any) -> None:
        # Whoosh creates `_stored` in __init__ with its STORED_COLUMN, and every later write
        # (finish_doc, the pooled merge's copy) passes that column: its writer is this one.
        super()._create_column(fieldname, self._codec.stored_column() if fieldname == "_stored" else column)


class StoredPerDocReader(W3PerDocReader):
    """Whoosh 3's per-document reader reading `_stored` through the codec's column."""

    def __init__(self, storage: Any, segment: Any, stored_column: Any) -> None:
        super().__init__(storage, segment)
        self._stored_column = stored_column

    def stored_fields(self, docnum: int) -> dict[str, Any]:
        """Return document `docnum`'s stored fields ({}: none), as Whoosh's reader does."""
        value = self._cached_reader("_stored", self._stored_column)[docnum]
        return {} if value is None else value


class CompactStoredCodec(CompactTermsCodec):
    """CompactTermsCodec whose stored fields are compressed against the
    preset dictionary the codec object holds (pickled with the segment)."""

    def __init__(self, *args: Any, stored_dictionary: bytes = STORED_DICTIONARY, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stored_dictionary = stored_dictionary

    def stored_column(self) -> columns.PickleColumn:
        """Return the `_stored` column: pickles compressed with this codec's dictionary."""
        return columns.PickleColumn(DictionaryBytesColumn(self.stored_dictionary))

    def per_document_writer(self, storage: Any, segment: Any) -> StoredPerDocWriter:
        """Return Whoosh 3's per-document writer, its stored column this codec's."""
        return StoredPerDocWriter(self, storage, segment)

    def per_document_reader(self, storage: Any, segment: Any) -> StoredPerDocReader:
        """Return Whoosh 3's per-document reader, its stored column this codec's."""
        return StoredPerDocReader(storage, segment, self.stored_column())


# The per-document writers and readers whose parts the bulk writer and the pooled merge read
# and write as Whoosh 3's (the stored column's own format is behind the same calls).
PER_DOC_WRITERS = (W3PerDocWriter, StoredPerDocWriter)
PER_DOC_READERS = (W3PerDocReader, StoredPerDocReader)
