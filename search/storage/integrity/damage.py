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

Also tells an index a newer onrecord wrote (its table of contents names a
module or class of onrecord this one lacks: newer_version_error) from a
damaged one: its repair is to upgrade onrecord, not to rebuild.

Also owns the wording of every "index unavailable" error (damaged_error,
missing_error, not_built_error, records_error, records_missing_error): the
operator's text names the index's path and the cause (the CLI prints it,
the server logs it); the public text and its repair steps, which the web
shows, name neither (a 503 page must not tell strangers where the archive
lives or what failed inside it).
"""
from __future__ import annotations

import pickle
import struct
import traceback
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from whoosh.reading import CorruptIndexError

from onrecord.search.errors import IndexUnavailableError, NewerIndexError, OnrecordError


class DamagedFileError(Exception):
    """A file of the current commit is not as its commit wrote it (another
    size or checksum than its manifest records: search.storage.integrity.manifests)."""


DECODING_ERRORS: tuple[type[BaseException], ...] = (
    CorruptIndexError, struct.error, zlib.error, pickle.UnpicklingError, EOFError, OSError,
    UnicodeError, DamagedFileError,
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


# What the web shows (no paths, no exception names): what is wrong, then
# what whoever runs the server should do.  Each repair names `onrecord
# check` or `onrecord index`, run on the server.
DAMAGED_PUBLIC = "The search index is damaged, so searches cannot be answered correctly."
DAMAGED_REPAIR = ("To fix this, on the server: run `onrecord check` to see what is damaged, "
                  "then rebuild the index with `onrecord index` on your articles (or restore "
                  "it from a backup). The server picks the repaired index up without a restart.")
MISSING_PUBLIC = "The search index is missing: its files were deleted or moved."
MISSING_REPAIR = ("To fix this, on the server: rebuild the index with `onrecord index` on your "
                  "articles (or restore it from a backup). The server picks it up without a "
                  "restart.")
NOT_BUILT_PUBLIC = "There is no search index yet."
NOT_BUILT_REPAIR = ("To fix this, build the index: run `onrecord index seeds` (or `make index`) "
                    "on the server, then reload this page.")
RECORDS_PUBLIC = ("The article records of the search index (titles, dates, links) are missing "
                  "or damaged, so hits cannot be shown as they were indexed.")
RECORDS_REPAIR = ("To fix this, on the server: run `onrecord check`, then re-run `onrecord "
                  "index` on the same articles (it restores missing records); if check reports "
                  "the records damaged, rebuild the index or restore it from a backup.")


NEWER_PUBLIC = "The search index was written by a newer version of onrecord than the one running."
NEWER_REPAIR = ("To fix this, on the server: upgrade onrecord to the version that wrote the index "
                "(or a later one) and restart it. The index is not damaged: do not delete it.")


def newer_writer(exc: BaseException) -> str | None:
    """Return the onrecord module or class that `exc` (or an exception it
    was raised from) could not find while unpickling, as an index's table
    of contents names its segments' codec: a newer onrecord's; else None."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ModuleNotFoundError) and (seen.name or "").startswith("onrecord."):
            return seen.name
        if isinstance(seen, AttributeError) and str(seen).startswith("Can't get attribute") \
                and "<module 'onrecord." in str(seen):
            return str(seen)
        seen = seen.__cause__ or seen.__context__
    return None


def newer_version_error(label: str, exc: BaseException) -> NewerIndexError | None:
    """Return the 503 error for an index at `label` that a newer onrecord
    wrote, when `exc` shows one (newer_writer), else None."""
    what = newer_writer(exc)
    if what is None:
        return None
    return NewerIndexError(
        f"The search index {label} was written by a newer onrecord: this one lacks {what}. "
        "Upgrade onrecord to the version that wrote it (or a later one); the index is not "
        "damaged, do not delete it", NEWER_PUBLIC, NEWER_REPAIR)


