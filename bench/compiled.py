"""An opt-in mypyc build of the extraction modules, for measuring extraction speed compiled
(`make bench-extraction-compiled`; issue #31's 300 articles/CPU-s bar).  Nothing else uses it:
`make test`, `make run` and the installed package import the .py files as always.

Run from the repo root: `python -m bench.compiled build [--out DIR]` copies the working tree
to DIR/onrecord (default build/compiled) and compiles indexer/annotate/ there (all but
`EXCLUDED`); `python -m bench.compiled check [--out DIR]` exits 1 when the build is stale.

Why a copy: a compiled module's .so sits beside its .py and is imported before it, so a build
in the worktree would keep running the old code after an edit.  In the copy the .so and the
.py it came from stay together, and the copy is used only with PYTHONPATH=DIR.  Why a hash of
every .py: mypyc calls between the modules it compiled together directly, so one edited module
falling back to its .py would still run the old one through its callers; any edit (and any
edit of a module they import, whose types mypyc relied on) makes the whole build stale, and
`build` then compiles it anew.
"""
from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

from bench.extraction import REPO

COMPILED = "indexer/annotate"  # the extraction loop's modules (the profile: ~all its Python time)
SOURCES = "SOURCES.sha256"  # in the build dir: the hash of the tree it was copied from
_SKIP = {".git", ".venv", "build", ".typecheck", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
_TOP_SKIP = {"data"}  # the default index folder; indexer/data (the lexicon, weights) is the package's

# Modules left as .py, and why (each a case mypyc refuses or compiles to different behaviour).
EXCLUDED: dict[str, str] = {
    "indexer/annotate/attribution/cleanup/wholeruns.py":
        "mypyc internal error (AssertionError: Any) on reversed() over re.findall's list[Any]",
    "indexer/annotate/attribution/orgs/organisations.py":
        "functools.cached_property needs an instance __dict__; mypyc's native classes have none",
    "indexer/annotate/attribution/people/speakers.py":
        "functools.cached_property needs an instance __dict__; mypyc's native classes have none",
    "indexer/annotate/institutions/registry.py":
        "a compiled frozen dataclass does not unpickle (FrozenInstanceError): Dask's workers get the registry",
    "indexer/annotate/corrections.py":
        "a compiled frozen dataclass does not unpickle (FrozenInstanceError): Dask's workers get the corrections",
    "indexer/annotate/annotator.py":
        "a compiled frozen dataclass does not unpickle (FrozenInstanceError): Dask's workers get AnnotationFiles",
}


def source_files(root: Path) -> list[Path]:
    """Return every .py under `root` but build, cache, venv and index folders, sorted."""
    return sorted(p for p in root.rglob("*.py") if not _skipped(p.relative_to(root).parts[:-1]))


def _skipped(folders: tuple[str, ...]) -> bool:
    return bool(_SKIP.intersection(folders)) or bool(folders) and folders[0] in _TOP_SKIP


def copy_tree(root: Path, tree: Path) -> None:
    """Copy `root` to `tree` as build() compiles it: every file but those source_files skips."""
    def ignored(folder: str, names: list[str]) -> list[str]:
        top = Path(folder) == root
        return [n for n in names if n in _SKIP or top and n in _TOP_SKIP]
    shutil.copytree(root, tree, ignore=ignored)


def sources_hash(root: Path) -> str:
    """Return the sha256 of every .py under `root`: its relative path and its bytes."""
    digest = hashlib.sha256()
    for path in source_files(root):
        digest.update(str(path.relative_to(root)).encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_fresh(root: Path, out: Path) -> bool:
    """Return whether the build in `out` was made from `root`'s .py files as they are now."""
    stamp = out / SOURCES
    return stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == sources_hash(root)


def modules_to_compile(tree: Path) -> list[str]:
    """Return the paths (relative to `tree`) of the .py files to compile: COMPILED's but EXCLUDED."""
    return [str(p.relative_to(tree)) for p in source_files(tree / COMPILED)
            if str(p.relative_to(tree)) not in EXCLUDED]


def build(root: Path, out: Path) -> None:
    """Copy `root` to out/onrecord, compile it there, and stamp `out` with root's hash
    (written last: an interrupted build stays stale)."""
    stamp = sources_hash(root)
    shutil.rmtree(out, ignore_errors=True)
    tree = out / "onrecord"
    copy_tree(root, tree)
    files = [f"onrecord/{m}" for m in modules_to_compile(tree)]
    mypyc = Path(sys.executable).with_name("mypyc")
    subprocess.run([str(mypyc), "--config-file", "onrecord/pyproject.toml", *files], cwd=out, check=True)
    (out / SOURCES).write_text(stamp + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Build or check (module docstring); returns the exit code (1: check found it stale)."""
    ap = argparse.ArgumentParser(prog="python -m bench.compiled")
    ap.add_argument("mode", choices=("build", "check"))
    ap.add_argument("--out", default=str(REPO / "build" / "compiled"))
    args = ap.parse_args(argv)
    out = Path(args.out)
    if is_fresh(REPO, out):
        print(f"{out}: fresh")
        return 0
    if args.mode == "check":
        print(f"{out}: stale (a .py changed since it was built, or no build): run `make bench-extraction-compiled`")
        return 1
    build(REPO, out)
    print(f"{out}: built")
    return 0


if __name__ == "__main__":
    sys.exit(main())
