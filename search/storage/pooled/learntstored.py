"""Stored fields without what a segment already holds: learnt dictionary, inherited fields.

Owns `LearntStoredCodec`, the codec every onrecord writer writes segments with:
PositionStreamCodec's term table and postings, and a `_stored` column
(`LearntStoredColumn`) that writes each document's stored fields (the dict
Whoosh 3 pickles, protocol 2) with three cuts, priced at 1M in
bench/RESULTS.md (speed59):

- the fields a quote document repeats from its paragraph's document (the
  rows of `INHERITED`; a `PICKED` field, its speaker, as the index of its
  value among the paragraph's names), its `qi` (`back` - 1) and a paragraph's
  `paragraph_id` (`<doc_id>-p<n>`) are left out and read back from where
  they are: a quote document's paragraph is `back` documents before it in
  the same segment.  A document is written slim only when the slim form
  reads back equal to it (checked as it is written); otherwise it is
  written whole.  A slim document says so by a key no field can have
  (Whoosh refuses field names starting with "_"): `_back` (a quote
  document) or `_n` (a paragraph);
- each value is raw deflate (no zlib header and checksum: the segment's
  manifest checksums its files);
- no offsets array (Whoosh writes one a document past 32,768 documents,
  4 bytes each): the reader sums the lengths once, in numpy, at open;
- the preset dictionary is learnt from the segment's own documents: the
  pickles of its first documents, up to `LEARN_BYTES`, then the codec's
  template documents (storedfields.STORED_DICTIONARY: zlib finds matches
  cheapest near the end).  Until that many bytes are written the
  documents are held; a segment smaller than that uses the template
  alone.  The learnt part is kept in the column, as one more row after
  the segment's last document.

A document whose pickle the segment wrote before (most slim quote
documents: `{"speaker": 0, "_back": 1}`) is written as the bytes it was
deflated to then: deflate is a function of the compressor's state and the
input, and every document starts from the same primed state.

StoredPerDocReader.stored_fields (pooled/storedfields) returns through it the
dict Whoosh's reader returns.  Older segments
are read through their own codec; any merge writes this one.  The class
must stay at this import path (pickled in every table of contents:
tests/search/storage/test_pickled_paths.py).
"""
from __future__ import annotations

import pickle
import zlib
from array import array
from collections.abc import Iterator
from typing import Any

import numpy as np
from whoosh import columns

from onrecord.search.storage.pooled.positionstream import PositionStreamCodec
from onrecord.search.storage.pooled.storedfields import STORED_LEVEL

# Rules as data: the stored fields a quote document holds with its paragraph document's value
# (schema.quote_fields: the article's and the paragraph's), read from the paragraph when left out.
INHERITED = ("doc_id", "rev", "n", "institution", "collection")
# The stored fields whose value in a quote document is one of the comma-joined names of its
# paragraph document's same field (schema.join_names: the quote's speaker among the paragraph's
# speakers), written as that name's index.
PICKED = ("speaker",)
# zlib's window is 32 KB: the learnt part and the template fill it.
DICTIONARY_BYTES = 32 * 1024
# Raw deflate: the column's values carry no zlib header or checksum.
RAW = -15
# The pickles (of up to PACKED_BYTES, the slim quote documents' size) whose deflated bytes a writer
# keeps for a repeat, and how many before it starts again (a bound on its memory, ~1 MB).
PACKED_BYTES = 128
PACKED_VALUES = 4096
_QUOTE_MARK = "_back"  # a slim quote document's `back`
_PARAGRAPH_MARK = "_n"  # a slim paragraph document's `n`


def slim_quote(fields: dict[str, Any], paragraph: dict[str, Any]) -> dict[str, Any]:
    """Return quote document `fields` without what `paragraph` (its
    paragraph document's fields) and its `back` give: an inherited field
    equal to the paragraph's left out, one the paragraph has and it lacks
    as None, `qi` left out when it is `back` - 1, a picked field one of
    the paragraph's names as its index."""
    slim = {k: v for k, v in fields.items() if k not in INHERITED and k != "back"}
    slim[_QUOTE_MARK] = back = fields["back"]
    if slim.get("qi") == back - 1:
        del slim["qi"]
    for name in PICKED:
        names = paragraph.get(name)
        if isinstance(names, str) and isinstance(slim.get(name), str) and slim[name] in (split := names.split(",")):
            slim[name] = split.index(slim[name])
    for name in INHERITED:
        if name in fields:
            if paragraph.get(name, slim) != fields[name]:
                slim[name] = fields[name]
        elif name in paragraph:
            slim[name] = None
    return slim


