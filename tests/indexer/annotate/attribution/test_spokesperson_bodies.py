"""A spokesperson "for" a name speaks for a body when nothing shows the name a
person's (issue #31, invented text): "a spokeswoman for Acme Watch said" is Acme Watch
speaking, though the registry took the name for a person's, and her "she" later is
Acme Watch too, not a name taken for a person earlier ("Radio Fourteen"); "a spokesman
for Ann Vole" (a first name) names nobody (tests/.../test_named_bodies.py)."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_named_bodies import speakers_of


@pytest.mark.parametrize("body", ["Acme Watch", "Zell"])
def test_a_spokeswoman_for_a_name_shows_it_a_body(body: str) -> None:
    text = ("Bill row\n\nShadow Home Secretary Dan Vole told BBC Radio Fourteen's The Hour he was worried.\n\n"
            f'Lib Dem spokesman Tom Reed said: "There is a lot left." A spokeswoman for {body} said it was a '
            '"basic principle" that people should be tried. She added: "Judges are not enough."\n')
    assert speakers_of(text)[-2:] == [("partial", body), ("direct", body)]
