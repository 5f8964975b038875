"""The docs a newcomer reads stay true to the code and to each other:
docs/settings.md is exactly what `onrecord settings --markdown` writes from
SETTINGS (a setting added, removed or re-worded without regenerating the
page fails here); every relative link leads to a file and heading that
exist, and every repository path the docs name exists; the README stays
short, opens with `make run` and `make test`, shows a screenshot and links
every docs page."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.cli.settings_doc import settings_markdown
from onrecord.search.config import SETTINGS, Setting

ROOT = Path(__file__).resolve().parents[1]
SETTINGS_PAGE = ROOT / "docs" / "settings.md"
REGENERATE = "docs/settings.md is out of date: run `onrecord settings --markdown > docs/settings.md`"


def test_the_settings_page_is_what_the_command_writes() -> None:
    # Defaults only: a setting changed in the environment must not leak into the page.
    result = CliRunner().invoke(main, ["settings", "--markdown"], env={"ONRECORD_PER_PAGE": "42"})
    assert result.exit_code == 0, result.output
    assert "| `per_page` | 10 |" in result.output
    assert SETTINGS_PAGE.read_text(encoding="utf-8") == result.output, REGENERATE


def test_a_new_setting_makes_the_page_out_of_date() -> None:
    added = (*SETTINGS, Setting("reply_delay", 0.5, float, "Seconds to wait | then answer."))
    page = settings_markdown(added)
    assert page != SETTINGS_PAGE.read_text(encoding="utf-8")
    assert page.endswith("| `reply_delay` | 0.5 | `ONRECORD_REPLY_DELAY` | Seconds to wait \\| then answer. |\n")


# --- Links: every relative link a newcomer can follow leads somewhere. ---

DOCS = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "bench" / "README.md",
               ROOT / "bench" / "RESULTS.md", *(ROOT / "docs").glob("*.md")])
NEWCOMER_DOCS = [p for p in DOCS if p.parent.name != "bench"]
FENCE = re.compile(r"^```.*?^```$", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *#*$", re.MULTILINE)
# A path into the repository written as code (`search/config.py`): the
# tables of CONTRIBUTING.md send people to these files.
REPO_PATH = re.compile(r"`((?:search|indexer|web|cli|tests|bench|docs|seeds)/[\w./-]*)`")


def prose(path: Path) -> str:
    """Return `path`'s Markdown without its fenced code blocks."""
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def slug(heading: str) -> str:
    """Return GitHub's anchor for a heading: lowercase, punctuation
    dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Return every heading anchor of `path` (a repeated heading gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(prose(path)):
        base = slug(heading)
        found.add(f"{base}-{seen[base]}" if base in seen else base)
        seen[base] = seen.get(base, 0) + 1
    return found


def broken_links(path: Path) -> list[str]:
    """Return the relative links of `path` whose file or heading is missing."""
    broken = []
    for target in LINK.findall(prose(path)):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        name, _, anchor = target.partition("#")
        linked = (path.parent / name).resolve() if name else path
        if not linked.exists() or (anchor and (linked.suffix != ".md" or anchor not in anchors(linked))):
            broken.append(target)
    return broken


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_to_a_file_and_heading(path: Path) -> None:
    assert broken_links(path) == []


@pytest.mark.parametrize("path", NEWCOMER_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_repository_path_named_in_the_docs_exists(path: Path) -> None:
    named = REPO_PATH.findall(path.read_text(encoding="utf-8"))
    assert [p for p in named if "*" not in p and not (ROOT / p).exists()] == []


@pytest.mark.parametrize("text, broken", [
    ("[ok](inputs.md#encodings) [up](../README.md) [web](https://example.org/x#y)", []),
    ("[gone](nowhere.md)", ["nowhere.md"]),
    ("[no such heading](inputs.md#no-such-heading)", ["inputs.md#no-such-heading"]),
    ("[here](#a-heading-here) [not here](#missing)\n\n## A heading, here\n", ["#missing"]),
    ("```sh\n[in code](nowhere.md)\n```\n", []),
])
def test_a_broken_link_is_found(tmp_path: Path, text: str, broken: list[str]) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("# onrecord\n", encoding="utf-8")
    (tmp_path / "docs" / "inputs.md").write_text("# Inputs\n\n## Encodings\n", encoding="utf-8")
    page = tmp_path / "docs" / "page.md"
    page.write_text(text, encoding="utf-8")
    assert broken_links(page) == broken


# --- The README: short, the two commands first, a screenshot, the way on. ---

README = ROOT / "README.md"


def test_the_readme_is_short_and_opens_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    first_block = FENCE.search(text)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group().splitlines()[1:-1]]
    assert commands[:2] == ["make run", "make test"]


def test_the_readme_shows_a_small_screenshot() -> None:
    images = [t for t in LINK.findall(prose(README)) if t.endswith(".png")]
    assert images, "no screenshot in README.md"
    shot = ROOT / images[0]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size < 150_000


def test_the_readme_leads_to_every_docs_page() -> None:
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in LINK.findall(prose(README))}
    assert sorted(p.name for p in (ROOT / "docs").glob("*.md") if p.resolve() not in linked) == []
