"""Files an index directory holds besides its newest commit, and their removal.

Owns which files are which (classify_files): those of commits superseded
less than READER_GRACE_SECONDS ago, kept for readers in other processes
(Whoosh opens column files lazily); those of commits superseded longer ago,
which no reader needs; and orphans that no commit lists, left by crashed or
failed writers (or a running writer's, not committed yet).  Also owns their
removal: the write lock's holder removes orphans and expired files
(remove_orphans, also after every commit of search.writing.commits'
DurableWriter); anyone, even a reader without the lock, may remove expired
files (remove_expired).
"""
from __future__ import annotations

import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.filedb.filestore import FileStorage

from onrecord.search.storage.integrity.durability import INDEX_NAME, fsync_dir

# Seconds a superseded commit's files are kept for readers still on it
# (searchers refresh within a second; export snapshots can run minutes).
READER_GRACE_SECONDS = 300.0
_TOC = re.compile(rf"^_{INDEX_NAME}_([0-9]+)\.toc$")
_TEMP_TOC = re.compile(rf"^_{INDEX_NAME}_[0-9]+\.toc\..+$")
_SEGMENT = re.compile(rf"^({INDEX_NAME}_[0-9a-z]+)\.[A-Za-z0-9_.]+$")
_TEMP_DIR = f"{INDEX_NAME}.tmp"  # a writer's posting-pool runs
# Where a local cluster's workers build segments before the writer moves
# them in (search.writing.segments LocalSegment): same filesystem, so a move
# is a rename.  Like _TEMP_DIR, a running writer's, left alone by its commits.
SCRATCH_DIR = f"{INDEX_NAME}.scratch"
_WORK_DIRS = (_TEMP_DIR, SCRATCH_DIR)


@dataclass(slots=True)
class Leftovers:
    """An index directory's files that its newest commit does not use,
    each list sorted by name."""

    kept: list[str] = field(default_factory=list)     # of commits superseded < grace ago
    expired: list[str] = field(default_factory=list)  # of commits superseded longer ago
    orphans: list[str] = field(default_factory=list)  # of no commit (temp TOCs and dirs too)


def classify_files(path: Path, grace: float = READER_GRACE_SECONDS) -> Leftovers:
    """Return the Leftovers of the index at `path` (empty without a TOC).

    A superseded commit's TOC and the segments only it lists are kept for
    `grace` seconds after the next commit, for readers in other processes
    still on it (Whoosh opens column files lazily), then expire.  A segment
    that no TOC lists is an orphan: a crashed or failed writer's, or a
    running writer's not yet committed.  While a kept TOC cannot be read,
    unlisted segments count as kept: they may be that commit's."""
    names = FileStorage(str(path)).list()
    tocs = _toc_times(path, names)
    found = Leftovers()
    if not tocs:
        return found
    kept = _kept_generations(tocs, grace)
    listed = {generation: _listed_segments(path, generation) for generation in tocs}
    sets = _SegmentSets(live=listed[max(tocs)] or set(),
                        protected=set().union(*(listed[g] or () for g in kept)),
                        unknown=any(listed[g] is None for g in kept))
    sets.superseded = set().union(*(ids or () for ids in listed.values())) - sets.protected
    for name in sorted(names):
        kind = _leftover_kind(name, max(tocs), kept, sets)
        if kind is not None:
            getattr(found, kind).append(name)
    return found


@dataclass(slots=True)
class _SegmentSets:
    live: set[str]       # listed by the newest TOC
    protected: set[str]  # listed by a kept TOC (the newest included)
    unknown: bool        # a kept TOC could not be read
    superseded: set[str] = field(default_factory=set)  # listed only by expired TOCs


def _listed_segments(path: Path, generation: int) -> set[str] | None:
    """Return the segment ids the TOC of `generation` lists (None if unreadable)."""
    try:
        toc = whoosh_index.TOC.read(FileStorage(str(path)), INDEX_NAME, generation)
    except Exception:  # removed meanwhile, or damaged: `check` reports a damaged newest TOC
        return None
    return {segment.segment_id() for segment in toc.segments}


def _leftover_kind(name: str, newest: int, kept: set[int], sets: _SegmentSets) -> str | None:
    if name in _WORK_DIRS or _TEMP_TOC.match(name):
        return "orphans"
    toc = _TOC.match(name)
    if toc:
        generation = int(toc.group(1))
        return None if generation == newest else "kept" if generation in kept else "expired"
    segment = _SEGMENT.match(name)
    if segment is None or segment.group(1) in sets.live:
        return None  # the lock file, or the current commit's
    if segment.group(1) in sets.protected or sets.unknown:
        return "kept"
    return "expired" if segment.group(1) in sets.superseded else "orphans"


def _toc_times(path: Path, names: list[str]) -> dict[int, float]:
    """Return generation -> modification time of every TOC file."""
    times: dict[int, float] = {}
    for name in names:
        match = _TOC.match(name)
        if match:
            try:
                times[int(match.group(1))] = (path / name).stat().st_mtime
            except OSError:  # removed meanwhile
                continue
    return times


def _kept_generations(tocs: dict[int, float], grace: float) -> set[int]:
    """Return the newest generation plus those superseded (by the next
    newer TOC's write) less than `grace` seconds ago."""
    generations = sorted(tocs)
    kept = {generations[-1]}
    now = time.time()
    for older, newer in zip(generations, generations[1:], strict=False):
        if now - tocs[newer] < grace:
            kept.add(older)
    return kept


def list_orphans(path: Path, grace: float = READER_GRACE_SECONDS,
                 include_temp: bool = True) -> list[str]:
    """Return the names of the files (and temp dirs) that the write lock's
    holder removes: orphans and expired superseded files (see
    classify_files), without the posting-pool and scratch dirs unless include_temp.
    While a writer runs, its uncommitted segments are listed too."""
    found = classify_files(path, grace)
    names = found.orphans + found.expired
    return sorted(name for name in names if include_temp or name not in _WORK_DIRS)


def remove_orphans(path: Path, include_temp: bool = True) -> list[str]:
    """Delete list_orphans(path, include_temp=...) and return their names.
    Only call while holding the write lock: without it, a running writer's
    files are orphans too.  Files that cannot be removed are left for next
    time."""
    return _remove(path, list_orphans(path, include_temp=include_temp))


def remove_expired(path: Path, grace: float = READER_GRACE_SECONDS) -> list[str]:
    """Delete the expired superseded files of the index at `path` and
    return their names; needs no lock and never raises (a read-only
    directory just keeps them).  Safe beside a running writer: an expired
    file belongs to a commit older than the newest, which no writer reads
    or lists again, and a running writer's files are orphans, left alone."""
    try:
        return _remove(path, classify_files(path, grace).expired)
    except Exception:  # tidying is optional; a reader must open regardless
        return []


def _remove(path: Path, names: list[str]) -> list[str]:
    # Segments before TOCs: an interrupted removal then leaves an expired
    # TOC without its files (still expired), not files that no TOC lists.
    removed: list[str] = []
    for name in sorted(names, key=lambda n: (bool(_TOC.match(n)), n)):
        target = path / name
        try:
            if target.is_dir():
                shutil.rmtree(target)
            else:
                target.unlink()
        except OSError:  # removed by another process first, or read-only: next time
            continue
        removed.append(name)
    if removed:
        try:
            fsync_dir(path)
        except OSError:
            pass
    return removed
