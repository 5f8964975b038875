"""Stage 3 of the indexer: cut a ParsedArticle into numbered Paragraphs.

Owns paragraph boundaries (the parser's blocks, else blank-line splitting),
dropping paragraphs repeated inside one article (scraped pages often double
the lead or keep a truncated fragment of the next paragraph), and the stable
ids: article id from the normalised URL or else from the text, paragraph id
"{article_id}-p{n}".  Invariant: article.text[p.start:p.end] == p.text.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from onrecord.indexer.chunk.urls import normalise_url
from onrecord.indexer.errors import ParseError
from onrecord.search import Article, Block, BlockKind, Metadata, Paragraph, ParsedArticle

# A fragment this short that the next paragraph begins with is a scraping
# leftover ("Nicole Smallman, 27, and"), not a paragraph of its own.
MAX_FRAGMENT_CHARS = 60
ID_HEX_CHARS = 16
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)?")
_SPACE_RE = re.compile(r"\s")  # what str.split() splits on
_WORD_RE = re.compile(r"\w+")  # a headline's words (search.storage.schema.EXACT_WORD)
HASH_PIECE_CHARS = 1 << 20


def chunk_article(parsed: ParsedArticle) -> Article:
    """Return the Article with its paragraphs numbered 1.. in text order.

    Raises ParseError when the article has no non-blank paragraph."""
    spans = _block_spans(parsed) if parsed.blocks else split_paragraphs(parsed.text)
    keys = span_keys(parsed.text, spans)
    kept = drop_headline(parsed.text, drop_repeats(parsed.text, spans, keys), parsed.meta.title)
    if not kept:
        raise ParseError("no paragraphs in article")
    # split_paragraphs' spans hold every word of the text: their keys are its words (blocks may leave some out)
    article_id = make_article_id(parsed.meta, parsed.text, None if parsed.blocks else keys)
    paragraphs = [
        Paragraph(id=f"{article_id}-p{n}", n=n, start=b.start, end=b.end,
                  text=parsed.text[b.start:b.end], kind=b.kind)
        for n, b in enumerate(kept, start=1)
    ]
    return Article(id=article_id, source=parsed.source, text=parsed.text,
                   meta=parsed.meta, paragraphs=paragraphs)


def split_paragraphs(text: str) -> list[Block]:
    """Return body Blocks for the runs of non-blank lines in `text`; a line
    of only whitespace is blank, and each span excludes the paragraph's
    leading and trailing whitespace."""
    spans: list[Block] = []
    start: int | None = None
    end = 0
    for line in _LINE.finditer(text):
        if not line.group():
            break  # the regex's final empty match at end of text
        if line.group().strip():
            if start is None:
                start = line.start()
            end = line.end()
        elif start is not None:
            spans.append(_trim(text, start, end, "body"))
            start = None
    if start is not None:
        spans.append(_trim(text, start, end, "body"))
    return spans


def _block_spans(parsed: ParsedArticle) -> list[Block]:
    """Return the parser's blocks trimmed of edge whitespace, dropping any
    that are blank or fall outside the text."""
    spans = []
    for block in parsed.blocks:
        if 0 <= block.start < block.end <= len(parsed.text):
            trimmed = _trim(parsed.text, block.start, block.end, block.kind)
            if trimmed.start < trimmed.end:
                spans.append(trimmed)
    return spans


def _trim(text: str, start: int, end: int, kind: BlockKind) -> Block:
    """Return the Block for text[start:end] without edge whitespace."""
    piece = text[start:end]
    lead = len(piece) - len(piece.lstrip())
    trail = len(piece) - len(piece.rstrip())
    return Block(start=start + lead, end=max(start + lead, end - trail), kind=kind)


def drop_headline(text: str, spans: list[Block], title: str | None) -> list[Block]:
    """Return `spans` without the one whose words are the title's (a text
    file's headline line, an HTML heading repeating the <title>): the
    headline is the article's title, not one of its paragraphs.  Words are
    compared lowercased, punctuation ignored; an article that is nothing
    but its headline keeps it."""
    if not title:
        return spans
    wanted = _WORD_RE.findall(title.lower())
    rest = [s for s in spans if _WORD_RE.findall(text[s.start:s.end].lower()) != wanted]
    return rest or spans


def span_keys(text: str, spans: list[Block]) -> list[str]:
    """Return each span's words joined by single spaces (drop_repeats' keys), in order."""
    return [" ".join(text[span.start:span.end].split()) for span in spans]


def drop_repeats(text: str, spans: list[Block], keys: list[str] | None = None) -> list[Block]:
    """Return `spans` without paragraphs repeated earlier in the article
    (compared after whitespace normalisation: `keys`, span_keys' when not
    given) and without short body fragments (< 60 chars) that the next
    remaining paragraph strictly begins with.  The first occurrence is kept."""
    seen: set[str] = set()
    unique: list[tuple[Block, str]] = []
    for span, key in zip(spans, span_keys(text, spans) if keys is None else keys, strict=True):
        if key and key not in seen:
            seen.add(key)
            unique.append((span, key))
    kept = []
    for i, (span, key) in enumerate(unique):
        following = unique[i + 1][1] if i + 1 < len(unique) else ""
        is_fragment = (span.kind == "body" and len(key) < MAX_FRAGMENT_CHARS
                       and len(following) > len(key) and following.startswith(key))
        if not is_fragment:
            kept.append(span)
    return kept


def make_article_id(meta: Metadata, text: str, keys: list[str] | None = None) -> str:
    """Return "u" + 16 hex of sha1(normalised URL, see indexer.chunk.urls) when the
    URL is known, else "t" + 16 hex of sha1(whitespace-normalised,
    casefolded text).  Two files with one id are the same article only if
    search.writing.identity agrees (same outlet, similar text).  `keys`, when
    given, are span_keys of spans holding every word of `text` in order
    (split_paragraphs'): joined, they are the normalised text, not split again."""
    if meta.url and meta.url.strip():
        return "u" + _sha1_hex(normalise_url(meta.url))
    if keys is not None and len(text) <= HASH_PIECE_CHARS:  # (a longer text is hashed in pieces)
        return "t" + _sha1_hex(" ".join(key for key in keys if key).casefold())
    return "t" + _normalised_text_sha1(text)


def _sha1_hex(value: str) -> str:
    return hashlib.sha1(value.encode("utf-8")).hexdigest()[:ID_HEX_CHARS]


def _normalised_text_sha1(text: str, piece_chars: int = HASH_PIECE_CHARS) -> str:
    """Return _sha1_hex(" ".join(text.split()).casefold()) without building
    that string or the list of every word at once (for a 49 MB page that
    list alone took ~500 MB): the text is hashed in pieces of about
    `piece_chars` cut at whitespace, and casefold maps characters one by
    one, so the bytes hashed are the same."""
    digest, start, wrote = hashlib.sha1(), 0, False
    while start < len(text):
        end = start + piece_chars
        gap = _SPACE_RE.search(text, end) if end < len(text) else None
        end = gap.start() if gap else len(text)
        words = text[start:end].split()
        if words:
            digest.update((" " if wrote else "").encode() + " ".join(words).casefold().encode("utf-8"))
            wrote = True
        start = end
    return digest.hexdigest()[:ID_HEX_CHARS]


_LINE_END_RE = re.compile("(?<=[.!?:\"'\u201d\u2019)\\]])[ \t\u00a0]*\n\\s*"
                          "|[ \t\u00a0]*\n\\s*(?=[\"\u201c\u2018\u00ab])")


def split_lines(text: str, para: Paragraph) -> list[Paragraph]:
    """Return `para` split at line breaks that end a sentence or open a
    quote (copies without quotes; `para` alone if there are none).  Quote
    attribution works per line: feeds that separate paragraphs with single
    newlines otherwise glue a quote to the previous one's cue (a
    hard-wrapped line inside a sentence stays joined)."""
    if text.find("\n", para.start, para.end) < 0:  # searched in place: most paragraphs are one line
        return [para]
    lines, cursor = [], para.start
    for m in _LINE_END_RE.finditer(text, para.start, para.end):
        if text[cursor:m.start()].strip():
            lines.append(replace(para, start=cursor, end=m.start(), quotes=[]))
        cursor = m.end()
    if text[cursor:para.end].strip():
        lines.append(replace(para, start=cursor, end=para.end, quotes=[]))
    return lines or [para]
