"""Text fragments (the Text Fragments spec's `#:~:text=`): the links that
open a page at a passage, a paragraph's or a quote's.

Owns how many words a fragment names at each end, the punctuation it
leaves off, and its percent-encoding.  Pure: every layer may use it
(through search.model).
"""
from __future__ import annotations

from typing import Any
from urllib.parse import quote as percent_encode

# Words a text fragment (Text Fragments spec) names at the start and the
# end of a longer text; a shorter one is named whole.
FRAGMENT_START_WORDS = 8
FRAGMENT_END_WORDS = 4
# A quote's fragment: its first and last words (a quote of up to 8 whole).
QUOTE_FRAGMENT_WORDS = 4
# Punctuation a fragment leaves off its ends (the page may set it apart).
_EDGE_PUNCT = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e\u201a.,;:!?\u2026()[]\u2014\u2013-"


def quote_words(quote: dict[str, Any]) -> str:
    """Return the words of `quote` as its paragraph shows them (its span's
    text: a direct quote's marks are trimmed by text_fragment)."""
    return str(quote.get("text") or "")


def quote_fragment(words: str) -> str:
    """Return the `:~:text=` directive naming a quote's `words` (its first
    and last QUOTE_FRAGMENT_WORDS words), to follow a permalink's "#pN"."""
    return text_fragment(words, QUOTE_FRAGMENT_WORDS, QUOTE_FRAGMENT_WORDS)[1:]


def encode_fragment_text(text: str) -> str:
    """Return `text` percent-encoded for a text directive: everything but
    unreserved characters, and also '-' (which the syntax reserves, like
    ',' and '&')."""
    return percent_encode(text, safe="").replace("-", "%2D")


def text_fragment(text: str, start_words: int = FRAGMENT_START_WORDS,
                  end_words: int = FRAGMENT_END_WORDS) -> str:
    """Return the '#:~:text=' fragment that selects `text` in a page: the
    whole text when it has at most start_words + end_words words, else its
    first `start_words` and last `end_words` words as textStart,textEnd;
    punctuation at either end left off.  Returns '' for text with no words."""
    words = text.split()
    if not words:
        return ""
    if len(words) <= start_words + end_words:
        whole = " ".join(words).strip(_EDGE_PUNCT)
        return f"#:~:text={encode_fragment_text(whole)}" if whole else ""
    start = " ".join(words[:start_words]).lstrip(_EDGE_PUNCT)
    end = " ".join(words[-end_words:]).rstrip(_EDGE_PUNCT)
    if not start or not end:
        return ""
    return f"#:~:text={encode_fragment_text(start)},{encode_fragment_text(end)}"
