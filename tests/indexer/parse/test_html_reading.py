"""Tests for reading a saved page's article text (indexer.parse.html.parser):
malformed page structure, and the heuristics' second reading run only
where it can change the choice.  Each page is inline HTML."""
from __future__ import annotations

import pytest
from lxml import etree

from onrecord.indexer.parse.html import parser as html_parser
from onrecord.indexer.parse.html.blocks import BlockPiece, pieces_from_body
from onrecord.indexer.parse.parser import parse_source
from onrecord.search.model import SourceFile

STORY = "".join(f"<p>Paragraph {i} of the story says the council met and agreed the budget at last.</p>"
                for i in range(6))


def read(page: str) -> str:
    [article] = parse_source(SourceFile(path="in/a.html", kind="html", text=page))
    for block in article.blocks:
        assert article.text[block.start:block.end]  # offsets stay exact
    return article.text


def test_article_after_an_early_closed_page_is_read() -> None:
    # libxml2 starts a second document root for what follows </html>
    page = f"<html><head><title>T</title></head><body><p>Menu</p></body></html><html><div>{STORY}</div></html>"
    assert "Paragraph 5 of the story" in read(page)


def test_heuristics_not_run_where_trafilatura_kept_most_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(_tree: object) -> list[object]:
        raise AssertionError("second reading run")

    monkeypatch.setattr(html_parser, "fallback_pieces", fail)
    assert "Paragraph 0 of the story" in read(f"<html><body><article>{STORY}</article></body></html>")


INTRO = ("Our critics picked the restaurants worth booking this winter, from new arrivals to old "
         "favourites, after a season of eating out across the whole city.")
CARDS = "".join(f'<div class="card"><h3>Restaurant {i}</h3><p>Restaurant {i} serves a tasting menu of '
                f"seasonal plates with a long wine list and a counter that seats twelve guests every "
                f"evening except Mondays, booked weeks ahead.</p></div>" for i in range(12))


def test_card_page_is_read_across_the_body_where_both_readings_keep_a_fifth(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The <article> holds only the introduction, the cards outside it most of
    # the page's paragraph text; trafilatura (stubbed: it does so on real list
    # pages) and the heuristics both keep the introduction alone.
    monkeypatch.setattr(html_parser, "_trafilatura_pieces",
                        lambda _tree: [BlockPiece(INTRO), BlockPiece(INTRO.upper())])
    page = (f"<html><body><article><p>{INTRO}</p><p>{INTRO.upper()}</p></article>"
            f"<section>{CARDS}</section></body></html>")
    text = read(page)
    assert INTRO in text
    assert all(f"Restaurant {i} serves a tasting menu" in text for i in range(12))


def test_article_with_a_small_sidebar_keeps_to_the_article() -> None:
    sidebar = "".join(f"<p>Most read {i}: a story about something else entirely.</p>" for i in range(3))
    page = (f"<html><body><article><h1>Budget</h1>{STORY}</article>"
            f"<div class='rail'>{sidebar}</div></body></html>")
    text = read(page)
    assert "Paragraph 5 of the story" in text
    assert "Most read" not in text


@pytest.mark.parametrize(("body", "expected"), [
    # An abstract straight in a <quote>, lines split by <lb/> (arXiv's pages).
    ("<body><head rend='h1'>Title</head><quote>Abstract: first line<lb/>second line</quote></body>",
     [("heading", "Title"), ("quote", "Abstract: first line second line")]),
    # A line of text after a heading, straight in the <body>, with inline markup.
    ("<body><head rend='h2'>Title</head>View the <hi>full</hi> report<p>Next.</p>tail words</body>",
     [("heading", "Title"), ("paragraph", "View the full report"), ("paragraph", "Next."),
      ("paragraph", "tail words")]),
    # A list's items and the words around a nested block keep their order.
    ("<body><list><item>one</item><item>two <list><item>deep</item></list>after</item></list></body>",
     [("item", "one"), ("item", "two after"), ("item", "deep")]),
])
def test_words_outside_blocks_of_trafilatura_body_are_kept(body: str, expected: list[tuple[str, str]]) -> None:
    pieces = pieces_from_body(etree.fromstring(body))
    assert [(piece.role, piece.text) for piece in pieces] == expected


def test_abstract_written_straight_into_a_blockquote_is_read() -> None:
    abstract = ("Merging fine-tuned checkpoints can preserve loss while quietly destroying alignment. "
                "We argue that merging is an operation around an aligned anchor.")
    page = (f"<html><body><main><h1>A paper title</h1><div>[Submitted on 18 Dec 2025]</div>"
            f'<blockquote class="abstract"><span class="descriptor">Abstract:</span>{abstract}'
            f"<br>A second line of the abstract follows the break and says more about it.</blockquote>"
            f"<p>{STORY}</p></main></body></html>")
    text = read(page)
    assert abstract in text
    assert "A second line of the abstract" in text


def test_a_block_the_page_marks_nocontent_is_left_out() -> None:
    promo = "".join(f"<p>Promotion {i}: join the Lantern course on planting, \u201csave your seat today\u201d, "
                    f"before the spring event for members of every society in the county.</p>" for i in range(3))
    page = f'<html><body><article>{STORY}<div class="side nocontent">{promo}</div>{STORY}</article></body></html>'
    text = read(page)
    assert "Paragraph 4 of the story" in text
    assert "save your seat" not in text


def test_an_article_inside_a_nocontent_block_is_still_read() -> None:
    page = f'<html><body><div class="nocontent"><article><h1>Allotments</h1>{STORY}</article></div></body></html>'
    assert "Paragraph 4 of the story" in read(page)
