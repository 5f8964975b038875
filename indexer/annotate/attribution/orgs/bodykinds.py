"""Whether a description's body noun can name a body: "the club" is no "Champions League".

Owns the kinds of body a name's last word says ("Acme League": a league; the
lexicon's "org_heads") beside the noun of a description ("the club", "the
firm"): the reported pass (indirect.bodies) and the body a description
continues (pronouns.subjectbodies) both ask it.  Imports only the lexicon, so
any package may use it.
"""
from __future__ import annotations

from onrecord.indexer.lexicon import words

_KIND_HEADS = words("org_heads")  # the kinds of body a name's last word says ("Acme League": a league)
_FIRM_KINDS = frozenset(("company", "firm", "corporation", "business", "carmaker", "maker"))
_ANY_KIND = frozenset(("group", "organisation", "organization", "body", "outfit"))  # "the group" may be any body
# "the watchdog" may be a board, an office or a commission; a body so named is still no firm
_ANY_KIND_DESCRIPTIONS = frozenset(("watchdog", "regulator"))


def kinds_clash(head: str, org: str) -> bool:
    """True when a description's body noun `head` ("the club") cannot be the
    body `org` names by its last word ("Champions League": a league; "Acme
    Association" is no "company"); a company, firm or group is one kind."""
    last = org.lower().split()[-1] if org.split() else ""
    if head in _ANY_KIND | _ANY_KIND_DESCRIPTIONS or last in _ANY_KIND or last == head \
            or head not in _KIND_HEADS | _FIRM_KINDS or last not in _KIND_HEADS:
        return False
    return not (head in _FIRM_KINDS and last in _FIRM_KINDS)