def repair_message(label: str, exc: BaseException) -> str:
    """Return the operator's text for a damaged index at `label`."""
    return (f"The search index {label} is damaged ({type(exc).__name__}: {exc}). See what is "
            f"damaged with onrecord check --index {label}; delete it and rebuild it: onrecord "
            f"index YOUR-ARTICLES --index {label} (or restore it from a backup)")


def damaged_error(label: str, exc: BaseException) -> IndexUnavailableError:
    """Return the 503 error for a damaged index at `label` (`exc`: what
    showed it)."""
    return IndexUnavailableError(repair_message(label, exc), DAMAGED_PUBLIC, DAMAGED_REPAIR)


def missing_message(label: str) -> str:
    """Return the operator's text for an index deleted under a running
    server (or reader)."""
    return (f"The search index {label} is missing: its files were deleted or moved. Rebuild "
            f"it: onrecord index YOUR-ARTICLES --index {label} (a running server picks it "
            "up without a restart)")


def missing_error(label: str) -> IndexUnavailableError:
    """Return the 503 error for an index deleted under a running server."""
    return IndexUnavailableError(missing_message(label), MISSING_PUBLIC, MISSING_REPAIR)


def not_built_error(label: str) -> IndexUnavailableError:
    """Return the 503 error for a directory holding no index (yet)."""
    return IndexUnavailableError(f"no index at {label}; run `onrecord index seeds` first",
                                 NOT_BUILT_PUBLIC, NOT_BUILT_REPAIR)


def records_error(label: str, exc: BaseException) -> IndexUnavailableError:
    """Return the 503 error for article records (articles.db) of the index
    at `label` that are missing, unreadable or damaged (`exc`: how)."""
    return IndexUnavailableError(
        f"the article records of the search index {label} are missing or damaged "
        f"({type(exc).__name__}: {exc}). See what is wrong with onrecord check --index "
        f"{label}; re-run onrecord index on the same articles --index {label} (it restores "
        "missing records), or if the records are damaged rebuild the index or restore it from "
        "a backup", RECORDS_PUBLIC, RECORDS_REPAIR)


INTERRUPTED_PUBLIC = ("The article records of the search index are in the middle of a write "
                      "that an indexer did not finish.")
INTERRUPTED_REPAIR = ("To fix this, on the server: run `onrecord index` on your articles again "
                      "(it first undoes the unfinished write); the server answers again without "
                      "a restart.")


def records_interrupted_error(label: str) -> IndexUnavailableError:
    """Return the 503 error for records whose writer was killed mid-commit:
    its rollback journal waits for the next writer, and a read-only reader
    may not read around it (the file may hold half of that write)."""
    return IndexUnavailableError(
        f"the article records of the search index {label} hold a write an indexer did not "
        f"finish (articles.db-journal); run onrecord index --index {label} again: it rolls "
        "that write back first", INTERRUPTED_PUBLIC, INTERRUPTED_REPAIR)


def records_missing_error(label: str, keys: list[tuple[str, str]]) -> IndexUnavailableError:
    """Return the 503 error for paragraphs whose article version (doc_id,
    rev) has no record: rows lost from articles.db."""
    doc_id, rev = keys[0]
    return records_error(label, LookupError(
        f"{len(keys)} article versions have no record, e.g. {doc_id} (rev {rev})"))


def copy_error(error: IndexUnavailableError) -> IndexUnavailableError:
    """Return a new error saying what `error` says: one object raised again
    and again by many threads would keep growing its traceback."""
    return type(error)(str(error), error.public, error.repair)


@contextmanager
def translate_damage(label: str) -> Iterator[None]:
    """Run the body; re-raise a damaged-index error from it as
    IndexUnavailableError (with repair_message), an index a newer onrecord
    wrote as NewerIndexError, anything else unchanged."""
    try:
        yield
    except OnrecordError:
        raise
    except Exception as exc:
        if (newer := newer_version_error(label, exc)) is not None:
            raise newer from exc
        if not is_damage(exc):
            raise
        raise damaged_error(label, exc) from exc
