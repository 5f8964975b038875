"""Where a watch keeps its files beside an index: one place both sides read.

Owns the folder names: `<index>-watch/` beside the index directory, its
`state.db` (the watch's memory, written by indexer.watch) and `captures/`
(every response as WARC, served a record at a time by web.watch.captures).  The
indexer writes there and the web reads there; neither imports the other,
so the names live here, under both.  Owns too who may download a capture
(capture_readable): with collections, only a reader of an article read
from it.
"""
from __future__ import annotations

from pathlib import Path

from onrecord.search.model import Visibility
from onrecord.search.query.visibility import article_visible
from onrecord.search.storage.integrity.damage import translate_damage
from onrecord.search.storage.store import Index

STATE_FILE = "state.db"
CAPTURES_DIR = "captures"


def watch_folder(index_dir: Path) -> Path:
    """Return the folder beside the index holding a watch's state.db and captures/."""
    index_dir = Path(index_dir)
    return index_dir.with_name(index_dir.name + "-watch")


def captures_folder(index_dir: Path) -> Path:
    """Return the folder of the watch's WARC captures for the index at `index_dir`."""
    return watch_folder(index_dir) / CAPTURES_DIR


def state_path(index_dir: Path) -> Path:
    """Return the watch's state database for the index at `index_dir`."""
    return watch_folder(index_dir) / STATE_FILE


def capture_readable(index: Index, path: Path, offset: int, collections: Visibility) -> bool:
    """Return whether a reader of `collections` may download the capture
    record at `offset` of `path`: always when the reader may read every
    collection (None), else only when an article visible to them has a
    version read from that record (a capture holds the page's words, so it
    is as confidential as the article)."""
    if collections is None:
        return True
    names = tuple(dict.fromkeys((str(path), str(path.resolve()))))
    owners = index.records.capture_owners(names, offset)
    if not owners:
        return False
    with translate_damage(index.label()), index.reading() as searcher:
        return any(article_visible(searcher, doc_id, collections) for doc_id in owners)
