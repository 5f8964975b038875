"""The second reading of a saved page: the former hand-written heuristics.

Owns the article root (the itemprop=articleBody, <article> or <main>
holding the most paragraph text, else <body>), page furniture dropped by tag
and by class/id name (navigation, cookie banners, share bars, related
links...), then the root's <p>, <h2>/<h3> and caption blocks.
indexer.parse.html.parser uses it where trafilatura keeps little: very short pages
(where trafilatura dumps all page text) and pages where it keeps less than
half of what this finds (long lists, card layouts).  Works on the lxml tree
indexer.parse.html.parser has marked captions in (CAPTION_MARK); changes it.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree
from lxml.html import HtmlElement

from onrecord.indexer.parse.html.blocks import CAPTION_MARK, BlockPiece, collapse

FURNITURE_TAGS = frozenset({"script", "style", "noscript", "template", "form", "nav", "header", "footer",
                            "aside", "iframe", "svg", "button", "select", "dialog"})
FURNITURE_NAMES = re.compile(
    r"nav|menu|footer|cookie|consent|share|sharing|social|related|promo|advert|newsletter|comment|"
    r"breadcrumb|subscribe|sidebar",
    re.I,
)
BLOCK_TAGS = frozenset({"p", "h2", "h3", "figcaption"})
ROOT_XPATHS = ('//*[@itemprop="articleBody"]', "//article", "//main")


def fallback_pieces(tree: HtmlElement, whole_body: bool = False) -> list[BlockPiece]:
    """Return the article blocks the heuristics find in `tree` ([] if none):
    under the article root, or with `whole_body` under the <body>."""
    for br in list(tree.iter("br")):  # a line break separates words even without spaces
        br.tail = " " + (br.tail or "")
    for tag in find_outermost(tree, lambda el: el.tag in FURNITURE_TAGS):
        _drop(tag)
    weights = _paragraph_weights(tree)
    root = _body(tree) if whole_body else _find_article_root(tree, weights)
    _drop_furniture_by_name(root, weights)
    return _collect_blocks(root)


def _drop(elem: HtmlElement) -> None:
    """Remove `elem` with its text, keeping the text that follows it."""
    if elem.getparent() is not None:
        elem.drop_tree()


def _children(elem: HtmlElement) -> list[HtmlElement]:
    return [child for child in elem if isinstance(child.tag, str)]


def _paragraph_weights(tree: HtmlElement) -> dict[HtmlElement, int]:
    """Return {element: non-space characters of the <p>s inside it}.

    Computed once, children before parents (reverse document order), so
    weighing candidates stays linear even for pathologically nested pages."""
    weights: dict[HtmlElement, int] = {}
    for elem in reversed(list(tree.iter(etree.Element))):
        if elem.tag == "p":
            chars = len("".join(elem.text_content().split()))
        else:
            chars = sum(weights.get(child, 0) for child in _children(elem))
        if chars:
            weights[elem] = chars
    return weights


def _find_article_root(tree: HtmlElement, weights: dict[HtmlElement, int]) -> HtmlElement:
    """Return the element holding the article: the most paragraph text among
    articleBody, then <article>, then <main> candidates; else <body>."""
    for xpath in ROOT_XPATHS:
        candidates = tree.xpath(xpath)
        if candidates:
            best = max(candidates, key=lambda el: weights.get(el, 0))
            if weights.get(best, 0) > 0:
                return best
    return _body(tree)


def _body(tree: HtmlElement) -> HtmlElement:
    body = tree.find("body")
    return body if body is not None else tree


def _drop_furniture_by_name(root: HtmlElement, weights: dict[HtmlElement, int]) -> None:
    """Remove elements under `root` whose class/id names page furniture,
    unless one holds most of the article (a wrapper like "menu-closed")."""
    total = weights.get(root, 0)

    def is_furniture(elem: HtmlElement) -> bool:
        return _has_furniture_name(elem) and not (total and weights.get(elem, 0) * 2 > total)

    for elem in find_outermost(root, is_furniture):
        _drop(elem)


def find_outermost(root: HtmlElement, wanted: Callable[[HtmlElement], bool]) -> list[HtmlElement]:
    """Return, in document order, the elements under `root` for which
    `wanted` is true, without looking inside an element already returned.

    One iterwalk (start/end events, no recursion): linear in the page size,
    where walking child lists proved quadratic on 20,000-deep nesting (lxml
    pays per level for each element it hands to Python that way)."""
    found: list[HtmlElement] = []
    inside: HtmlElement | None = None
    for event, elem in etree.iterwalk(root, events=("start", "end")):
        if inside is not None:
            if event == "end" and elem is inside:
                inside = None
        elif event == "start" and elem is not root and isinstance(elem.tag, str) and wanted(elem):
            found.append(elem)
            inside = elem
    return found


def _has_furniture_name(elem: HtmlElement) -> bool:
    """Return True if the element's class or id looks like page furniture."""
    names = f"{elem.get('class') or ''} {elem.get('id') or ''}"
    return bool(names.strip()) and FURNITURE_NAMES.search(names) is not None


def _collect_blocks(root: HtmlElement) -> list[BlockPiece]:
    """Return the non-empty text blocks under `root`; a block nested in an
    earlier block (a <p> inside a caption) is part of that block."""
    pieces: list[BlockPiece] = []
    for elem in find_outermost(root, lambda el: el.tag in BLOCK_TAGS):
        text = collapse(elem.text_content())
        if text.startswith(CAPTION_MARK) or elem.tag == "figcaption":
            caption = collapse(text.replace(CAPTION_MARK, ""))
            if caption:
                pieces.append(BlockPiece(caption, "caption", "caption"))
        elif text:
            heading = elem.tag in ("h2", "h3")
            pieces.append(BlockPiece(collapse(text.replace(CAPTION_MARK, "")), "heading" if heading else "body",
                                     "heading" if heading else "paragraph", int(str(elem.tag)[1]) if heading else 0))
    return [piece for piece in pieces if piece.text]
