"""Options several commands share (the index directory, --setting, --collection)."""
from __future__ import annotations

from pathlib import Path

import click

from onrecord.search import DEFAULT_COLLECTION, is_collection_name

INDEX_OPTION = click.option(
    "--index", "index_dir", type=click.Path(path_type=Path), default=None,
    help="Index directory (default ./data/index, or $ONRECORD_INDEX).",
)
SETTING_OPTION = click.option(
    "--setting", "settings", multiple=True, metavar="NAME=VALUE",
    help="Change a setting (repeatable; `onrecord settings` lists them). Beats $ONRECORD_<NAME>; "
         "a dedicated flag beats it.",
)


def check_collection(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """Return `value` if it is a collection name; raise click.BadParameter
    (status 2, saying what a name may hold) if not."""
    if not is_collection_name(value):
        raise click.BadParameter(f"{value!r} is not a collection name: use 1 to 40 of a-z, 0-9, _ and -")
    return value


COLLECTION_OPTION = click.option(
    "--collection", default=DEFAULT_COLLECTION, show_default=True, callback=check_collection,
    help="The collection the files' articles go into: who may read them when access control is on "
         "(`onrecord users grant`). An article indexed before under another one moves here.",
)
