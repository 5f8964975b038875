"""Configuration: one table of settings with defaults, overridable by
environment variables, then by `--setting name=value`, then by explicit
arguments (dedicated CLI flags).  Nothing is read at import time: call
load_config().

SETTINGS is that table (name, default, type, help, as Datasette's): Config's
fields beside index_dir/host/port (written out, checked against the table),
their ONRECORD_<NAME> variables, their validation and the `onrecord
settings` listing all come from it.
"""
from __future__ import annotations

import difflib
import math
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from onrecord.search.addresses import is_loopback_host as is_loopback_host
from onrecord.search.addresses import parse_host, parse_networks
from onrecord.search.errors import ConfigError as ConfigError
from onrecord.search.settingrow import Setting as Setting
from onrecord.search.watchsettings import SECRET_SETTINGS, WATCH_SETTINGS, check_watch_text

DEFAULT_INDEX_DIR = Path("data/index")
# Where `serve` looks for its port, first set one wins (--port beats both).
PORT_VARIABLES = ("ONRECORD_PORT", "PORT")
# Kubernetes sets <SERVICE>_PORT=tcp://10.0.0.11:5000 in every pod for a
# Service named onrecord: an address to reach that service, not a port.
_SERVICE_LINK = re.compile(r"(tcp|udp|sctp)://", re.IGNORECASE)


SETTINGS: tuple[Setting, ...] = (
    # Searching (search.engine, search.query)
    Setting("query_timeout", 2.0, float, "Seconds a search may run before it returns what it has "
            "found, marked partial."),
    Setting("max_result_window", 10_000, int, "Deepest hit a search may page to (page x per_page); "
            "deeper is refused (400)."),
    Setting("page_lookahead", 3, int, "Result pages grouped past the one shown (near copies fold into "
            "one hit), so the pager links only pages with hits; a search ending within them gets its "
            "exact page count.", zero_ok=True, maximum=1000),
    Setting("max_expanded_terms", 1024, int, "Index words all prefix* and fuzzy~ terms of one query "
            "may stand for."),
    Setting("max_query_chars", 500, int, "Longest query accepted, in characters (web, API and "
            "`onrecord search` alike)."),
    Setting("per_page", 10, int, "Hits per page when a request does not say.", maximum=100),
    Setting("result_cache_size", 256, int, "Finished search results remembered until the next "
            "commit; 0 turns the result cache off.", zero_ok=True),
    Setting("postings_cache_mb", 64, int, "MB of decoded postings (and phrase positions) of "
            "frequent words kept per process; 0 turns the postings cache off.", zero_ok=True),
    Setting("stale_check_seconds", 1.0, float, "How often a reader looks for another process's "
            "commit, in seconds."),
    # Exports (search.features.exporting)
    Setting("export_slots", 2, int, "Exports running at once; one more gets 503 and Retry-After."),
    Setting("export_timeout", 10.0, float, "Seconds an export may take to find and order its rows."),
    Setting("export_batch", 500, int, "Documents an export reads at a time (memory holds one batch)."),
    # Pages (web)
    Setting("entity_page_size", 100, int, "Quotes per page of a speaker or institution page."),
    Setting("entity_list_page_size", 200, int, "Names per page of the speakers and institutions "
            "lists."),
    Setting("article_window", 200, int, "Paragraphs per window of a long article's page."),
    Setting("processes", 1, int, "Serving processes sharing the port (serve --processes), each "
            "with its own caches.", maximum=256),
    Setting("warm_on_start", True, bool, "Before serving, build what the first searches would "
            "(facet table, sort and date columns): a slower start, fast first readers."),
    Setting("public_url", "", str, "Public base URL of the site (https://host/path): permalinks in "
            "citations, exports and JSON are absolute on it; unset: site-relative."),
    Setting("trust_host_header", False, bool, "With public_url unset, make those permalinks "
            "absolute on the scheme and Host header of each request (on only behind a proxy that "
            "sets Host; a loopback host stays site-relative)."),
    # Access (web.access): off, anyone who reaches the port reads everything
    Setting("access_control", False, bool, "Require a signed-in account (`onrecord users add`) for "
            "every page, API call, export and feed except /login and /healthz."),
    Setting("accounts_db", "", str, "SQLite file of accounts and sessions; unset: accounts.db "
            "beside the index directory."),
    Setting("session_hours", 12.0, float, "Hours a sign-in lasts before the reader must sign in again."),
    Setting("trusted_proxies", "", str, "Addresses or networks (comma-separated, e.g. 127.0.0.1,10.0.0.0/8) "
            "of proxies whose user header names the signed-in reader (single sign-on in front)."),
    Setting("proxy_user_header", "X-Forwarded-User", str, "The header a trusted proxy names the "
            "reader in (oauth2-proxy's X-Forwarded-User)."),
    # Writing (search.storage, indexer)
    Setting("write_lock_timeout", 10.0, float, "Seconds a writer waits for another writer's lock "
            "(index --wait).", zero_ok=True),
    Setting("writer_memory_mb", 256, int, "MB of postings a writer pools before spilling a sorted "
            "run to disk."),
    Setting("worker_memory_mb", 256, int, "The same, for each indexing worker process."),
    Setting("cluster", "", str, "Dask scheduler to ingest on (tcp://HOST:8786; index --cluster); "
            "unset: a local cluster of one worker process per core."),
    Setting("cluster_min_bytes", 4_000_000, int, "Input bytes below which an ingest without "
            "--cluster runs in this process rather than starting a local cluster.", zero_ok=True),
    Setting("batch_articles", 1000, int, "Articles per commit when indexing in one process."),
    Setting("tasks_per_commit", 2, int, "Tasks per worker between commits when indexing on a "
            "cluster."),
    Setting("task_min_bytes", 256 * 1024, int, "Fewest input bytes in one cluster task (one segment "
            "each), so a corpus makes few segments."),
    Setting("task_max_bytes", 8 * 1024 * 1024, int, "Most input bytes in one cluster task, so every "
            "worker gets several tasks."),
    Setting("file_budget", 60.0, float, "Seconds one input file may take to parse and annotate "
            "before it is skipped (inf: no limit; index --file-budget)."),
    Setting("accept_updates", False, bool, "Take a new version of an indexed article that keeps "
            "under half its text, or is mostly new text, as an update rather than a conflict kept "
            "apart (index --accept-updates)."),
    *WATCH_SETTINGS,  # watching sources and alerts (search.watchsettings)
    # Annotation (indexer.annotate): the newsroom's own files, paths joined by os.pathsep
    Setting("speakers", "", str, "Speakers files correcting quote attribution (aliases, names that are "
            "never speakers), read at each index or extract: paths joined by `:` (`;` on Windows)."),
    Setting("institutions", "", str, "Institutions files adding names and aliases to the packaged "
            "list, read at each index or extract: paths joined by `:` (`;` on Windows)."),
)
SETTINGS_BY_NAME: dict[str, Setting] = {s.name: s for s in SETTINGS}