def restore_quote(slim: dict[str, Any], paragraph: dict[str, Any]) -> dict[str, Any]:
    """Return the quote document `slim_quote` made `slim` from, given its paragraph's fields."""
    fields = dict(slim)
    fields["back"] = back = fields.pop(_QUOTE_MARK)
    fields.setdefault("qi", back - 1)
    for name in PICKED:  # an index (a value the writer kept is never one: then no slim form)
        value, names = fields.get(name), paragraph.get(name)
        if isinstance(value, int) and isinstance(names, str) and 0 <= value < len(split := names.split(",")):
            fields[name] = split[value]
    for name in INHERITED:
        if name not in fields:
            if name in paragraph:
                fields[name] = paragraph[name]
        elif fields[name] is None:
            del fields[name]
    return fields


def slim_paragraph(fields: dict[str, Any]) -> dict[str, Any] | None:
    """Return paragraph document `fields` without its `paragraph_id`, or
    None when that is not `<doc_id>-p<n>`."""
    n = fields.get("n")
    if "paragraph_id" not in fields or fields["paragraph_id"] != f"{fields.get('doc_id')}-p{n}":
        return None
    slim = {k: v for k, v in fields.items() if k not in ("paragraph_id", "n")}
    slim[_PARAGRAPH_MARK] = n
    return slim


def restore_paragraph(slim: dict[str, Any]) -> dict[str, Any]:
    """Return the paragraph document `slim_paragraph` made `slim` from."""
    fields = dict(slim)
    fields["n"] = n = fields.pop(_PARAGRAPH_MARK)
    fields["paragraph_id"] = f"{fields.get('doc_id')}-p{n}"
    return fields


def learn_dictionary(pickles: list[bytes], template: bytes) -> bytes:
    """Return the learnt part of a segment's preset dictionary: the end of
    its first documents' pickles, as much as fits beside `template`."""
    room = max(DICTIONARY_BYTES - len(template), 0)
    return b"".join(pickles)[-room:] if room else b""


def deflate(value: bytes, dictionary: bytes) -> bytes:
    """Return `value` raw-deflated against preset `dictionary`."""
    packer = zlib.compressobj(STORED_LEVEL, zlib.DEFLATED, RAW, zdict=dictionary)
    return packer.compress(value) + packer.flush()


def inflate(value: bytes, dictionary: bytes) -> bytes:
    """Return raw-deflated `value` decompressed against preset `dictionary`."""
    unpacker = zlib.decompressobj(RAW, zdict=dictionary)
    return unpacker.decompress(value) + unpacker.flush()


class LearntStoredColumn(columns.Column):
    """The `_stored` column: each document's stored dict, slim where it can
    be, pickled and deflated against the segment's learnt dictionary."""

    _default: Any = None

    def __init__(self, template: bytes) -> None:
        self._template = template

    def writer(self, dbfile: Any) -> LearntStoredWriter:
        """Return the column's writer into `dbfile`."""
        return LearntStoredWriter(dbfile, self._template)

    def reader(self, dbfile: Any, basepos: int, length: int, doccount: int) -> LearntStoredReader:
        """Return the column's reader of `length` bytes at `basepos`."""
        return LearntStoredReader(dbfile, basepos, length, doccount, self._template)


class LearntStoredWriter(columns.VarBytesColumn.Writer):
    """VarBytesColumn's writer of stored dicts: the first documents held
    until the dictionary is learnt from them, its learnt part written last."""

    def __init__(self, dbfile: Any, template: bytes) -> None:
        super().__init__(dbfile, allow_offsets=False)  # the reader sums the lengths
        self._template = template
        self._held: list[tuple[int, bytes]] = []
        self._held_bytes = 0
        self._packer: Any = None  # a compressor with the dictionary set, copied for each value
        self._learnt = b""
        self._paragraph: tuple[int, dict[str, Any]] = (-1, {})  # the last paragraph written
        self._packed: dict[bytes, bytes] = {}  # a short pickle written before -> its deflated bytes

    def add(self, docnum: int, v: dict[str, Any]) -> None:
        """Write document `docnum`'s stored fields `v`."""
        value = pickle.dumps(self._slim(docnum, v), 2)
        if self._packer is None:
            self._held.append((docnum, value))
            self._held_bytes += len(value)
            if self._held_bytes + len(self._template) >= DICTIONARY_BYTES:
                self._learn(learn_dictionary([p for _d, p in self._held], self._template))
            return
        super().add(docnum, self._pack(value))

    def _pack(self, value: bytes) -> bytes:
        """Return pickle `value` deflated against the dictionary (a repeat of a short one: the
        bytes it was deflated to before, which a copy of the primed compressor would make again)."""
        packed = self._packed.get(value)
        if packed is None:
            # zlib's deflateCopy copies ~256 KB of state whatever the value's size: 6.4% of a
            # 1,000-paragraph write's instructions, saved for each repeat (bench/RESULTS.md, speed74).
            packer = self._packer.copy()
            packed = packer.compress(value) + packer.flush()
            if len(value) <= PACKED_BYTES:
                if len(self._packed) >= PACKED_VALUES:
                    self._packed.clear()
                self._packed[value] = packed
        return packed

    def _slim(self, docnum: int, v: dict[str, Any]) -> dict[str, Any]:
        """Return the form of `v` to write: slim when it reads back equal to `v`."""
        if "back" in v:
            at, paragraph = self._paragraph
            if isinstance(v["back"], int) and v["back"] > 0 and at == docnum - v["back"]:
                slim = slim_quote(v, paragraph)
                if restore_quote(slim, paragraph) == v:
                    return slim
            return v
        self._paragraph = (docnum, dict(v))
        slim_p = slim_paragraph(v)
        return slim_p if slim_p is not None and restore_paragraph(slim_p) == v else v

    def _learn(self, learnt: bytes) -> None:
        """Set the dictionary (`learnt` + the template) and write the held documents."""
        self._learnt = learnt
        self._packer = zlib.compressobj(STORED_LEVEL, zlib.DEFLATED, RAW, zdict=learnt + self._template)
        held, self._held = self._held, []
        for docnum, value in held:
            super().add(docnum, self._pack(value))

    def finish(self, doccount: int) -> None:
        """Write the held documents (the template alone: too few to learn
        from), then the learnt part as row `doccount`, then the lengths."""
        if self._packer is None:
            self._learn(b"")
        if self._learnt:
            super().add(doccount, deflate(self._learnt, self._template))
        super().finish(doccount + 1)


