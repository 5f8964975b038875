"""Every read of Whoosh's private attributes on a commit's table of contents, in one place.

Owns reading a FileIndex's table of contents once and opening a reader over
exactly its segments (`_read_toc`, `_reader`: every searcher of a commit
sees the same segments, search.storage.reading.searchers), the segments of
the latest commit (`_segments`: `onrecord check`), and the manifest of its
files a segment carries in the table of contents (an attribute of our own on
Whoosh's pickled Segment object: search.storage.integrity.manifests).
Split from whoosh_internals.py (postings, term tables, columns) along the
same fence: a Whoosh upgrade that reshapes its TOC is fixed here.
"""
from __future__ import annotations

from typing import Any


def read_toc(ix: Any) -> Any:
    """Return the latest TOC of a FileIndex (schema, segments, generation)."""
    return ix._read_toc()


def open_toc_reader(ix: Any, toc: Any) -> Any:
    """Return a new reader over exactly the segments of `toc` (an earlier
    read_toc()), even if a later commit has landed since."""
    return ix._reader(ix.storage, toc.schema, list(toc.segments), toc.generation)


def index_segments(ix: Any) -> list[Any]:
    """Return the Segments of a FileIndex's latest commit."""
    return ix._segments()


# ------------------------------------------------------------ segment manifests

# The attribute holding a segment's manifest (search.storage.integrity.manifests):
# Whoosh pickles Segment objects whole into the TOC, so it is written (and
# fsynced, and published) atomically with the commit, and read back with it.
_MANIFEST_ATTR = "_onrecord_files"


def segment_manifest(segment: Any) -> dict[str, tuple[int, int]] | None:
    """Return the manifest recorded on `segment` (file suffix -> (size,
    CRC-32)), None if it has none (written before manifests, or in memory)."""
    manifest = getattr(segment, _MANIFEST_ATTR, None)
    return manifest if isinstance(manifest, dict) else None


def set_segment_manifest(segment: Any, manifest: dict[str, tuple[int, int]]) -> None:
    """Record `manifest` on `segment`, to be pickled with it into the next TOC."""
    setattr(segment, _MANIFEST_ATTR, manifest)
