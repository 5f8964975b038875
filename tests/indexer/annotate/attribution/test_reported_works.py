"""Reported speech (issue #32): a book's words are its author's
(indirect.works.book_author): "the book claims", "according to a new book",
"Ann Vole's book suggests", the title "Acme Days, by Ann Vole, says"."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_reported import reported

_INTRO = "Ferry rows\n\nMinisters met on Monday. Tavo Brenn later told reporters the talks went well.\n\n"


@pytest.mark.parametrize("text", [
    # the author after "by" beside the work's title, in the clause's own sentence
    _INTRO + "According to a new book, Harbour Days by Norland Post writer Ann Vole, the minister broke a pledge.",
    # the last work named before "the book", with its author
    _INTRO + "A new book, Harbour Days by Norland Post writer Ann Vole, went on sale. "
             "The ferry deal was late, the book claims.",
    # a title followed by ", by <author>,"
    _INTRO + "Ann Vole spent a year at the port. Harbour Days, by Ann Vole, says the minister broke a pledge.",
    # the possessive owner before the work
    _INTRO + "Ann Vole wrote about the talks. Ms Vole's book suggests the minister broke a pledge.",
])
def test_a_book_is_its_authors(text: str) -> None:
    found = [q for q in reported(text) if "pledge" in q.text or "late" in q.text]
    assert found and found[-1].speaker == "Ann Vole"


def test_a_book_by_no_one_named_stays_unnamed() -> None:
    text = _INTRO + "A new book about the harbour went on sale. The ferry deal was late, the book claims."
    found = [q for q in reported(text) if "late" in q.text]
    assert found and found[0].speaker != "Tavo Brenn"
