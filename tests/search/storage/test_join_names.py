"""join_names' short path for lists of one name or none gives the general form's value."""
from __future__ import annotations

import itertools

from onrecord.search.storage.schema import join_names

NAMES = ["", "   ", "Boris Johnson", "  Smith,  John ", "a,b,,c", "Nicola\u00a0Sturgeon", "\tX\n"]


def _general(names: list[str]) -> str:
    """The join every length took before the short path."""
    return ",".join(" ".join(n.replace(",", " ").split()) for n in names if n.strip())


def test_join_names_matches_the_general_form_for_any_length() -> None:
    for size in range(4):
        for names in itertools.product(NAMES, repeat=size):
            assert join_names(list(names)) == _general(list(names))
