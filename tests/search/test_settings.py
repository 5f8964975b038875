"""The settings table (search.config.SETTINGS) is the one place tunables
live: it makes Config's fields, the ONRECORD_<NAME> variables, --setting
and `onrecord settings`; precedence is defaults < environment < --setting <
dedicated flags; a bad value is one line and exit 2; result_cache_size=0
really serves uncached; max_query_chars is one limit for web and search."""
from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from onrecord.cli import main
from onrecord.search import engine
from onrecord.search.config import SETTINGS, Config, ConfigError, load_config
from onrecord.search.errors import IndexUnavailableError, QueryError
from onrecord.search.model import SearchRequest
from onrecord.search.storage import opening
from onrecord.search.storage.opening import ram_index
from onrecord.search.writing.commits import write_articles
from onrecord.web.app import create_app
from tests.search.storage.test_store import make_article

# A valid value other than the default, per setting (as typed by an operator).
NUMERIC = [s for s in SETTINGS if s.type not in (str, bool)]  # text settings and switches are tested apart
CHANGED = {s.name: ("0" if s.zero_ok else str(s.type(s.default) + 1)) for s in NUMERIC}
COMMANDS = [["index", "."], ["search", "x"], ["extract", "x.txt"], ["serve"], ["check"], ["settings"]]
BAD = [
    ("result_cach_size=0", "--setting: unknown setting 'result_cach_size'; did you mean result_cache_size?"),
    ("no_such_thing=1", "--setting: unknown setting 'no_such_thing'; `onrecord settings` lists them"),
    ("per_page", "--setting 'per_page' must be written name=value"),
    ("per_page=abc", "--setting per_page='abc' is not a positive whole number up to 100"),
    ("per_page=101", "--setting per_page='101' is not a positive whole number up to 100"),
    ("query_timeout=0", "--setting query_timeout='0' is not a positive number"),
    ("query_timeout=nan", "--setting query_timeout='nan' is not a positive number"),
    ("result_cache_size=-1", "--setting result_cache_size='-1' is not a whole number >= 0"),
    ("export_batch=2.5", "--setting export_batch='2.5' is not a positive whole number"),
]


def run(args: list[str], **env: str) -> Any:
    return CliRunner().invoke(main, args, env={"PORT": None, "ONRECORD_PORT": None, **env})


def test_config_fields_are_the_table_plus_where_to_find_and_serve_the_index() -> None:
    assert [f.name for f in fields(Config)] == ["index_dir", "host", "port", *(s.name for s in SETTINGS)]
    assert all(getattr(Config(), s.name) == s.default for s in SETTINGS)
    assert len({s.name for s in SETTINGS}) == len(SETTINGS) >= 15


@pytest.mark.parametrize("setting", NUMERIC, ids=lambda s: s.name)
def test_each_setting_comes_from_its_variable_then_setting_then_flag(setting: Any) -> None:
    raw = CHANGED[setting.name]
    assert getattr(load_config({setting.variable: raw}), setting.name) == setting.type(raw)
    assert getattr(load_config({}, [f"{setting.name}={raw}"]), setting.name) == setting.type(raw)
    other = setting.type(raw) + 1
    # --setting beats the environment; a keyword (a dedicated flag) beats both.
    assert getattr(load_config({setting.variable: raw}, {setting.name: str(other)}), setting.name) == other
    assert getattr(load_config({setting.variable: raw}, [f"{setting.name}={raw}"],
                               **{setting.name: other}), setting.name) == other


