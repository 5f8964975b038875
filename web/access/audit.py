"""The audit log: who searched, opened, exported what and when, and every
sign-in and failed sign-in, one JSON object per line, only ever appended.

Owns the record's shape, writing it and reading it back (`onrecord
audit`); no HTTP here (web.access.gate queues a record per request).  A
request only queues its line (`queue_record`: no system call, which would
release the GIL and cost a thread switch with waitress's threads busy);
one writer thread per process writes the queue every FLUSH_INTERVAL
seconds, whole lines in one write() to the file opened O_APPEND, so
records from several serving processes never interleave inside a line.
Reading the log (`read_records`), the process's exit (atexit) and SIGTERM
to a server (web.serving.server) write the queue first; a forked child starts a
writer of its own; SIGKILL loses at most the last FLUSH_INTERVAL's records.
An API token in a URL is written as "token=..." so the log holds no secret.
"""
from __future__ import annotations

import atexit
import datetime as dt
import json
import logging
import os
import re
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path

from onrecord.search import Config
from onrecord.web.access.accounts import accounts_path

# What a record's `what` says: a request, or an account event.
EVENTS = ("request", "login", "login_failed", "logout")
_TOKEN_IN_URL = re.compile(r"(?<=[?&]token=)[^&#]*")
LONGEST_PATH = 2000  # characters of a URL kept (a query may be long; the log need not be)
# Seconds between the writer thread's writes of the queue: what SIGKILL can lose.
FLUSH_INTERVAL = 0.05
log = logging.getLogger(__name__)


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
    """Append `record` to the log at `path`, written (after every record
    queued before it) when this returns; see `flush_records`."""
    queue_record(path, record)
    flush_records()


def queue_record(path: Path, record: AuditRecord) -> None:
    """Queue `record` for the log at `path`: this process's writer thread
    (started on the first record) writes it within FLUSH_INTERVAL seconds.
    No system call: a request's record costs its thread no switch."""
    _QUEUE.pending.append((path, encode_record(record)))  # deque.append: safe across threads
    if _QUEUE.writer is None:
        _start_writer()


def flush_records() -> None:
    """Write every queued record now, in order, each log's lines in one
    write() (created with its folder if missing; mode 0600: the log says
    who read what).  A log that cannot be written is reported to the
    server log and its records dropped (the reader still got the page)."""
    queue = _QUEUE
    with queue.write_lock:  # the writer thread and any flushing caller: one at a time, in order
        batches: dict[Path, list[bytes]] = {}
        while queue.pending:
            path, line = queue.pending.popleft()
            batches.setdefault(path, []).append(line)
        for path, lines in batches.items():
            try:
                _write_all(_log_descriptor(path), b"".join(lines))
            except OSError as exc:
                log.error("audit log %s: %d records not written: %s", path, len(lines), exc.strerror or exc)


def _write_all(fd: int, data: bytes) -> None:
    """Write all of `data` to `fd` (a write to a file can come back short
    only when the disk fills: the rest is tried, and raises OSError)."""
    while data:
        data = data[os.write(fd, data):]


class _Queue:
    """A process's queued lines (path, line), its writer thread (None
    until the first record) and the lock each write of the queue holds."""

    def __init__(self) -> None:
        self.pending: deque[tuple[Path, bytes]] = deque()
        self.writer: threading.Thread | None = None
        self.write_lock = threading.Lock()
        self.start_lock = threading.Lock()


_QUEUE = _Queue()


def _start_writer() -> None:
    """Start this process's writer thread, once: it writes the queue every
    FLUSH_INTERVAL seconds until the process ends (a daemon: the exit's
    flush_records writes what is left)."""
    queue = _QUEUE
    with queue.start_lock:
        if queue.writer is not None:
            return
        queue.writer = threading.Thread(target=_write_forever, args=(queue,), name="onrecord-audit",
                                        daemon=True)
        queue.writer.start()


def _write_forever(queue: _Queue) -> None:
    """Write `queue` every FLUSH_INTERVAL seconds, while it is this
    process's queue (a forked child makes a new one)."""
    while queue is _QUEUE:
        time.sleep(FLUSH_INTERVAL)
        if queue.pending:
            try:
                flush_records()
            except Exception:  # the writer must outlive any one batch, or the queue grows unwritten
                log.exception("audit log not written")


def _forked() -> None:
    """In a forked child: a new, empty queue (the parent writes what it
    queued) whose writer starts with the child's first record, and the
    parent's descriptors forgotten (the child opens its own)."""
    global _QUEUE
    _QUEUE = _Queue()
    for fd, _device, _inode in _OPEN.values():
        os.close(fd)
    _OPEN.clear()


os.register_at_fork(after_in_child=_forked)
atexit.register(flush_records)


def encode_record(record: AuditRecord) -> bytes:
    """Return `record`'s line: json.dumps of its fields (not escaped to
    ASCII) and a newline, UTF-8.  Each string goes through the encoder
    json.dumps itself uses, without building a dict and an encoder per
    record."""
    return (f'{{"at": {_quote(record.at)}, "user": {_quote(record.user)}, '
            f'"address": {_quote(record.address)}, "what": {_quote(record.what)}, '
            f'"url": {_quote(record.url)}, "status": {int(record.status)}}}\n').encode()


# The log kept open per process: path -> (descriptor, device, inode), used
# by the writer (under the queue's write_lock).  Opening and closing it per
# record was a fixed cost of every request.
_OPEN: dict[Path, tuple[int, int, int]] = {}


def _log_descriptor(path: Path) -> int:
    """Return this process's O_APPEND descriptor of the log at `path`,
    opened anew when the file there is not the one it has open (rotated
    away or removed: a record goes to the file the operator reads).
    Raises OSError when it cannot be opened."""
    key = path
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
    """Return the log's records in order, those of `user` and on or after
    `since` when given, after writing this process's queued records (a
    read sees every record queued before it); a line that is not a record
    (a torn last line) is passed over."""
    flush_records()
    return _read_lines(path, user, since)


def _read_lines(path: Path, user: str | None, since: dt.date | None) -> Iterator[AuditRecord]:
    """Yield the records of `read_records` from the file as it is."""
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
