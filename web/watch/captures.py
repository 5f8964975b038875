"""Provenance on the article page: the capture a version was read from,
and a download of that one WARC record.

Owns `capture_data` (what the article page and its JSON twin say of the
capture: when, from which URL, the archive's file name and record offset,
and the download link when the archive is one the server may hand out)
and the route /captures/<file>/<offset>, which streams the record starting
at that byte offset of a file in the watch's captures folder
(search.watchfiles): a gzip member (the watch writes one per record) as
it is on disk, or a plain WARC record to its Content-Length.  The file
must resolve inside the captures folder (no other path, symbolic links
out included) and the offset must start a WARC record; anything else is
a 404, and so is a record no article the reader may read was read from
(collections, issue #36).  The access gate counts /captures/ as a machine URL (a token, not
a login page).
"""
from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from flask import Blueprint, Response, url_for

from onrecord.search import Metadata, NotFoundError, capture_readable, captures_folder
from onrecord.web.access.gate import reader_collections
from onrecord.web.serving.state import get_state

bp = Blueprint("captures", __name__)

BLOCK = 64 * 1024  # bytes read (and inflated) at a time
WARC_MAGIC = b"WARC/"
GZIP_MAGIC = b"\x1f\x8b"
MAX_HEADER_BYTES = 64 * 1024  # a plain record's WARC headers, at most


def capture_data(meta: Metadata) -> dict[str, Any] | None:
    """Return the capture a version was read from, for the page and its
    JSON (fetched, url, file, offset, download: None when the archive is
    not in the captures folder), or None when it was not read from one."""
    if meta.capture_file is None and meta.fetched is None:
        return None
    file_name = Path(meta.capture_file).name if meta.capture_file else None
    download = None
    if meta.capture_file and meta.capture_offset is not None and _servable(Path(meta.capture_file)):
        download = url_for("captures.capture_record", name=file_name, offset=meta.capture_offset)
    return {"fetched": meta.fetched.isoformat() if meta.fetched else None, "url": meta.url,
            "file": file_name, "offset": meta.capture_offset, "download": download}


@bp.get("/captures/<name>/<int:offset>")
def capture_record(name: str, offset: int) -> Response:
    """Return the WARC record at byte `offset` of captures/`name`, streamed
    as a download; raises NotFoundError (404) for a file outside the
    captures folder or missing, or an offset that starts no record."""
    path = _confined(name)
    if not capture_readable(get_state().index(), path, offset, reader_collections()):
        raise NotFoundError("No such capture.")  # as a missing one: no existence leak
    with path.open("rb") as fh:
        length, gzipped = record_extent(fh, offset)
    stem = name.removesuffix(".gz").removesuffix(".warc")
    suffix = ".warc.gz" if gzipped else ".warc"
    return Response(_stream(path, offset, length), mimetype="application/gzip" if gzipped else "application/warc",
                    headers={"Content-Length": str(length),
                             "Content-Disposition": f'attachment; filename="{stem}-{offset}{suffix}"'})


def record_extent(fh: BinaryIO, offset: int) -> tuple[int, bool]:
    """Return (length in bytes, gzipped) of the WARC record starting at
    `offset` of `fh`; raises NotFoundError when none starts there."""
    fh.seek(offset)
    head = fh.read(2)
    if head == GZIP_MAGIC:
        return _member_length(fh, offset), True
    return _plain_length(fh, offset), False


def _member_length(fh: BinaryIO, offset: int) -> int:
    """Return the length of the gzip member at `offset` (inflated a block
    at a time, never held whole); raises NotFoundError unless it holds a
    WARC record, whole."""
    fh.seek(offset)
    inflater = zlib.decompressobj(wbits=31)
    length, head = 0, b""
    try:
        while not inflater.eof:
            chunk = fh.read(BLOCK)
            if not chunk:
                raise NotFoundError("That capture record is cut short.")
            data = chunk
            while data and not inflater.eof:
                out = inflater.decompress(data, BLOCK)
                head = (head + out[:len(WARC_MAGIC)])[:len(WARC_MAGIC)]
                data = inflater.unconsumed_tail
            length += len(chunk) - len(inflater.unused_data)
    except zlib.error:
        raise NotFoundError("No capture record starts there.") from None
    if head != WARC_MAGIC:
        raise NotFoundError("No capture record starts there.")
    return length


def _plain_length(fh: BinaryIO, offset: int) -> int:
    """Return the length of the uncompressed WARC record at `offset`
    (headers, Content-Length bytes of block, the closing blank lines);
    raises NotFoundError when none starts there."""
    fh.seek(offset)
    head = fh.read(MAX_HEADER_BYTES)
    end = head.find(b"\r\n\r\n")
    if not head.startswith(WARC_MAGIC) or end < 0:
        raise NotFoundError("No capture record starts there.")
    for line in head[:end].split(b"\r\n")[1:]:
        key, _sep, value = line.partition(b":")
        if key.strip().lower() == b"content-length" and value.strip().isdigit():
            return end + 4 + int(value.strip()) + 4
    raise NotFoundError("That capture record has no Content-Length.")


def _stream(path: Path, offset: int, length: int) -> Iterator[bytes]:
    """Yield `length` bytes of `path` from `offset`, a block at a time."""
    with path.open("rb") as fh:
        fh.seek(offset)
        while length > 0:
            block = fh.read(min(BLOCK, length))
            if not block:
                return
            length -= len(block)
            yield block


def _confined(name: str) -> Path:
    """Return captures/`name` when it is a file inside the captures folder
    (resolved: a symbolic link out of it does not count); raises NotFoundError."""
    path = captures_folder(get_state().config.index_dir) / name
    if "/" in name or "\\" in name or name.startswith(".") or not _servable(path):
        raise NotFoundError("No such capture.")
    return path


def _servable(path: Path) -> bool:
    """Return True if `path` resolves to a file directly inside the captures folder."""
    folder = captures_folder(get_state().config.index_dir).resolve()
    try:
        resolved = path.resolve()
    except OSError:
        return False
    return resolved.parent == folder and resolved.is_file()
