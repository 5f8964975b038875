"""A newspaper's name as the article spells it: "The Mirror", not "Mirror".

Owns one fact of news prose: a newspaper whose article writes it only with a
capitalised "The" ("The Sunday Bugle reported", "quoted by The Bugle") is
named so, "The" and all (the golds' guideline C6: the name as the article
spells it); one the article also writes after a lowercase "the" ("told the
Sunday Bugle") is named without it.  A newspaper is a masthead
(indirect.outlets.is_masthead) or a name some quote credited through a
newspaper or publication noun ("the newspaper reported").
"""
from __future__ import annotations

import re
from dataclasses import replace

from onrecord.indexer.annotate.attribution.indirect.outlets import WORD_RE, is_masthead
from onrecord.indexer.lexicon import words
from onrecord.search import Paragraph, Quote

_PAPER_NOUNS = words("newspaper_nouns", "publication_nouns")


def mastheads_as_written(paragraphs: list[Paragraph], text: str) -> list[Paragraph]:
    """Return `paragraphs` with each newspaper speaker renamed "The <name>"
    where the text writes it only after a capitalised "The" (module
    docstring); paragraphs without one unchanged."""
    quotes = [q for p in paragraphs for q in p.quotes if q.speaker and not q.speaker.startswith("The ")]
    papers = {q.speaker for q in quotes if q.speaker and _is_paper(q, text)}  # narrowed to str for the type checker
    named = {name: f"The {name}" for name in papers if _only_capital_the(name, text)}
    if not named:
        return paragraphs
    out = []
    for para in paragraphs:
        if not any(q.speaker in named for q in para.quotes):
            out.append(para)
            continue
        out.append(para.with_quotes([replace(q, speaker=named[q.speaker]) if q.speaker and q.speaker in named else q
                                     for q in para.quotes]))
    return out


def _is_paper(q: Quote, text: str) -> bool:
    """True when q's speaker is a masthead, or a name the text calls a newspaper
    ("The Bugle newspaper") that q's speaker phrase, headed by a newspaper noun, stands for."""
    name = q.speaker or ""
    if is_masthead(name, True):
        return True
    found = WORD_RE.findall(q.speaker_mention.text.lower()) if q.speaker_mention else []
    return bool(found) and found[-1] in _PAPER_NOUNS and re.search(_called_re(name), text) is not None


def _called_re(name: str) -> str:
    """Return the regex of `name` called a newspaper: "Bugle newspaper"."""
    return rf"\b{re.escape(name)}[ \u00a0]+(?:{'|'.join(sorted(_PAPER_NOUNS))})\b"


def _only_capital_the(name: str, text: str) -> bool:
    """True when text writes `name` after "The" at least once, never after
    "the" and never inside a longer capitalised name ("the Daily Bugle",
    "Bugle Media"): the name, and not a part of one, is "The <name>"."""
    capital = False
    if name not in text:
        return False  # never written: no pattern compiled for it
    for m in re.finditer(rf"(\S+)[ \u00a0]+{re.escape(name)}\b([ \u00a0]+[A-Z])?", text):
        if m.group(2) or m.group(1) != "The" and m.group(1)[:1].isupper() or m.group(1) == "the":
            return False
        capital |= m.group(1) == "The"
    return capital
