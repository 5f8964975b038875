"""Configuration: one dataclass with defaults, overridable by environment
variables and then by explicit arguments (CLI flags).  Nothing is read at
import time: call load_config()."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

DEFAULT_INDEX_DIR = Path("data/index")
# Where `serve` looks for its port, first set one wins (--port beats both).
PORT_VARIABLES = ("ONRECORD_PORT", "PORT")
# Kubernetes sets <SERVICE>_PORT=tcp://10.0.0.11:5000 in every pod for a
# Service named onrecord: an address to reach that service, not a port.
_SERVICE_LINK = re.compile(r"(tcp|udp|sctp)://", re.IGNORECASE)


class ConfigError(ValueError):
    """A configuration value cannot be used; str() says which and why."""


# Config fields settable from ONRECORD_<FIELD> (e.g. ONRECORD_QUERY_TIMEOUT=5).
_LIMITS = {"query_timeout": float, "max_result_window": int, "max_expanded_terms": int,
           "export_slots": int, "export_timeout": float, "file_budget": float}


@dataclass(frozen=True, slots=True)
class Config:
    index_dir: Path = DEFAULT_INDEX_DIR
    host: str = "127.0.0.1"
    port: int = 5000
    per_page: int = 10
    query_timeout: float = 2.0  # seconds before a search returns what it has
    # Request limits (search.engine, search.exporting); env ONRECORD_<NAME>.
    max_result_window: int = 10_000  # page * per_page beyond this is refused (400)
    max_expanded_terms: int = 1024  # words all prefix*/fuzzy~ terms of one query may become
    export_slots: int = 2  # concurrent exports; one more gets 503 + Retry-After
    export_timeout: float = 10.0  # seconds an export may take to find and order its rows
    # seconds one input file may take to parse and annotate before it is
    # skipped (ONRECORD_FILE_BUDGET; "inf" for no limit)
    file_budget: float = 60.0


def load_config(env: Mapping[str, str] | None = None, **overrides: Any) -> Config:
    """Return the Config: defaults, then ONRECORD_INDEX / ONRECORD_HOST and
    the request limits (ONRECORD_QUERY_TIMEOUT, ...) from `env` (default
    os.environ), then keyword overrides whose value is not None.  Raises
    ConfigError for a limit that is not a positive number.  The port is not read from `env` here: only `serve` needs one, so
    it calls serve_port() (a bad PORT must not break `search` or `index`)."""
    env = os.environ if env is None else env
    cfg = Config()
    from_env: dict[str, Any] = {}
    if env.get("ONRECORD_INDEX"):
        from_env["index_dir"] = Path(env["ONRECORD_INDEX"])
    if env.get("ONRECORD_HOST"):
        from_env["host"] = env["ONRECORD_HOST"]
    for name, kind in _LIMITS.items():
        raw = env.get(f"ONRECORD_{name.upper()}")
        if raw:
            from_env[name] = _parse_limit(f"ONRECORD_{name.upper()}", raw, kind)
    cfg = replace(cfg, **from_env)
    given = {k: v for k, v in overrides.items() if v is not None}
    if "index_dir" in given:
        given["index_dir"] = Path(given["index_dir"])
    return replace(cfg, **given)


def _parse_limit(variable: str, raw: str, kind: type) -> Any:
    """Return `raw` as a positive `kind`; raises ConfigError naming `variable`."""
    try:
        value = kind(raw.strip())
    except ValueError:
        value = None
    if value is None or not value > 0:
        raise ConfigError(f"{variable}={raw!r} is not a positive "
                          f"{'number' if kind is float else 'whole number'}")
    return value


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
