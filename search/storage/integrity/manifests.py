"""What each committed segment's files should be: their sizes and CRC-32s.

Owns a segment's manifest (file suffix after `MAIN_<segment id>` -> (size
in bytes, CRC-32)), recorded by the writer at commit time for every
segment that has none yet (record_manifests, called just before the table
of contents is written), and checking an index's files against it.  The
manifest rides in the table of contents itself, on the segment it
describes (whoosh_tocs.segment_manifest): it is published atomically
with the commit, fsynced with it, and leaves no file of its own to clean up.
Segment files never change after their commit (Whoosh keeps deletions in
the TOC), so a file of another size than its manifest says is damage: a
truncated or overwritten copy, a half-finished restore.

Cost: verifying sizes is one stat() per file (about 10 files a segment, a
handful of segments), so readers do it on every open, on every refresh to
a new commit and at every stale check (each `stale_check_seconds`).
CRC-32 reads every byte: about 600 MB/s here (zlib.crc32 on a shared
2-core machine), some 1.7 s per GB of index, too slow for every open of
every serving process after every commit.  So checksums are computed once,
at commit, for new segments only (files just written, still in the page
cache), and verified by `onrecord check` (check_files), which reads every
file anyway.  Segments committed before manifests existed have none until
the next commit records them; until then only `check`'s decoding finds
their damage.
"""
from __future__ import annotations

import os
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from onrecord.search.storage.integrity.damage import DamagedFileError
from onrecord.search.storage.reading.whoosh_tocs import segment_manifest, set_segment_manifest

_CHUNK = 1 << 20  # bytes read at a time for a checksum


def record_manifests(folder: Path, segments: Iterable[Any]) -> None:
    """Record a manifest on each of `segments` that has none: the size and
    CRC-32 of each of its files in `folder` as they are now (call it just
    before the commit's TOC is written).  Raises OSError if a file cannot
    be read."""
    pending = [segment for segment in segments if segment_manifest(segment) is None]
    if not pending:
        return
    names = os.listdir(folder)
    for segment in pending:
        prefix = _prefix(segment)
        manifest = {name[len(prefix):]: (os.stat(folder / name).st_size, file_crc32(folder / name))
                    for name in names if name.startswith(prefix + ".")}
        set_segment_manifest(segment, manifest)


def verify_sizes(folder: Path, segments: Iterable[Any]) -> None:
    """Check that every file the manifests of `segments` list is in
    `folder` with its recorded size.  Raises FileNotFoundError for a
    missing file (a newer commit may have removed it: the caller decides)
    and DamagedFileError for a file of another size."""
    for segment in segments:
        manifest = segment_manifest(segment) or {}
        for suffix, (size, _crc) in manifest.items():
            name = _prefix(segment) + suffix
            actual = os.stat(folder / name).st_size
            if actual != size:
                raise DamagedFileError(f"{name} is {actual:,} bytes; its commit wrote {size:,}")


def check_files(folder: Path, segments: Iterable[Any]) -> list[str]:
    """Return a problem for each file the manifests of `segments` list that
    is missing from `folder`, or has another size or CRC-32 than recorded
    (reads every byte: for `onrecord check`)."""
    problems = []
    for segment in segments:
        for suffix, (size, crc) in (segment_manifest(segment) or {}).items():
            name = _prefix(segment) + suffix
            try:
                actual = os.stat(folder / name).st_size
                if actual != size:
                    problems.append(f"{name} is {actual:,} bytes; its commit wrote {size:,}")
                elif file_crc32(folder / name) != crc:
                    problems.append(f"{name} does not hold the bytes its commit wrote "
                                    "(checksum differs)")
            except FileNotFoundError:
                problems.append(f"{name}, a file of the current commit, is missing")
    return problems


def file_crc32(path: Path) -> int:
    """Return the CRC-32 of the file at `path`.  Raises OSError."""
    crc = 0
    with open(path, "rb") as handle:
        while chunk := handle.read(_CHUNK):
            crc = zlib.crc32(chunk, crc)
    return crc


def _prefix(segment: Any) -> str:
    # A segment's files are MAIN_<id>.pst, MAIN_<id>._stored.col, ... (segment_id()
    # is MAIN_<id>); the manifest keys them by what follows the id.
    return str(segment.segment_id())