@dataclass(frozen=True, slots=True)
class Config:
    """Where the index is, where to serve, and one field per row of
    SETTINGS with its default (see load_config).  Written out rather than
    generated from the table so type checkers see every field;
    tests/search/test_settings.py checks that the two agree.  query_timeout=None
    (no limit) is allowed for callers building a Config in code; values
    from the environment or --setting are validated."""

    index_dir: Path = DEFAULT_INDEX_DIR
    host: str = "127.0.0.1"
    port: int = 5000
    query_timeout: float | None = 2.0
    max_result_window: int = 10_000
    page_lookahead: int = 3
    max_expanded_terms: int = 1024
    max_query_chars: int = 500
    per_page: int = 10
    result_cache_size: int = 256
    postings_cache_mb: int = 64
    stale_check_seconds: float = 1.0
    export_slots: int = 2
    export_timeout: float = 10.0
    export_batch: int = 500
    entity_page_size: int = 100
    entity_list_page_size: int = 200
    article_window: int = 200
    processes: int = 1
    warm_on_start: bool = True
    public_url: str = ""
    trust_host_header: bool = False
    access_control: bool = False
    accounts_db: str = ""
    session_hours: float = 12.0
    trusted_proxies: str = ""
    proxy_user_header: str = "X-Forwarded-User"
    write_lock_timeout: float = 10.0
    writer_memory_mb: int = 256
    worker_memory_mb: int = 256
    cluster: str = ""
    cluster_min_bytes: int = 4_000_000
    batch_articles: int = 1000
    tasks_per_commit: int = 2
    task_min_bytes: int = 256 * 1024
    task_max_bytes: int = 8 * 1024 * 1024
    file_budget: float = 60.0
    accept_updates: bool = False
    watch_contact: str = ""
    watch_rate: float = 1.0
    watch_host_concurrency: int = 2
    watch_timeout: float = 20.0
    watch_max_bytes: int = 10_000_000
    watch_max_redirects: int = 5
    watch_max_retry_after: float = 3600.0
    watch_rechecks: str = "1h,6h,24h,72h"
    watch_allow_private: bool = False
    alert_secret: str = ""
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_from: str = ""
    speakers: str = ""
    institutions: str = ""


