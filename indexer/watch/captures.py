"""Provenance: every response a watch receives, kept as a WARC record.

Owns `CaptureWriter`: one gzip'd WARC file per day per run in the watch's
captures/ folder (a run never appends to another run's file, so a run
killed mid-write can only cut its own last record), opened with a
warcinfo record naming onrecord and the operator's contact.  A response is
a `response` record (its body as received after gzip/deflate decoding, so
the HTTP headers say so: Content-Encoding dropped, Content-Length the
body's; a body cut at the size cap marked WARC-Truncated: length).  A 304
is a `revisit` record of profile server-not-modified (WARC 1.1): it has
no body, but it is the evidence that the page was checked at that time
and had not changed.  Each record is one gzip member, written with one
append and fsynced before its file and offset are handed back, so the
index never points at a capture the disk does not hold.
"""
from __future__ import annotations

import datetime as dt
import io
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from onrecord.indexer.watch.fetching import Response

NOT_MODIFIED_PROFILE = "http://netpreserve.org/warc/1.1/revisit/server-not-modified"
# Headers describing the bytes on the wire, which the record no longer holds.
WIRE_HEADERS: frozenset[str] = frozenset({"content-encoding", "transfer-encoding", "content-length"})


@dataclass(frozen=True, slots=True)
class Capture:
    """Where one record was written (file name in captures/, byte offset
    of its gzip member) and its bytes (a valid .warc.gz on their own)."""

    file: str
    offset: int
    data: bytes


class CaptureWriter:
    """Appends WARC records to today's capture file of this run (thread-safe)."""

    def __init__(self, folder: Path, run_id: str, contact: str) -> None:
        self.folder = Path(folder)
        self.run_id = run_id
        self.contact = contact
        self._lock = threading.Lock()

    def write_response(self, response: Response) -> Capture:
        """Write `response` as a response record (a 304 as a revisit); return where."""
        if response.status == 304:
            return self._write(self._revisit(response), response.fetched)
        return self._write(self._response(response), response.fetched)

    def path(self, capture: Capture) -> Path:
        """Return the file holding `capture`."""
        return self.folder / capture.file

    def _response(self, response: Response) -> bytes:
        """Return the gzip'd response record of `response`."""
        headers = [(k, v) for k, v in response.headers if k.lower() not in WIRE_HEADERS]
        headers.append(("Content-Length", str(len(response.body))))
        http = StatusAndHeaders(f"{response.status} {response.reason}".strip(), headers,
                                protocol="HTTP/1.1")
        extra = {"WARC-Date": _warc_date(response.fetched)}
        if response.truncated:
            extra["WARC-Truncated"] = "length"
        buffer = io.BytesIO()
        writer = WARCWriter(buffer, gzip=True)
        writer.write_record(writer.create_warc_record(response.url, "response", payload=io.BytesIO(response.body),
                                                      length=len(response.body), http_headers=http,
                                                      warc_headers_dict=extra))
        return buffer.getvalue()

    def _revisit(self, response: Response) -> bytes:
        """Return the gzip'd revisit record of a 304 `response`."""
        http = StatusAndHeaders(f"304 {response.reason or 'Not Modified'}", response.headers,
                                protocol="HTTP/1.1")
        extra = {"WARC-Date": _warc_date(response.fetched), "WARC-Profile": NOT_MODIFIED_PROFILE,
                 "WARC-Refers-To-Target-URI": response.url}
        buffer = io.BytesIO()
        writer = WARCWriter(buffer, gzip=True)
        writer.write_record(writer.create_warc_record(response.url, "revisit", http_headers=http,
                                                      warc_headers_dict=extra))
        return buffer.getvalue()

    def _warcinfo(self, name: str) -> bytes:
        """Return the gzip'd warcinfo record opening a capture file."""
        buffer = io.BytesIO()
        writer = WARCWriter(buffer, gzip=True)
        info = {"software": "onrecord watch", "operator": self.contact,
                "format": "WARC File Format 1.1", "robots": "obey"}
        writer.write_record(writer.create_warcinfo_record(name, info))
        return buffer.getvalue()

    def _write(self, record: bytes, when: dt.datetime) -> Capture:
        """Append `record` to the day's file (its warcinfo first when new),
        fsynced; return its file and offset."""
        name = f"{when:%Y%m%d}-{self.run_id}.warc.gz"
        path = self.folder / name
        with self._lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                offset = os.fstat(fd).st_size
                if offset == 0:
                    _write_all(fd, self._warcinfo(name))
                    offset = os.fstat(fd).st_size
                _write_all(fd, record)
                os.fsync(fd)
            finally:
                os.close(fd)
        return Capture(name, offset, record)


def _write_all(fd: int, data: bytes) -> None:
    """Write all of `data` to `fd` (os.write may write less than asked)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _warc_date(when: dt.datetime) -> str:
    """Return `when` as a WARC-Date (UTC, seconds)."""
    return when.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
