"""The package's own metadata installs a working product: every third-party
module that the installed code imports comes from a distribution that
pyproject.toml's `dependencies` name (`pip install .`, pipx or a Dockerfile
read only those, not requirements.lock).  `.ci/check_install` runs the real
thing in a fresh venv; this test catches a missing line in a second.

It also checks that requirements.in asks for every runtime dependency, so the
lock (what `make install` installs) and the metadata never drift apart."""
from __future__ import annotations

import ast
import functools
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS = ("search", "indexer", "web", "cli")


@functools.cache
def third_party_imports() -> dict[str, str]:
    """Return each top-level module the installed packages import that is
    neither the standard library nor onrecord, with one file importing it."""
    found: dict[str, str] = {}
    for folder in PACKAGE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    if top != "onrecord" and top not in sys.stdlib_module_names:
                        found.setdefault(top, str(path.relative_to(ROOT)))
    return found


def requirement_names(lines: list[str]) -> set[str]:
    """Return the normalised distribution names of requirement strings."""
    names = set()
    for line in lines:
        line = line.split("#")[0].strip()
        if line:
            names.add(normalise(re.split(r"[\s\[<>=!~;]", line, maxsplit=1)[0]))
    return names


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared_dependencies() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return requirement_names(project["dependencies"])


@functools.cache
def installed_distributions() -> dict[str, list[str]]:
    return importlib.metadata.packages_distributions()


def distributions_of(module: str) -> set[str]:
    return {normalise(d) for d in installed_distributions().get(module, [])}


@pytest.mark.parametrize("module", sorted(third_party_imports()))
def test_every_imported_library_is_a_declared_dependency(module: str) -> None:
    where = third_party_imports()[module]
    dists = distributions_of(module)
    assert dists, f"{module} (imported by {where}) is not installed from any distribution"
    assert dists & declared_dependencies(), (
        f"{where} imports {module}, but pyproject.toml's dependencies name none of {sorted(dists)}: "
        "`pip install .` would give an onrecord that fails at run time")


def test_requirements_in_asks_for_every_runtime_dependency() -> None:
    wanted = requirement_names((ROOT / "requirements.in").read_text(encoding="utf-8").splitlines())
    missing = declared_dependencies() - wanted
    assert not missing, f"pyproject.toml depends on {sorted(missing)}, which requirements.in (the lock) lacks"


def test_the_import_scan_sees_the_html_reader() -> None:
    # The scan itself must be able to fail: it finds the libraries that the
    # HTML reader and the encoding repair import.
    assert {"trafilatura", "htmldate", "ftfy", "bs4"} <= set(third_party_imports())
