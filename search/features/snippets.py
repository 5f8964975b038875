"""Marking query words in paragraph text: term spans and HTML snippets.

Owns finding where a query's words occur in a paragraph (re-tokenising the
paragraph with the index's own analyzer, so "budgets" matches a query for
"budget" exactly as the index does) and rendering a safe HTML snippet:
every character of the text is HTML-escaped, quotes included, and only the
<mark> tags we add are markup.  Whoosh's HtmlFormatter is not used because
it leaves quote characters unescaped.
"""
from __future__ import annotations

import html
import re
from functools import cache
from itertools import compress, count, islice
from typing import Any, cast

from onrecord.search.query.querying import MarkTerms
from onrecord.search.storage.schema import exact_word_analyzer
from onrecord.search.storage.textfields import lowered_words, stemmed_terms

SNIPPET_CHARS = 300
# How much text to show before the first match when a paragraph is cut.
_LEAD_CHARS = 80
# Paragraphs up to this long are shown whole rather than cut.
_WHOLE_CHARS = 400
_ELLIPSIS = "\u2026"

Span = tuple[int, int]


@cache
def _exact_expression() -> re.Pattern[str]:
    """Return the `exact` field's word pattern (search.storage.schema.exact_word_analyzer:
    EXACT_WORD, lowercased), read from its analyzer on first use, not at import."""
    return cast(Any, exact_word_analyzer()).items[0].expression


def find_term_spans(analyzer: Any, text: str, terms: MarkTerms) -> list[Span]:
    """Return (start, end) offsets in `text` of words matching `terms`,
    in order, using `analyzer` (the index analyzer of the text field)."""
    if not terms or not text:
        return []
    spans: list[Span] = []
    if terms.words or terms.prefixes:
        spans += _stemmed_spans(analyzer, text, terms)
    if terms.exact or terms.phrases:
        spans += _exact_spans(text, terms)
    return _drop_overlaps(spans)


def _marks(word: str, terms: MarkTerms) -> bool:
    """Return True if an analysed word is one of `terms`' words or prefixes."""
    return word in terms.words or any(word.startswith(p) for p in terms.prefixes)


def _stemmed_spans(analyzer: Any, text: str, terms: MarkTerms) -> list[Span]:
    """Return the spans of the words whose analysed form `terms` marks.
    Each word's term comes from the stemmed fields' memo (a list in C) and
    only the marked words' offsets are read: running the analyzer's token
    chain over every word of a page's paragraphs was most of a search's
    highlighting.  Any other analyzer is run as it is."""
    found = stemmed_terms(analyzer, text)
    if found is None:
        return [(token.startchar, token.endchar)
                for token in analyzer(text, chars=True, mode="index") if _marks(token.text, terms)]
    expression, words = found
    if terms.prefixes:
        marked = [i for i, word in enumerate(words) if word and _marks(word, terms)]
    else:  # "" is a dropped word's term
        marked = list(compress(count(), map((terms.words - {""}).__contains__, words)))
    return _match_spans(expression, text, [(i, i) for i in marked])


def _exact_spans(text: str, terms: MarkTerms) -> list[Span]:
    """Return the spans of exact words and of each phrase where it matched:
    one span from its first word's start to its last word's end wherever
    its words stand adjacent and in order (as the exact field matches)."""
    expression = _exact_expression()
    words = lowered_words(expression, text)
    runs = [(i, i) for i in compress(count(), map(terms.exact.__contains__, words))]
    for phrase in filter(None, terms.phrases):
        size, first = len(phrase), phrase[0]
        runs += [(i, i + size - 1) for i, word in enumerate(words)
                 if word == first and words[i:i + size] == phrase]
    return _match_spans(expression, text, runs)


def _match_spans(expression: re.Pattern[str], text: str,
                 runs: list[tuple[int, int]]) -> list[Span]:
    """Return the character span of each run (first, last) of `expression`'s
    matches in `text`."""
    if not runs:
        return []
    # lowered_words' matches are these, one for one (lowercasing keeps word characters
    # word characters): the index's positions rest on the same.
    matches = list(islice(expression.finditer(text), max(last for _first, last in runs) + 1))
    return [(matches[first].start(), matches[last].end()) for first, last in runs]


def _drop_overlaps(spans: list[Span]) -> list[Span]:
    """Return `spans` sorted, without any span overlapping an earlier or
    longer one (a phrase's mark is kept whole, its words not marked again)."""
    kept: list[Span] = []
    for start, end in sorted(set(spans), key=lambda s: (s[0], -s[1])):
        if kept and start < kept[-1][1]:
            continue
        kept.append((start, end))
    return kept


def escape_text(text: str) -> str:
    """Return `text` HTML-escaped, including both quote characters."""
    return html.escape(text, quote=True)


def render_snippet(text: str, spans: list[Span], width: int = SNIPPET_CHARS) -> str:
    """Return safe HTML for a ~`width`-char window of `text` with <mark>
    around each span; without spans, the escaped start of the text."""
    start, end = _choose_window(text, spans, width)
    parts: list[str] = [_ELLIPSIS] if start > 0 else []
    cursor = start
    for s, e in spans:
        if s < cursor or e > end:
            continue
        parts.append(escape_text(text[cursor:s]))
        parts.append(f"<mark>{escape_text(text[s:e])}</mark>")
        cursor = e
    parts.append(escape_text(text[cursor:end]))
    if end < len(text):
        parts.append(_ELLIPSIS)
    return "".join(parts)


def _choose_window(text: str, spans: list[Span], width: int) -> Span:
    if len(text) <= max(width, _WHOLE_CHARS):
        return 0, len(text)
    start = 0
    if spans and spans[0][1] > width - _LEAD_CHARS:
        start = _word_start(text, spans[0][0] - _LEAD_CHARS, spans[0][0])
    end = _word_end(text, start + width)
    return start, end


def _word_start(text: str, pos: int, limit: int) -> int:
    """Return the start of the first word after `pos` and before `limit`
    (so no word is cut), or `pos` if there is none."""
    pos = max(0, pos)
    space = text.find(" ", pos, limit)
    return pos if space == -1 else space + 1


def _word_end(text: str, pos: int) -> int:
    """Return the end of the word before `pos` (so no word is cut)."""
    if pos >= len(text):
        return len(text)
    space = text.rfind(" ", 0, pos)
    return pos if space <= 0 else space
