"""tests/ensure_browser.py: which Chromium the browser tests drive, and the
message `make test` prints when none can be set up."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests import ensure_browser


def test_named_chromium_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    binary = tmp_path / "chrome"
    binary.write_text("")
    monkeypatch.setenv("ONRECORD_CHROMIUM", str(binary))
    assert ensure_browser.find_chromium() == binary


def test_named_chromium_that_is_missing_is_not_found(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ONRECORD_CHROMIUM", str(tmp_path / "nowhere"))
    assert ensure_browser.find_chromium() is None


def test_system_chromium_comes_before_playwright(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    binary = tmp_path / "chromium"
    binary.write_text("")
    monkeypatch.delenv("ONRECORD_CHROMIUM", raising=False)
    monkeypatch.setattr(ensure_browser, "SYSTEM_CHROMIUMS", (str(tmp_path / "absent"), str(binary)))
    monkeypatch.setattr(ensure_browser, "_playwright_chromium", lambda: pytest.fail("not reached"))
    assert ensure_browser.find_chromium() == binary


def test_no_browser_and_no_install_says_what_to_do(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(ensure_browser, "find_chromium", lambda: None)
    monkeypatch.setattr(ensure_browser, "install_chromium", lambda: False)
    assert ensure_browser.main() == 1
    err = capsys.readouterr().err
    assert "apt-get install chromium" in err and "playwright install chromium" in err


def test_a_found_browser_needs_no_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ensure_browser, "find_chromium", lambda: tmp_path)
    monkeypatch.setattr(ensure_browser, "install_chromium", lambda: pytest.fail("not reached"))
    assert ensure_browser.main() == 0
