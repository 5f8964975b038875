"""Descriptions in an article's lead that the next sentence names.

Owns the news habit of describing first and naming next: a description in
the headline or first paragraph that nothing named before it ("A recovery is
on the way, Europe's biggest drugmaker says." then "GlaxoSmithKline made
..."; "Scotland's justice minister has warned ..." then "Ann Vole said ...")
is the organisation or person named first after it, within LEAD_REACH
characters; a new speaker the lead describes with no name ("..., a party
backbencher has said.") is the first person named new after its sentence.
Elsewhere a description never looks forward.
indexer.annotate.attribution.descriptions.nominals asks it last, after every
backward rule found no one.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

LEAD_LINES = 2  # the headline and the first paragraph
LEAD_REACH = 300  # characters after the description its name may come in (the next sentence or two)
_TITLES = words("first_name_titles", "peer_titles")  # "Lord Vole", "Sir Vole": a person with no first name
LEAD_SPAN = 1500  # characters a lead's document mention is looked for in (in_lead decides)


def org_named_after_lead(people: DocSpeakers, pos: int) -> str | None:
    """Return the organisation named first after a description at pos in the
    article's lead, within LEAD_REACH; elsewhere (or none named) None."""
    if not in_lead(people.text, pos):
        return None
    return people.organisations.first_after(pos, LEAD_REACH)


@lru_cache(maxsize=32)
def _indefinite_re(noun: str) -> re.Pattern[str]:
    """Return the regex of an indefinite mention of a document noun ("a report", "a new study")."""
    return re.compile(rf"\b[Aa]n?[ \u00a0]+(?:[a-z][\w-]*[ \u00a0]+){{0,2}}?{noun}\b")


def document_named_after_lead(people: DocSpeakers, noun: str, pos: int) -> str | None:
    """Return whose document "the report" at pos is when the lead introduced
    "a report" ("..., a report says." then "The National Audit Office
    praised ..."): the organisation named first after that mention (as
    org_named_after_lead); None when the lead has no such mention."""
    lead_end = min(pos, LEAD_SPAN)
    m = _indefinite_re(noun).search(people.text, 0, lead_end)
    return org_named_after_lead(people, m.start()) if m else None


def person_named_after_lead(people: DocSpeakers, pos: int, end: int) -> str | None:
    """Return the canonical name of the person with a first name (or a
    peer's or knight's title: "Lord Vole") mentioned first after a
    description text[pos:end] in the lead, within LEAD_REACH, when no one
    else was mentioned before pos (recorded as speaking at pos); else None."""
    if not in_lead(people.text, pos):
        return None
    # a name inside the description ("Scotland's minister") is not the one after it
    best = _first_person_after(people, end, pos + LEAD_REACH + 1)
    if best is None or any(p.first and p is not best and p.mentions.last_before(pos) >= 0 for p in people.by_order):
        return None  # someone else is known before it: the backward rules decide
    return people.speak_as(best, pos)


def _first_person_after(people: DocSpeakers, start: int, limit: int, new_only: bool = False) -> Person | None:
    """Return the person with a first name (or a peer's or knight's title:
    "Lord Vole said" is a person all the same) mentioned first at or after
    start and before limit; with new_only, only one not mentioned before
    start; None when there is none."""
    best, at = None, limit
    for p in people.by_order:
        if not (p.first or _titled(p.name)) or new_only and p.mentions.last_before(start) >= 0:
            continue
        i = bisect_left(p.mentions.scanned, (start, -1))
        if i < len(p.mentions.scanned) and p.mentions.scanned[i][0] < at:
            best, at = p, p.mentions.scanned[i][0]
    return best


# the end of a sentence: its stop, a closing quote mark, then a space or the text's end (searched forward for
# where one sentence stops: "said." at the text's end counts, which the patterns of names.pronounleads and
# pronouns.antecedents, reading the next sentence's start, do not take)
_SENTENCE_END_RE = re.compile(r"[.!?][\"'\u201d\u2019]?(?:\s|$)")


def sentence_stop(text: str, pos: int) -> int:
    """Return where the sentence holding pos ends (after its stop and any
    closing quote mark), or the text's length."""
    m = _SENTENCE_END_RE.search(text, pos)
    return m.end() if m else len(text)
_NEWCOMER_OPENERS = words("newcomer_openers")  # "a", "his": one new person; "Belgian authorities" is no one
# the words from a description's opener on, where a phrase may start after it ("A senior Tory MP": "Tory MP")
_OPENED_RE = re.compile(r"(\w+)[ \u00a0]+(?:[a-z][\w-]*[ \u00a0]+){0,2}")


def newcomer_after_lead(people: DocSpeakers, pos: int) -> str | None:
    """Return the canonical name of the person a new speaker description at pos
    in the lead is ("..., a party backbencher has said." then "Ann Vole said
    ..."; "according to his former adviser." then "..., Ann Vole hinted"): the
    first person with a first name (or a peer's or knight's title) mentioned
    after the description's sentence, within LEAD_REACH of its end, who was not
    mentioned before that end (whom that sentence names is its subject matter,
    not its speaker); None outside the lead, for a description not opened by
    one of the lexicon's "newcomer_openers", or when no one new comes."""
    if not _opened(people.text, pos) or not in_lead(people.text, pos):
        return None
    stop = sentence_stop(people.text, pos)
    # one known already is the description's own subject matter or someone else's
    best = _first_person_after(people, stop, stop + LEAD_REACH + 1, new_only=True)
    return people.speak_as(best, pos) if best else None


def _opened(text: str, pos: int) -> bool:
    """True when the description at pos opens with a newcomer opener ("a lawyer",
    "his adviser") or its phrase starts after one and at most two lowercase words
    ("A senior Tory MP" read as "Tory MP")."""
    m = _OPENED_RE.match(text, pos)
    if m and m.group(1).lower() in _NEWCOMER_OPENERS:
        return True
    return any(m.end() == pos and m.group(1).lower() in _NEWCOMER_OPENERS
               for m in _OPENED_RE.finditer(text, max(0, pos - 40), pos))


def _titled(name: str) -> bool:
    """True when a person's name opens with a peer's or knight's title ("Lord Vole")."""
    return name.split(" ", 1)[0].lower() in _TITLES


def in_lead(text: str, pos: int) -> bool:
    """True when text[:pos] holds at most LEAD_LINES non-blank lines (read
    line by line up to pos, stopping at the first past the lead: no copy)."""
    seen, at = 0, 0
    while at < pos:
        end = text.find("\n", at, pos)
        end = pos if end < 0 else end
        if not text[at:end].isspace() and at < end:
            seen += 1
            if seen > LEAD_LINES:
                return False
        at = end + 1
    return True
