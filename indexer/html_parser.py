"""Saved HTML pages -> one ParsedArticle: the article's paragraphs only.

Owns finding the article body in a page (itemprop=articleBody, <article>,
<main>, else <body>), dropping page furniture (navigation, headers, footers,
cookie banners, share bars, related links, ads, comments...), and building
the article text as block texts joined by blank lines, with each block's
offsets.  Metadata comes from indexer.html_meta.
"""
from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag
from lxml.etree import LxmlError

from indexer.errors import ParseError
from indexer.html_meta import read_html_metadata
from search.model import Block, BlockKind, ParsedArticle

BLOCK_SEPARATOR = "\n\n"
FURNITURE_TAGS = ("script", "style", "noscript", "template", "form", "nav", "header", "footer",
                  "aside", "iframe", "svg", "button", "select", "dialog")
FURNITURE_NAMES = re.compile(
    r"nav|menu|footer|cookie|consent|share|sharing|social|related|promo|advert|newsletter|comment|"
    r"breadcrumb|subscribe|sidebar",
    re.I,
)
BLOCK_TAGS = ("p", "h2", "h3", "figcaption")
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
    for tag in soup.find_all(FURNITURE_TAGS):
        if not tag.decomposed:
            tag.decompose()
    root = _find_article_root(soup)
    _drop_furniture_by_name(root)
    return _collect_blocks(root)


def _find_article_root(soup: BeautifulSoup) -> Tag:
    """Return the element holding the article: the most paragraph text among
    articleBody, then <article>, then <main> candidates; else <body>."""
    for selector in ROOT_SELECTORS:
        candidates = soup.select(selector)
        if candidates:
            best = max(candidates, key=_paragraph_chars)
            if _paragraph_chars(best) > 0:
                return best
    body = soup.find("body")
    return body if isinstance(body, Tag) else soup


def _paragraph_chars(tag: Tag) -> int:
    """Return how many non-space characters the <p> elements of `tag` hold."""
    return sum(len("".join(p.get_text().split())) for p in tag.find_all("p"))


def _drop_furniture_by_name(root: Tag) -> None:
    """Remove elements under `root` whose class/id names page furniture,
    unless one holds most of the article (a wrapper like "menu-closed")."""
    total = _paragraph_chars(root)
    for tag in root.find_all(_has_furniture_name):
        if tag.decomposed:
            continue
        if total and _paragraph_chars(tag) * 2 > total:
            continue
        tag.decompose()


def _has_furniture_name(tag: Tag) -> bool:
    """Return True if the tag's class or id looks like page furniture."""
    classes = tag.get("class") or []
    names = " ".join(classes) if isinstance(classes, list) else str(classes)
    ident = tag.get("id")
    if isinstance(ident, str):
        names += " " + ident
    return bool(names) and FURNITURE_NAMES.search(names) is not None


def _collect_blocks(root: Tag) -> list[tuple[str, BlockKind]]:
    """Return the non-empty text blocks under `root`; a block nested in an
    earlier block (a <p> inside a <figcaption>) is part of that block."""
    taken: set[int] = set()
    blocks: list[tuple[str, BlockKind]] = []
    for tag in root.find_all(BLOCK_TAGS):
        if any(id(parent) in taken for parent in tag.parents):
            continue
        text = " ".join(tag.get_text().split())
        if not text:
            continue
        taken.add(id(tag))
        blocks.append((text, _block_kind(tag, root)))
    return blocks


def _block_kind(tag: Tag, root: Tag) -> BlockKind:
    """Return heading for h2/h3, caption for figure text, else body."""
    if tag.name in ("h2", "h3"):
        return "heading"
    if tag.name == "figcaption":
        return "caption"
    for parent in tag.parents:
        if parent is root:
            break
        if parent.name == "figure":
            return "caption"
    return "body"
