"""A page that claims an article's canonical URL and outlet, repeats its
headline and first paragraph and adds a made-up quote is not an update of
that article (issue #29, item 1): an update is like the indexed article on
both sides.  A large loss of text is a conflict kept apart, named in the
summary, unless the operator passes --accept-updates."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.indexer.pipeline import ingest_paths
from onrecord.search.config import load_config
from onrecord.search.engine import search
from onrecord.search.model import SearchRequest
from onrecord.search.storage.opening import open_index
from onrecord.search.storage.store import Index

TITLE = "Labour plans maternity pay rise"
FIRST = ("Maternity pay for new mothers is to rise by 1,400 pounds as part of new proposals "
         "announced by the Trade and Industry Secretary Patricia Hewitt.")
REST = [
    "It would mean paid leave would be increased to nine months by 2007, Ms Hewitt told a "
    "Sunday programme. Other plans include letting maternity pay be given to fathers.",
    '"We have already doubled the length of maternity pay," Ms Hewitt said on Sunday, adding that '
    "the plans would be in the party's manifesto for the coming general election.",
    "The Conservatives dismissed the plan as desperate, while the Liberal Democrats said it was "
    "misdirected and would do little for the lowest paid families in the country.",
    "Business groups warned that small firms would struggle with the cost of cover for staff on "
    "longer leave, and asked for the government to meet more of that cost directly.",
    "A spokesman for the unions welcomed the proposals but said they did not go far enough for "
    "workers on short contracts who often lose out on maternity pay altogether.",
]
FAKE = '"I will scrap maternity pay entirely after the election," Ms Hewitt admitted privately.'
URL = "https://www.bbc.co.uk/news/politics-001"


def write(folder: Path, name: str, paragraphs: list[str], meta: dict[str, str]) -> Path:
    """Write a plain-text article with its sidecar and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("\n\n".join([TITLE, *paragraphs]) + "\n", encoding="utf-8")
    (folder / f"{Path(name).stem}.meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return path


def real_and_forged(tmp_path: Path) -> tuple[Path, Path]:
    real = write(tmp_path / "a", "001.txt", [FIRST, *REST], {"url": URL, "outlet": "BBC News"})
    forged = write(tmp_path / "b", "forged.txt", [FIRST, FAKE],
                   {"url": "http://bbc.co.uk/news/politics-001/?utm_source=x", "outlet": "bbc news"})
    return real, forged


def doc_ids(index: Index, query: str) -> set[str]:
    return {hit.doc_id for hit in search(index, SearchRequest(query=query)).hits}


def test_a_fragment_with_a_made_up_quote_is_a_conflict_kept_apart(tmp_path: Path,
                                                                  disk_index: Index) -> None:
    real, forged = real_and_forged(tmp_path)
    ingest_paths([real], disk_index, workers=1)
    (real_id,) = doc_ids(disk_index, '"lowest paid families"')
    summary = ingest_paths([forged], disk_index, workers=1)
    assert (summary.new, summary.updated, len(summary.conflicts)) == (0, 0, 1)
    (_path, kept_as, claimed, why) = summary.conflicts[0]
    assert claimed == real_id and kept_as != real_id
    assert "fragment, not an edit" in why and "--accept-updates" in why
    # The real article is whole and untouched; the made-up quote is not under its id.
    assert doc_ids(disk_index, '"lowest paid families"') == {real_id}
    assert doc_ids(disk_index, '"scrap maternity pay entirely"') == {kept_as}


@pytest.mark.parametrize("edit", [
    lambda rest: [FIRST, *rest[:-1]],  # the last paragraph dropped
    lambda rest: [FIRST.replace("1,400", "1,500"), *rest],  # a figure corrected
    lambda rest: [FIRST, *rest, "The minister will set out the details in a speech on Monday."],
])
def test_a_real_edit_is_still_an_update(tmp_path: Path, disk_index: Index, edit: object) -> None:
    real, _ = real_and_forged(tmp_path)
    ingest_paths([real], disk_index, workers=1)
    edited = write(tmp_path / "c", "001.txt", edit(REST),  # type: ignore[operator]
                   {"url": URL, "outlet": "BBC News"})
    summary = ingest_paths([edited], disk_index, workers=1)
    assert (summary.updated, len(summary.conflicts)) == (1, 0)


def test_accept_updates_takes_a_cut_version_as_an_update(tmp_path: Path) -> None:
    real, forged = real_and_forged(tmp_path)
    folder = tmp_path / "idx"
    runner = CliRunner()
    assert runner.invoke(main, ["index", str(real), "--index", str(folder)]).exit_code == 0
    result = runner.invoke(main, ["index", str(forged), "--index", str(folder), "--accept-updates"])
    assert result.exit_code == 0, result.output
    assert "1 updated" in result.output and "0 conflicting" in result.output
    assert "  conflict " not in result.output  # no conflict line after the summary
    index = open_index(folder, config=load_config(env={}))
    try:
        assert doc_ids(index, '"lowest paid families"') == set()  # the cut words left the current version
    finally:
        index.close()


def test_the_cli_names_the_conflict_without_the_flag(tmp_path: Path) -> None:
    real, forged = real_and_forged(tmp_path)
    folder = tmp_path / "idx"
    runner = CliRunner()
    runner.invoke(main, ["index", str(real), "--index", str(folder)])
    result = runner.invoke(main, ["index", str(forged), "--index", str(folder)])
    assert "0 updated" in result.output and "1 conflicting" in result.output
    assert "fragment, not an edit" in result.output


def test_the_setting_reaches_the_ingest_through_the_index_config(tmp_path: Path) -> None:
    real, forged = real_and_forged(tmp_path)
    config = load_config(env={"ONRECORD_ACCEPT_UPDATES": "yes"})
    index = open_index(tmp_path / "idx", create=True, config=config)
    try:
        ingest_paths([real], index, workers=1, config=config)
        summary = ingest_paths([forged], index, workers=1, config=config)
        assert (summary.updated, len(summary.conflicts)) == (1, 0)
    finally:
        index.close()
