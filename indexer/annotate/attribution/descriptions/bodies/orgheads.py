"""Which institution a noun means: "the ministry", "the site", "the company".

Owns the look-ups descriptions.nominals (and reported speech) make for a description
of a body: the latest institution whose name ends in the noun ("the ministry":
the "... Ministry" named last, as a speaker or in the text; "Police" a kind only
a name holding it is, the lexicon's "kind_heads"), the web address "the site"
means, the organisation the article reads "the company" as
(orgs.organisations: its latest subject within REFERENT_REACH, an owner
named after "owner"/"parent"), and every capitalised name of the article ending
in a noun, found once per article and noun.  Split from descriptions.nominals, which
resolves the description around these look-ups.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from functools import lru_cache

from onrecord.indexer.annotate.attribution.descriptions.leads import org_named_after_lead
from onrecord.indexer.annotate.attribution.names.names import cut_name, first_name_gender
from onrecord.indexer.annotate.attribution.names.runs import body_name
from onrecord.indexer.annotate.attribution.orgs.kindheads import body_of_kind
from onrecord.indexer.annotate.attribution.orgs.organisations import PUBLICATIONS, REFERENT_REACH
from onrecord.indexer.annotate.attribution.orgs.orgtails import with_tail
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

_KIND_HEADS = words("kind_heads")


def org_by_head(head: str, pos: int, people: DocSpeakers) -> str | None:
    """'the ministry' -> the latest institution before pos whose name ends in
    Ministry; a publication only for a publication noun ("the magazine")."""
    # "the party": the registry party named last ("Lib Dems"), before the last name ending in "Party"
    org = body_of_kind(people.text, head, pos, people.registry) or last_org_named(people, head, pos) \
        or people.organisations.latest(pos, INSTITUTION_REACH, head)
    if head in _KIND_HEADS:  # "Barclays said ... Police said": the police are no bank
        org = org or people.organisations.latest_holding(pos, INSTITUTION_REACH, head) or _holding(
            last_institution(people, pos) or org_named_after_lead(people, pos), head)
    else:
        org = org or last_institution(people, pos) or org_named_after_lead(people, pos)
    if org in people.organisations.publications and head not in PUBLICATIONS:
        return None  # "the party" is not the "Acme Daily newspaper" named last
    if org:
        people.note_org(org, pos)
    return org


def _holding(org: str | None, head: str) -> str | None:
    """Return `org` when its name holds the word `head` ("Norland government" for
    "government"), else None: a kind head is never a body of another kind."""
    return org if org and head in org.lower().split() else None


def site_at(pos: int, people: DocSpeakers) -> str | None:
    """Return the web address "the site" at pos means (the latest one named), else None."""
    site = people.organisations.latest_site(pos, INSTITUTION_REACH)
    if site:
        people.note_org(site, pos)
    return site


def last_org_named(people: DocSpeakers, head: str, pos: int) -> str | None:
    """Return the latest institution before pos whose name ends in `head`:
    a recorded speaker first, else a capitalised name in the text."""
    for at, org in reversed(people.orgs):
        if at < pos and (org.lower().split()[-1:] == [head] or org.lower().startswith(head + " of ")):
            return org
    named = _org_names_ending_in(people, head)
    i = bisect_right(named, (pos, "")) - 1
    # The last name ending at or before pos (the quote's start): its end is
    # the name's own, so a bisection finds it; never a scan of the text.
    while i >= 0 and named[i][0] > pos:
        i -= 1
    return named[i][1] if i >= 0 else None


INSTITUTION_REACH = 1500  # characters back "the company" looks for an institution named in the text


def last_institution(people: DocSpeakers, pos: int) -> str | None:
    """Return the organisation a description at pos means, of those the article introduces
    (indexer.annotate.attribution.orgs.organisations): the one it reads the description as
    (its latest subject) when named within REFERENT_REACH ("Absa said ... a deal with Barclays.
    But the group said": Absa), else the one named last ("asked Acme. The agency said")."""
    orgs = people.organisations
    own, last = orgs.latest(pos + 1, INSTITUTION_REACH), orgs.latest(pos, INSTITUTION_REACH)
    if own in orgs.owners:  # "parent Acme ... its brand Vole ... the firm said": Acme
        return own
    i = bisect_left(orgs.mentions, pos, key=lambda m: m.pos) - 1
    while own != last and i >= 0 and pos - orgs.mentions[i].pos <= REFERENT_REACH:
        if orgs.mentions[i].name == own:
            return own
        i -= 1
    return last


_LEADS_NAME_RE = re.compile(r"[ \u00a0]+[A-Z]")
_ORG_RUN = r"(?:[A-Z][\w'\u2019&-]*[ \u00a0]+(?:(?:and|of|for|&)[ \u00a0]+)?){1,5}"


LEADING_ARTICLES_RE = re.compile(r"^(?:(?:The|A|An)\s+)+")
_OF_NAME_RE = re.compile(r"[ \u00a0]+of[ \u00a0]+[A-Z][\w'\u2019&-]*(?:[ \u00a0]+[A-Z][\w'\u2019&-]*)*")
_DESCRIBED_RE = re.compile(r"(?:\b[Aa]n?|(?<!\bthe)(?<!\bThe)\b(?!the\b)[a-z][\w-]*)[ \u00a0]+$")


@lru_cache(maxsize=256)  # heads are the lexicon's institution nouns: a few dozen
def names_ending_in_re(head: str) -> re.Pattern[str]:
    """Return the regex of a capitalised name ending in `head` ("South Korean government"),
    compiled once per head: re's own cache of 512 is flushed by the aliases every article
    learns (indexer.annotate.institutions), so each article compiled it again."""
    return re.compile(rf"{_ORG_RUN}(?:{head.capitalize()}|{head})\b")


def _org_names_ending_in(people: DocSpeakers, head: str) -> list[tuple[int, str]]:
    """Return (end, name) of each capitalised name in the article ending in
    `head` ("South Korean government"; not a bare "The government"), in
    order: found once per article and head, so a paragraph of a thousand
    quotes asking for "the ministry" costs one pass, not a thousand
    (each pass over the text before the quote made attribution quadratic)."""
    cache = people.org_names_by_head
    if head not in cache:
        # the whole name: without a place modifier, with its "of" ("the Leeds-based Acme Court of Appeal")
        text = people.text
        found = ((m.start(), m.end(), _with_rest(text, m.end(), body_name(LEADING_ARTICLES_RE.sub("", m.group()))))
                 for m in names_ending_in_re(head).finditer(people.text))
        # "US magazine Rolling Stone": a description leading a name is not the name; nor is
        # one an adjective or "a" leads ("the seventh-largest US airline", "a US firm")
        found = ((start, end, " ".join(without_person(name.split()))) for start, end, name in found)
        cache[head] = [(end, name) for start, end, name in found
                       if len(name.split()) > 1 and not _LEADS_NAME_RE.match(people.text, end)
                       and not (name.split()[-1].islower()
                                and _DESCRIBED_RE.search(people.text, max(0, start - 40), start))]
    return cache[head]


def _with_rest(text: str, end: int, name: str) -> str:
    """Return `name` (ending at `end` in text) with the rest of it: after "on", "of the" or
    "for the" ("Joint Committee on Human Rights", orgs.orgtails), else after "of"."""
    whole = with_tail(text, end, name)
    if whole is not name:
        return whole
    tail = _OF_NAME_RE.match(text, end)
    return name + tail.group() if tail else name


def without_person(toks: list[str]) -> list[str]:
    """Return a name's words after its "of" when the words before it are a person's
    full name led by a known first name ("Inspector Ann Vole of Acme Police": her
    force, not she); else `toks`."""
    at = toks.index("of") if "of" in toks else -1
    if at <= 0:
        return toks
    name = cut_name(toks[:at]).name
    return toks[at + 1:] if len(name) >= 2 and first_name_gender(name[0]) is not None else toks
