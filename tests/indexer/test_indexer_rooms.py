"""indexer/ in rooms, one per stage (#30): each room's `__init__` says what
it owns by naming every module in it, every package folder is one that
`pip install .` installs (pyproject's packages), and the packaged data
files are found from the modules that moved."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from onrecord.indexer import lexicon
from onrecord.indexer.annotate.institutions import registry

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = {"search": "onrecord.search", "indexer": "onrecord.indexer", "web": "onrecord.web", "cli": "onrecord.cli"}
INDEXER_ROOMS = ["read", "parse", "parse/html", "chunk", "annotate", "annotate/attribution",
                 "annotate/attribution/spans", "annotate/attribution/phrases",
                 "annotate/attribution/phrases/cues",
                 "annotate/attribution/names", "annotate/attribution/people", "annotate/attribution/orgs",
                 "annotate/attribution/descriptions", "annotate/attribution/descriptions/bodies",
                 "annotate/attribution/descriptions/persons", "annotate/attribution/pronouns",
                 "annotate/attribution/ranking", "annotate/attribution/clauses", "annotate/attribution/clauses/speakers",
                 "annotate/attribution/clauses/sourceless",
                 "annotate/attribution/indirect", "annotate/attribution/cleanup",
                 "annotate/attribution/headlines",
                 "annotate/institutions", "distributed", "watch"]


def package_folders() -> dict[str, Path]:
    """Return each package's installed name -> its folder, for every folder
    holding an __init__.py under the project's top folders."""
    found = {}
    for top, name in FOLDERS.items():
        for init in sorted((ROOT / top).rglob("__init__.py")):
            parts = init.parent.relative_to(ROOT / top).parts
            found[".".join([name, *parts])] = init.parent
    return found


def listed_packages() -> set[str]:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    return set(setuptools["packages"])


def test_every_package_folder_installs() -> None:
    # A folder missing from pyproject's list works in the editable install
    # and is left out of the wheel: `pip install .` would fail on import.
    assert set(package_folders()) == listed_packages()


@pytest.mark.parametrize("room", INDEXER_ROOMS)
def test_a_room_names_what_it_owns(room: str) -> None:
    folder = ROOT / "indexer" / room
    docstring = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))) or ""
    members = [p.stem for p in folder.glob("*.py") if p.stem != "__init__"]
    members += [p.name + "/" for p in folder.iterdir() if (p / "__init__.py").exists()]
    unnamed = [m for m in sorted(members) if f"`{m}`" not in docstring]
    assert members and not unnamed, f"indexer/{room}/__init__.py names none of {unnamed}"


def test_the_rooms_are_the_stages() -> None:
    packages = {name for name in package_folders() if name.startswith("onrecord.indexer.")}
    assert packages == {"onrecord.indexer." + room.replace("/", ".") for room in INDEXER_ROOMS}


def test_packaged_data_is_found_from_the_rooms() -> None:
    # registry moved two folders down; its alias file stayed in indexer/data.
    assert registry.DEFAULT_PATH.is_file()
    folders = {path.parent.resolve() for path in (registry.DEFAULT_PATH, lexicon.PATH)}
    assert folders == {(ROOT / "indexer" / "data").resolve()}
