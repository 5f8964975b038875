"""How an organisation's name is written: its whole extent and its short forms.

Owns the shapes organisations.py reads a name by: a name whose "for" or
"of" takes a list ("Department for Media, Culture and Sport", never cut at
its comma), a web address ("Suprnova.org": a site, what "the site" means;
the nouns are indexer.lexicon's "site_nouns") and the short forms of a
company's name without its legal words ("org_suffixes").
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

SITE_NOUNS = words("site_nouns")
SUFFIXES = words("org_suffixes")
DOMAIN_RE = re.compile(r"\b[A-Z][\w-]*\.(?:com|org|net|co\.uk|org\.uk|tv)\b")
_WORD = r"[A-Z][\w'\u2019&-]*"
# ", Culture and Sport" after "Department for Media": the rest of a name whose "for" or "of" takes a list
_LIST_TAIL_RE = re.compile(rf",[ \u00a0]+{_WORD}[ \u00a0]+and[ \u00a0]+{_WORD}\b")


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
