"""The layer contracts, checked on every run: imports go one way
(web -> search <- indexer, cli on top), search/'s rooms keep their order
(storage <- query <- features <- the engine; storage <- writing, which
none of those import), indexer/'s stages keep theirs
(read <- parse <- chunk <- annotate <- extraction <- distributed <- pipeline <- watch),
web/'s folders theirs (serving <- access <- outputs <- watch <- pages <- app.py),
only onrecord.search imports Whoosh, only onrecord.web imports Flask, only
indexer/distributed/ imports Dask, only the fenced modules of search/storage/
touch Whoosh's private attributes, nothing imports the old bare package
names, and nothing outside search/ imports below its front door
(`onrecord.search`'s exports), while search/'s own modules never import
that door, and only search/config.py reads the environment (every setting
through load_config).

Each rule is a row of a table; a new rule is one row."""
from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import onrecord.search

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS = {"search": "onrecord.search", "indexer": "onrecord.indexer",
                "web": "onrecord.web", "cli": "onrecord.cli"}
OLD_NAMES = frozenset(PACKAGE_DIRS)
SEARCH_BASE = ("onrecord.search.model", "onrecord.search.config", "onrecord.search.errors")
INDEXER_STAGES = ("onrecord.indexer.read", "onrecord.indexer.parse", "onrecord.indexer.chunk",
                  "onrecord.indexer.annotate", "onrecord.indexer.extraction", "onrecord.indexer.distributed",
                  "onrecord.indexer.pipeline", "onrecord.indexer.watch")
INDEXER_BASES = ("onrecord.indexer.errors", "onrecord.indexer.budget", "onrecord.indexer.lexicon",
                 "onrecord.indexer.progress", "onrecord.indexer.tally")
WEB_FOLDERS = ("onrecord.web.serving", "onrecord.web.access", "onrecord.web.outputs", "onrecord.web.watch",
               "onrecord.web.pages", "onrecord.web.app")

# importer prefix -> prefixes it must never import.
FORBIDDEN: list[tuple[str, tuple[str, ...]]] = [
    ("onrecord.search", ("onrecord.indexer", "onrecord.web", "onrecord.cli")),
    ("onrecord.indexer", ("onrecord.web", "onrecord.cli")),
    ("onrecord.web", ("onrecord.indexer", "onrecord.cli")),
    ("onrecord.search.storage", ("onrecord.search.query", "onrecord.search.features",
                                 "onrecord.search.engine", "onrecord.search.writing")),
    ("onrecord.search.query", ("onrecord.search.features", "onrecord.search.engine",
                               "onrecord.search.writing")),
    ("onrecord.search.features", ("onrecord.search.engine", "onrecord.search.writing")),
    # The write path sits on storage beside the reading rooms: answering a
    # query never loads the writer, and writing never needs a query.
    ("onrecord.search.engine", ("onrecord.search.writing",)),
    ("onrecord.search.writing", ("onrecord.search.query", "onrecord.search.features",
                                 "onrecord.search.engine")),
    ("onrecord.search.model", ("onrecord.search.storage", "onrecord.search.query",
                               "onrecord.search.features", "onrecord.search.engine")),
    ("onrecord.search.articles", ("onrecord.search.answers", "onrecord.search.model", "onrecord.search.storage",
                                  "onrecord.search.query", "onrecord.search.features", "onrecord.search.engine")),
    ("onrecord.search.fragments", ("onrecord.search.answers", "onrecord.search.articles", "onrecord.search.model",
                                   "onrecord.search.storage", "onrecord.search.query", "onrecord.search.features",
                                   "onrecord.search.engine")),
    ("onrecord.search.answers", ("onrecord.search.model", "onrecord.search.storage", "onrecord.search.query",
                                 "onrecord.search.features", "onrecord.search.engine")),
    # indexer/'s stages: read <- parse <- chunk <- annotate <- extraction <- distributed <- pipeline <- watch,
    # over shared bases (errors, budget, lexicon, progress, tally) that import no stage.
    *[(base, INDEXER_STAGES) for base in INDEXER_BASES],
    ("onrecord.indexer.read", INDEXER_STAGES[1:]),
    ("onrecord.indexer.parse", INDEXER_STAGES[2:]),
    ("onrecord.indexer.chunk", INDEXER_STAGES[3:]),
    ("onrecord.indexer.annotate", INDEXER_STAGES[4:]),
    ("onrecord.indexer.annotate.institutions", ("onrecord.indexer.annotate.attribution",)),
    ("onrecord.indexer.extraction", INDEXER_STAGES[5:]),
    ("onrecord.indexer.distributed", INDEXER_STAGES[6:]),
    ("onrecord.indexer.pipeline", INDEXER_STAGES[7:]),
    # The serial ingest shares only the cluster's entry point (client), not
    # its writer's module: both count through indexer.tally.
    ("onrecord.indexer.pipeline", ("onrecord.indexer.distributed.publishing",
                                   "onrecord.indexer.distributed.tasks")),
    # web/'s folders: serving <- access <- outputs <- watch <- pages <- app.py, which composes them
    # (serving is handed the audit flush; an output links an entity page by its endpoint's name).
    *[(low, WEB_FOLDERS[n + 1:]) for n, low in enumerate(WEB_FOLDERS[:-1])],
]
# third-party package -> the only packages allowed to import it.
OWNED_LIBRARIES: dict[str, tuple[str, ...]] = {
    "whoosh": ("onrecord.search",), "flask": ("onrecord.web",),
    "distributed": ("onrecord.indexer.distributed",), "dask": ("onrecord.indexer.distributed",),
    # Reading web archives, and writing the watch's captures of what it fetched.
    "warcio": ("onrecord.indexer.read.warcs", "onrecord.indexer.watch.captures"),
    # The watch's fetcher alone talks HTTP (addresses checked on every hop, caps).
    "urllib3": ("onrecord.indexer.watch.fetching",)}


