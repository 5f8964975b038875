"""The byline a reader sees next to a saved page's headline.

Owns reading the author's names from the texts just around the headline
(indexer.parse.html.tables says how many): "By Ann Lee", "Written by:" followed by
the names, "by: Ann Lee, Dec 17, 2025", cut where a date, a reading time or
a role begins.  Without a label, only a text right under the headline that
is a capitalised name of two or three words starting with a first name the
lexicon knows (indexer.lexicon "female"/"male") is taken: a headline's
neighbour that merely looks like a name is never made an author.
"""
from __future__ import annotations

import re

import lxml.html

from onrecord.indexer.lexicon import words
from onrecord.indexer.parse.html.tables import (
    BARE_NAME_TEXTS,
    BYLINE_ENDS,
    BYLINE_JOINERS,
    BYLINE_LABELS,
    BYLINE_LEADS,
    BYLINE_MAX_WORDS,
    BYLINE_OTHER_ROLES,
    BYLINE_TEXTS_AFTER,
    BYLINE_TEXTS_BEFORE,
    texts_around,
)
from onrecord.indexer.read.metadates import MONTHS

_LEAD = re.compile(rf"^(?:{'|'.join(re.escape(lead) for lead in BYLINE_LEADS)})\b\s*:?\s*", re.I)
_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
# Where a date or a number starts after the names: ", Dec 17, 2025", " 12 min read".
_TAIL = re.compile(rf"(?:,\s*|\s+)(?:(?:{_MONTH_NAMES})\b\.?\s*\d|\d).*$", re.I)
_NAME_WORD = re.compile(r"^[A-Z\u00c0-\u024f][\w'\u2019.\-]*$")
_BARE_NAME = re.compile(r"^[A-Z][a-z'\u2019\-]+(?: [A-Z][a-zA-Z'\u2019\-]+){1,2}$")


def shown_byline(headline: lxml.html.HtmlElement) -> str | None:
    """Return the names a byline next to `headline` states, or None."""
    near = texts_around(headline, BYLINE_TEXTS_BEFORE, BYLINE_TEXTS_AFTER)
    before, after = ([" ".join(t.split()) for t in side] for side in near)
    for texts in (after, before[::-1]):
        for i, text in enumerate(texts):
            lead = _LEAD.match(text)
            if not lead or (i and _last_word(texts[i - 1]) in BYLINE_OTHER_ROLES):
                continue
            start = i if text[lead.end():] else i + 1
            names = clean_names(text[lead.end():] or (texts[start] if start < len(texts) else ""))
            if names:
                return _more_names(names, texts[start + 1:])
    return bare_name(after[:BARE_NAME_TEXTS])


def bare_name(texts: list[str]) -> str | None:
    """Return the first of `texts` that is a person's name on its own
    ("Ann Lee": two or three capitalised words, the first a known first
    name), else None."""
    first_names = words("female", "male")
    for text in texts:
        if _BARE_NAME.match(text) and text.split()[0].lower() in first_names:
            return text
    return None


def _last_word(text: str) -> str:
    found = re.findall(r"[a-z]+", text.lower())
    return found[-1] if found else ""


def _more_names(names: str, following: list[str]) -> str:
    """Return `names` with the names that follow it joined on (", and" B)."""
    found = [names]
    while len(following) >= 2 and following[0].lower() in BYLINE_JOINERS:
        more = clean_names(following[1])
        if not more:
            break
        found.append(more)
        following = following[2:]
    return ", ".join(found[:-1]) + " and " + found[-1] if len(found) > 1 else names


def clean_names(text: str) -> str | None:
    """Return `text` cut to the names it starts with (None when it does not
    start with a capitalised name): a date, a reading time or a separator
    (" | ", " · ") ends them."""
    for end in BYLINE_ENDS:
        text = text.split(end, 1)[0]
    text = _TAIL.sub("", text).strip(" ,;:|\u00b7\u2022-")
    words = text.split()
    if not words or len(words) > BYLINE_MAX_WORDS or not _NAME_WORD.match(words[0]):
        return None
    if all(word.lower().strip(",.:") in BYLINE_LABELS or word.lower() in MONTHS for word in words):
        return None
    return text