def load_config(env: Mapping[str, str] | None = None,
                settings: Mapping[str, str] | Iterable[str] = (), **overrides: Any) -> Config:
    """Return the Config: the SETTINGS defaults, then ONRECORD_INDEX /
    ONRECORD_HOST and each setting's ONRECORD_<NAME> from `env` (default
    os.environ), then `settings` (name -> raw value, or "name=value"
    strings as --setting gives them), then keyword overrides whose value
    is not None (dedicated CLI flags).  Raises ConfigError (one line) for
    an unknown setting or a bad value.  The port is not read from `env`
    here: only `serve` needs one, so it calls serve_port() (a bad PORT
    must not break `search` or `index`)."""
    env = os.environ if env is None else env
    values: dict[str, Any] = {}
    if env.get("ONRECORD_INDEX"):
        values["index_dir"] = Path(env["ONRECORD_INDEX"])
    if env.get("ONRECORD_HOST"):
        values["host"] = env["ONRECORD_HOST"]
    for setting in SETTINGS:
        raw = env.get(setting.variable)
        if raw:
            values[setting.name] = parse_value(setting, raw, setting.variable)
    values.update(parse_settings(settings))
    values.update({k: v for k, v in overrides.items() if v is not None})
    if "host" in values:
        label = "--host" if overrides.get("host") is not None else "ONRECORD_HOST"
        values["host"] = parse_host(values["host"], label)
    if "index_dir" in values:
        values["index_dir"] = Path(values["index_dir"])
    return replace(Config(), **values)


def parse_settings(pairs: Mapping[str, str] | Iterable[str]) -> dict[str, Any]:
    """Return {name: value} for `pairs` ("name=value" strings, or a mapping
    of name to raw value), each checked against SETTINGS; raises
    ConfigError naming the pair (and close names for an unknown one)."""
    items = pairs.items() if isinstance(pairs, Mapping) else (_split_pair(p) for p in pairs)
    values: dict[str, Any] = {}
    for name, raw in items:
        setting = SETTINGS_BY_NAME.get(name.strip())
        if setting is None:
            raise ConfigError(unknown_setting(name.strip()))
        values[setting.name] = parse_value(setting, raw, f"--setting {setting.name}")
    return values


def _split_pair(pair: str) -> tuple[str, str]:
    """Return (name, value) of a "name=value" string; raises ConfigError."""
    name, sep, raw = pair.partition("=")
    if not sep or not name.strip():
        raise ConfigError(f"--setting {pair!r} must be written name=value "
                          "(`onrecord settings` lists the names)")
    return name, raw


def unknown_setting(name: str) -> str:
    """Return the one-line message for an unknown setting `name`, naming
    the close ones if there are any."""
    close = difflib.get_close_matches(name, SETTINGS_BY_NAME, n=3, cutoff=0.6)
    hint = f"did you mean {' or '.join(close)}?" if close else "`onrecord settings` lists them"
    return f"--setting: unknown setting {name!r}; {hint}"


def parse_value(setting: Setting, raw: str, label: str) -> Any:
    """Return `raw` as the setting's type within its bounds; raises
    ConfigError naming `label` (e.g. ONRECORD_QUERY_TIMEOUT)."""
    if setting.type is str:
        return parse_text_value(setting, raw, label)
    if setting.type is bool:
        return parse_switch(raw, label)
    try:
        value = setting.type(raw.strip())
    except ValueError:
        value = None
    low_ok = value is not None and not math.isnan(value) and (
        value >= 0 if setting.zero_ok else value > 0)
    if low_ok and (setting.maximum is None or value <= setting.maximum):
        return value
    kind = "number" if setting.type is float else "whole number"
    wanted = f"{kind} >= 0" if setting.zero_ok else f"positive {kind}"
    if setting.maximum is not None:
        wanted += f" up to {setting.maximum}"
    raise ConfigError(f"{label}={raw!r} is not a {wanted}")


