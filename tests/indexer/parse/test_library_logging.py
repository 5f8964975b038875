"""Importing the HTML reader leaves the importing program's logging alone
(#30: it set trafilatura's logger to CRITICAL for any program that imported
it); the CLI and the indexing workers quiet trafilatura themselves."""
from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from onrecord.cli import main


def test_importing_the_html_reader_leaves_trafilaturas_logger_alone() -> None:
    code = ("import logging; import onrecord.indexer.parse.html.parser; "
            "print(logging.getLogger('trafilatura').level)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "0"  # NOTSET: whatever the program configured


def test_the_cli_quiets_trafilatura_for_its_own_run(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import logging

    page = tmp_path / "page.html"
    page.write_text("<html><body><p>A short page.</p></body></html>", encoding="utf-8")
    logger = logging.getLogger("trafilatura")
    before = logger.level
    try:
        CliRunner().invoke(main, ["extract", str(page), "--json"])
        assert logger.level == logging.CRITICAL
    finally:
        logger.setLevel(before)
