"""A body's staff or members as a speaker: "Acme officials said" is Acme's.

Owns the one reading both a quote's speaker phrase (indexer.annotate.
attribution.resolving) and a reported clause's (indirect.described) give a
plural staff noun of the lexicon's `org_staff_nouns` right after an
organisation's name: the organisation, as "an Acme spokesman" is (the
guidelines: an unnamed representative of a body is the body).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

STAFF_NOUNS = words("org_staff_nouns")  # "Acme officials said": Acme's
# the organisation's name right before such a noun, opening the sentence or clause
_OWNER_RUN_RE = re.compile(r"(?:^|[.;:,]\s+|\n)(?:(?:The|the|But|And)\s+)?"
                           r"([A-Z][\w&'\u2019.-]*(?:\s+(?:of\s+|for\s+|&\s+)?[A-Z][\w&'\u2019.-]*){0,4})\s+"
                           r"(?:[a-z][\w-]*\s+){0,2}$")  # its modifiers between: "Labour campaign (chiefs)"
BODY_REACH = 3000  # characters back "bank officials" looks for the bank: the article so far, mostly
_BODY_BEFORE_RE = re.compile(r"(?:^|[.;:,]\s+|\n)(?:the\s+)?([a-z][\w-]*)\s+$")  # "..., bank (officials) said"


def staff_owner(phrase: str, start: int, people: DocSpeakers) -> str | None:
    """Return the organisation whose staff a speaker `phrase` (at `start` in
    the article) names when it ends in a plural staff noun after a name the
    article shows to be an organisation's, in the phrase ("..., Acme Bank
    officials said") or right before it ("Treasury officials said", "Acme
    Group lawyers said"); else None."""
    found = phrase.split()
    if not found or found[-1].lower() not in STAFF_NOUNS:
        return None
    owner = " ".join(found[1:-1] if found[0] in ("The", "the") else found[:-1])
    if not owner:
        run = _OWNER_RUN_RE.search(people.text, max(0, start - 80), start) \
            or _BODY_BEFORE_RE.search(people.text, max(0, start - 40), start)
        owner = "" if run is None else run.group(1)
    if owner.lower() in ORG_NOUNS and owner.islower():  # "..., bank officials said": the bank
        # the last body whose name holds the noun: "Bank of America"; "union officials" are no airline's
        return people.organisations.latest_holding(start, BODY_REACH, owner)
    if not owner[:1].isupper():
        return None
    return people.organisations.full_name(owner) or people.match_org(owner)
