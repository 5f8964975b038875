"""Which files an ingest visits, and which it refuses to reach.

Owns walking the paths given to `onrecord index`.  A path named by the user
is taken as given: a file (or a symbolic link to one) is read even with an
unsupported extension, so that it is reported rather than silently ignored;
a folder (or a link to one) is walked.  Inside a walked folder:
- hidden entries (".name"), sidecars and unsupported extensions are passed
  over without a word, as are special files (FIFOs, devices);
- a symbolic link is never a way out of the folder: a link to a file inside
  the folder (after resolving every link on the way) is followed; a link that
  leads outside, dangles, or points to a folder is not followed, and is
  listed as skipped with its reason (folders are not followed even when
  inside, since what they hold is walked from its real place; this also
  rules out link loops);
- a folder that cannot be listed is listed as skipped;
- a file that is plainly not an article (a README, LICENSE, CHANGELOG: its
  name without the extension, in any case, is a row of NOT_ARTICLES) is
  left out and listed with what it is, unless the walk includes everything
  (`onrecord index --include-all`).  A file named by the user is read.
Files come out in sorted path order per given path, as the pipeline relies
on ("a later copy of an article wins").
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from onrecord.indexer.read.reader import is_sidecar, source_kind

# Files a folder walk leaves out as plainly not articles: the file's name
# without its extension, in lower case -> what such a file is.  A row per
# name; a name here is never a news story's file name (a story about
# licences is not called LICENSE.txt), and a near miss (notices.txt) is read.
NOT_ARTICLES: dict[str, str] = {
    "readme": "a README",
    "license": "a licence",
    "licence": "a licence",
    "copying": "a licence",
    "notice": "a licence notice",
    "changelog": "a change log",
    "authors": "a list of authors",
    "contributors": "a list of contributors",
    "contributing": "a guide for contributors",
    "code_of_conduct": "a code of conduct",
}


@dataclass(slots=True)
class InputFiles:
    """The files to read, and the paths met in walks that were not followed."""

    files: list[Path] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)  # (path, reason)
    left_out: list[tuple[Path, str]] = field(default_factory=list)  # (path, what it is: "a README")


def find_input_files(paths: Iterable[Path], include_all: bool = False) -> InputFiles:
    """Return the files to ingest under `paths` (see the module docstring),
    with the symbolic links and unreadable folders that were skipped and,
    unless `include_all`, the files left out as not articles (a file also
    named in `paths` is read, not left out).  Never raises for a bad path:
    the reader reports a missing file."""
    found = InputFiles()
    for path in map(Path, paths):
        if path.is_dir():
            walked = _walk(path, include_all)
            found.files.extend(sorted(walked.files))
            found.skipped.extend(sorted(walked.skipped))
            found.left_out.extend(sorted(walked.left_out))
        else:
            found.files.append(path)
    named = set(found.files)
    found.left_out = [(path, why) for path, why in found.left_out if path not in named]
    return found


def not_article(path: Path) -> str | None:
    """Return what the file at `path` is when its name says it is plainly
    not an article (a row of NOT_ARTICLES), else None."""
    return NOT_ARTICLES.get(path.stem.lower())


def _walk(root: Path, include_all: bool) -> InputFiles:
    """Return the candidates and skips under the folder `root`, unsorted."""
    found = InputFiles()
    inside = Path(os.path.realpath(root))

    def unreadable(exc: OSError) -> None:
        found.skipped.append((Path(exc.filename or root), f"cannot read folder: {exc.strerror or exc}"))

    for folder, dirnames, filenames in os.walk(root, onerror=unreadable):
        base = Path(folder)
        for name in [d for d in dirnames if d.startswith(".") or os.path.islink(base / d)]:
            dirnames.remove(name)  # never descended into: hidden, or a link
            if not name.startswith("."):
                found.skipped.append((base / name, "symbolic link to a folder (not followed)"))
        for name in filenames:
            path = base / name
            if name.startswith(".") or source_kind(path) is None or is_sidecar(path):
                continue
            what = None if include_all else not_article(path)
            if what is not None:
                found.left_out.append((path, what))
                continue
            if not path.is_symlink():
                if path.is_file():
                    found.files.append(path)
                continue
            reason = link_problem(path, inside)
            if reason is None:
                found.files.append(path)
            else:
                found.skipped.append((path, reason))
    return found


def link_problem(link: Path, inside: Path) -> str | None:
    """Return why the symbolic link `link` must not be followed from a walk
    of the (resolved) folder `inside`, or None if it leads to a regular
    file inside it."""
    target = Path(os.path.realpath(link))
    if not target.exists():
        return "broken symbolic link (not followed)"
    if not target.is_relative_to(inside):
        return f"symbolic link to {target}, outside {inside} (not followed)"
    if not target.is_file():
        return "symbolic link to something that is not a regular file (not followed)"
    return None