@pytest.mark.parametrize("pair, message", BAD)
def test_a_bad_setting_is_a_config_error_naming_it(pair: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config({}, [pair])
    assert message in str(caught.value)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("pair, message", BAD[:2] + BAD[4:5])
def test_every_command_refuses_a_bad_setting_with_one_line_and_exit_2(
        tmp_path: Path, command: list[str], pair: str, message: str) -> None:
    args = [*command, "--setting", pair]
    if command[0] in ("index", "search", "serve", "check"):
        args += ["--index", str(tmp_path / "none")]
    result = run(args)
    assert result.exit_code == 2, result.output
    assert result.output.strip() == f"onrecord: {message}"


@pytest.mark.parametrize("raw", ["abc", "-3", "0"])
def test_a_bad_variable_is_one_line_too(raw: str) -> None:
    result = run(["settings"], ONRECORD_EXPORT_BATCH=raw)
    assert result.exit_code == 2
    assert result.output.strip() == f"onrecord: ONRECORD_EXPORT_BATCH='{raw}' is not a positive whole number"


def listed(args: list[str], **env: str) -> dict[str, dict[str, Any]]:
    result = run(["settings", "--json", *args], **env)
    assert result.exit_code == 0, result.output
    return {row["name"]: row for row in map(json.loads, result.output.splitlines())}


def test_onrecord_settings_lists_the_table_with_current_values() -> None:
    rows = listed(["--setting", "per_page=7"], ONRECORD_PER_PAGE="5", ONRECORD_RESULT_CACHE_SIZE="0")
    assert list(rows) == [s.name for s in SETTINGS]
    assert rows["per_page"] == {"name": "per_page", "value": 7, "default": 10,
                                "help": "Hits per page when a request does not say."}
    assert rows["result_cache_size"]["value"] == 0 and rows["export_batch"]["value"] == 500
    text = run(["settings"]).output
    assert all(s.name in text and s.help in text for s in SETTINGS)


@pytest.fixture()
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Config]:
    """Record the Config each command opens its index with, then stop it
    as a missing index would (exit 2)."""
    seen: list[Config] = []

    def fake_open(_path: Path, create: bool = False, config: Config | None = None) -> None:
        seen.append(config)  # type: ignore[arg-type]
        raise IndexUnavailableError("no index here")

    monkeypatch.setattr(opening, "open_index", fake_open)
    return seen


@pytest.mark.parametrize("env, args, expected", [
    ({}, [], 10.0),
    ({"ONRECORD_WRITE_LOCK_TIMEOUT": "3"}, [], 3.0),
    ({"ONRECORD_WRITE_LOCK_TIMEOUT": "3"}, ["--setting", "write_lock_timeout=4"], 4.0),
    ({"ONRECORD_WRITE_LOCK_TIMEOUT": "3"}, ["--setting", "write_lock_timeout=4", "--wait", "5"], 5.0),
])
def test_index_precedence_ends_with_its_dedicated_flag(opened: list[Config], tmp_path: Path,
                                                       env: dict[str, str], args: list[str],
                                                       expected: float) -> None:
    result = run(["index", str(tmp_path), "--index", str(tmp_path / "ix"), *args], **env)
    assert result.exit_code == 2 and opened[0].write_lock_timeout == expected


@pytest.mark.parametrize("env, args, expected", [
    ({"ONRECORD_PER_PAGE": "3"}, [], 3),
    ({"ONRECORD_PER_PAGE": "3"}, ["--setting", "per_page=4"], 4),
    ({"ONRECORD_PER_PAGE": "3"}, ["--setting", "per_page=4", "--per-page", "5"], 5),
])
def test_search_precedence_ends_with_per_page(opened: list[Config], tmp_path: Path, env: dict[str, str],
                                             args: list[str], expected: int) -> None:
    result = run(["search", "x", "--index", str(tmp_path), *args], **env)
    assert result.exit_code == 2 and opened[0].per_page == expected


