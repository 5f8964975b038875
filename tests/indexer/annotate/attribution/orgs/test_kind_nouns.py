"""Kind nouns a description of a body may use (lexicon "org_nouns"), #31; invented text."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_attribution import who


@pytest.mark.parametrize("text, expected", [
    # lexicon "org_nouns": festival
    ('The Tarnford Film Festival opened on Friday. "This is our best year yet," the festival said.',
     ["Tarnford Film Festival"]),
    # lexicon "org_nouns": brewery
    ('Shares in Hopwell Ales rose. "Trade is good," the brewery said.', ["Hopwell Ales"]),
])
def test_a_kind_noun_of_the_lexicon_means_the_body_named_before(text: str, expected: list[str | None]) -> None:
    assert who(text) == expected
