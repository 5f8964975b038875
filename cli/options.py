"""Options several commands share (the index directory, --setting)."""
from __future__ import annotations

from pathlib import Path

import click

INDEX_OPTION = click.option(
    "--index", "index_dir", type=click.Path(path_type=Path), default=None,
    help="Index directory (default ./data/index, or $ONRECORD_INDEX).",
)
SETTING_OPTION = click.option(
    "--setting", "settings", multiple=True, metavar="NAME=VALUE",
    help="Change a setting (repeatable; `onrecord settings` lists them). Beats $ONRECORD_<NAME>; "
         "a dedicated flag beats it.",
)
