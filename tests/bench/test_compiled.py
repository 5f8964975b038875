"""Tests of the opt-in mypyc build's stale guard and module choice (bench/compiled.py).  The
build itself (minutes of gcc) is not run here."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench.compiled import (
    COMPILED,
    EXCLUDED,
    SOURCES,
    copy_tree,
    is_fresh,
    modules_to_compile,
    source_files,
    sources_hash,
)
from bench.extraction import REPO


def _tree(root: Path) -> Path:
    for name, text in {"a.py": "x = 1\n", "pkg/b.py": "y = 2\n", "README.md": "doc\n",
                       "build/old.py": "z = 3\n", "pkg/__pycache__/c.py": "w = 4\n", "data/index.toc": "",
                       "data/d.py": "", "pkg/data/words.json": "[]\n", "pkg/data/e.py": ""}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def _stamped(root: Path, out: Path) -> Path:
    out.mkdir()
    (out / SOURCES).write_text(sources_hash(root) + "\n", encoding="utf-8")
    return out


def test_the_sources_are_the_py_files_outside_build_and_cache_folders(tmp_path: Path) -> None:
    root = _tree(tmp_path / "src")
    assert [str(p.relative_to(root)) for p in source_files(root)] == ["a.py", "pkg/b.py", "pkg/data/e.py"]


def test_the_copy_keeps_the_packages_data_and_leaves_out_the_index_and_builds(tmp_path: Path) -> None:
    root = _tree(tmp_path / "src")
    copy_tree(root, tmp_path / "copy")
    copied = sorted(str(p.relative_to(tmp_path / "copy")) for p in (tmp_path / "copy").rglob("*") if p.is_file())
    assert copied == ["README.md", "a.py", "pkg/b.py", "pkg/data/e.py", "pkg/data/words.json"]


def test_a_build_stamped_with_the_trees_hash_is_fresh(tmp_path: Path) -> None:
    root = _tree(tmp_path / "src")
    assert is_fresh(root, _stamped(root, tmp_path / "out"))


def test_no_build_is_stale(tmp_path: Path) -> None:
    assert not is_fresh(_tree(tmp_path / "src"), tmp_path / "out")


@pytest.mark.parametrize("edit", [
    lambda root: (root / "pkg/b.py").write_text("y = 3\n", encoding="utf-8"),  # a module edited
    lambda root: (root / "pkg/new.py").write_text("", encoding="utf-8"),  # a module added
    lambda root: (root / "a.py").unlink(),  # a module removed
    lambda root: (root / "a.py").rename(root / "pkg/a.py"),  # a module moved
])
def test_any_py_edit_makes_the_build_stale(tmp_path: Path, edit: object) -> None:
    root = _tree(tmp_path / "src")
    out = _stamped(root, tmp_path / "out")
    edit(root)  # type: ignore[operator]
    assert not is_fresh(root, out)


def test_an_edit_outside_the_py_files_keeps_the_build_fresh(tmp_path: Path) -> None:
    root = _tree(tmp_path / "src")
    out = _stamped(root, tmp_path / "out")
    (root / "README.md").write_text("other\n", encoding="utf-8")
    (root / "build/old.py").write_text("z = 4\n", encoding="utf-8")
    assert is_fresh(root, out)


@pytest.mark.parametrize("module", sorted(EXCLUDED))
def test_each_excluded_module_exists_and_is_left_out(module: str) -> None:
    assert (REPO / module).is_file() and module.startswith(COMPILED + "/")
    assert module not in modules_to_compile(REPO)


def test_the_extraction_modules_are_compiled() -> None:
    compiled = modules_to_compile(REPO)
    assert "indexer/annotate/attribution/names/names.py" in compiled  # the hottest module
    assert len(compiled) == len(source_files(REPO / COMPILED)) - len(EXCLUDED)
