"""Stored quotes back to Quote objects (search.storage.documents): their
verbatim pieces kept as stored, a damaged piece dropped."""
from __future__ import annotations

import pytest

from onrecord.search.storage.documents import rebuild_quote


@pytest.mark.parametrize(("stored", "pieces"), [
    ({"text": '"We go home."', "start": 10, "end": 23, "kind": "direct", "pieces": [[11, 22]]}, ((11, 22),)),
    ({"text": 'it was "a mess" and "a farce"', "start": 0, "end": 29, "kind": "partial",
      "pieces": [[8, 14], [21, 28]]}, ((8, 14), (21, 28))),
    ({"text": "the port would shut", "start": 0, "end": 19, "kind": "indirect", "pieces": []}, ()),
    ({"text": '"x" and more', "start": 0, "end": 12, "kind": "partial", "pieces": [[1, 2], [5, 99], "bad"]},
     ((1, 2),)),
    # no pieces stored (only a damaged value can lack them: older indexes are refused whole)
    ({"text": 'it was "a mess"', "start": 0, "end": 15, "kind": "partial"}, ()),
])
def test_stored_quotes_keep_their_pieces_and_drop_damaged_ones(stored: dict[str, object],
                                                               pieces: tuple[object, ...]) -> None:
    assert rebuild_quote(stored).pieces == pieces
