"""Tests for reading a saved page's article text (indexer.html_parser):
malformed page structure, and the heuristics' second reading run only
where it can change the choice.  Each page is inline HTML."""
from __future__ import annotations

import pytest

from onrecord.indexer import html_parser
from onrecord.indexer.parser import parse_source
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
