"""The on-disk (or in-memory) paragraph index: the handle, opening and reading.

Owns the Index handle: the Whoosh index, the current Generation (pooled
searchers, one per reading thread, and that commit's caches: see
search.storage.reading.searchers and Index.commit_cache), swapped after any process's
commit, its segment caches kept across commits (search.storage.reading.segmentcache),
and the article records (search.storage.articledb.records).  Also owns the handle's settings
(Index.apply_config) and how a reader finds damage before it answers: the commit's
files against their manifests (sizes) on every open, refresh and stale
check, the records file present and readable.  A `readonly` handle
(`serve`'s) never creates, changes or removes a file in the index
directory.  Opening or creating one is search.storage.opening's; writing
articles into it is search.writing's.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from whoosh import index as whoosh_index
from whoosh.searching import Searcher

from onrecord.search.config import Config
from onrecord.search.errors import IndexUnavailableError
from onrecord.search.storage.articledb.records import RECORDS_FILE
from onrecord.search.storage.articledb.recordwatch import RecordsWatch, open_records, reopened_records
from onrecord.search.storage.integrity.damage import (
    DamagedFileError,
    damaged_error,
    missing_error,
    translate_damage,
)
from onrecord.search.storage.integrity.durability import toc_identity
from onrecord.search.storage.reading.reopening import latest_generation, open_retrying
from onrecord.search.storage.reading.searchers import BuildCache, Generation, Slots, open_generation, open_searcher
from onrecord.search.storage.reading.segmentcache import FACET_COLUMN_BYTES, SegmentCache
from onrecord.search.storage.schema import count_quote_documents

T = TypeVar("T")

class Index:
    """A handle on one Whoosh index whose searches run concurrently.

    Each reading() checks out a searcher of the current Generation (see
    search.storage.reading.searchers) for the calling thread alone; the handle's own lock
    only guards swapping generations and is never held while searching."""

    def __init__(self, ix: whoosh_index.Index, path: Path | None = None,
                 config: Config | None = None, readonly: bool = False) -> None:
        self.path = path
        self._ix = ix
        self.readonly = readonly
        # A read-only handle (serve's) keeps checking its records file.
        self._watch = (RecordsWatch(path / RECORDS_FILE, str(path))
                       if readonly and path is not None else None)
        self._lock = threading.Lock()
        self._refreshing = threading.Lock()  # one thread opens a new generation at a time
        self._local = threading.local()  # this thread's (generation, searcher), if reading
        self._gen: Generation = self._open_generation()  # damaged segments are told first
        try:
            # Per-article metadata and earlier versions (search.storage.articledb.records).
            self.records = open_records(path, readonly)
        except BaseException:
            self._gen.retire()
            raise
        self._toc = self._toc_of(self._gen)
        self._checked = time.monotonic()
        self._closed = False
        # The write lock while search.writing.commits.hold_write_lock()
        # holds it for a whole ingest; None otherwise.
        self.held_lock: Any = None
        self.postings_cache: SegmentCache[Any] = SegmentCache(0)  # this index's own; apply_config sizes it
        self.facet_columns: SegmentCache[Any] = SegmentCache(FACET_COLUMN_BYTES, keep_newest=True)
        # Request limits, cache sizes and writer settings: the defaults
        # until a caller applies its loaded Config with apply_config().
        self.apply_config(config or Config())

    def apply_config(self, config: Config) -> None:
        """Take the settings of `config` that a handle uses (see
        search.config.SETTINGS): the request limits (query_timeout, None =
        no limit; max_result_window, page_lookahead, max_expanded_terms, max_query_chars,
        export_slots, export_timeout, export_batch), the cache sizes
        (result_cache_size, 0 = off; postings_cache_mb, this handle's
        postings_cache, resized here), how often to look
        for other processes' commits (stale_check_seconds) and the writer's
        (write_lock_timeout as lock_timeout, writer_memory_mb)."""
        self.config = config
        self.query_timeout: float | None = config.query_timeout
        self.max_result_window = config.max_result_window
        self.page_lookahead = config.page_lookahead
        self.max_expanded_terms = config.max_expanded_terms
        self.max_query_chars = config.max_query_chars
        self.export_timeout = config.export_timeout
        self.export_slots = Slots(config.export_slots)
        self.export_batch = config.export_batch
        self.result_cache_size = config.result_cache_size
        self.postings_cache.resize(config.postings_cache_mb * 1024 * 1024)
        self.stale_check_seconds = config.stale_check_seconds
        # Seconds a writer waits for another process's write lock.
        self.lock_timeout: float = config.write_lock_timeout
        self.writer_memory_mb = config.writer_memory_mb

    @property
    def schema(self) -> Any:
        """Return the Whoosh schema of this index (the current generation's:
        Whoosh's own Index.schema re-reads the table of contents from disk
        on every access, and a new analyzer object loses its stem cache)."""
        return self._gen.schema

    @contextmanager
    def reading(self) -> Iterator[Searcher]:
        """Yield a searcher of the latest commit for this thread alone
        (searchers are not thread-safe; other threads get their own, so no
        search waits for another).  Nested calls in one thread yield the
        same searcher.  Raises IndexUnavailableError if the handle is closed
        or the index was deleted (its table of contents is gone) since it
        was opened."""
        held = getattr(self._local, "held", None)
        if held is not None:
            yield held[1]
            return
        gen, searcher = self._checkout()
        self._local.held = (gen, searcher)
        try:
            yield searcher
        finally:
            self._local.held = None
            gen.checkin(searcher)

    def _checkout(self) -> tuple[Generation, Searcher]:
        """Return the current generation and a searcher of it for this
        thread, refreshing first when another commit is due or the TOC
        changed; retried (search.storage.reading.reopening) when a newer commit removed
        the generation's files."""
        used: list[Generation] = []

        def checkout(attempt: int) -> tuple[Generation, Searcher]:
            gen = self._current(refresh=attempt > 0)
            used.append(gen)
            return gen, gen.checkout()

        try:
            return open_retrying(checkout, latest_generation(self._ix),
                                 lambda: used[-1].number if used else -1)
        except FileNotFoundError as exc:
            # The commit's own files are gone (not a newer commit's doing):
            # a damaged or deleted index, a 503 with its repair.
            label = self.label()
            if self.path is not None and latest_generation(self._ix)() < 0:
                raise missing_error(label) from exc
            raise damaged_error(label, exc) from exc

    def _current(self, refresh: bool) -> Generation:
        """Return the generation to read from, swapping in a newer one when
        `refresh` (a retry after its files went), the TOC changed or a
        check for another process's commit is due.  Raises
        IndexUnavailableError if the handle is closed."""
        with self._lock:
            if self._closed:
                raise IndexUnavailableError(f"index {self.label()} is closed")
            due = time.monotonic() - self._checked > self.stale_check_seconds
        # One stat per use: open files would keep answering from a
        # deleted index; a rebuilt one is picked up at once.
        if self._toc_changed():
            with self._refreshing:
                if self._toc_changed():
                    self._refresh_locked(force=True)
        elif refresh:
            self.refresh()
        elif due and self._refreshing.acquire(blocking=False):
            # Only one thread looks for another process's commit; the
            # others go on with the generation they have.
            try:
                self._refresh_locked()
            finally:
                self._refreshing.release()
        if self._watch is not None:
            self._watch.raise_damage()
        return self._gen

    def commit_cache(self) -> BuildCache:
        """Return the BuildCache of the commit this thread is reading (values
        built once, dropped with the generation), which only
        search.features.commitview's CommitView keys.  Raises RuntimeError
        outside reading()."""
        held = getattr(self._local, "held", None)
        if held is None:
            raise RuntimeError("Index.commit_cache() is only for use inside reading()")
        return held[0].cache

    def open_snapshot(self) -> Searcher:
        """Return a NEW searcher over the latest commit, apart from the shared
        one: for long streams (exports) whose document numbers must not shift
        when a refresh swaps the shared searcher.  The caller closes it.
        Raises IndexUnavailableError if the handle is closed."""
        with self._lock:
            if self._closed:
                raise IndexUnavailableError(f"index {self.label()} is closed")
        return self._open_latest()

    def refresh(self, force: bool = False) -> None:
        """Swap in a generation over the latest commit (unless unchanged
        and not `force`: then check the current one's files again);
        searches still running on the old one finish there.  Raises
        IndexUnavailableError if the index is gone or damaged; the old
        generation then stays, answering that error to every reader until
        a sound commit replaces it."""
        with self._refreshing:
            self._refresh_locked(force)

    def verify(self) -> None:
        """Check the index now, as a refresh does (picking up a newer
        commit), and that its records can be read.  Raises
        IndexUnavailableError with the reason and repair if it is closed,
        missing or damaged (/healthz asks)."""
        self.refresh(force=self._toc_changed())
        if self._watch is None:  # a read-only handle's refresh checked them
            self.records.probe()

    def _refresh_locked(self, force: bool = False) -> None:
        self._checked = time.monotonic()
        try:
            if force or self._gen.number != latest_generation(self._ix)():
                self._swap_generation(force)
            elif self._gen.damage is not None:
                # Opened afresh (new searchers) once its files are sound
                # again: a segment restored in place heals without a restart.
                self._swap_generation(force=False)
            else:
                self._verify_unchanged()
        except IndexUnavailableError as error:
            # Every reader answers it, not only the one that looked: a
            # damaged commit must not be served as good, nor half the time.
            self._gen.damage = error
            raise
        if self._watch is not None:
            fresh = self._watch.check(self.records)
            if fresh is not None:
                with self._lock:  # the old ones stay open for searches still reading
                    self.records = fresh

    def _swap_generation(self, force: bool) -> None:
        # A new reader rather than Searcher.refresh(): whoosh3's reader
        # reuse keeps stale deletion sets (and re-adds merged segments),
        # which would show replaced paragraphs twice.
        fresh = self._open_generation()
        records = reopened_records(self.records) if force and self._watch is None else None
        with self._lock:
            stale = self._gen
            if not self._closed:
                self._gen = fresh
                self._toc = self._toc_of(fresh)
                # The old records are not closed: a search may still be
                # reading them (sqlite keeps a replaced file readable).
                self.records = records or self.records
        (fresh if self._closed else stale).retire()

    def _verify_unchanged(self) -> None:
        """Check the current generation's files again; raises
        IndexUnavailableError if one was damaged or removed since it was
        opened (the commit is still the latest)."""
        label = self.label()
        try:
            self._gen.verify()
        except FileNotFoundError as exc:
            if latest_generation(self._ix)() < 0:
                raise missing_error(label) from exc
            raise damaged_error(label, exc) from exc
        except DamagedFileError as exc:
            raise damaged_error(label, exc) from exc

    def _open_generation(self) -> Generation:
        """Return a Generation over the latest commit; raises
        IndexUnavailableError (with the repair) if there is none or it is
        damaged."""
        return self._unless_missing(lambda: open_generation(self._ix))

    def _open_latest(self) -> Searcher:
        """Return a new searcher over the latest commit; raises
        IndexUnavailableError (with the repair) if there is none or it is
        damaged."""
        return self._unless_missing(lambda: open_searcher(self._ix))

    def _unless_missing(self, open_: Callable[[], T]) -> T:
        label = self.label()
        try:
            with translate_damage(label):
                return open_()
        except Exception as exc:
            if self.path is not None and latest_generation(self._ix)() < 0:
                raise missing_error(label) from exc
            raise

    def _toc_of(self, gen: Generation) -> tuple[int, Any] | None:
        """Return (generation, identity of its TOC file) for `gen`, None
        in memory or if that file is gone already."""
        if self.path is None:
            return None
        generation = gen.number
        identity = toc_identity(self.path, generation)
        return None if identity is None else (generation, identity)

    def _toc_changed(self) -> bool:
        """Return True if the current generation's TOC file was removed or
        replaced since it was opened."""
        if self._toc is None or self.path is None:  # a TOC is only kept for an index on disk
            return False
        generation, identity = self._toc
        return toc_identity(self.path, generation) != identity

    def doc_count(self) -> int:
        """Return the number of (undeleted) paragraphs in the index (its
        quote documents, search.storage.schema.unit_documents, left out)."""
        with self.reading() as searcher:
            return searcher.doc_count() - count_quote_documents(searcher.reader())

    def close(self) -> None:
        """Close the searchers (busy ones as their searches end) and the
        index; the handle is unusable after."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._gen.retire()
        self._ix.close()
        self.records.close()

    def label(self) -> str:
        """Return how messages name this index: its path, or "(in memory)"."""
        return str(self.path) if self.path else "(in memory)"

    @property
    def whoosh_index(self) -> whoosh_index.Index:
        """The Whoosh index under this handle, for the write path
        (search.writing.commits opens its writers and takes its lock)."""
        return self._ix
