"""The server warms its index before it takes a request (web.app.warm_app,
search.warm_index), unless warm_on_start is off; an index it cannot read
does not stop it from starting (its pages explain)."""
from __future__ import annotations

import gc
import logging
from pathlib import Path
from typing import Any

import pytest

from onrecord.search.config import load_config
from onrecord.web import app as web_app
from onrecord.web.app import create_app, serve, warm_app
from tests.search.storage.integrity.test_corrupt_index import build_index


@pytest.fixture(autouse=True)
def thaw_after() -> Any:
    """A real warm-up freezes the test process's heap (search.freeze_survivors):
    thaw it, so later tests' garbage is collected as usual."""
    yield
    gc.unfreeze()


def record_warming(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Return a list that grows by the index each time the app warms one."""
    warmed: list[Any] = []
    real = web_app.warm_index
    monkeypatch.setattr(web_app, "warm_index", lambda index: (warmed.append(index), real(index))[1])
    return warmed


@pytest.mark.parametrize("on", [True, False])
def test_the_app_warms_its_index_when_the_setting_is_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str], on: bool) -> None:
    build_index(tmp_path / "ix")
    warmed = record_warming(monkeypatch)
    app = create_app(config=load_config(index_dir=tmp_path / "ix", settings={"warm_on_start": str(on)}))
    warm_app(app)
    assert len(warmed) == (1 if on else 0)
    assert ("Search caches warmed: " in capsys.readouterr().err) == on
    assert app.test_client().get("/?q=budget").status_code == 200


@pytest.mark.parametrize("on", [True, False])
def test_a_warmed_server_freezes_what_survives_the_warm_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           on: bool) -> None:
    build_index(tmp_path / "ix")
    frozen: list[int] = []
    monkeypatch.setattr(web_app, "freeze_survivors", lambda: frozen.append(1) or 1)
    app = create_app(config=load_config(index_dir=tmp_path / "ix", settings={"warm_on_start": str(on)}))
    warm_app(app)
    assert frozen == ([1] if on else [])


def test_an_unreadable_index_is_logged_and_the_server_still_starts(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(config=load_config(index_dir=tmp_path / "missing"))
    with caplog.at_level(logging.WARNING, logger="onrecord.web.app"):
        warm_app(app)
    assert "not warmed" in caplog.text
    assert app.test_client().get("/").status_code == 503  # the page explains, as before


def test_serve_warms_before_it_listens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build_index(tmp_path / "ix")
    order: list[str] = []
    monkeypatch.setattr(web_app, "warm_app", lambda app: order.append("warm"))
    monkeypatch.setattr(web_app, "run_server", lambda app, **kwargs: order.append("listen"))
    serve(load_config(index_dir=tmp_path / "ix"))
    assert order == ["warm", "listen"]
