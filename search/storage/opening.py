"""Opening or creating an index: the one way to an `Index` handle.

Owns open_index() (an index directory opened, or created under the write
lock, with its settings; expired files of superseded commits removed
unless the handle is read-only) and ram_index() (an empty index in memory,
for tests), and what an index that cannot be opened means: not built yet,
damaged, written by a newer onrecord (upgrade, do not rebuild), or built
with another version's schema, each an IndexUnavailableError whose message
says how to repair.  The handle itself is search.storage.store's.
"""
from __future__ import annotations

from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.filedb.filestore import RamStorage

from onrecord.search.config import Config
from onrecord.search.errors import IndexUnavailableError
from onrecord.search.storage.integrity.damage import (
    DAMAGED_PUBLIC,
    DAMAGED_REPAIR,
    newer_version_error,
    not_built_error,
)
from onrecord.search.storage.integrity.durability import create_locked, open_whoosh
from onrecord.search.storage.integrity.leftovers import remove_expired
from onrecord.search.storage.schema import build_schema, schema_mismatch
from onrecord.search.storage.store import Index


def open_index(path: Path, create: bool = False, config: Config | None = None,
               readonly: bool = False) -> Index:
    """Return an Index over the Whoosh index at `path`, using the settings
    of `config` (default: the defaults of search.config.SETTINGS).

    With create=True a missing index (and directory) is created.  Files
    of commits superseded long enough ago that no reader needs them are
    removed if the directory is writable, unless `readonly`: a read-only
    handle (`serve`'s) creates, changes and removes nothing in the
    directory, and needs its article records to exist.  Raises
    IndexUnavailableError if it is missing (and not create), corrupt, its
    records are missing or unreadable (readonly), or was built with a
    different schema (IndexWriteError if it cannot be created); the
    message says how to repair.
    """
    path = Path(path)
    repair = f"delete {path} and re-run onrecord index"
    try:
        # exists_in() itself reads the table of contents, so it can fail too.
        exists = path.is_dir() and whoosh_index.exists_in(str(path))
        if not exists and not create:
            raise not_built_error(str(path))
        lock_wait = (config or Config()).write_lock_timeout
        ix = open_whoosh(path, readonly) if exists else create_locked(path, build_schema(), lock_wait)
        handle = Index(ix, path, config, readonly=readonly and exists)
    except IndexUnavailableError:
        raise
    except Exception as exc:  # any failure to open means an unusable index (or a newer onrecord's)
        raise newer_version_error(str(path), exc) or IndexUnavailableError(
            f"index at {path} cannot be opened ({type(exc).__name__}: {exc}); {repair}",
            DAMAGED_PUBLIC, DAMAGED_REPAIR) from exc
    _check_schema(handle, repair)
    if not handle.readonly:
        # Nothing else removes them once the last writer is done (see leftovers).
        remove_expired(path)
    return handle


def _check_schema(handle: Index, repair: str) -> None:
    """Return None when the handle's schema is today's; else close the handle and raise
    IndexUnavailableError naming what differs and `repair` (a handle left open would hold its files)."""
    what = schema_mismatch(handle.schema)
    if what:
        handle.close()
        raise IndexUnavailableError(
            f"index at {handle.path} was built by another onrecord version ({what}); {repair}",
            "The search index was built by another version of onrecord.",
            "To fix this, on the server: rebuild the index with `onrecord index` on your "
            "articles (into a new folder, then serve that one).")


def ram_index(config: Config | None = None) -> Index:
    """Return an empty in-memory Index (for tests) using `config`'s settings."""
    return Index(RamStorage().create_index(build_schema()), config=config)
