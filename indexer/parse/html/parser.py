"""Saved HTML pages -> one ParsedArticle: the article's blocks only.

Owns reading a page: one lxml parse, the metadata it states
(indexer.parse.html.meta), then trafilatura's choice of the article body (navigation,
related links, share bars, comments... left out), walked into typed blocks
by indexer.parse.html.blocks.  trafilatura drops <figcaption>; captions inside the
body are kept by handing them to it as marked paragraphs, so they come back
in place and trafilatura's choice of what is article still applies to them.
A page trafilatura keeps nothing of (a very short page) is read by the
former heuristics (indexer.parse.html.fallback).  The text is the blocks joined by
blank lines; every Block's offsets are exact.
"""
from __future__ import annotations

from typing import Any

import lxml.html
import trafilatura
from lxml import etree

from onrecord.indexer.errors import ParseError
from onrecord.indexer.parse.html.blocks import CAPTION_MARK, BlockPiece, join_pieces, pieces_from_body
from onrecord.indexer.parse.html.fallback import BLOCK_TAGS, fallback_pieces
from onrecord.indexer.parse.html.meta import read_html_metadata
from onrecord.indexer.parse.html.pullquotes import drop_pull_quotes
from onrecord.search import ParsedArticle

# A page's own header (logo, tagline, menus) when it is outside the article:
# trafilatura keeps <header>s, since some pages put the headline in one.
# And what the page marks as no content of its own (class "nocontent", the search engines'
# convention for sidebars and promotions), unless the article is inside it.
_SITE_FURNITURE = etree.XPath(
    "//header[not(ancestor::article or ancestor::main or .//h1)]"
    " | //*[contains(concat(' ', normalize-space(@class), ' '), ' nocontent ')"
    " and not(.//article or .//main or .//h1)]")
_BLOCK_TAGS = frozenset({"p", "h2", "h3", "figcaption"})
# trafilatura's own MIN_EXTRACTED_SIZE: below it, it distrusts its result too.
SHORT_ARTICLE = 250
KEPT_SHARE = 0.5
# Where the chosen reading holds under BODY_SHARE of the page's paragraph
# text, the page is mostly a list or cards whose items sit outside the one
# container both readings chose; the whole body's paragraphs (furniture
# dropped) are taken instead when they hold BODY_GAIN times as much.  On
# htmleval: 7 pages switched, each better (main-text F1 0.9429 -> 0.9496);
# the same at a share of 0.25, and from 0.3 on pages got worse.
BODY_SHARE = 0.2
# Pages with more elements are read by the heuristics alone: trafilatura's
# reading grows faster than the page (20k quote paragraphs 2.5 s, 40k 7.4 s,
# 80k 24 s; a 21 MB page ran past 900 s, issue #29).  The largest of the 711
# htmleval pages has 4,975 elements.
MAX_READ_ELEMENTS = 20_000
BODY_GAIN = 2
_PARSE_ERRORS = (etree.LxmlError, ValueError, LookupError, AssertionError, TypeError)


def parse_html(source: str, html: str, max_elements: int = MAX_READ_ELEMENTS) -> ParsedArticle:
    """Return the article in the page `html` read from `source` (a page of
    over `max_elements` elements by the heuristics alone).

    Raises ParseError when the page holds no article text or cannot be
    parsed (e.g. nesting too deep for the parser)."""
    try:
        tree, complete = _load_tree(html)
        complete = complete and _element_count(tree) <= max_elements
        meta = read_html_metadata(tree, thorough=complete)
        # trafilatura takes seconds on pathologically deep trees and grows
        # faster than the page on huge ones: the heuristics walk them in
        # linear time.
        keep_inline_buttons(tree)
        pieces = _choose(tree, _trafilatura_pieces(tree)) if complete else fallback_pieces(tree)
    except RecursionError:
        raise ParseError("page is nested too deeply to parse") from None
    except _PARSE_ERRORS as exc:
        raise ParseError(f"cannot parse HTML: {exc}") from None
    if not pieces:
        raise ParseError("no article text found")
    text, blocks = join_pieces(drop_pull_quotes(pieces))
    return ParsedArticle(source=source, text=text, meta=meta, blocks=blocks)


def _element_count(tree: lxml.html.HtmlElement) -> int:
    return int(tree.xpath("count(//*)"))


