"""Stored quotes back to Quote objects (search.storage.documents): their
verbatim pieces kept, or derived from the marks for an index written before them."""
from __future__ import annotations

import pytest

from onrecord.search.storage.documents import rebuild_quote


@pytest.mark.parametrize(("stored", "pieces"), [
    ({"text": '"We go home."', "start": 10, "end": 23, "kind": "direct"}, ((11, 22),)),
    ({"text": 'it was "a mess" and "a farce"', "start": 0, "end": 29, "kind": "partial"}, ((8, 14), (21, 28))),
    ({"text": "the port would shut", "start": 0, "end": 19, "kind": "indirect"}, ()),
    ({"text": '"x" and more', "start": 0, "end": 12, "kind": "partial", "pieces": [[1, 2], [5, 99], "bad"]},
     ((1, 2),)),
])
def test_stored_quotes_keep_or_derive_their_pieces(stored: dict[str, object], pieces: tuple[object, ...]) -> None:
    # an index written before pieces existed stores none: they come from the marks in the text
    assert rebuild_quote(stored).pieces == pieces
