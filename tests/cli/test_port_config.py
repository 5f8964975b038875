"""The port is serve's business alone: a PORT or ONRECORD_PORT that is not a
port number (Kubernetes sets ONRECORD_PORT=tcp://... for a Service named
onrecord) must not break `index`, `search` or `check`, and `serve` rejects a
bad one with one line and exit status 2, never a traceback."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.search.config import Config, ConfigError, load_config, parse_port, serve_port
from onrecord.web import app as web_app

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
K8S_LINK = "tcp://10.0.0.11:5000"
NO_PORT_ENV: dict[str, str | None] = {"PORT": None, "ONRECORD_PORT": None}
BAD_PORTS = ["abc", "tcp://10.0.0.11:5000", "0", "65536", "-1", "5000.0", " 80 80", "٣٠٠٠",
             "99999999999999999999999", "0x1F90"]


@pytest.fixture()
def served(monkeypatch: pytest.MonkeyPatch) -> list[Config]:
    """Record the Config `onrecord serve` would start waitress with,
    instead of blocking on a real server."""
    seen: list[Config] = []
    monkeypatch.setattr(web_app, "serve", seen.append)
    return seen


def run(args: list[str], **env: str) -> Any:
    return CliRunner().invoke(main, args, env={**NO_PORT_ENV, **env})


@pytest.mark.parametrize("raw", BAD_PORTS)
def test_parse_port_rejects_anything_but_1_to_65535(raw: str) -> None:
    with pytest.raises(ConfigError, match=r"PORT must be an integer 1-65535, got "):
        parse_port(raw)


@pytest.mark.parametrize("raw, port", [("1", 1), ("5000", 5000), (" 8080 ", 8080), ("65535", 65535)])
def test_parse_port_accepts_port_numbers(raw: str, port: int) -> None:
    assert parse_port(raw) == port


def test_serve_port_order_and_the_kubernetes_link() -> None:
    assert serve_port({}) == (None, [])
    assert serve_port({"PORT": "8080"}) == (8080, [])
    assert serve_port({"ONRECORD_PORT": "9000", "PORT": "8080"}) == (9000, [])
    port, warnings = serve_port({"ONRECORD_PORT": K8S_LINK, "PORT": "8080"})
    assert port == 8080 and len(warnings) == 1 and K8S_LINK in warnings[0]
    port, warnings = serve_port({"ONRECORD_PORT": K8S_LINK})
    assert port is None and "Kubernetes" in warnings[0]
    with pytest.raises(ConfigError, match="ONRECORD_PORT must be"):
        serve_port({"ONRECORD_PORT": "http"})
    with pytest.raises(ConfigError, match="^PORT must be"):  # a link only excuses ONRECORD_PORT
        serve_port({"PORT": K8S_LINK})


@pytest.mark.parametrize("env", [{"PORT": "abc"}, {"ONRECORD_PORT": K8S_LINK}, {"PORT": K8S_LINK},
                                 {"ONRECORD_PORT": "x", "PORT": "-3"}])
def test_index_search_and_check_ignore_the_port(tmp_path: Path, env: dict[str, str]) -> None:
    index_dir = str(tmp_path / "index")
    indexed = run(["index", str(SEEDS), "--index", index_dir], **env)
    assert indexed.exit_code == 0, indexed.output
    found = run(["search", "apology", "--json", "--index", index_dir], **env)
    assert found.exit_code == 0, found.output
    assert '"total"' in found.output
    checked = run(["check", "--index", index_dir], **env)
    assert checked.exit_code == 0, checked.output


@pytest.mark.parametrize("variable", ["PORT", "ONRECORD_PORT"])
@pytest.mark.parametrize("raw", ["abc", "70000", "0", "8080.5"])
def test_serve_rejects_a_bad_port_with_one_line(served: list[Config], variable: str, raw: str) -> None:
    result = run(["serve"], **{variable: raw})
    assert result.exit_code == 2
    assert f"{variable} must be an integer 1-65535, got '{raw}'" in result.output
    assert "Traceback" not in result.output and not served


def test_serve_rejects_a_non_kubernetes_url_in_port(served: list[Config]) -> None:
    result = run(["serve"], PORT=K8S_LINK)
    assert result.exit_code == 2 and f"got '{K8S_LINK}'" in result.output and not served


def test_serve_ignores_the_kubernetes_service_link_with_a_warning(served: list[Config]) -> None:
    result = run(["serve"], ONRECORD_PORT=K8S_LINK)
    assert result.exit_code == 0, result.output
    assert "warning: ignoring ONRECORD_PORT" in result.output
    assert served[0].port == 5000
    result = run(["serve"], ONRECORD_PORT=K8S_LINK, PORT="8081")
    assert result.exit_code == 0 and served[1].port == 8081


def test_serve_takes_the_port_from_the_environment_then_the_flag(served: list[Config]) -> None:
    assert run(["serve"], PORT="8080").exit_code == 0
    assert run(["serve"], ONRECORD_PORT="8082", PORT="8080").exit_code == 0
    # An explicit --port wins, and a broken variable beside it does not matter.
    assert run(["serve", "--port", "9000"], PORT="abc").exit_code == 0
    assert run(["serve"]).exit_code == 0
    assert [c.port for c in served] == [8080, 8082, 9000, 5000]


@pytest.mark.parametrize("flag", ["0", "65536", "abc"])
def test_serve_rejects_a_bad_port_flag(served: list[Config], flag: str) -> None:
    result = run(["serve", "--port", flag])
    assert result.exit_code == 2 and "--port" in result.output and not served


@pytest.mark.parametrize("raw", ["abc", "0", "-1", "nan"])
def test_a_bad_request_limit_is_one_line_not_a_traceback(tmp_path: Path, raw: str) -> None:
    result = run(["search", "apology", "--index", str(tmp_path / "none")],
                 ONRECORD_QUERY_TIMEOUT=raw)
    assert result.exit_code == 2, result.output
    assert f"ONRECORD_QUERY_TIMEOUT='{raw}' is not a positive number" in result.output
    assert "Traceback" not in result.output


def test_request_limits_from_the_environment_reach_a_lazily_opened_index(tmp_path: Path) -> None:
    index_dir = tmp_path / "index"
    assert run(["index", str(SEEDS), "--index", str(index_dir)]).exit_code == 0
    config = load_config({"ONRECORD_INDEX": str(index_dir), "ONRECORD_MAX_RESULT_WINDOW": "20"})
    client = web_app.create_app(config=config).test_client()
    assert client.get("/api/search?q=the&page=2&per_page=10").status_code == 200
    assert client.get("/api/search?q=the&page=3&per_page=10").status_code == 400
