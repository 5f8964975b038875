"""Tests for leaving out pull quotes (indexer.parse.html.pullquotes): a
display copy of a line the story quotes is not a second quote.  Pages are
inline invented HTML."""
from __future__ import annotations

from onrecord.indexer.parse.html.blocks import BlockPiece
from onrecord.indexer.parse.html.pullquotes import drop_pull_quotes
from onrecord.indexer.parse.parser import parse_source
from onrecord.search.model import SourceFile

LINE = "Every garden on this street grows more beans than its owners can eat"
STORY = "".join(f"<p>Paragraph {i} of the story says the allotment society met and agreed its rules.</p>"
                for i in range(5))


def read(page: str) -> str:
    [article] = parse_source(SourceFile(path="in/a.html", kind="html", text=page))
    return article.text


def test_blockquote_repeating_the_story_is_left_out_of_a_page() -> None:
    page = (f"<html><body><article>{STORY}<blockquote><p>\u201c{LINE}.\u201d</p></blockquote>"
            f"<p>\u201c{LINE},\u201d said Tamsin Orrell, who chairs the society.</p>{STORY}</article></body></html>")
    text = read(page)
    assert text.count(LINE) == 1
    assert f"\u201c{LINE},\u201d said Tamsin Orrell" in text


def test_a_quote_block_found_in_a_longer_block_is_dropped_either_side() -> None:
    story = BlockPiece(f"\u201c{LINE},\u201d said Tamsin Orrell.")
    pull = BlockPiece(f"\u201c{LINE}\u201d", role="quote")
    assert drop_pull_quotes([story, pull]) == [story]
    assert drop_pull_quotes([pull, story]) == [story]


def test_quotes_of_their_own_and_short_lines_stay() -> None:
    own = BlockPiece("\u201cThe beans went to the school kitchen this year, all of them.\u201d", role="quote")
    short = BlockPiece("\u201cThank you all.\u201d")
    body = BlockPiece("She said: \u201cThank you all.\u201d and then the meeting closed for the evening.")
    assert drop_pull_quotes([own, short, body]) == [own, short, body]


def test_a_plain_paragraph_inside_a_longer_one_is_not_a_pull_quote() -> None:
    lead = BlockPiece("The allotment society met on Tuesday evening to agree its rules.")
    longer = BlockPiece("The allotment society met on Tuesday evening to agree its rules, and then it rained.")
    assert drop_pull_quotes([lead, longer]) == [lead, longer]


def test_a_callout_without_quote_marks_stays_though_the_story_repeats_it() -> None:
    callout = BlockPiece(LINE, role="quote")
    story = BlockPiece(f"Members agree that {LINE.lower()}, and the surplus goes to the food bank.")
    assert drop_pull_quotes([callout, story]) == [callout, story]


def test_code_that_opens_and_ends_on_quote_marks_stays() -> None:
    code = BlockPiece('"plot = 12"\n  ->\nname: "plot"\nsize: "12"', role="code")
    prose = BlockPiece('The form turns "plot = 12" into name: "plot" and size: "12" for the records office.')
    assert drop_pull_quotes([code, prose]) == [code, prose]