def _choose(tree: lxml.html.HtmlElement, pieces: list[BlockPiece]) -> list[BlockPiece]:
    """Return trafilatura's blocks, or the heuristics' (indexer.parse.html.fallback)
    where trafilatura kept little: under SHORT_ARTICLE characters or one lone
    paragraph (on pages that small it dumps every text of the page, menus
    included, into one paragraph), or less than KEPT_SHARE of what the
    heuristics find (long lists and card layouts it cuts short: main-text F1
    0.932 -> 0.941 on htmleval).  The heuristics are not run where they
    cannot change the choice: their blocks are <p>, <h2>, <h3> and captions,
    so those elements' text in the whole page bounds what they find.  A
    choice under BODY_SHARE of that bound gives way to the whole body's
    blocks where they hold BODY_GAIN times as much (list and card pages)."""
    bound = _block_text_bound(tree)
    chosen = _choose_reading(tree, pieces, bound)
    if _chars(chosen) >= BODY_SHARE * bound:
        return chosen
    body = fallback_pieces(tree, whole_body=True)
    return body if _chars(body) >= BODY_GAIN * _chars(chosen) else chosen


def _choose_reading(tree: lxml.html.HtmlElement, pieces: list[BlockPiece], bound: int) -> list[BlockPiece]:
    chars = _chars(pieces)
    if len(pieces) > 1 and chars >= SHORT_ARTICLE and chars >= KEPT_SHARE * bound:
        return pieces
    fallback = fallback_pieces(tree)
    chars, fallback_chars = _chars(pieces), _chars(fallback)
    if len(pieces) > 1 and chars >= SHORT_ARTICLE:
        return fallback if chars < KEPT_SHARE * fallback_chars else pieces
    if chars >= SHORT_ARTICLE and fallback_chars < KEPT_SHARE * chars:
        return pieces  # one long paragraph, where the heuristics found next to nothing
    return fallback


def _block_text_bound(tree: lxml.html.HtmlElement) -> int:
    """Return the characters of text inside the <p>, <h2>, <h3> and
    <figcaption> elements of `tree` (each text once): no fewer than the
    heuristics of indexer.parse.html.fallback can find in it.  One walk with a
    count of open blocks, linear in the page: the XPath union it replaces
    sorted its node set and grew faster than the page (20k <p> 0.27 s,
    40k 1.45 s; issue #29)."""
    total, inside = 0, 0
    for event, element in etree.iterwalk(tree, events=("start", "end")):
        block = element.tag in _BLOCK_TAGS
        if event == "start":
            inside += block
            if inside and isinstance(element.tag, str) and element.text:
                total += len(element.text)  # a comment's own text is not page text
        else:
            inside -= block
            if inside and element.tail:
                total += len(element.tail)
    return total


def _chars(pieces: list[BlockPiece]) -> int:
    return sum(len(piece.text) for piece in pieces)


def _load_tree(html: str) -> tuple[lxml.html.HtmlElement, bool]:
    """Return (the page's parsed tree, False if it nests deeper than libxml2's
    tree builder goes).  Such a page is parsed again through a TreeBuilder,
    which keeps every element (the fast builder silently drops what lies
    below depth 256).  Raises ParseError for an empty page."""
    if not html.strip():
        raise ParseError("no article text found")
    data = html.encode("utf-8", "replace")
    parser = _html_parser()
    try:
        tree = lxml.html.document_fromstring(data, parser=parser)
    except etree.ParserError:  # lxml's "Document is empty": nothing but markup noise
        raise ParseError("no article text found") from None
    if not any(error.type_name == "ERR_RESOURCE_LIMIT" for error in parser.error_log):
        return adopt_strays(tree), True
    target: Any = DepthCappedBuilder(MAX_DEPTH)  # a parser target by its methods (lxml's protocol)
    builder = etree.HTMLParser(target=target, encoding="utf-8")
    builder.feed(data)
    deep = builder.close()
    if not isinstance(deep, lxml.html.HtmlElement):
        raise ParseError("no article text found")
    return adopt_strays(deep), False


# Elements deeper than this are not kept as elements: their text joins the
# element at this depth.  Every walk of a tree (lxml's iter(), iterwalk's end
# events, trafilatura's XPaths) pays per level, so 100,000 nested <div>s made
# reading quadratic (1M took 238 s; issue #29).  libxml2's own builder stops
# at 256 and drops the rest; real pages nest a few dozen deep.
MAX_DEPTH = 256
# Tags whose start or end breaks a line of text: kept apart when flattened.
_BREAKING = frozenset({"p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote",
                       "section", "article", "figcaption", "pre"})


