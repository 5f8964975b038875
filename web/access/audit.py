"""The audit log: who searched, opened, exported what and when, and every
sign-in and failed sign-in, one JSON object per line, only ever appended.

Owns the record's shape and reading it back (`onrecord audit`); no HTTP
here (web.access.gate writes a record per request).  Each record is one
write() to a file opened O_APPEND, so records from several serving
processes never interleave inside a line; an API token in a URL is written
as "token=..." so the log holds no secret.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path

from onrecord.search import Config
from onrecord.web.access.accounts import accounts_path

# What a record's `what` says: a request, or an account event.
EVENTS = ("request", "login", "login_failed", "logout")
_TOKEN_IN_URL = re.compile(r"(?<=[?&]token=)[^&#]*")
LONGEST_PATH = 2000  # characters of a URL kept (a query may be long; the log need not be)


@dataclass(frozen=True, slots=True)
class AuditRecord:
    """One line of the log: when (UTC, ISO 8601), who (the account, the
    name a login tried, or "" when nobody was signed in), from which
    address, what happened (EVENTS), the URL path and query and the
    answer's status."""

    at: str
    user: str
    address: str
    what: str
    url: str = ""
    status: int = 0


RECORD_FIELDS = tuple(item.name for item in fields(AuditRecord))
# json.dumps(..., ensure_ascii=False)'s string encoder (C when available).
_quote = json.encoder.encode_basestring


def audit_path(config: Config) -> Path:
    """Return the audit log's file: audit.jsonl beside the accounts file."""
    return accounts_path(config).with_name("audit.jsonl")


def make_record(user: str, address: str, what: str, url: str = "", status: int = 0,
                now: dt.datetime | None = None) -> AuditRecord:
    """Return an AuditRecord stamped `now` (default: the current UTC time),
    its URL cut to LONGEST_PATH with any API token blanked."""
    stamp = now.isoformat(timespec="seconds") if now else _stamp_now()
    if "token=" in url:
        url = _TOKEN_IN_URL.sub("...", url)
    return AuditRecord(stamp, user, address, what, url[:LONGEST_PATH], status)


# The last second stamped and its ISO form: a server writes many records a
# second, and formatting a datetime was a fixed cost of each.
_LAST_STAMP: tuple[int, str] = (-1, "")


def _stamp_now() -> str:
    """Return the current UTC time to the second, ISO 8601 with +00:00 (as
    datetime.isoformat(timespec="seconds") writes it)."""
    global _LAST_STAMP
    second = int(time.time())
    if _LAST_STAMP[0] != second:
        _LAST_STAMP = (second, time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(second)))
    return _LAST_STAMP[1]


def append_record(path: Path, record: AuditRecord) -> None:
    """Append `record` to the log at `path` as one write() of one line,
    done when this returns (created with its folder if missing; mode
    0600: the log says who read what).  Raises OSError when it cannot."""
    with _OPEN_LOCK:  # no thread writes to a descriptor another is closing
        os.write(_log_descriptor(path), encode_record(record))


def encode_record(record: AuditRecord) -> bytes:
    """Return `record`'s line: json.dumps of its fields (not escaped to
    ASCII) and a newline, UTF-8.  Each string goes through the encoder
    json.dumps itself uses, without building a dict and an encoder per
    record."""
    return (f'{{"at": {_quote(record.at)}, "user": {_quote(record.user)}, '
            f'"address": {_quote(record.address)}, "what": {_quote(record.what)}, '
            f'"url": {_quote(record.url)}, "status": {int(record.status)}}}\n').encode()


# The log kept open per process: (process, path) -> (descriptor, device, inode).
# Opening and closing it per record was a fixed cost of every request.
_OPEN: dict[tuple[int, Path], tuple[int, int, int]] = {}
_OPEN_LOCK = threading.Lock()


def _log_descriptor(path: Path) -> int:
    """Return this process's O_APPEND descriptor of the log at `path`,
    opened anew when the file there is not the one it has open (rotated
    away or removed: a record goes to the file the operator reads).
    Raises OSError when it cannot be opened."""
    key = (os.getpid(), path)  # a forked child opens its own
    found = _OPEN.get(key)
    if found is not None:
        try:
            now = os.stat(path)
        except FileNotFoundError:
            now = None
        if now is not None and (now.st_dev, now.st_ino) == found[1:]:
            return found[0]
        del _OPEN[key]
        os.close(found[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
    opened = os.fstat(fd)
    _OPEN[key] = (fd, opened.st_dev, opened.st_ino)
    return fd


def read_records(path: Path, user: str | None = None, since: dt.date | None = None) -> Iterator[AuditRecord]:
    """Yield the log's records in order, those of `user` and on or after
    `since` when given; a line that is not a record (a torn last line) is
    passed over."""
    if not path.exists():
        return
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                record = AuditRecord(**json.loads(line))
            except (ValueError, TypeError):
                continue
            if user is not None and record.user != user:
                continue
            if since is not None and record.at[:10] < since.isoformat():
                continue
            yield record
