"""trafilatura's article tree -> the project's typed blocks, and their text.

Owns walking the XML body that trafilatura extracts (<p>, <head rend="hN">,
<list>/<item>, <table>/<row>/<cell>, <quote>, <code>, with <lb/> and inline
<hi>/<ref>) into `BlockPiece`s, and joining pieces into one article text
with each block's exact offsets (`text[b.start:b.end]` is the block's text).

A figure caption reaches this module as a paragraph whose text starts with
CAPTION_MARK (indexer.parse.html.parser puts it there, since trafilatura drops
<figcaption>); it comes out as a caption block without the mark.
"""
from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from onrecord.search import Block, BlockKind, BlockRole

BLOCK_SEPARATOR = "\n\n"
# An ASCII token trafilatura's text cleaning cannot alter or drop.
CAPTION_MARK = "onrecordfigcaption7f3a"
# Containers whose children are blocks of their own.
_CONTAINERS = frozenset({"body", "div", "list", "table", "quote", "note", "figure", "doc", "main"})
# Children that start a block of their own when met inside another block.
_BLOCK_TAGS = frozenset({"p", "head", "list", "item", "table", "row", "cell", "quote", "code", "note",
                         "div", "figure"})
# Cells of a row are joined with this, so a table row stays one searchable fact.
CELL_SEPARATOR = " | "


@dataclass(frozen=True, slots=True)
class BlockPiece:
    """One block's text before it is placed in the article text."""

    text: str
    kind: BlockKind = "body"
    role: BlockRole = "paragraph"
    level: int = 0


def collapse(text: str) -> str:
    """Return `text` with runs of whitespace made one space, ends trimmed."""
    return " ".join(text.split())


def pieces_from_body(body: etree._Element) -> list[BlockPiece]:
    """Return the non-empty blocks of trafilatura's <body>, in order.

    Walks with an explicit stack, so deep nesting costs no recursion."""
    for line_break in body.iter("lb"):  # <br>: a word boundary, even with no space around it
        line_break.tail = " " + (line_break.tail or "")
    pieces: list[BlockPiece] = []
    stack: list[tuple[etree._Element | str, str]] = [(unit, "") for unit in reversed(_units(body))]
    while stack:
        elem, context = stack.pop()
        if isinstance(elem, str):  # a container's loose words between its blocks
            _add(pieces, collapse(elem), context or "paragraph", 0)
            continue
        tag = elem.tag if isinstance(elem.tag, str) else ""
        if tag == "item" and _has_block_child(elem):  # the item's own words first, then its nested list
            _add(pieces, _own_text(elem), "item", 0)
            stack.extend((child, context) for child in reversed(elem) if _is_block(child))
        elif tag in _CONTAINERS:
            inner = "quote" if tag == "quote" else context
            stack.extend((unit, inner) for unit in reversed(_units(elem)))
        else:
            _add_leaf(pieces, elem, tag, context)
    return pieces


def _units(container: etree._Element) -> list[etree._Element | str]:
    """Return a container's content in order: its block children, and the
    runs of text between them (its own text, inline children's words and
    every child's tail), which would otherwise be lost: trafilatura puts an
    arXiv abstract straight into a <quote>, a line of text after a heading
    straight into the <body>."""
    units: list[etree._Element | str] = []
    run = [container.text or ""]
    for child in container:
        if _is_block(child):
            units.append("".join(run))
            units.append(child)
            run = []
        elif isinstance(child.tag, str):
            run.extend(child.itertext())
        run.append(child.tail or "")
    units.append("".join(run))
    return [unit for unit in units if not isinstance(unit, str) or unit.strip()]


def _add_leaf(pieces: list[BlockPiece], elem: etree._Element, tag: str, context: str) -> None:
    """Append the block `elem` (a paragraph, heading, item, row, code...)."""
    if tag == "head":
        _add(pieces, collapse("".join(elem.itertext())), "heading", _heading_level(elem))
    elif tag == "row":
        cells = (collapse("".join(cell.itertext())) for cell in elem)
        _add(pieces, CELL_SEPARATOR.join(cell for cell in cells if cell), "table_row", 0)
    elif tag == "code":
        code = "".join(elem.itertext()).strip("\n")
        if code.strip():
            pieces.append(BlockPiece(code, "body", "code"))
    elif tag in ("item", "cell"):
        _add(pieces, collapse("".join(elem.itertext())), "item" if tag == "item" else "table_row", 0)
    elif tag:
        _add(pieces, collapse("".join(elem.itertext())), context or "paragraph", 0)


def _add(pieces: list[BlockPiece], text: str, role: str, level: int) -> None:
    """Append a block for `text` (nothing if blank); a marked paragraph is a caption."""
    is_caption = text.startswith(CAPTION_MARK)
    text = collapse(text.replace(CAPTION_MARK, ""))  # nested captions, marks merged into a paragraph
    if not text:
        return
    if is_caption:
        pieces.append(BlockPiece(text, "caption", "caption"))
        return
    kind: BlockKind = "heading" if role == "heading" else "body"
    pieces.append(BlockPiece(text, kind, role, level))  # type: ignore[arg-type]


def _heading_level(elem: etree._Element) -> int:
    """Return N of rend="hN" (trafilatura keeps the page's level), else 2."""
    rend = str(elem.get("rend") or "")
    return int(rend[1]) if len(rend) == 2 and rend[0] == "h" and rend[1].isdigit() else 2


def _is_block(elem: etree._Element) -> bool:
    return isinstance(elem.tag, str) and elem.tag in _BLOCK_TAGS


def _has_block_child(elem: etree._Element) -> bool:
    return any(_is_block(child) for child in elem)


def _own_text(elem: etree._Element) -> str:
    """Return the text of `elem` outside its block children (collapsed)."""
    parts = [elem.text or ""]
    for child in elem:
        if not _is_block(child):
            parts.extend(child.itertext())
        parts.append(child.tail or "")
    return collapse("".join(parts))


def join_pieces(pieces: list[BlockPiece]) -> tuple[str, tuple[Block, ...]]:
    """Return (text, Blocks): block texts joined by blank lines, each Block
    holding its piece's offsets, kind, role and level."""
    parts: list[str] = []
    blocks: list[Block] = []
    offset = 0
    for piece in pieces:
        if parts:
            parts.append(BLOCK_SEPARATOR)
            offset += len(BLOCK_SEPARATOR)
        parts.append(piece.text)
        blocks.append(Block(start=offset, end=offset + len(piece.text), kind=piece.kind,
                            role=piece.role, level=piece.level))
        offset += len(piece.text)
    return "".join(parts), tuple(blocks)
