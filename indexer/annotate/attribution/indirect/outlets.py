"""Which newspaper "the newspaper said" means.

Owns one fact of English news prose: a definite newspaper description ("the
newspaper", "the paper", "the Sunday tabloid") stands for the newspaper the
article named last, and a newspaper is named by its masthead ("the Daily
Bugle", "The Observer", "Financial Times Deutschland": a masthead word of the
lexicon's `masthead_words` after its first word, or alone after "the", or a
name opened by "Daily" or a weekday).  The direct path's registry knows a
newspaper only where the article calls it one ("Acme Daily newspaper") and
otherwise gives "the newspaper" to whatever body it named last (a party, a
person), so the reported pass asks here first.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import first_name_gender, is_role_word
from onrecord.indexer.lexicon import words

_NEWSPAPER_NOUNS = words("newspaper_nouns")  # "the paper", "the newspaper", "the tabloid"
_MASTHEADS = words("masthead_words")  # "Times", "Telegraph", "Post": the words newspapers are named by
_OPENERS = words("weekdays") | {"daily"}  # "Daily Bugle", "Sunday Business"
WORD_RE = re.compile(r"[\w'\u2019-]+")  # a word of a speaker phrase, as indirect/ reads it
# a capitalised run and the "the" before it ("the Daily Bugle", "Financial Times Deutschland")
_RUN_RE = re.compile(r"(?:\b([Tt]he)[ \u00a0]+)?\b([A-Z][\w'\u2019&-]*(?:[ \u00a0]+[A-Z][\w'\u2019&-]*)*)")
_POSSESSIVE_RE = re.compile(r"['\u2019]s?$")
# the noun right after a name that makes it a newspaper's: "Vedomosti newspaper reported" (no masthead word)
_CALLED_RE = re.compile(rf"[ \u00a0]+(?:{'|'.join(sorted(_NEWSPAPER_NOUNS))})\b")
OUTLET_REACH = 1500  # characters back "the newspaper" looks for a masthead


def is_newspaper_description(text: str) -> bool:
    """True for a definite description headed by a newspaper noun ("the
    newspaper", "The Sunday paper"); False for "a paper", "the paper's
    editor" and anything else."""
    found = WORD_RE.findall(text.lower())
    return len(found) >= 2 and found[0] == "the" and found[-1] in _NEWSPAPER_NOUNS


def is_outlet_description(text: str) -> bool:
    """True for "the paper" (or "the Sunday paper": any word between them
    capitalised) -- a newspaper in news prose, where "paper" elsewhere is a
    finding ("the paper by Vole et al."; "the white paper": a document)."""
    found = WORD_RE.findall(text)
    return is_newspaper_description(text) and all(w[:1].isupper() for w in found[1:-1])


def unnamed_paper(text: str, phrase: str, pos: int) -> bool:
    """True when `phrase` at pos is "the paper" and the article named no
    masthead within OUTLET_REACH before it: a study's paper, no speaker."""
    found = WORD_RE.findall(phrase.lower())  # "the newspaper" is never a study's
    return found[-1:] == ["paper"] and is_outlet_description(phrase) and newspaper_before(text, pos) is None


def is_masthead(run: str, after_the: bool) -> bool:
    """True when a capitalised run (its "the" dropped) names a newspaper: a
    masthead word after its first word ("Financial Times", "Daily Bugle"
    by its opener), or one masthead word written after "the" ("the
    Observer"); never a masthead word opening a longer name ("Post Office",
    "Times Square")."""
    found = [_POSSESSIVE_RE.sub("", w).lower() for w in run.split()]
    if len(found) == 1:
        return after_the and found[0] in _MASTHEADS
    opened = found[0] in _OPENERS and len(found) <= 3 \
        and not any(first_name_gender(w) or is_role_word(w) for w in found[1:])  # not "Monday Ann Vole"
    return opened or any(w in _MASTHEADS for w in found[1:])


def newspaper_before(text: str, pos: int) -> str | None:
    """Return the masthead the article names last within OUTLET_REACH before
    pos (without its "The" and possessive: "the Daily Bugle's" -> "Daily
    Bugle"), or None when it names none there."""
    found = newspaper_at(text, pos)
    return None if found is None else found[1]


def newspaper_at(text: str, pos: int) -> tuple[int, str] | None:
    """Return (where, name) of newspaper_before's masthead, or None: a
    masthead, or a name the article calls a newspaper ("Vedomosti newspaper")."""
    last = None
    for m in _RUN_RE.finditer(text, max(0, pos - OUTLET_REACH), pos):
        run = _POSSESSIVE_RE.sub("", m.group(2))
        if is_masthead(run, m.group(1) is not None) or _CALLED_RE.match(text, m.end(), pos):
            last = (m.start(2), run)
    return last


def cited_paper(spoken: list[tuple[int, str]], pos: int) -> tuple[int, str] | None:
    """Return (where, name) of the latest newspaper a reported clause was
    credited to within OUTLET_REACH before pos ("According to the FT":
    the Financial Times, a masthead the text wrote short), else None."""
    return max(((at, org) for at, org in spoken if 0 <= pos - at <= OUTLET_REACH and is_masthead(org, True)),
               default=None)
