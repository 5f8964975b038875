"""Huge and deeply nested pages are read in time linear in their size
(issue #29, item 6; bench.ingest.growth times it): the paragraph-text bound is one
walk (not an XPath union), a page nested past MAX_DEPTH keeps its text
with its depth capped, and a page of more than MAX_READ_ELEMENTS elements
is read by the heuristics alone."""
from __future__ import annotations

import pytest
from lxml import etree

from onrecord.indexer.parse.html import parser as html_parser
from onrecord.indexer.parse.html.parser import MAX_DEPTH, _block_text_bound, _load_tree, parse_html

PARAGRAPHS = ["The council met on Tuesday to discuss the harbour budget.",
              '"We will appeal the ruling," said Jane Porter outside the court.',
              "The hearing continues next week with more witnesses."]


def depth(tree: etree._Element) -> int:
    deepest, level = 0, 0
    for event, _element in etree.iterwalk(tree, events=("start", "end")):
        level += 1 if event == "start" else -1
        deepest = max(deepest, level)
    return deepest


@pytest.mark.parametrize("nesting", [300, 5_000])
def test_a_page_nested_past_the_limit_keeps_its_text_within_the_depth(nesting: int) -> None:
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    page = f"<html><body>{'<div>' * nesting}{body}{'</div>' * nesting}</body></html>"
    tree, complete = _load_tree(page)
    assert not complete and depth(tree) <= MAX_DEPTH + 2  # + the <p> below the limit, + its text
    article = parse_html("deep.html", page)
    assert [article.text[b.start:b.end] for b in article.blocks] == PARAGRAPHS


def test_the_text_bound_counts_each_text_once_as_the_xpath_union_did() -> None:
    page = ("<html><body><p>One <b>bold</b> tail<!-- note --></p>after<h2>Head <i>x</i></h2>"
            "<div>outside<figcaption>Cap <p>inner</p> end</figcaption></div><h3>Three</h3></body></html>")
    tree = etree.HTML(page)
    union = etree.XPath("//p//text()|//h2//text()|//h3//text()|//figcaption//text()")
    assert _block_text_bound(tree) == sum(len(t) for t in union(tree)) > 0


def test_a_page_with_too_many_elements_is_read_by_the_heuristics(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object) -> None:
        raise AssertionError("trafilatura must not read a page this large")

    monkeypatch.setattr(html_parser, "_trafilatura_pieces", refuse)
    page = "<html><body><article>" + "".join(f"<p>{p}</p>" for p in PARAGRAPHS * 4) + "</article></body></html>"
    article = parse_html("huge.html", page, max_elements=10)
    assert [article.text[b.start:b.end] for b in article.blocks] == PARAGRAPHS * 4
