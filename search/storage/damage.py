"""Telling a damaged index from a bug.

Owns translate_damage(): the errors Whoosh raises while decoding damaged
index files (truncated or overwritten segments, columns, postings) become
IndexUnavailableError, whose message says how to rebuild, so the web layer
answers 503 with repair instructions instead of 500.  Damage shows up as
many exception types (struct, zlib and pickle errors, CorruptIndexError,
and TypeError/ValueError from a decoder fed garbage), so besides the
decoding error types, any error raised inside Whoosh's storage and
decoding modules counts as damage; an error anywhere else is a bug and is
re-raised unchanged.
"""
from __future__ import annotations

import pickle
import struct
import traceback
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from whoosh.reading import CorruptIndexError

from onrecord.search.errors import IndexUnavailableError, OnrecordError

DECODING_ERRORS: tuple[type[BaseException], ...] = (
    CorruptIndexError, struct.error, zlib.error, pickle.UnpicklingError, EOFError, OSError,
    UnicodeError,
)
# Whoosh modules that read index files; an error raised in them means the
# bytes they read were not what they wrote.
STORAGE_MODULES: tuple[str, ...] = ("/whoosh/codec/", "/whoosh/filedb/", "/whoosh/columns.py",
                                    "/whoosh/reading.py", "/whoosh/scoring.py",
                                    "/whoosh/util/numlists.py", "/whoosh/util/varints.py")


def is_damage(exc: BaseException) -> bool:
    """Return True if `exc` looks like a damaged index file being decoded."""
    if isinstance(exc, DECODING_ERRORS):
        return True
    whoosh_frames = [f.filename.replace("\\", "/") for f in traceback.extract_tb(exc.__traceback__)
                     if "/whoosh/" in f.filename.replace("\\", "/")]
    return bool(whoosh_frames) and any(m in whoosh_frames[-1] for m in STORAGE_MODULES)


def repair_message(label: str, exc: BaseException) -> str:
    """Return the user-facing 503 text for a damaged index at `label`."""
    return (f"The search index {label} is damaged ({type(exc).__name__}). Delete it and "
            f"rebuild it: onrecord index YOUR-ARTICLES --index {label}")


def missing_message(label: str) -> str:
    """Return the user-facing 503 text for an index deleted under a running
    server (or reader)."""
    return (f"The search index {label} is missing: its files were deleted or moved. Rebuild "
            f"it: onrecord index YOUR-ARTICLES --index {label} (a running server picks it "
            "up without a restart)")


@contextmanager
def translate_damage(label: str) -> Iterator[None]:
    """Run the body; re-raise a damaged-index error from it as
    IndexUnavailableError (with repair_message), anything else unchanged."""
    try:
        yield
    except OnrecordError:
        raise
    except Exception as exc:
        if not is_damage(exc):
            raise
        raise IndexUnavailableError(repair_message(label, exc)) from exc
