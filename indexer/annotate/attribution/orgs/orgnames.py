"""How an organisation's name is written: its whole extent and its short forms.

Owns the shapes organisations.py reads a name by: a name whose "for" or
"of" takes a list ("Department for Media, Culture and Sport", never cut at
its comma), a web address ("Suprnova.org": a site, what "the site" means;
the nouns are indexer.lexicon's "site_nouns"), the short forms of a
company's name without its legal words ("org_suffixes"), and the lone
capitalised words that only open sentences ("News of the deal came"):
common nouns there, no organisation's name (`sentence_openers`).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.lexicon import words

SITE_NOUNS = words("site_nouns")
SUFFIXES = words("org_suffixes")
# a web address's endings, one row each: DOMAIN_RE is built from them, and a text holding none of
# them after a "." holds no address (may_hold_domain: a string test spares most articles the scan)
DOMAIN_ENDINGS = ("com", "org", "net", "co.uk", "org.uk", "tv")
DOMAIN_RE = re.compile(rf"\b[A-Z][\w-]*\.(?:{'|'.join(re.escape(e) for e in DOMAIN_ENDINGS)})\b")
_WORD = r"[A-Z][\w'\u2019&-]*"
# ", Culture and Sport" after "Department for Media": the rest of a name whose "for" or "of" takes a list
_LIST_TAIL_RE = re.compile(rf",[ \u00a0]+{_WORD}[ \u00a0]+and[ \u00a0]+{_WORD}\b")


def may_hold_domain(text: str) -> bool:
    """Return False when `text` holds no "." and ending of DOMAIN_ENDINGS: DOMAIN_RE finds nothing there."""
    return any("." + ending in text for ending in DOMAIN_ENDINGS)


def with_list(text: str, m: re.Match[str]) -> str:
    """Return the run m matched, with the list its "for" or "of" takes
    ("Department for Media, Culture and Sport"), never cut at its comma."""
    run = m.group()
    if " for " not in run and " of " not in run:
        return run
    tail = _LIST_TAIL_RE.match(text, m.end())
    return run + tail.group() if tail else run


def short_forms(name: str) -> list[str]:
    """Return the shorter forms of a company's name: without the legal
    words at its end ("Multiplex" of "Multiplex Group", "Acme" of "Acme
    Holdings Ltd"), never a bare such word."""
    toks = name.split()
    out = []
    while len(toks) > 1 and toks[-1].lower().rstrip(".") in SUFFIXES:
        toks = toks[:-1]
        if toks[-1].lower().rstrip(".") not in SUFFIXES and toks[-1].lower() not in ("of", "for", "and", "&"):
            out.append(" ".join(toks))
    return out


_KIND_WORDS = words("org_words")  # "News", "House", "Press": a lone one may be the common noun
_STAFF_NOUNS = words("org_staff_nouns")  # "Analysts expect its ...": staff, no body's name
OPENS_RE = re.compile(r"(?:^|[.!?:\n][\"'\u201c\u2018 \u00a0]*)$")


def sentence_openers(text: str, runs: list[tuple[int, str]], common: frozenset[str]) -> set[str]:
    """Return the lone words the article capitalises only where they open a
    sentence and that are common nouns there: institution-kind words ("News
    of the deal came", "House prices rose"), a plural of staff or of a role
    ("Analysts expect its ...", "Critics say"), or a word it writes in
    lowercase elsewhere (the headline's "Probe launched ..." beside "the
    probe"; `common`, the article's lowercase words): no organisation's name."""
    lone = {name for _, name in runs if " " not in name and _common_noun(name, common)}
    for start, name in runs:
        if name in lone and not OPENS_RE.search(text, max(0, start - 4), start):
            lone.discard(name)  # "said the News": a name where no sentence opens
    return lone


def _common_noun(word: str, common: frozenset[str]) -> bool:
    """True when `word`, capitalised, is a common noun: an institution-kind word,
    a plural of staff or of a role ("Analysts", "Critics"), or one of the
    article's lowercase words (`common`)."""
    low = word.lower()
    return low in _KIND_WORDS or low in _STAFF_NOUNS or low.endswith("s") and low[:-1] in lexicon().roles \
        or low != word and low in common
