"""Quote spans: where quotations start and end inside one paragraph.

Owns the quote-mark grammar: double and single marks, straight and curly,
apostrophes that are not quote ends ("We're", "Met's", "sisters'"), nested
marks (a single-quoted quote inside a double-quoted one is part of it, and so
is a curly double pair inside a curly quote that closes after it) and
unbalanced marks (an unclosed quote ends at its paragraph's end, so one
stray mark never swallows the rest of the document; a mark a colon
introduces opens a new quote, ending one that lost its close).  It also decides a
document's primary quote style: a document quotes with double marks (US and
most wire copy; single marks are then nested quotes or scare quotes inside
prose) unless single-mark openers outnumber double marks (British tabloid
style), and only primary-style marks open quotes.  Typewriter pairs ('' and
``) are not quote marks: like the PolNeAR convention we are judged by, they
are skipped so they never pair with a real apostrophe.  Who said the quote
is decided in indexer.annotate.attribution.attribution.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import Literal

DOUBLE_OPEN = "\"\u201c\u201e\u00ab"
DOUBLE_CLOSE = "\"\u201d\u00bb\u201c"
SINGLE_MARKS = "'\u2018\u2019"
# '' and `` are typewriter double marks (newswire style); tried before the single '
_MARK_RE = re.compile("''|``|[\"'\u201c\u201d\u201e\u00ab\u00bb\u2018\u2019]")
_TAG_RE = re.compile(r"<[^<>\n]{1,300}>")
# characters after which a single mark can open a quote
_OPEN_BEFORE = " \t\n([{\u2014\u2013-\"\u201c:/"
_WORD_RE = re.compile(r"[A-Za-z0-9\u00c0-\u024f]")
_MIN_INNER = 2  # shortest quoted text kept, in characters
MAX_HEADLINE_CHARS = 200  # a longer first line is a paragraph, not a headline
QuoteStyle = Literal["double", "single"]
_DOUBLE_MARKS = "\"\u201c\u201d\u201e\u00ab\u00bb"
# the mark first (a literal the engine can skip to), then what precedes it
_SINGLE_OPEN_RE = re.compile("['\u2018](?<![^\\s(\u2014]['\u2018])(?=[A-Za-z0-9])")


def detect_quote_style(text: str) -> QuoteStyle:
    """Return the document's primary quote style: "single" when single-mark
    openers outnumber double and typewriter ('') marks, else "double"."""
    typewriter = text.count("''") + text.count("``")
    singles = len(_SINGLE_OPEN_RE.findall(text.replace("''", "")))
    # a typewriter-quoted text nests single quotes inside its '' pairs: not primary
    doubles = sum(text.count(mark) for mark in _DOUBLE_MARKS)
    return "single" if singles > doubles + typewriter else "double"


def is_heading(index: int, kind: str) -> bool:
    """True for the article's first line (`index` 0) or a line of `kind`
    "heading": where a headline may stand (line_style's `heading`)."""
    return index == 0 or kind == "heading"


def line_style(text: str, start: int, end: int, style: QuoteStyle, heading: bool) -> QuoteStyle:
    """Return the quote style of the line text[start:end]: "single" for a
    headline of a double-style document that holds no double marks, else
    `style`.  Headlines quote in single marks whatever the body's style
    (British and wire copy: "Minister 'to quit'"); `heading` says the line
    is a heading or the article's first line, and a headline is short,
    one line, and does not end in a full stop."""
    if style == "single" or not heading or end - start >= MAX_HEADLINE_CHARS:
        return style
    line = text[start:end]
    if "\n" in line or line.rstrip(SINGLE_MARKS).endswith(".") or any(m in line for m in _DOUBLE_MARKS):
        return style
    return "single"


@dataclass(frozen=True, slots=True)
class QuoteSpan:
    """One quote inside a paragraph: absolute [start, end) including marks.

    `closed` is False when the quote ran to the paragraph end without a
    closing mark (British style continues it in the next paragraph)."""

    start: int
    end: int
    closed: bool
    double: bool


def ends_sentence(text: str, sp: QuoteSpan) -> bool:
    """True when the quote's own words end a sentence ('... at a right angle."', or
    it runs on unclosed), not a fragment the narrative runs on from ('"..." in the home')."""
    inner = text[sp.start:sp.end].rstrip().rstrip("\"'\u201d\u2019").rstrip()
    return not sp.closed or inner.endswith((".", "!", "?"))


def quoted_words(text: str, sp: QuoteSpan) -> tuple[int, int]:
    """Return the absolute [start, end) of the words inside quote span `sp`
    of `text`: its marks (a doubled opener's two, no closing mark when it ran
    on unclosed) and the blanks beside them left out."""
    lo, hi = sp.start + 1, sp.end - 1 if sp.closed else sp.end
    if sp.double and lo < hi and text[lo] in _DOUBLE_MARKS:
        lo += 1  # 'an ""unfair" sum': one quote under a doubled opener
    while lo < hi and text[lo].isspace():
        lo += 1
    while hi > lo and text[hi - 1].isspace():
        hi -= 1
    return lo, hi


def _is_word(ch: str) -> bool:
    return bool(ch) and bool(_WORD_RE.match(ch))


def _single_opens(prev: str, nxt: str, mark: str) -> bool:
    """A single mark opens a quote after a space/bracket and before text."""
    if prev and not prev.isspace() and prev not in _OPEN_BEFORE:
        return False
    if not nxt or nxt.isspace():
        return False
    if mark == "\u2019":  # a right mark used as an opener: only before a capital
        return nxt.isupper()
    return True


def _single_close_strength(text: str, i: int, prev: str, nxt: str) -> int:
    """Return 2 for a sure close, 1 for a maybe (plural possessive), 0 for none."""
    if not prev or prev.isspace():
        return 0
    if _is_word(nxt):
        return 0  # an apostrophe inside a word: We're, Met's
    if prev in "sS" and nxt == " " and i + 2 < len(text) and text[i + 2].islower():
        return 1  # "the sisters' race": possessive unless nothing else closes
    return 2


class _Scanner:
    """Pairs the quote marks of one paragraph (a tiny state machine)."""

    def __init__(self, text: str, start: int, end: int, style: QuoteStyle) -> None:
        self.text, self.start, self.end, self.style = text, start, end, style
        self.spans: list[QuoteSpan] = []
        self.open_at: int | None = None
        self.double = False
        self.maybe_close: int | None = None
        self.nested = False  # inside a curly quote nested in a straight-mark one

    def emit(self, end: int, closed: bool) -> None:
        assert self.open_at is not None
        if closed:
            stop = end
        else:  # trim the whitespace an unclosed quote would otherwise keep
            stop = len(self.text[self.open_at:end].rstrip()) + self.open_at
        if stop - self.open_at - 1 - int(closed) >= _MIN_INNER:
            self.spans.append(QuoteSpan(self.open_at, stop, closed, self.double))
        self.open_at, self.maybe_close, self.nested = None, None, False

    def feed(self, i: int, mark: str) -> None:
        text = self.text
        width = len(mark)
        if width == 2:
            return  # typewriter '' / ``: skipped, and never taken for two apostrophes
        prev = text[i - 1] if i > self.start else ""
        nxt = text[i + width] if i + width < self.end else ""
        if self.open_at is None:
            self.feed_outside(i, mark, prev, nxt)
        elif self.double:
            if i == self.open_at + 1 and mark in _DOUBLE_MARKS and nxt and not nxt.isspace():
                return  # a doubled opener ('an ""unfair" sum', '“”If you want'): one quote, not an empty one
            if self.nests(i, mark, prev, nxt):
                return  # '"PENCE: ... an episode of \u201cShark Tank.\u201d But': the curly pair is inside
            if mark in "\"\u201c" and self.reopens(i, prev, nxt):
                return  # 'funny. "But': a collapsed paragraph break reopening the same quote
            if mark == '"' and self.introduced(i, prev, nxt):
                return  # 'He added: "The whole': a new quote, the open one lost its close
            if mark == "\u201c" and (not prev or prev.isspace()) and nxt and not nxt.isspace():
                self.emit(i, closed=False)  # a new opener: the last quote lost its close
                self.open_at, self.double = i, True
            elif mark in DOUBLE_CLOSE:
                self.emit(i + width, closed=True)
        elif mark in "'\u2019":
            strength = _single_close_strength(text, i, prev, nxt)
            if strength == 2:
                self.emit(i + 1, closed=True)
            elif strength == 1 and self.maybe_close is None:
                self.maybe_close = i + 1

    def nests(self, i: int, mark: str, prev: str, nxt: str) -> bool:
        """True for a curly mark that opens or closes a quote nested in the
        open one: in a straight-mark quote (the two mark families pair
        separately), or in a curly quote where two right marks follow it
        before the next left one, the nested quote's close and the open
        one's ('\u201c... wearing \u201cGo Home\u201d shirts.\u201d'); one right mark is
        a new quote's, the open one lost its close."""
        if self.open_at is None or self.text[self.open_at] not in "\"\u201c":
            return False
        if mark == "\u201c" and not self.nested and (not prev or prev.isspace()) and nxt and not nxt.isspace() \
                and (self.text[self.open_at] == '"' or self.right_marks_after(i) >= 2):
            self.nested = True
            return True
        if mark == "\u201d" and self.nested:
            self.nested = False
            return True
        return False

    def right_marks_after(self, i: int) -> int:
        """Return how many right double marks follow the mark at i before the
        next left one (or the paragraph's end)."""
        stop = self.text.find("\u201c", i + 1, self.end)
        return self.text.count("\u201d", i + 1, self.end if stop < 0 else stop)

    def reopens(self, i: int, prev: str, nxt: str) -> bool:
        """True for a double mark that reopens the quote it sits in: after a
        sentence end and a space, before a capital ('... funny. "But it is').
        British copy reopens every paragraph of a long quote and closes only
        the last; where paragraph breaks were lost the reopening mark stays."""
        if not prev.isspace() or not nxt.isupper():
            return False
        j = i - 1
        while j > self.start and self.text[j].isspace():
            j -= 1
        return self.text[j] in ".?!" and j > (self.open_at or 0) + 1

    def introduced(self, i: int, prev: str, nxt: str) -> bool:
        """True, after opening a new quote at i, for a straight mark that a
        colon introduces inside an unclosed quote ('... promoted. He added:
        "The whole ...'): a close never follows a colon, so the open quote
        lost its close; it ends at its last sentence end before the colon."""
        assert self.open_at is not None
        if not prev.isspace() or not nxt.isupper():
            return False
        j = i - 1
        while j > self.open_at and self.text[j].isspace():
            j -= 1
        if self.text[j] != ":":
            return False
        cut = max(self.text.rfind(end, self.open_at, i) for end in (". ", "? ", "! "))
        if cut <= self.open_at:
            return False
        self.emit(cut + 1, closed=False)
        self.open_at, self.double = i, True
        return True

    def feed_outside(self, i: int, mark: str, prev: str, nxt: str) -> None:
        if self.style == "double":
            if mark in DOUBLE_OPEN and (nxt and not nxt.isspace() or mark != '"'):
                self.open_at, self.double = i, True
            elif mark == "\u201d" and (not prev or prev.isspace()) and (
                    nxt.isupper() or self.text.startswith(("\u2026", " \u2026"), i + 1)
                    or nxt.islower() and self.right_marks_after(i) >= 1):
                # a right mark typed as the opener: '\u201dFear. I am', 'doing so \u201dappeared to be ...\u201d'
                self.open_at, self.double = i, True

        elif mark in "'\u2018\u2019" and _single_opens(prev, nxt, mark):
            self.open_at, self.double = i, False

    def finish(self) -> list[QuoteSpan]:
        if self.open_at is not None:
            if self.maybe_close is not None:
                self.emit(self.maybe_close, closed=True)
            else:
                self.emit(self.end, closed=False)
        return self.spans


# The last article's spans by (start, end, style): attribution asks for most
# paragraphs twice (the article's quoted spans, then each paragraph's quotes).
# One tuple, replaced whole, so a thread never reads one text's spans for another.
_memo: tuple[str, dict[tuple[int, int, QuoteStyle], list[QuoteSpan]]] = ("", {})


def find_quote_spans(text: str, start: int = 0, end: int | None = None,
                     style: QuoteStyle | None = None) -> list[QuoteSpan]:
    """Return the quotes of the paragraph text[start:end], in order, opened by
    marks of `style` (default: detect_quote_style of that paragraph).

    Never raises on unbalanced marks: an unclosed quote ends at `end`."""
    global _memo
    end = len(text) if end is None else end
    style = style or detect_quote_style(text[start:end])
    memo = _memo
    if memo[0] is not text:
        memo = _memo = (text, {})
    spans = memo[1].get((start, end, style))
    if spans is None:
        spans = memo[1][(start, end, style)] = _scan_marks(text, start, end, style)
    return list(spans)


def _scan_marks(text: str, start: int, end: int, style: QuoteStyle) -> list[QuoteSpan]:
    """Return find_quote_spans' answer, scanning the marks of text[start:end]."""
    scanner = _Scanner(text, start, end, style)
    tags = [m.span() for m in _TAG_RE.finditer(text, start, end)] if "<" in text[start:end] else []
    tag_starts = [a for a, _b in tags]
    for m in _MARK_RE.finditer(text, start, end):
        if tags and _inside_tag(tags, tag_starts, m.start()):
            continue  # attribute values of markup (<tweet date="...">) are not quotes
        scanner.feed(m.start(), m.group())
    return scanner.finish()


def _inside_tag(tags: list[tuple[int, int]], starts: list[int], pos: int) -> bool:
    """True when pos is strictly inside one of `tags` (sorted, disjoint
    spans; `starts` their starts): only the last tag opening before pos can
    hold it, found by bisection."""
    i = bisect_left(starts, pos) - 1
    return i >= 0 and tags[i][1] > pos


def starts_paragraph(span: QuoteSpan, para_start: int) -> bool:
    """True when the quote mark is the paragraph's first character."""
    return span.start == para_start
