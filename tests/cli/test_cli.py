"""The CLI end to end over the real stages: index, search, extract."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from onrecord.cli import main

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


@pytest.fixture(scope="module")
def seeded_index(tmp_path_factory: pytest.TempPathFactory, cli_runner: CliRunner) -> Path:
    index_dir = tmp_path_factory.mktemp("idx") / "index"
    result = cli_runner.invoke(main, ["index", str(SEEDS), "--index", str(index_dir)])
    assert result.exit_code == 0, result.output
    return index_dir


def test_index_prints_summary_with_counts(tmp_path: Path, cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(main, ["index", str(SEEDS), "--index", str(tmp_path / "i")])
    assert result.exit_code == 0, result.output
    assert "Indexed 3 articles" in result.output
    assert "quotes from 3 files" in result.output


def test_reindexing_the_same_files_does_not_duplicate(seeded_index: Path, cli_runner: CliRunner) -> None:
    before = _search_json(seeded_index, "apology")["total"]
    result = cli_runner.invoke(main, ["index", str(SEEDS), "--index", str(seeded_index)])
    assert result.exit_code == 0, result.output
    assert _search_json(seeded_index, "apology")["total"] == before > 0


def test_index_skips_bad_files_and_keeps_good_ones(tmp_path: Path, cli_runner: CliRunner) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SEEDS / "002_accaa153850a1464.txt", folder / "good.txt")
    (folder / "bad.txt").write_bytes(b"caf" + bytes(range(0x80, 0x100)) * 4)  # no encoding fits
    (folder / "empty.json").write_text("")
    result = cli_runner.invoke(main, ["index", str(folder), "--index", str(tmp_path / "i")])
    assert result.exit_code == 1
    assert "Indexed 1 article," in result.output
    assert "bad.txt" in result.output and "empty.json" in result.output
    assert "Traceback" not in result.output


def test_search_filters_by_speaker(seeded_index: Path) -> None:
    data = _search_json(seeded_index, "apology", "--speaker", "Mina Smallman")
    assert data["total"] >= 1
    assert all("Mina Smallman" in hit["speakers"] for hit in data["hits"])


def test_search_facets_name_each_institution_once(seeded_index: Path) -> None:
    data = _search_json(seeded_index, "", "--per-page", "1")
    names = [f["value"] for f in data["facets"]["institution"]]
    assert len(names) == len(set(names))
    assert "Metropolitan Police Service" in names
    assert not {"Met", "the Met", "MPS", "Metropolitan police"} & set(names)


def test_search_reports_bad_query_without_traceback(seeded_index: Path, cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(main, ["search", "*", "--index", str(seeded_index)])
    assert result.exit_code == 2
    assert "onrecord:" in result.output and "Traceback" not in result.output


def test_search_on_missing_index_says_how_to_fix(tmp_path: Path, cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(main, ["search", "x", "--index", str(tmp_path / "none")])
    assert result.exit_code == 2
    assert "onrecord index" in result.output


def test_extract_json_contract_one_line_per_file_in_order(tmp_path: Path, cli_runner: CliRunner) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01binary")
    files = [SEEDS / "001_93e83afc0f7efb1e.txt", bad, SEEDS / "000_a43283fbf986b6df.txt"]
    result = cli_runner.invoke(main, ["extract", *map(str, files), "--json"])
    assert result.exit_code == 1
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [Path(d["source"]).name for d in lines] == [f.name for f in files]
    assert "error" in lines[1]
    doc = lines[0]
    assert set(doc) >= {"id", "title", "outlet", "author", "url", "published", "paragraphs"}
    text = (SEEDS / "001_93e83afc0f7efb1e.txt").read_text(encoding="utf-8")
    for para in doc["paragraphs"]:
        assert set(para) >= {"id", "n", "start", "end", "text", "quotes", "speakers",
                             "institutions", "dates"}
        assert text[para["start"]:para["end"]] == para["text"]
        for quote in para["quotes"]:
            assert set(quote) >= {"text", "start", "end", "kind", "speaker",
                                  "speaker_mention", "cue"}
            assert text[quote["start"]:quote["end"]] == quote["text"]
            assert quote["kind"] in {"direct", "partial", "indirect"}


def _search_json(index_dir: Path, query: str, *args: str) -> dict:
    result = CliRunner().invoke(main, ["search", query, *args, "--json", "--index", str(index_dir)])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_serve_on_a_taken_port_says_so(tmp_path: Path, cli_runner: CliRunner) -> None:
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli_runner.invoke(main, ["serve", "--port", str(port),
                                           "--index", str(tmp_path)])
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "Traceback" not in result.output


def test_extract_listing_quotes_only_verbatim_words(tmp_path: Path, cli_runner: CliRunner) -> None:
    article = tmp_path / "port.txt"
    article.write_text('Ann Vole said the harbour was "in a sorry state" and she blamed the board.\n\n'
                       'Ann Vole said the board had ignored every warning.\n\n'
                       '"We will rebuild it," Ann Vole said.\n', encoding="utf-8")
    result = cli_runner.invoke(main, ["extract", str(article)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()[1:]
    assert "  p1 Ann Vole (said): the harbour was \u201cin a sorry state\u201d" in lines[0]
    assert lines[1] == "  p2 Ann Vole (said): (reported) the board had ignored every warning"
    assert lines[2] == "  p3 Ann Vole (said): \u201cWe will rebuild it\u201d"
