"""`onrecord index FOLDER` reads the WARC files in it beside other inputs."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from onrecord.cli import main
from tests.warcbuild import mixed_warc


def test_index_reads_the_warc_files_of_a_folder(tmp_path: Path, cli_runner: CliRunner) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "crawl.warc.gz").write_bytes(mixed_warc(gzip=True))
    (folder / "note.txt").write_text("Harbour news\n\nThe harbour closed, the port authority said on Monday.\n")
    index = str(tmp_path / "i")
    result = cli_runner.invoke(main, ["index", str(folder), "--index", index])
    assert result.exit_code == 0, result.output
    assert "Indexed 3 articles" in result.output
    assert "not read as articles" in result.output and "Traceback" not in result.output
    found = cli_runner.invoke(main, ["search", "ready", "--index", index, "--json"])
    urls = {hit["url"] for hit in json.loads(found.output)["hits"]}
    assert urls == {"https://news.example.org/harbour"}