def module_name(path: Path) -> str:
    relative = path.relative_to(ROOT).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE_DIRS[parts[0]], *parts[1:]])


def source_modules() -> list[tuple[str, ast.Module]]:
    found = []
    for folder in PACKAGE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            found.append((module_name(path), ast.parse(path.read_text(), str(path))))
    return found


@functools.cache  # each rule below walks every module's tree again
def imported_names(tree: ast.Module) -> frozenset[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(names)


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


MODULES = source_modules()


def test_the_tree_is_found() -> None:
    names = {name for name, _ in MODULES}
    assert {"onrecord.search.engine", "onrecord.web.app", "onrecord.cli"} <= names


@pytest.mark.parametrize("prefix", sorted({prefix for importer, forbidden in FORBIDDEN
                                           for prefix in (importer, *forbidden)}
                                          | {o for owners in OWNED_LIBRARIES.values() for o in owners}))
def test_every_rule_names_a_module(prefix: str) -> None:
    # A rule over a moved or renamed module would otherwise pass by checking nothing.
    assert any(within(name, prefix) for name, _ in MODULES)


@pytest.mark.parametrize("importer, forbidden", FORBIDDEN)
def test_imports_go_one_way(importer: str, forbidden: tuple[str, ...]) -> None:
    broken = sorted(f"{name} imports {imported}" for name, tree in MODULES if within(name, importer)
                    for imported in imported_names(tree)
                    if any(within(imported, f) for f in forbidden))
    assert not broken


@pytest.mark.parametrize("library, owners", sorted(OWNED_LIBRARIES.items()))
def test_a_library_has_its_owners_alone(library: str, owners: tuple[str, ...]) -> None:
    broken = sorted(name for name, tree in MODULES if not any(within(name, owner) for owner in owners)
                    for imported in imported_names(tree) if within(imported, library))
    assert not broken


def test_nothing_imports_the_bare_package_names() -> None:
    everything = MODULES + [(str(p), ast.parse(p.read_text())) for folder in ("tests", "bench")
                            for p in sorted((ROOT / folder).rglob("*.py"))]
    broken = sorted({f"{name}: {imported}" for name, tree in everything
                     for imported in imported_names(tree)
                     if imported.split(".")[0] in OLD_NAMES})
    assert not broken


def private_whoosh_reads(tree: ast.Module) -> list[str]:
    """Return the attribute reads like `matcher._ids` on anything but self, cls or super(),
    and the private names imported from Whoosh (`from whoosh.filedb.filetables import _pointer`:
    the same dependence on Whoosh's insides, spelled as an import)."""
    reads = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "whoosh":
            reads += [f"{alias.name} (import, line {node.lineno})" for alias in node.names
                      if alias.name.startswith("_") and not alias.name.startswith("__")]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") \
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")) \
                and not (isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                         and node.value.func.id == "super"):
            reads.append(f"{node.attr} (line {node.lineno})")
    return reads


