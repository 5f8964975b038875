"""Which body a bare "the company", "the bank", "the party" means: the story's own, before the body named last.

Owns `topic_body`: a bare definite body description ("The bank said") the sentence before does
not continue (pronouns.subjectbodies reads that first) is the first organisation the story has
as a sentence subject where `TOPIC_PLACES` look (the headline, then the lead), of the noun's
kind, not the body named last (orgheads' fallback): a story names its own body first and later
ones in passing ("ABN Amro ... is to cut 2,850 jobs ... like Deutsche Bank ... The bank said":
ABN Amro).  Of the noun's kind: the noun a row of bodyranks.BODY_NOUNS, and never a name whose
own last word is a body of another kind ("Acme Ltd" is no party) or a kind head ("US
government", "Norland Police": never "the airline").  Only organisations the article
introduces (orgs.organisations), never a description's mention of one.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from onrecord.indexer.annotate.attribution.descriptions.bodies.bodyranks import BODY_NOUNS, Where, name_kind, where_of
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

_KIND_HEADS = words("kind_heads")  # "US government", "Acme Police": a body of its own kind, never "the bank"
_DESCRIBED_RE = re.compile(r"[Tt]he[ \u00a0]+[a-z]")  # "the firm": a description's mention, not a name
# the lowercase word after a capitalised name ("US bank", "Norland Acme group")
_WORD_AFTER_RE = re.compile(r"[\w.&'\u2019-]+(?:[ \u00a0]+[A-Z][\w.&'\u2019-]*)*[ \u00a0]+([a-z]+)")

# (place, test of a mention's start): where the story's own body is named as a subject, in order
TOPIC_PLACES: tuple[tuple[str, Callable[[int, Where], bool]], ...] = (
    ("headline", lambda at, where: at < where.headline_end),
    ("lead", lambda at, where: where.headline_end <= at < where.lead_end),
)


def topic_body(noun: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the organisation a bare "the <noun>" at pos means by the story's places
    (TOPIC_PLACES, in order; the first subject mention of the noun's kind in each), else None."""
    kind = BODY_NOUNS.get(noun)
    if kind is None:
        return None
    text, orgs = people.text, people.organisations
    where = where_of(text, pos)
    if where.headline_end == 0 or pos < where.lead_end:
        return None  # no headline, or the description inside the lead: no story places stand before it
    if any(where.recent <= m.pos < pos and not _DESCRIBED_RE.match(text, m.pos) for m in orgs.mentions):
        return None  # "Acme cut jobs. "...," the company said": a body named since the sentence before is nearer
    named = [m for m in orgs.mentions if m.pos < pos and m.salient and not _DESCRIBED_RE.match(text, m.pos)
             and m.name not in orgs.publications and _of_kind(m.name, kind) and not _modifies(text, m.pos)]
    found = next((m.name for _place, test in TOPIC_PLACES for m in named if test(m.pos, where)), None)
    # "profits at owner Acme ... Vole cut prices. The firm said": the owner (orgheads' rule), never the topic brand
    return None if found and orgs.owners and found not in orgs.owners else found


def _modifies(text: str, at: int) -> bool:
    """True when the name at `at` modifies a body noun after it ("US bank 'loses' ..."): the noun's body, not it."""
    after = _WORD_AFTER_RE.match(text, at)
    return after is not None and after.group(1) in ORG_NOUNS


def _of_kind(name: str, kind: str) -> bool:
    """True when `name` may be a body of `kind`: its own last word names no other kind."""
    return name.split()[-1].lower() not in _KIND_HEADS and name_kind(name) in (None, kind)
