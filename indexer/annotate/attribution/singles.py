"""A capitalised word said alone where a speaker goes: whose name is it?

Owns the rules for a lone word no person of the article answers to: it is
a name when titled ("Mr Vole"), a known first name, an acronym or written
capitalised mid-sentence; a common word when the article also writes it in
lowercase; an institution's when the article writes it leading an
institution's name ("Tufts" of "Tufts University"); and a peer keeps the
title the article gives them ("Lord Falconer").
indexer.annotate.attribution.speakers asks these questions of its registry's text.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names import first_name_gender, lexicon
from onrecord.indexer.lexicon import words

PEER_TITLES = words("peer_titles")
_PEER_ALT = "|".join(sorted((w.capitalize() for w in PEER_TITLES), key=lambda w: (-len(w), w)))
_ORG_WORDS = words("org_words", "org_heads")
_DIGIT_LED_RE = re.compile(r"\d+[A-Z][A-Za-z]+")  # "4Sight": a firm's name
_WORD_BEFORE_RE = re.compile(r"([\w'\u2019-]+)[ \u00a0]+$")
_CAP_RUN_AFTER = r"(?:[ \u00a0]+(?:of[ \u00a0]+)?[A-Z][\w&'\u2019-]*){1,3}"


def may_be_name(text: str, common: frozenset[str], word: str, title: str | None) -> bool:
    """True when a lone unknown word can be a name: titled ("Mr Vole"),
    a known first name, an acronym (not a common word shouted: "ALWAYS"),
    or written capitalised mid-sentence."""
    if title or first_name_gender(word) or (word.isupper() and word.isalpha() and not is_shouted(word, common)) \
            or _DIGIT_LED_RE.fullmatch(word):
        return True
    if not word.isalpha() or word.lower() in common or word.lower() in lexicon().never_names:
        return False  # "Monday", "September": dates, not people
    return re.search(rf"[\w,;] {re.escape(word)}\b", text) is not None


def is_shouted(word: str, common: frozenset[str]) -> bool:
    """True for a common word in capitals ("ALWAYS"): emphasis, not an acronym;
    three letters or fewer may be either ("US", "us"), so they stay acronyms."""
    return word.isupper() and len(word) > 3 and word.lower() in common


def leads_institution(text: str, word: str) -> bool:
    """True when the article writes `word` at the head of an institution's
    capitalised name ("Tufts University", "Acme Holdings Group"): a lone
    "Tufts" is then that institution's, not a person's surname."""
    for m in re.finditer(rf"\b{re.escape(word)}({_CAP_RUN_AFTER})", text):
        before = _WORD_BEFORE_RE.search(text, max(0, m.start() - 30), m.start())
        if before and before.group(1)[0].isupper() and before.group(1) not in ("The", "A", "An"):
            continue  # "Rachel Maddow Show": inside a longer name, not leading it
        if any(w.lower() in _ORG_WORDS for w in m.group(1).split()):
            return True
    return False


def peer_title(text: str, surname: str, title: str | None) -> str | None:
    """Return the peer's title a surname is given (here or anywhere in the
    text: "Lord Falconer"), or None: a peer is named with it."""
    if title and title.lower().rstrip(".") in PEER_TITLES:
        return title
    peer = re.search(rf"\b({_PEER_ALT})[ \u00a0]+{re.escape(surname)}\b", text)
    return peer.group(1) if peer else None
