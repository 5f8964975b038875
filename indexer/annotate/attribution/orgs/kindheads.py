"""Which registry body a kind noun means: "the party" the party the article names last.

Owns the look-up descriptions.bodies.orgheads (and a spokesperson's "A party spokesman")
makes first for a description whose noun is a kind the institutions registry
records (KIND_OF_HEAD, one row per noun: "party"): the latest mention before it
of an institution of that kind, by any alias the registry holds ("The Liberal
Democrats want ... The party says": Liberal Democrats; "Labour's campaign, the
party has confirmed": Labour Party; "Tory leader Ann Vole ... the party said":
Conservative Party) or by the descriptor of an alias ending in the noun
("Conservative" of "Conservative party": "Slough Conservative Association ...
The party says").  The look-up by a name's last word alone ("... Party") misses
the parties whose names do not end in the noun and takes an older "Conservative
Party" over them.  A name ending in the noun that the registry does not hold
("the Veritas Party"), written after that mention, leaves the answer to that
older look-up.
"""
from __future__ import annotations

import re
from functools import lru_cache

from onrecord.indexer.annotate.attribution.names.placements import is_subject
from onrecord.indexer.annotate.institutions.registry import InstitutionRegistry, load_registry

# a description's noun -> the registry kind it names (one row per noun; a test each)
KIND_OF_HEAD = {"party": "party"}


def body_of_kind(text: str, head: str, pos: int, registry: InstitutionRegistry | None) -> str | None:
    """Return the registry institution of the kind `head` names (KIND_OF_HEAD)
    that `text` mentions last before `pos` as its sentence's or clause's subject
    (any mention when none is a subject), by an alias or by the descriptor of an
    alias ending in the noun ("Conservative" of "Conservative party"); None for
    another noun, when there is none, or when a capitalised name ending in the
    noun the registry does not hold stands between that mention and `pos`."""
    kind = KIND_OF_HEAD.get(head)
    if kind is None:
        return None
    known = load_registry() if registry is None else registry
    mentions = _mentions(text, pos, known, kind, head)
    if not mentions:
        return None
    # "The Lib Dems raised worries about Labour and Conservative calls. A party official said": the subject's
    start, end, name = next((m for m in reversed(mentions) if is_subject(text, m[0])), mentions[-1])
    # ("... the UK Independence Party ... two members who defected to the Veritas Party. The party argues")
    other = re.search(rf"\b[A-Z][\w'\u2019-]*\s+{re.escape(head.capitalize())}\b", text[end:pos])
    return name if other is None else None


def _mentions(text: str, pos: int, known: InstitutionRegistry, kind: str, head: str) -> list[tuple[int, int, str]]:
    """Return (start, end, name) of each mention before `pos` of a registry
    institution of `kind`, by an alias or an alias's descriptor, in text order."""
    names = _names_of_kind(known, kind)
    found = [(start, end, name) for start, end in known.alias_spans(text[:pos])
             if (name := known.canonical(text[start:end])) is not None and name in names]
    descriptors, pattern = _descriptors(known, kind, head)
    if descriptors:  # "Slough Conservative Association": the Conservative Party
        taken = {start for start, _, _ in found}
        found += [(m.start(), m.end(), descriptors[m.group()]) for m in pattern.finditer(text, 0, pos)
                  if m.start() not in taken]
    return sorted(found)


@lru_cache(maxsize=8)
def _names_of_kind(registry: InstitutionRegistry, kind: str) -> frozenset[str]:
    """Return the canonical names of the registry's institutions of `kind`."""
    return frozenset(i.name for i in registry.institutions if i.kind == kind)


@lru_cache(maxsize=8)
def _descriptors(registry: InstitutionRegistry, kind: str, head: str) -> tuple[dict[str, str], re.Pattern[str]]:
    """Return {descriptor: name} for the aliases of `kind` written as a capitalised
    descriptor and `head` ("Conservative party": "Conservative"), and a pattern
    finding those descriptors as whole words."""
    found = {}
    for institution in registry.institutions:
        for alias in institution.aliases if institution.kind == kind else ():
            words = alias.split()
            if len(words) > 1 and words[-1].lower() == head and all(w[:1].isupper() for w in words[:-1]):
                found[" ".join(words[:-1])] = institution.name
    alternation = "|".join(sorted((re.escape(w) for w in found), key=len, reverse=True)) or "(?!)"
    return found, re.compile(rf"(?<![\w'\u2019-])(?:{alternation})(?![\w-])")