class DepthCappedBuilder:
    """A parser target building the tree as lxml.etree.TreeBuilder does,
    but no deeper than `limit`: a deeper element's text (never its markup)
    goes to its ancestor at the limit, a line break for a block's edges;
    a block the readers take (fallback.BLOCK_TAGS: <p>, <h2>...) may
    still open one level below it, so a paragraph stays a paragraph."""

    def __init__(self, limit: int) -> None:
        self._builder = etree.TreeBuilder(parser=_html_parser())
        self._limit = limit
        self._opened: list[bool] = []  # per open tag: built (True) or flattened
        self._built = 0  # how many of them are built

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        keep = self._built < self._limit or (self._built == self._limit and tag in BLOCK_TAGS)
        self._opened.append(keep)
        if keep:
            self._built += 1
            self._builder.start(tag, attrib)
        elif tag in _BREAKING:
            self._builder.data("\n")

    def end(self, tag: str) -> None:
        if self._opened and self._opened.pop():
            self._built -= 1
            self._builder.end(tag)
        elif tag in _BREAKING:
            self._builder.data("\n")

    def data(self, text: str) -> None:
        self._builder.data(text)

    def close(self) -> Any:
        return self._builder.close()


def adopt_strays(tree: lxml.html.HtmlElement) -> lxml.html.HtmlElement:
    """Move what the parser left outside the <body> into it: elements
    after the <body>, and a second top-level <html> (markup that closes the
    page early, then carries on with the article: libxml2 starts another
    document root), where trafilatura and the heuristics look; returns `tree`."""
    body = tree.find("body")
    if body is None or body.getparent() is not tree:
        return tree
    strays = list(body.itersiblings())
    for root in tree.itersiblings():
        if isinstance(root.tag, str):
            strays.extend(child for child in root if child.tag not in ("head", "body"))
            strays.extend(child for part in root if part.tag == "body" for child in part)
    for stray in strays:
        if isinstance(stray.tag, str) and stray.tag != "head":
            body.append(stray)
    return tree


def _html_parser() -> lxml.html.HTMLParser:
    """Return a new parser: bytes in, UTF-8 forced, since the text is decoded
    already (indexer.read.encodings) and a page's own <meta charset> must not make
    lxml decode it a second time.  One per page: its error log is read."""
    return lxml.html.HTMLParser(encoding="utf-8", remove_comments=True, remove_pis=True,
                                collect_ids=False, default_doctype=False)


def _trafilatura_pieces(tree: lxml.html.HtmlElement) -> list[BlockPiece]:
    """Return the blocks of the article body trafilatura finds ([] if none).

    trafilatura works on its own copy of the tree; the captions are marked
    in ours first (see mark_captions)."""
    mark_captions(tree)
    for furniture in _SITE_FURNITURE(tree):
        furniture.drop_tree()
    document = trafilatura.bare_extraction(
        tree, output_format="python", favor_recall=True, include_comments=False, include_tables=True,
        include_formatting=False, include_links=False, include_images=False, with_metadata=False)
    body = getattr(document, "body", None)
    return pieces_from_body(body) if body is not None else []


_TEXT_PARENTS = frozenset({"p", "li", "blockquote", "em", "strong", "b", "i", "span"})


def keep_inline_buttons(tree: lxml.html.HtmlElement) -> None:
    """Turn each <button> inside running text into a <span>: some pages set a
    person's name as a button opening a side note ("said <button>Ann Vole,
    </button> a professor"), and trafilatura drops buttons with their words."""
    for button in list(tree.iter("button")):
        parent = button.getparent()
        if parent is not None and parent.tag in _TEXT_PARENTS and (button.text_content() or "").strip():
            button.tag = "span"
            button.attrib.clear()  # its class ("sidenote-button") reads as furniture to trafilatura
            previous = button.getprevious()
            before = parent.text if previous is None else previous.tail
            if before and not before[-1].isspace():  # a button is set apart by its box, not by a space
                button.text = " " + (button.text or "")


def mark_captions(tree: lxml.html.HtmlElement) -> None:
    """Turn each <figure> into a <div> and its <figcaption> into a <p> whose
    text starts with CAPTION_MARK: trafilatura removes figures whole, but
    keeps a paragraph where the article has it."""
    for caption in list(tree.iter("figcaption")):
        caption.tag = "p"
        caption.text = f"{CAPTION_MARK} {caption.text or ''}"
        for inner in caption.iter("p", "div"):  # one paragraph: nested blocks become inline
            if inner is not caption:
                inner.tag = "span"
    for figure in tree.iter("figure"):
        figure.tag = "div"
