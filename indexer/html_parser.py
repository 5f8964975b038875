"""Saved HTML pages -> one ParsedArticle: the article's paragraphs only.

Owns finding the article body in a page (itemprop=articleBody, <article>,
<main>, else <body>), dropping page furniture (navigation, headers, footers,
cookie banners, share bars, related links, ads, comments...), and building
the article text as block texts joined by blank lines, with each block's
offsets.  Metadata comes from indexer.html_meta.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from bs4 import BeautifulSoup, Tag
from lxml.etree import LxmlError

from onrecord.indexer.errors import ParseError
from onrecord.indexer.html_meta import read_html_metadata
from onrecord.search.model import Block, BlockKind, ParsedArticle

BLOCK_SEPARATOR = "\n\n"
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


def parse_html(source: str, html: str) -> ParsedArticle:
    """Return the article in the page `html` read from `source`.

    Raises ParseError when the page holds no article paragraphs or cannot be
    parsed (e.g. nesting too deep for the parser)."""
    try:
        soup = BeautifulSoup(html, "lxml")
        meta = read_html_metadata(soup)
        blocks = _extract_block_texts(soup)
    except RecursionError:
        raise ParseError("page is nested too deeply to parse") from None
    except (LxmlError, ValueError, LookupError, AssertionError) as exc:
        raise ParseError(f"cannot parse HTML: {exc}") from None
    if not blocks:
        raise ParseError("no article text found")
    text, spans = join_blocks(blocks)
    return ParsedArticle(source=source, text=text, meta=meta, blocks=spans)


def join_blocks(blocks: list[tuple[str, BlockKind]]) -> tuple[str, tuple[Block, ...]]:
    """Return (text, Blocks): block texts joined by blank lines, with offsets."""
    parts: list[str] = []
    spans: list[Block] = []
    offset = 0
    for block_text, kind in blocks:
        if parts:
            parts.append(BLOCK_SEPARATOR)
            offset += len(BLOCK_SEPARATOR)
        parts.append(block_text)
        spans.append(Block(start=offset, end=offset + len(block_text), kind=kind))
        offset += len(block_text)
    return "".join(parts), tuple(spans)


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
