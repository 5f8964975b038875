"""Configuration: one dataclass with defaults, overridable by environment
variables and then by explicit arguments (CLI flags).  Nothing is read at
import time: call load_config()."""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

DEFAULT_INDEX_DIR = Path("data/index")


@dataclass(frozen=True, slots=True)
class Config:
    index_dir: Path = DEFAULT_INDEX_DIR
    host: str = "127.0.0.1"
    port: int = 5000
    per_page: int = 10
    query_timeout: float = 2.0  # seconds before a search returns what it has
    # seconds one input file may take to parse and annotate before it is
    # skipped (ONRECORD_FILE_BUDGET; "inf" for no limit)
    file_budget: float = 60.0


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
    if env.get("ONRECORD_FILE_BUDGET"):
        from_env["file_budget"] = float(env["ONRECORD_FILE_BUDGET"])
    cfg = replace(cfg, **from_env)
    given = {k: v for k, v in overrides.items() if v is not None}
    if "index_dir" in given:
        given["index_dir"] = Path(given["index_dir"])
    return replace(cfg, **given)