def counted_runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Return a list that grows by one every time a search really runs."""
    runs: list[str] = []
    real = engine._run_search

    def counting(view: Any, request: SearchRequest, deadline: Any) -> Any:
        runs.append(request.query)
        return real(view, request, deadline)

    monkeypatch.setattr(engine, "_run_search", counting)
    return runs


@pytest.mark.parametrize("settings, runs_for_three", [({}, 1), ({"result_cache_size": "0"}, 3)])
def test_the_result_cache_is_off_by_its_setting(monkeypatch: pytest.MonkeyPatch,
                                                settings: dict[str, str], runs_for_three: int) -> None:
    index = ram_index(load_config({}, settings))
    write_articles(index, [make_article("a1", ["Budget talks stalled."])])
    runs = counted_runs(monkeypatch)
    totals = [engine.search(index, SearchRequest(query="budget")).total for _ in range(3)]
    assert totals == [1, 1, 1] and len(runs) == runs_for_three


@pytest.mark.parametrize("settings, runs_for_three", [({}, 1), ({"result_cache_size": "0"}, 3)])
def test_the_web_serves_uncached_with_the_setting(monkeypatch: pytest.MonkeyPatch,
                                                  settings: dict[str, str], runs_for_three: int) -> None:
    index = ram_index()
    write_articles(index, [make_article("a1", ["Budget talks stalled."])])
    client = create_app(index=index, config=load_config({}, settings)).test_client()
    runs = counted_runs(monkeypatch)
    assert [client.get("/api/search?q=budget").status_code for _ in range(3)] == [200] * 3
    assert len(runs) == runs_for_three


def test_the_postings_cache_is_sized_by_its_setting() -> None:
    index = ram_index(Config(postings_cache_mb=0))
    write_articles(index, [make_article("a1", ["Budget talks stalled."])])
    engine.search(index, SearchRequest(query="budget"))
    assert index.postings_cache.limit == 0
    index.apply_config(Config())
    engine.search(index, SearchRequest(query="rain"))
    assert index.postings_cache.limit == 64 * 1024 * 1024


def test_the_benchmark_engine_turns_the_cache_off_by_the_setting(tmp_path: Path) -> None:
    from bench.engines.peers import OnrecordEngine
    from onrecord.search.query.resultcache import ResultCache

    real_get = ResultCache.get
    built = opening.open_index(tmp_path / "ix", create=True)
    write_articles(built, [make_article("a1", ["Budget talks stalled."])])
    built.close()
    bench = OnrecordEngine(tmp_path / "ix")
    try:
        assert bench.index.result_cache_size == 0 and ResultCache.get is real_get
    finally:
        bench.close()


@pytest.mark.parametrize("limit, length, accepted", [
    (None, 500, True), (None, 501, False), ("1000", 700, True), ("1000", 1000, True), ("1000", 1001, False),
])
def test_one_query_length_limit_for_web_and_search(limit: str | None, length: int, accepted: bool) -> None:
    config = load_config({}, {"max_query_chars": limit} if limit else {})
    index = ram_index(config)
    write_articles(index, [make_article("a1", ["Budget talks stalled."])])
    client = create_app(index=index, config=config).test_client()
    query = "a" * length
    shown = config.max_query_chars
    api = client.get(f"/api/search?q={query}")
    page = client.get(f"/?q={query}")
    assert (api.status_code, page.status_code) == ((200, 200) if accepted else (400, 400))
    if accepted:
        assert engine.search(index, SearchRequest(query=query)).total == 0
    else:
        assert api.get_json()["error"] == (f"The query is too long ({length} characters; "
                                           f"the limit is {shown}).")
        with pytest.raises(QueryError, match=rf"^query is too long \({length} characters; "
                                             rf"the limit is {shown}\)$"):
            engine.search(index, SearchRequest(query=query))


def test_the_settings_page_lists_every_setting_with_its_default_and_variable() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "settings.md").read_text()
    for setting in SETTINGS:
        default = (f"{setting.default:g}" if setting.type is float else
                   (f"`{setting.default}`" if setting.default else "(unset)") if setting.type is str else
                   ("on" if setting.default else "off") if setting.type is bool else f"{setting.default:,}")
        assert f"| `{setting.name}` | {default} | `{setting.variable}` | {setting.help} |" in page


def test_settings_json_is_strict_json_even_for_an_unlimited_budget() -> None:
    result = CliRunner().invoke(main, ["settings", "--json", "--setting", "file_budget=inf"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
            for line in result.output.splitlines()]
    assert {"name": "file_budget", "value": "inf"}.items() <= next(
        r for r in rows if r["name"] == "file_budget").items()


def test_the_cluster_setting_is_a_scheduler_address() -> None:
    assert load_config(env={}, settings=["cluster=tcp://10.0.0.5:8786"]).cluster == "tcp://10.0.0.5:8786"
    assert load_config(env={"ONRECORD_CLUSTER": ""}).cluster == ""
    with pytest.raises(ConfigError, match="not a scheduler address"):
        load_config(env={}, settings=["cluster=10.0.0.5:8786"])


def test_a_worker_pools_as_much_as_the_single_writer() -> None:
    """A worker's segment spills a sorted run only at the single writer's
    limit: at 128 MB a bench worker's 12,000-paragraph segment spilled once,
    and merging that run back cost about a tenth of its CPU
    (bench/RESULTS.md, speed19)."""
    defaults = Config()
    assert defaults.worker_memory_mb == defaults.writer_memory_mb == 256