# How an operator may write a switch's two states (any case).
SWITCH_WORDS: dict[str, bool] = {"1": True, "true": True, "yes": True, "on": True,
                                 "0": False, "false": False, "no": False, "off": False}


def parse_switch(raw: str, label: str) -> bool:
    """Return the on/off value `raw` spells (SWITCH_WORDS); raises
    ConfigError naming `label`."""
    value = SWITCH_WORDS.get(raw.strip().lower())
    if value is None:
        raise ConfigError(f"{label}={raw!r} is not on or off (1/0, true/false, yes/no, on/off)")
    return value


def parse_text_value(setting: Setting, raw: str, label: str) -> str:
    """Return the text setting `raw` checked: the watch's by
    search.watchsettings.check_watch_text; cluster, when set, must be a
    scheduler address with a scheme (tcp://HOST:PORT); public_url must be an http(s)
    URL with a host that is not a loopback address (a citation pasted into
    a story must never point at the reporter's own machine); its trailing
    slash is dropped.  Raises ConfigError naming `label`."""
    value = raw.strip()
    if setting.name == "trusted_proxies" and value:
        return ",".join(str(network) for network in parse_networks(value, label))
    if setting in WATCH_SETTINGS:
        return check_watch_text(setting.name, value, raw, label)
    if setting.name == "cluster" and value and "://" not in value:
        raise ConfigError(f"{label}={raw!r} is not a scheduler address like tcp://10.0.0.5:8786")
    if setting.name != "public_url" or not value:
        return value
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ConfigError(f"{label}={raw!r} is not a public base URL like https://quotes.example.org/")
    if "@" in parts.netloc:  # every permalink pasted into a story would carry it
        raise ConfigError(f"{label}={raw!r} holds a user name or password; public links must not")
    if is_loopback_host(parts.hostname):
        raise ConfigError(f"{label}={raw!r} is a loopback address; links to it only work on "
                          "this machine (leave it unset for site-relative links)")
    return value.rstrip("/")


def describe_settings(config: Config) -> list[tuple[str, Any, Any, str]]:
    """Return (name, current value in `config`, default, help) per setting;
    a secret's value is only said to be set (`onrecord settings` prints it)."""
    return [(s.name, "(set)" if s.name in SECRET_SETTINGS and getattr(config, s.name) else getattr(config, s.name),
             s.default, s.help) for s in SETTINGS]


def setting_names() -> list[str]:
    """Return the names of the settings, in table order."""
    return [s.name for s in SETTINGS]


def serve_port(env: Mapping[str, str] | None = None) -> tuple[int | None, list[str]]:
    """Return (the port named by ONRECORD_PORT or PORT in `env`, None if
    neither is set; warnings to print).  A Kubernetes service link in
    ONRECORD_PORT ('tcp://10.0.0.11:5000') is skipped with a warning.
    Raises ConfigError for any other value that is not a port number."""
    env = os.environ if env is None else env
    warnings: list[str] = []
    for name in PORT_VARIABLES:
        raw = env.get(name, "").strip()
        if not raw:
            continue
        if name == "ONRECORD_PORT" and _SERVICE_LINK.match(raw):
            warnings.append(f"ignoring ONRECORD_PORT={raw!r}: Kubernetes sets it for a Service named "
                            "onrecord (that service's address, not a port); use PORT or --port")
            continue
        return parse_port(raw, name), warnings
    return None, warnings


def parse_port(raw: str, name: str = "PORT") -> int:
    """Return `raw` as a TCP port number; raises ConfigError naming `name`."""
    text = raw.strip()
    # The length cap keeps int() away from huge digit strings.
    if text.isascii() and text.isdigit() and len(text) <= 5 and 1 <= int(text) <= 65535:
        return int(text)
    raise ConfigError(f"{name} must be an integer 1-65535, got {raw!r}")
