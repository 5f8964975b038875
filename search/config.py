"""Configuration: one dataclass with defaults, overridable by environment
variables and then by explicit arguments (CLI flags).  Nothing is read at
import time: call load_config()."""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

DEFAULT_INDEX_DIR = Path("data/index")
# Config fields settable from ONRECORD_<FIELD> (e.g. ONRECORD_QUERY_TIMEOUT=5).
_LIMITS = {"query_timeout": float, "max_result_window": int, "max_expanded_terms": int,
           "export_slots": int, "export_timeout": float}


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


def load_config(env: Mapping[str, str] | None = None, **overrides: Any) -> Config:
    """Return the Config: defaults, then ONRECORD_* / PORT from `env`
    (default os.environ), then keyword overrides whose value is not None."""
    env = os.environ if env is None else env
    cfg = Config()
    from_env: dict[str, Any] = {}
    if env.get("ONRECORD_INDEX"):
        from_env["index_dir"] = Path(env["ONRECORD_INDEX"])
    if env.get("ONRECORD_HOST"):
        from_env["host"] = env["ONRECORD_HOST"]
    port = env.get("ONRECORD_PORT") or env.get("PORT")
    if port:
        from_env["port"] = int(port)
    for name, kind in _LIMITS.items():
        if env.get(f"ONRECORD_{name.upper()}"):
            from_env[name] = kind(env[f"ONRECORD_{name.upper()}"])
    cfg = replace(cfg, **from_env)
    given = {k: v for k, v in overrides.items() if v is not None}
    if "index_dir" in given:
        given["index_dir"] = Path(given["index_dir"])
    return replace(cfg, **given)
