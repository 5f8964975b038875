"""Where a watch keeps its files beside an index: one place both sides read.

Owns the folder names: `<index>-watch/` beside the index directory, its
`state.db` (the watch's memory, written by indexer.watch) and `captures/`
(every response as WARC, served a record at a time by web.captures).  The
indexer writes there and the web reads there; neither imports the other,
so the names live here, under both.
"""
from __future__ import annotations

from pathlib import Path

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
