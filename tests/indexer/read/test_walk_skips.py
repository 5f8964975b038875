"""A folder walk leaves out files that are plainly not articles (README,
LICENSE, CHANGELOG and the like: indexer.read.inputs' table), lists them in the
summary with how to include them; --include-all or naming a file includes it."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.indexer.pipeline import ingest_paths
from onrecord.indexer.read.inputs import find_input_files, not_article
from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage.opening import open_index, ram_index

ARTICLE = "Harbour report\n\nThe ferry ran late on Monday again, said the operator.\n"
README = "Consists of 2225 documents from the BBC news website, in five topical areas.\n"


def _folder(tmp_path: Path, *extra: str) -> Path:
    """corpus/ with one article (story.txt) and the files named `extra`."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "story.txt").write_text(ARTICLE, encoding="utf-8")
    for name in extra:
        (folder / name).write_text(README, encoding="utf-8")
    return folder


@pytest.mark.parametrize("name", [
    "README.TXT", "readme.txt", "Readme.html", "LICENSE.txt", "licence.htm", "CHANGELOG.txt",
    "COPYING.txt", "NOTICE.txt", "AUTHORS.txt", "CONTRIBUTING.txt", "code_of_conduct.json",
])
def test_a_walk_leaves_out_files_that_are_not_articles(tmp_path: Path, name: str) -> None:
    folder = _folder(tmp_path, name)
    found = find_input_files([folder])
    assert found.files == [folder / "story.txt"]
    what = not_article(folder / name)
    assert what and found.left_out == [(folder / name, what)]


@pytest.mark.parametrize("name", ["readme-the-riot-act.txt", "licensing-row.txt", "notices.txt",
                                  "authors-guild.html"])
def test_articles_named_like_them_are_still_read(tmp_path: Path, name: str) -> None:
    folder = _folder(tmp_path, name)
    assert find_input_files([folder]).files == sorted([folder / "story.txt", folder / name])


def test_include_all_and_a_named_file_are_read(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "README.TXT")
    assert find_input_files([folder], include_all=True).files == [folder / "README.TXT",
                                                                  folder / "story.txt"]
    named = find_input_files([folder / "README.TXT"])
    assert (named.files, named.left_out) == ([folder / "README.TXT"], [])


def test_ingest_lists_left_out_files_apart_from_failures(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "README.TXT", "LICENSE.txt")
    index = ram_index()
    summary = ingest_paths([folder], index)
    assert (summary.files, summary.articles, summary.skipped) == (1, 1, [])
    assert [Path(path).name for path, _why in summary.left_out] == ["LICENSE.txt", "README.TXT"]
    assert search(index, SearchRequest(query="documents")).total == 0
    index.close()


def _index(cli_runner: CliRunner, tmp_path: Path, *args: str) -> tuple[str, int]:
    """Run `onrecord index ARGS` into tmp_path/ix; return its output and
    how many paragraphs mention the README's words."""
    result = cli_runner.invoke(main, ["index", *args, "--index", str(tmp_path / "ix")])
    assert result.exit_code == 0, result.output
    index = open_index(tmp_path / "ix")
    try:
        return result.output, search(index, SearchRequest(query="documents topical")).total
    finally:
        index.close()


def test_the_command_indexes_only_the_article_and_says_how_to_include_the_rest(
        tmp_path: Path, cli_runner: CliRunner) -> None:
    folder = _folder(tmp_path, "README.TXT")
    output, readme_hits = _index(cli_runner, tmp_path, str(folder))
    assert readme_hits == 0
    assert "Indexed 1 article," in output and "from 1 file " in output
    line = next(line for line in output.splitlines() if "README.TXT" in line)
    assert "not an article" in line.lower() or "not articles" in line.lower()
    assert "--include-all" in output


@pytest.mark.parametrize("how", ["--include-all", "named"])
def test_the_command_indexes_it_when_asked(tmp_path: Path, cli_runner: CliRunner, how: str) -> None:
    folder = _folder(tmp_path, "README.TXT")
    args = [str(folder), "--include-all"] if how == "--include-all" else [str(folder),
                                                                          str(folder / "README.TXT")]
    output, readme_hits = _index(cli_runner, tmp_path, *args)
    assert readme_hits == 1
    assert "--include-all" not in output