# The fence: the only modules of search/ that read another object's private
# attributes or import a private name (Whoosh's).  Every other module -- the write path included --
# goes through their functions and the Index's public methods.
PRIVATE_READERS = ("onrecord.search.storage.reading.whoosh_internals", "onrecord.search.storage.reading.whoosh_tocs",
                   "onrecord.search.storage.reading.whoosh_termids",
                   "onrecord.search.storage.pooled.whoosh_writers", "onrecord.search.storage.pooled.flush",
                   "onrecord.search.storage.pooled.termsfile", "onrecord.search.storage.pooled.merge",
                   "onrecord.search.storage.pooled.sortedterms")


@pytest.mark.parametrize("module", PRIVATE_READERS)
def test_the_fence_is_found(module: str) -> None:
    assert any(name == module for name, _ in MODULES)


def test_only_the_fence_reads_private_attributes() -> None:
    broken = {name: reads for name, tree in MODULES
              if within(name, "onrecord.search") and name not in PRIVATE_READERS
              for reads in [private_whoosh_reads(tree)] if reads}
    assert not broken


def reaches_past_the_door(imported: str) -> bool:
    """True for an import of a module or name below onrecord.search that the
    front door does not export (`onrecord.search.model`, `...storage.store.Index`)."""
    if not within(imported, "onrecord.search") or imported == "onrecord.search":
        return False
    parent, _, name = imported.rpartition(".")
    return not (parent == "onrecord.search" and name in onrecord.search.__all__)


@pytest.mark.parametrize("outside", ["onrecord.web", "onrecord.cli", "onrecord.indexer"])
def test_search_is_entered_by_its_front_door(outside: str) -> None:
    broken = sorted(f"{name} imports {imported}" for name, tree in MODULES if within(name, outside)
                    for imported in imported_names(tree) if reaches_past_the_door(imported))
    assert not broken


def test_search_never_imports_its_own_front_door() -> None:
    # The door resolves names from search/'s modules; one of them importing
    # the door would make its import order matter (and a cycle possible).
    broken = sorted(name for name, tree in MODULES if within(name, "onrecord.search")
                    and name != "onrecord.search"
                    for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module == "onrecord.search" and not node.level
                    or isinstance(node, ast.Import) and any(a.name == "onrecord.search" for a in node.names))
    assert not broken


MAX_MODULE_LINES = 400
# Modules still over the limit, each to be split by concern; the list only shrinks.
OVERSIZED: set[str] = set()


def module_lines() -> dict[str, int]:
    return {module_name(path): len(path.read_text().splitlines()) for folder in PACKAGE_DIRS
            for path in sorted((ROOT / folder).rglob("*.py"))}


def test_modules_stay_under_the_size_limit() -> None:
    lines = module_lines()
    assert {name for name, count in lines.items() if count > MAX_MODULE_LINES} == OVERSIZED


# The one module that reads the process environment: every tunable is a row of
# SETTINGS, read through load_config (its ONRECORD_<NAME> variable included).
ENVIRONMENT_READERS = {"onrecord.search.config"}


def reads_environment(tree: ast.AST) -> bool:
    """Return True if the module uses os.environ or os.getenv (or imports them from os)."""
    return any(isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv")
               and isinstance(node.value, ast.Name) and node.value.id == "os"
               or isinstance(node, ast.ImportFrom) and node.module == "os"
               and any(alias.name in ("environ", "getenv") for alias in node.names)
               for node in ast.walk(tree))


MAX_PACKAGE_MODULES = 20
# bench/ too: its modules import no layer rule's package, but its folders show its concerns the same way
GROUPED_DIRS = (*PACKAGE_DIRS, "bench")


def test_a_package_past_twenty_modules_is_grouped_by_concern() -> None:
    # the folder names must still show the architecture (as search/ and attribution/ do)
    crowded = {str(folder.relative_to(ROOT)): n for top in GROUPED_DIRS for folder in [ROOT / top, *(ROOT / top).rglob("*")]
               if folder.is_dir() and (n := len([f for f in folder.glob("*.py") if f.name != "__init__.py"]))
               > MAX_PACKAGE_MODULES}
    assert crowded == {}


def test_only_the_settings_read_the_environment() -> None:
    assert {name for name, tree in MODULES if reads_environment(tree)} == ENVIRONMENT_READERS