class LearntStoredReader(columns.VarBytesColumn.Reader):
    """VarBytesColumn's reader of the stored dicts LearntStoredWriter wrote."""

    def __init__(self, dbfile: Any, basepos: int, length: int, doccount: int, template: bytes) -> None:
        super().__init__(dbfile, basepos, length, doccount + 1)
        self._doccount = doccount
        learnt = super().__getitem__(doccount)
        self._dictionary = (inflate(learnt, template) if learnt else b"") + template
        self._paragraph: tuple[int, dict[str, Any]] = (-1, {})  # the last paragraph read

    def __len__(self) -> int:
        return self._doccount

    def _read_offsets_and_lengths(self) -> None:
        """Read the lengths, and the offsets as their running sum (in numpy:
        Whoosh's reader of a column without offsets sums them in a Python loop)."""
        last = self._basepos + self._length - 1
        code = chr(self._dbfile.get_byte(last))  # the lengths' type (the writer wrote no offsets)
        # VarBytesColumn.Reader.__init__ calls this with `_doccount` still its own, the documents
        # and the learnt row; LearntStoredReader.__init__ sets it to the documents' count after.
        count = self._doccount
        self._lengths = self._dbfile.get_array(last - count * array(code).itemsize, code, count)
        lengths = np.frombuffer(self._lengths, dtype=np.dtype(code)).astype(np.int64)
        starts = np.cumsum(lengths) - lengths
        wide = bool(count) and int(starts[-1]) >= 1 << 32
        self._offsets = array("q" if wide else "I", starts.astype(np.int64 if wide else np.uint32).tobytes())

    def _value(self, docnum: int) -> dict[str, Any] | None:
        """Return document `docnum`'s value as written (None: no stored fields)."""
        raw = super().__getitem__(docnum)
        return pickle.loads(inflate(raw, self._dictionary)) if raw else None

    def _paragraph_fields(self, docnum: int) -> dict[str, Any]:
        """Return paragraph document `docnum`'s fields (the last one read kept: its quote documents follow it)."""
        at, fields = self._paragraph
        if at != docnum:
            fields = self._value(docnum) or {}
            if _PARAGRAPH_MARK in fields:
                fields = restore_paragraph(fields)
            if fields:
                self._paragraph = (docnum, fields)
        return fields

    def __getitem__(self, docnum: int) -> dict[str, Any] | None:
        """Return document `docnum`'s stored fields as they were given to the writer (a slim
        form restored from its paragraph's; a copy of the kept paragraph's), None when it has none."""
        at, fields = self._paragraph
        if at == docnum:
            return dict(fields)
        value = self._value(docnum)
        if value is None:
            return None
        if _QUOTE_MARK in value:
            return restore_quote(value, self._paragraph_fields(docnum - value[_QUOTE_MARK]))
        if _PARAGRAPH_MARK in value:
            value = restore_paragraph(value)
            self._paragraph = (docnum, value)
            return dict(value)
        return value

    def __iter__(self) -> Iterator[dict[str, Any] | None]:
        return (self[docnum] for docnum in range(self._doccount))

    def load(self) -> list[dict[str, Any] | None]:
        """Return every document's stored fields."""
        return list(self)


class LearntStoredCodec(PositionStreamCodec):
    """PositionStreamCodec whose stored fields are written by LearntStoredColumn
    (the template: this codec object's `stored_dictionary`, pickled with the segment)."""

    def stored_column(self) -> Any:
        """Return the `_stored` column: stored dicts, slim, against the segment's learnt dictionary."""
        return LearntStoredColumn(self.stored_dictionary)
