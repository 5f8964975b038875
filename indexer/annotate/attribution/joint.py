"""Quotes two people said together: no one speaker's words.

Owns the stage after attribution that leaves a quote whose speaker phrase is
one of two names joined by "and" ("Princes William and Harry said", "said Ann
Vole and Bob Pike", "The Queen and the Duke said") without a speaker value:
the words are both people's, and a speaker value is one person or one
organisation.  The speaker phrase stays as its mention (the evidence the
reader sees), and nothing before the stage changes: the registry, the
speaker carried to the next quote and the names it resolves are the rules'
as they were.
"""
from __future__ import annotations

import re
from dataclasses import replace

from onrecord.indexer.budget import check
from onrecord.indexer.lexicon import words
from onrecord.search import Article, Deadline, Paragraph, Quote

# a name and another before it ("The Queen and the Duke said", "(CMF) and the LCF said"), the word
# before that name kept to tell a preposition's object ("at Old Trafford and Ann Vole said") apart
_JOINED_BEFORE_RE = re.compile(r"(?:\b([a-z]+)\s+)?(?:[A-Z][\w'\u2019.-]*\s+)*(?:[A-Z][\w'\u2019.-]*|\(\w+\))"
                               r"\s+and\s+(?:the\s+)?$")
# another name after it ("said Ann Vole and Bob Pike", "Mr Vole and Mr Pike issued")
_JOINED_AFTER_RE = re.compile(r"\s+and\s+(?:the\s+)?(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?[A-Z][a-z]")
_PLACE_PREPOSITIONS = words("place_prepositions")
_ROLES = words("roles")


def is_joint(text: str, start: int, end: int) -> bool:
    """True when the speaker phrase text[start:end] is one of two names joined
    by "and" ("Princes William and Harry", "Ann Vole and Bob Pike").  Not when
    the phrase holds an office ("Economy and Labour Minister Ann Vole", "Acme
    Co-Owner and Lead Planner Ann Vole": the "and" joins offices), nor when
    the name before "and" is a preposition's object ("a tie at Old Trafford
    and Vole said")."""
    if any(w in _ROLES for w in re.split(r"[\s-]+", text[start:end].lower())):
        return False
    before = _JOINED_BEFORE_RE.search(text, max(0, start - 60), start)
    return before is not None and before.group(1) not in _PLACE_PREPOSITIONS \
        or _JOINED_AFTER_RE.match(text, end) is not None


def unjoin_quote(text: str, quote: Quote) -> Quote:
    """Return `quote` without a speaker value (and its role and evidence) when
    its speaker phrase names two people together, else `quote` itself."""
    mention = quote.speaker_mention
    if quote.speaker is None or mention is None or not is_joint(text, mention.start, mention.end):
        return quote
    return replace(quote, speaker=None, role=None, evidence=None, confidence=None, speaker_type=None,
                   speaker_source=None)


def drop_joint_speakers(article: Article, *, deadline: Deadline | None = None) -> Article:
    """Return `article` whose quotes spoken by two people together have no
    speaker value (unjoin_quote), each paragraph's speakers recounted.
    Raises DeadlineExceeded past `deadline`."""
    paragraphs: list[Paragraph] = []
    for para in article.paragraphs:
        check(deadline)
        quotes = [unjoin_quote(article.text, q) for q in para.quotes]
        if all(new is old for new, old in zip(quotes, para.quotes, strict=True)):
            paragraphs.append(para)
            continue
        paragraphs.append(replace(para, quotes=quotes, speakers=sorted({q.speaker for q in quotes if q.speaker})))
    return replace(article, paragraphs=paragraphs)
