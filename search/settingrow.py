"""One row of search.config's SETTINGS: a tunable, its default, type,
help and bounds.  Its own module so the tables of settings kept beside
their concern (search.watchsettings) can build rows without importing
search.config, which gathers them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Setting:
    """One row of SETTINGS: a tunable an operator may change.  Numbers must
    be positive (or >= 0 when `zero_ok`, where 0 usually means "off") and
    at most `maximum` when given; text (type str, default "" for unset) is
    checked by parse_text_value; a switch (type bool) is on or off."""

    name: str
    default: int | float | str
    type: type
    help: str
    zero_ok: bool = False
    maximum: int | None = None

    @property
    def variable(self) -> str:
        """Return the environment variable that overrides this setting."""
        return f"ONRECORD_{self.name.upper()}"
