"""A field's terms of one posting written in one loop: their compact blocks and term infos.

Over half of a segment's terms hold one posting (22,391 of `exact`'s 36,853 at
2,000 derived paragraphs), and search.storage.pooled.flush wrote each through
~8 Python calls (write_term, _write_one, _encode_one, encode_block,
stream_bytes, _finish_term, then the terms file's add, row_bytes and
compact_info).  Here such a term's compact block and compact term info are
joined from parts a field shares, memoised by the term's (weight, field
length) in `OneParts`: what is left a term is its docnum's varint, its
positions' bytes (in a stream field) and the block's offset and size, a few
C calls in blockwriter's `BlockWriter.write_field` loop.  The bytes are those compactblocks'
encode_block and compactterms' compact_info write (tests/search/storage/
pooled/test_onepostings.py checks them against both, term by term); a term
they would write another way (a weight not a positive float, a position
over 127, a value not the writer's own deltas) is left to the caller.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable
from struct import Struct
from typing import Any

from onrecord.search.storage.pooled.compactblocks import (
    COMPACT_TAG,
    ONE_WEIGHT,
    STREAM,
    max_weight_bytes,
    weights_form,
)
from onrecord.search.storage.pooled.compactterms import ONE as INFO_ONE
from onrecord.search.storage.pooled.compactterms import VARINTS, W3STATS, compact_head, pack_varint
from onrecord.search.storage.pooled.positionstream import OWN_VALUE

# A block of one posting that is the term's last: head varint (1 << 1 | 1), after the term's tag.
TAG_HEAD = COMPACT_TAG + VARINTS[3]
_FLOAT = Struct("<f")
# A stream of under 64 bytes: its length varint (shifted, unzipped) is one byte, and it is never zipped.
SHORT_STREAM = 64


class OneParts(dict[tuple[float, Any], tuple[bytes, bytes, bytes] | None]):
    """A field's parts of a one-posting term by (weight, field length):
    (the block's flags, length bytes and max weight; its weight's bytes
    after the stream; the compact info's head), made on first use; None
    where the info would not be compactterms' ONE form (never seen)."""

    def __init__(self, streams: bool, dfl: Callable[[int], Any] | None, length_byte: Callable[[Any], int]) -> None:
        super().__init__()
        self._streams = streams
        self._dfl = dfl
        self._length_byte = length_byte

    def __missing__(self, key: tuple[float, Any]) -> tuple[bytes, bytes, bytes] | None:
        weight, length = key
        floats = array("f", (weight,))  # Whoosh keeps weights as 32-bit floats
        form = ONE_WEIGHT if floats.count(1.0) == 1 else weights_form(floats)
        minbyte = maxbyte = self._length_byte(length) if length else 0  # (length_to_byte of None and of 0)
        top, double = max_weight_bytes(weight)
        flags = form | double | (STREAM if self._streams else 0)
        payload = _FLOAT.pack(floats[0]) if form != ONE_WEIGHT else b""
        single = 1.0 if weight == 1.0 else floats[0]
        head = compact_head(W3STATS.pack(False, single, 1, minbyte, maxbyte, weight), True)
        parts = (bytes((flags, minbyte, maxbyte)) + top, payload, head) if head[0] & INFO_ONE else None
        self[key] = parts
        return parts

    def block(self, docnum: int, weight: Any, value: Any) -> tuple[bytes, bytes] | None:
        """Return a term of one posting's bytes in the postings file (its tag and
        block, as encode_block writes them) and its compact info's head and
        docnum (the offset's and the size's varints follow), or None when
        the term is not in the forms made here (the caller writes it)."""
        if type(weight) is not float or not weight > 0:
            return None
        found = self[weight, self._dfl(docnum) if self._dfl is not None else None]
        if found is None:
            return None
        mid, payload, head = found
        docbytes = pack_varint(docnum)  # (a table lookup below 16,384)
        if not self._streams:  # a Counted field: no values
            return b"".join((TAG_HEAD, docbytes, mid, VARINTS[len(payload)], payload)), head + docbytes
        if type(value) is not OWN_VALUE or not value:
            return None
        try:
            raw = bytes((len(value), *value))  # the stream: the count, then the deltas
        except (ValueError, TypeError):  # a delta past 255, below 0 or not a number
            return None
        if len(raw) >= SHORT_STREAM or not raw.isascii():
            return None
        return b"".join((TAG_HEAD, docbytes, mid, VARINTS[1 + len(raw) + len(payload)],
                         VARINTS[len(raw) << 1], raw, payload)), head + docbytes
