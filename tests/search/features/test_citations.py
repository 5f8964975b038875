"""A stored quote dict cited (search.features.citations.cite_quote_dict)
exactly as the Quote it describes is: its text, start, kind and pieces."""
from __future__ import annotations

import pytest

from onrecord.search.features.citations import cite_quote, cite_quote_dict
from onrecord.search.storage.documents import rebuild_quote

TEXT = 'the plan was "a \u201cbold\u201d step", he said, and \u00abnot\u00bb a retreat'
QUOTES = [
    {"text": TEXT, "start": 100, "kind": "partial", "pieces": [[114, 132]]},
    {"text": TEXT, "start": 100, "kind": "partial", "pieces": [[114, 132], [120, 125], [150, 190]]},
    {"text": TEXT, "start": 100, "kind": "partial", "pieces": [[114, "x"], [3], "bad"]},
    {"text": TEXT, "start": 100, "kind": "indirect", "pieces": [[100, 110]]},
    {"text": '"We will   appeal,"', "start": 7, "kind": "direct", "pieces": []},
    {"text": "We will appeal", "start": 7, "kind": "direct", "pieces": [[7, 14], [15, 21]]},
    {"text": "no kind, no start"},
    {"text": "", "kind": "partial", "pieces": None},
]


@pytest.mark.parametrize("quote", QUOTES)
def test_a_stored_quote_is_cited_as_its_quote(quote: dict) -> None:
    shown = rebuild_quote(quote)
    assert cite_quote_dict(quote) == cite_quote(shown.text, shown.start, shown.kind, shown.pieces)


def test_paraphrase_loses_every_double_mark() -> None:
    cited = cite_quote("he said \u201cno\u201d and \u00abyes\u00bb \u201e", 0, "indirect", ())
    assert cited == "(reported) he said no and yes "
