"""The module paths an index written before search/storage/format/ existed names.

Owns MOVED_MODULES and install_moved_paths().  Whoosh pickles the schema's
field, analyzer and column classes, and each segment's codec, by module and
class name into the table of contents.  Those classes moved from
search.storage (and search.storage.pooled) into search.storage.format
(issue #34's house58, grouping storage by concern); an index written before
that still names the old paths.  A finder on sys.meta_path answers an old
path with a module that reads every attribute from the new one, so such an
index opens as before, with the same classes.  A path in no row is still a
module this onrecord lacks: search.storage.integrity.damage's newer_writer
tells such an index (a newer onrecord's) apart.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from functools import partial
from types import ModuleType

# One row per moved module whose classes an index's table of contents may
# name (every module defining a pickled class: tests/search/storage/format/
# test_movedpaths.py checks each row against an index written today).
MOVED_MODULES: dict[str, str] = {
    "onrecord.search.storage.analyzers": "onrecord.search.storage.format.analyzers",
    "onrecord.search.storage.lexicon": "onrecord.search.storage.format.lexicon",
    "onrecord.search.storage.schema": "onrecord.search.storage.format.schema",
    "onrecord.search.storage.textfields": "onrecord.search.storage.format.textfields",
    "onrecord.search.storage.pooled.sortedterms": "onrecord.search.storage.format.sortedterms",
    "onrecord.search.storage.pooled.compactterms": "onrecord.search.storage.format.compactterms",
    "onrecord.search.storage.pooled.storedfields": "onrecord.search.storage.format.storedfields",
}


class MovedModuleLoader(importlib.abc.Loader):
    """Makes an old path's module: attributes read from its new module."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        # A module-level __getattr__ (PEP 562): the unpickler's getattr gets
        # the new module's own class, so old and new paths name one class.
        vars(module)["__getattr__"] = partial(getattr, importlib.import_module(self.target))


class MovedModuleFinder(importlib.abc.MetaPathFinder):
    """Finds only the old paths of MOVED_MODULES; every other import passes by."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        moved = MOVED_MODULES.get(fullname)
        return None if moved is None else importlib.util.spec_from_loader(fullname, MovedModuleLoader(moved))


def install_moved_paths() -> None:
    """Put the finder on sys.meta_path once (importing search.storage does)."""
    if not any(isinstance(finder, MovedModuleFinder) for finder in sys.meta_path):
        sys.meta_path.append(MovedModuleFinder())
