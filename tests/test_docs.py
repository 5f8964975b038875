"""The docs a newcomer reads stay true to the code: docs/settings.md is
exactly what `onrecord settings --markdown` writes from SETTINGS (so a
setting added, removed or re-worded without regenerating the page fails
here)."""
from __future__ import annotations

from pathlib import Path

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
