"""Test helpers for the index's codecs: which codec wrote each segment, an index written with another
codec (the code before a format change, or a newer onrecord's), and a merge into one segment by
onrecord's pooled merge or by Whoosh's own."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from whoosh.codec.whoosh3 import W3Codec
from whoosh.writing import SegmentWriter

from onrecord.search.storage.pooled import whoosh_writers
from onrecord.search.storage.store import Index


def codecs_of(index: Index) -> set[type]:
    """Return the codec classes of the index's segments."""
    return {type(segment.codec()) for segment in index.whoosh_index._segments()}


@contextmanager
def bulk_writers_using(monkeypatch: pytest.MonkeyPatch, codec: Any) -> Iterator[pytest.MonkeyPatch]:
    """Make every BulkWriter opened inside the block write with `codec`; yield the
    block's own monkeypatch context (undone on exit) for further patches."""
    with monkeypatch.context() as patched:
        init = whoosh_writers.BulkWriter.__init__
        patched.setattr(whoosh_writers.BulkWriter, "__init__",
                        lambda self, ix, **kwargs: init(self, ix, codec=codec, **kwargs))
        yield patched


def merge_into_one(index: Index, by: str) -> None:
    """Merge the index's segments into one, by onrecord's pooled merge (`by` "pooled") or by
    Whoosh's own (its matchers over whatever the segments hold), and refresh the index."""
    writer = whoosh_writers.BulkWriter(index.whoosh_index, compound=False) if by == "pooled" \
        else SegmentWriter(index.whoosh_index, codec=W3Codec())
    writer.commit(optimize=True)
    index.refresh(force=True)
