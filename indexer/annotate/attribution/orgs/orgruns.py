"""The capitalised runs an article's organisations are read from.

Owns the whole-text scan for capitalised runs (joined over a bare "of", "for", "and" or "&",
run on past "on" or "of the" by indexer.annotate.attribution.orgs.orgtails), each run cut to
a name (sentence words before it and its possessive dropped), the web addresses beside them, and
the acronyms the article spells out; indexer.annotate.attribution.orgs.organisations decides
which names are organisations'.  Split from organisations so that module stays a size one can read.
"""
from __future__ import annotations

import re
from functools import lru_cache

from onrecord.indexer.annotate.attribution.names.names import POSSESSIVE_RE
from onrecord.indexer.annotate.attribution.names.runs import body_name
from onrecord.indexer.annotate.attribution.orgs.orgnames import DOMAIN_RE, may_hold_domain
from onrecord.indexer.annotate.attribution.orgs.orgtails import org_runs
from onrecord.indexer.lexicon import words

# pronouns too: "It its place, ..." is no organisation called "It"
NOISE = words("leading_noise", "clause_openers", "determiners", "not_names", "weekdays", "months", "pronouns")
WORD = r"[A-Z][\w'\u2019&-]*"
# each whole-text scan opens on its first letter, the word check after it (as names._RUN_RE):
# the engine skips to the letter instead of trying the check at every character
RUN_RE = re.compile(rf"[A-Z](?<![\w'\u2019&.-][A-Z])[\w'\u2019&-]*"
                    rf"(?:[ \u00a0]+(?:(?:of|for|and|&)[ \u00a0]+)?{WORD})*")


def org_name_runs(text: str, named: list[tuple[int, int]]) -> list[tuple[int, str]]:
    """Return (start, name) of every capitalised run of text outside the `named` spans, cut to a
    name, and of every web address, in text order."""
    # names in quotes show what is an organisation too ('"Acme believes its case is sound," it said')
    runs = [(start, name) for start, run in org_runs(text, RUN_RE, named) if (name := clean_run(run))]
    # a web address names a site ("posted on Suprnova.org"): an organisation, "the site" after it
    runs += [(m.start(), m.group()) for m in DOMAIN_RE.finditer(text)] if may_hold_domain(text) else []
    runs.sort()
    return runs


def spelled_initials(runs: list[tuple[int, str]]) -> dict[str, str]:
    """Return the acronym of each name of two or more words -> the first name it spells."""
    # an acronym is an organisation's when the article spells it out ("Child Support Agency (CSA)"),
    # and stands for the name it spells (the first one): "the AFI" is the American Film Institute
    initials: dict[str, str] = {}
    for _, name in runs:
        if " " in name:
            initials.setdefault("".join(w[0] for w in name.split() if w[0].isupper()), name)
    return initials


@lru_cache(maxsize=1 << 13)  # a name recurs all through an article (and across articles): cut once
def clean_run(run: str) -> str:
    """Return a capitalised run without the sentence words that open it
    ("However Acme") and its possessive, or "" when nothing is left."""
    toks = body_name(run).split()  # "the Leeds-based Acme Court": the court
    while toks and toks[0].lower() in NOISE:
        toks = toks[1:]
    if toks:
        toks[-1] = POSSESSIVE_RE.sub("", toks[-1])
    return " ".join(t for t in toks if t)
