"""Reading the JSON files an operator names in the settings: speakers
files (the speakers setting, indexer.annotate.corrections) and institutions
files (the institutions setting, indexer.annotate.institutions.registry).

Owns how such a file is read: a regular file only (a FIFO would hang the
run, a device such as /dev/zero never ends), at most MAX_BYTES, UTF-8
JSON whose every fault (unreadable, too big, not UTF-8, bad syntax,
nested too deeply) is one line naming the file.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from onrecord.search import OnrecordError

# The packaged institutions file is 7 KB; a newsroom's lists are a few MB
# at most, and more is a wrong path (a log, a dump) read into memory.
MAX_BYTES = 20_000_000


def read_json_file(path: Path, what: str, error: type[OnrecordError]) -> Any:
    """Return the JSON value in the file at `path` (a `what`, e.g.
    "speakers file").  Raises `error` with one line naming the file when it
    is missing, not a regular file, over MAX_BYTES, not UTF-8 or not JSON."""
    try:
        data = _read_regular(path)
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    except ValueError as exc:  # not a regular file, too big
        raise error(f"cannot read {what} {path}: {exc}") from None
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise error(f"malformed {what} {path}: not UTF-8 (byte {exc.start:,})") from None
    except json.JSONDecodeError as exc:
        raise error(f"malformed {what} {path}: invalid JSON at line {exc.lineno} column "
                    f"{exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise error(f"malformed {what} {path}: invalid JSON: nested too deeply") from None


def _read_regular(path: Path) -> bytes:
    """Return the bytes of the regular file `path` (at most MAX_BYTES).
    Raises OSError, or ValueError for anything else or a file too big."""
    _check_regular(os.stat(path))  # before opening: opening a device may act
    # O_NONBLOCK: a FIFO put in the file's place after the check opens at
    # once (rather than waiting for a writer) and is refused by fstat.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with open(fd, "rb") as handle:
        _check_regular(os.fstat(handle.fileno()))
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"over {MAX_BYTES:,} bytes")
    return data


def _check_regular(info: os.stat_result) -> None:
    """Raise ValueError unless `info` is a regular file of at most MAX_BYTES."""
    if stat.S_ISDIR(info.st_mode):
        raise ValueError("is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise ValueError("not a regular file (a FIFO, socket or device is never read)")
    if info.st_size > MAX_BYTES:
        raise ValueError(f"over {MAX_BYTES:,} bytes ({info.st_size:,})")
