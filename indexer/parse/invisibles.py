"""What a name or a metadata value may hold: the table of characters that
hide or reorder text, and cleaning a value of them.

Owns HIDDEN (one row per range: bidi controls, control characters,
zero-width and filler characters, tags...), clean_value (used by
indexer.parse.metaclean for every source's metadata, by the speakers and
institutions files for their names) and the annotation stage clean_names,
which cleans the speaker names, roles and institution names annotation
took from article text.  In a name these characters only serve to make it
display as something it is not: "BBC\\u200b News" looks like "BBC News"
but would be a second outlet, "Ali\\u202ece" shows reversed.

A character inside a word is removed and the word joins ("Smal\\u00adlman"
-> "Smallman"); a run holding a tab or line break leaves one space.  Values
come out NFC, so a name spelled with a combining accent and one spelled
with the composed letter are one value.  Article text itself is never
cleaned: paragraph offsets index it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from functools import lru_cache

from onrecord.indexer.budget import check
from onrecord.search import Article, Deadline, Paragraph, Quote

# (first, last, what they are).  A new invisible character is one row.
HIDDEN: tuple[tuple[str, str, str], ...] = (
    ("\x00", "\x1f", "C0 controls (tabs and line breaks too: a value is one line)"),
    ("\x7f", "\x9f", "DEL and C1 controls"),
    ("\u00ad", "\u00ad", "soft hyphen (only shown where a line breaks)"),
    ("\u034f", "\u034f", "combining grapheme joiner"),
    ("\u061c", "\u061c", "Arabic letter mark (bidi)"),
    ("\u115f", "\u1160", "Hangul choseong and jungseong fillers"),
    ("\u17b4", "\u17b5", "Khmer inherent vowels (invisible)"),
    ("\u180b", "\u180f", "Mongolian variation selectors and vowel separator"),
    ("\u200b", "\u200b", "zero width space"),
    ("\u200e", "\u200f", "left-to-right and right-to-left marks (bidi)"),
    ("\u202a", "\u202e", "bidi embeddings and overrides"),
    ("\u2060", "\u2064", "word joiner and invisible operators"),
    ("\u2066", "\u2069", "bidi isolates"),
    ("\u206a", "\u206f", "deprecated format characters"),
    ("\u3164", "\u3164", "Hangul filler"),
    ("\ud800", "\udfff", "lone surrogates (not writable as UTF-8)"),
    ("\ufe00", "\ufe0f", "variation selectors"),
    ("\ufeff", "\ufeff", "zero width no-break space (byte order mark)"),
    ("\uffa0", "\uffa0", "halfwidth Hangul filler"),
    ("\ufff9", "\ufffb", "interlinear annotation controls"),
    ("\U0001d173", "\U0001d17a", "musical symbol format controls"),
    ("\U000e0000", "\U000e007f", "tag characters"),
    ("\U000e0100", "\U000e01ef", "variation selectors supplement"),
)
# Zero-width (non-)joiners spell Persian and Indic words and emoji
# sequences, so they stay between two non-ASCII characters; next to ASCII
# or at an edge they only hide ("A\u200dB" looks like "AB").
JOINERS = "\u200c\u200d"
LINE_BREAKS = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x85")

_HIDDEN_RE = re.compile("[" + "".join(f"{re.escape(a)}-{re.escape(b)}" for a, b, _why in HIDDEN) + "]+")
_LOOSE_JOINER_RE = re.compile(
    f"(?<![^\\x00-\\x7f])[{JOINERS}]+|[{JOINERS}]+(?![^\\x00-\\x7f])")


def clean_value(value: str) -> str:
    """Return `value` without HIDDEN characters (a run holding a tab or line
    break leaves one space, any other joins its neighbours), without loose
    joiners, with its spaces collapsed and trimmed, in NFC."""
    value = _LOOSE_JOINER_RE.sub("", _HIDDEN_RE.sub(_keep_word_break, value))
    return unicodedata.normalize("NFC", " ".join(value.split()))


def _keep_word_break(match: re.Match[str]) -> str:
    """Return a space for a run holding a tab or line break, else nothing
    (a hidden character inside a word joins it back)."""
    return " " if any(ch in LINE_BREAKS for ch in match.group()) else ""


@lru_cache(maxsize=1 << 14)  # every speaker, role and institution of every paragraph: the same names recur
def clean_name(value: str) -> str | None:
    """Return the name `value` cleaned (clean_value), or None when nothing
    is left that names anyone: no letter or digit (".." is no name, and
    would be a path segment in its page's link)."""
    cleaned = clean_value(value)
    return cleaned if any(ch.isalnum() for ch in cleaned) else None


def clean_quote(quote: Quote) -> Quote:
    """Return `quote` with its speaker and role cleaned (a speaker cleaned
    to nothing is no speaker); `quote` itself if nothing changed."""
    speaker = None if quote.speaker is None else clean_name(quote.speaker)
    role = None if quote.role is None else clean_name(quote.role)
    if speaker == quote.speaker and role == quote.role:
        return quote
    if speaker is None and quote.speaker is not None:
        return replace(quote, speaker=None, speaker_mention=None, evidence=None, confidence=None,
                       speaker_type=None, speaker_source=None, role=role)
    return replace(quote, speaker=speaker, role=role)


def clean_paragraph(para: Paragraph) -> Paragraph:
    """Return `para` with its quotes' speakers and roles, its speakers and
    its institutions cleaned (lists sorted, unique); `para` itself if
    nothing changed."""
    quotes = [clean_quote(q) for q in para.quotes]
    speakers = sorted({n for n in map(clean_name, para.speakers) if n})
    institutions = sorted({n for n in map(clean_name, para.institutions) if n})
    if (all(new is old for new, old in zip(quotes, para.quotes, strict=True))
            and speakers == para.speakers and institutions == para.institutions):
        return para
    return replace(para, quotes=quotes, speakers=speakers, institutions=institutions)


def clean_names(article: Article, *, deadline: Deadline | None = None) -> Article:
    """Return `article` with the names annotation found in its text cleaned
    (the annotation stage after attribution, before the speakers file's
    corrections compare them).  Raises DeadlineExceeded past `deadline`."""
    paragraphs = []
    for para in article.paragraphs:
        check(deadline)
        paragraphs.append(clean_paragraph(para))
    return article.with_paragraphs(paragraphs)
