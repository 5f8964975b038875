"""Pull quotes: a quotation a page shows twice, once set off for display.

Owns telling a pull quote from the article's own copy of the words.  A
magazine layout repeats a line of the story in large type beside it (a
<blockquote>, an aside): the reader sees the words once in the story, with
who said them, and once as decoration.  Kept, the display copy is a second
quote with no one's name near it.  A block that opens on a quote mark (or
is a <blockquote>) and whose words, in order, sit inside a longer block of
the page is that display copy and is left out; the story's copy stays.
"""
from __future__ import annotations

import re

from onrecord.indexer.parse.html.blocks import BlockPiece

# Fewer words than this are too common to be a repeat of the story ("Thank you.").
MIN_PULL_QUOTE_WORDS = 6
# a block that is one quotation, marks around all of it: '"...".' or '“...”'
_WHOLE_QUOTE_RE = re.compile("[\"\u201c\u201e\u00ab].*[\"\u201d\u00bb][.!?]?", re.S)
_WORD_RE = re.compile(r"\w+")


def _words(text: str) -> str:
    """Return the lowercased words of `text` joined by single spaces, padded
    with a space on each side (so a search finds whole words only)."""
    return " " + " ".join(_WORD_RE.findall(text.lower())) + " "


def _is_candidate(piece: BlockPiece) -> bool:
    """True for a block that may be a pull quote: a body block that is one
    quotation, in quote marks from end to end.  (A <blockquote> without marks
    is as often a callout or an example the story does not repeat.)"""
    return piece.kind == "body" and piece.role != "code" and _WHOLE_QUOTE_RE.fullmatch(piece.text.strip()) is not None


def drop_pull_quotes(pieces: list[BlockPiece]) -> list[BlockPiece]:
    """Return `pieces` without the pull quotes: candidate blocks of at least
    MIN_PULL_QUOTE_WORDS words found, word for word, inside another block
    that holds more words (the story's copy, usually with its attribution)."""
    candidates = [i for i, piece in enumerate(pieces) if _is_candidate(piece)]
    if not candidates:
        return pieces
    words = [_words(piece.text) for piece in pieces]
    dropped = set()
    for i in candidates:
        wanted = words[i]
        if wanted.count(" ") - 1 < MIN_PULL_QUOTE_WORDS:
            continue
        if any(j != i and j not in dropped and len(other) > len(wanted) and wanted in other
               for j, other in enumerate(words)):
            dropped.add(i)
    return [piece for i, piece in enumerate(pieces) if i not in dropped] if dropped else pieces
