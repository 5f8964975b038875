"""The fallback reading of a saved page, for pages trafilatura keeps nothing of.

Owns the former hand-written heuristics: the article root (itemprop=
articleBody, <article>, <main>, else <body>), page furniture dropped by tag
and by class/id name (navigation, cookie banners, share bars, related
links...), then its <p>, <h2>/<h3> and caption blocks.  trafilatura refuses
very short pages (a page of two short paragraphs); this keeps those.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from bs4 import BeautifulSoup, Tag

from onrecord.indexer.html_blocks import BlockPiece
from onrecord.search.model import BlockKind

FURNITURE_TAGS = ("script", "style", "noscript", "template", "form", "nav", "header", "footer",
                  "aside", "iframe", "svg", "button", "select", "dialog")
FURNITURE_NAMES = re.compile(
    r"nav|menu|footer|cookie|consent|share|sharing|social|related|promo|advert|newsletter|comment|"
    r"breadcrumb|subscribe|sidebar",
    re.I,
)
BLOCK_KINDS: dict[str, BlockKind] = {"p": "body", "h2": "heading", "h3": "heading", "figcaption": "caption"}
BLOCK_TAGS = tuple(BLOCK_KINDS)
ROOT_SELECTORS = ('[itemprop="articleBody"]', "article", "main")


def fallback_pieces(html: str) -> list[BlockPiece]:
    """Return the article blocks the heuristics find in `html` ([] if none).

    Raises what BeautifulSoup/lxml raise on pages they cannot parse
    (indexer.html_parser turns those into a ParseError)."""
    soup = BeautifulSoup(html, "lxml")
    pieces = []
    for text, kind in _extract_block_texts(soup):
        pieces.append(BlockPiece(text, kind, "caption" if kind == "caption" else
                                 "heading" if kind == "heading" else "paragraph"))
    return pieces


def _extract_block_texts(soup: BeautifulSoup) -> list[tuple[str, BlockKind]]:
    """Return (text, kind) for each article block of the page, in order."""
    for br in soup.find_all("br"):
        br.replace_with(" ")  # a line break separates words even without spaces
    for tag in find_outermost(soup, lambda tag: tag.name in FURNITURE_TAGS):
        tag.extract()
    weights = _paragraph_weights(soup)
    root = _find_article_root(soup, weights)
    _drop_furniture_by_name(root, weights)
    return _collect_blocks(root)


def _paragraph_weights(soup: BeautifulSoup) -> dict[int, int]:
    """Return {id(element): non-space characters of the <p>s inside it}.

    Computed once, children before parents (reverse document order), so
    weighing candidates stays linear even for pathologically nested pages."""
    weights: dict[int, int] = {}
    for tag in reversed(soup.find_all(True)):
        if tag.name == "p":
            chars = len("".join(tag.get_text().split()))
        else:
            chars = sum(weights.get(id(child), 0) for child in tag.contents if isinstance(child, Tag))
        if chars:
            weights[id(tag)] = chars
    weights[id(soup)] = sum(weights.get(id(c), 0) for c in soup.contents if isinstance(c, Tag))
    return weights


def _find_article_root(soup: BeautifulSoup, weights: dict[int, int]) -> Tag:
    """Return the element holding the article: the most paragraph text among
    articleBody, then <article>, then <main> candidates; else <body>."""
    for selector in ROOT_SELECTORS:
        candidates = soup.select(selector)
        if candidates:
            best = max(candidates, key=lambda tag: weights.get(id(tag), 0))
            if weights.get(id(best), 0) > 0:
                return best
    body = soup.find("body")
    return body if isinstance(body, Tag) else soup


def _drop_furniture_by_name(root: Tag, weights: dict[int, int]) -> None:
    """Remove elements under `root` whose class/id names page furniture,
    unless one holds most of the article (a wrapper like "menu-closed")."""
    total = weights.get(id(root), 0)

    def is_furniture(tag: Tag) -> bool:
        return _has_furniture_name(tag) and not (total and weights.get(id(tag), 0) * 2 > total)

    for tag in find_outermost(root, is_furniture):
        tag.extract()


def find_outermost(root: Tag, wanted: Callable[[Tag], bool]) -> list[Tag]:
    """Return, in document order, the elements under `root` for which
    `wanted` is true, without looking inside an element already returned.

    Iterative (no recursion) and linear in the page size, so pathological
    nesting costs neither stack depth nor quadratic time."""
    found: list[Tag] = []
    stack = [child for child in reversed(root.contents) if isinstance(child, Tag)]
    while stack:
        tag = stack.pop()
        if wanted(tag):
            found.append(tag)
        else:
            stack.extend(child for child in reversed(tag.contents) if isinstance(child, Tag))
    return found


def _has_furniture_name(tag: Tag) -> bool:
    """Return True if the tag's class or id looks like page furniture."""
    classes: str | list[str] = tag.get("class") or []
    names = " ".join(classes) if isinstance(classes, list) else str(classes)
    ident = tag.get("id")
    if isinstance(ident, str):
        names += " " + ident
    return bool(names) and FURNITURE_NAMES.search(names) is not None


def _collect_blocks(root: Tag) -> list[tuple[str, BlockKind]]:
    """Return the non-empty text blocks under `root`; a block nested in an
    earlier block (a <p> inside a <figcaption>) is part of that block, and
    any text block inside a <figure> is a caption."""
    blocks: list[tuple[str, BlockKind]] = []
    for tag in find_outermost(root, lambda tag: tag.name in BLOCK_TAGS or tag.name == "figure"):
        inner = find_outermost(tag, lambda t: t.name in BLOCK_TAGS) if tag.name == "figure" else [tag]
        for block in inner:
            text = " ".join(block.get_text().split())
            if text:
                blocks.append((text, "caption" if tag.name == "figure" else BLOCK_KINDS[block.name]))
    return blocks
