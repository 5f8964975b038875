"""Documents as speakers: whose words "the report", "the lawsuit" or "Acme's letter" are.

Owns how a document noun (the lexicon's "document_nouns": "report", "letter", "ruling") or an
organisation's voice ("org_voices": "the AFI jury") becomes its issuer, in this order: the owner the
phrase names ("the Copyright Office's report", "the Strava report", "an agency statement", "her
lawsuit"); the owner the article named with the last such document ("Acme's annual report", "a
report by Acme", "a report published by research firm Acme": the lexicon's "document_issuing_verbs",
"In a statement, Acme said", "Acme says in a report", "a Acme Bank report" when the name is a
body's); for a suit (the lexicon's "suit_nouns") the party the article last wrote as suing ("Ann
Vole is suing Acme", "Ann Vole filed the suit": "suing_verbs"); else the one named after the
lead's "a report" (descriptions.leads), the organisation introduced last, the body that spoke last.  A
document no one is named with ("a report said") names nobody.  Split from descriptions.nominals, which
sends a description ending in such a noun here.
"""
from __future__ import annotations

import re
from functools import lru_cache

from onrecord.indexer.annotate.attribution.descriptions import leads
from onrecord.indexer.annotate.attribution.descriptions.orgheads import (
    INSTITUTION_REACH,
    LEADING_ARTICLES_RE,
    org_by_head,
    site_at,
)
from onrecord.indexer.annotate.attribution.names.names import POSSESSIVE_RE
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.orgs.orgnames import SITE_NOUNS
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

DOCUMENT_NOUNS = words("document_nouns")
ORG_VOICES = words("org_voices")
_SUIT_NOUNS = words("suit_nouns")
_DETERMINERS = words("determiners")
_LINKS = words("phrase_links", "determiners")
# a document's possessive owner, one row each: the pronoun it stands for
_OWNER_PRONOUNS = {"his": "he", "her": "she", "its": "it"}
_PRONOUNS = {"he", "she", "it", "they"}
# a preposition right after "sued", "filed" reads them as a passive or another sense ("Acme sued for
# libel", "sued over", "filed for bankruptcy"); "sues to stop", "sued and won" stay a plaintiff's
_NOT_SUING_AFTER = words("phrase_links") - {"to", "and", "or", "than", "like", "as"}
_DEFINITE = ("the", "this", "that")

# a capitalised name, and lowercase words up to an org noun ("the Commons work and pensions committee")
_OWNER_RUN = (r"((?!(?:The|A|An)\b)(?:[A-Z][\w.&'\u2019-]*[ \u00a0]+(?:(?:of|for|and)[ \u00a0]+)?)*[A-Z][\w.&-]*"
              rf"(?:[ \u00a0]+(?:[a-z]+[ \u00a0]+){{0,3}}?(?:{word_alternation(ORG_NOUNS)})\b)?)")
_SAID = rf"(?:{word_alternation(words('main_cues'))})"
_ISSUED = rf"(?:{word_alternation(words('document_issuing_verbs'))})"
# lowercase words, then the capitalised name a description before it describes ("UK-based research firm Acme")
_NAME_AFTER_RE = re.compile(r"((?:[ \u00a0]+[a-z][\w-]*){0,3})[ \u00a0]+([A-Z][\w.&-]*(?:[ \u00a0]+[A-Z][\w.&-]*)*)")
_END_STOP_RE = re.compile(r"(?<=[a-z]{2})\.$")  # a sentence's full stop after the name: "by the Acme Board."


def document_owner(words: list[str], pos: int, people: DocSpeakers, owned_only: bool = False) -> str | None:
    """Return whose document a description at pos names (its words end in a
    document noun): the owner named in or with it, a suit's plaintiff, else
    whose "the report" is by the article's last body (module docstring);
    None when none is named.  `owned_only` (an org voice: "the AFI jury"):
    only the owner named in the phrase itself, else None."""
    noun = POSSESSIVE_RE.sub("", words[-1]).lower()
    end = pos + sum(len(w) + 1 for w in words)
    named = None if owned_only else _owner_named_with(noun, end, people)
    modifiers = [w for w in words[:-1] if w.lower() not in _DETERMINERS]
    owner = " ".join(POSSESSIVE_RE.sub("", w) for w in modifiers if w[:1].isupper() or w in ("of", "for", "and"))
    if named and (named[0] > pos or not owner[:1].isupper() and words[0].lower() in _DEFINITE):
        return named[1]  # the phrase's own owner, or whose report "the report" is
    if owner[:1].isupper():
        owner = owner.removesuffix(" of").removesuffix(" for")
        found = people.resolve_run(owner, pos)[0] or people.match_org(owner)
        head = owner.split()[-1].lower()
        return found or (org_by_head(head, pos, people) if head in ORG_NOUNS else None)
    kind = POSSESSIVE_RE.sub("", modifiers[-1]).lower() if modifiers else ""
    if kind in ORG_NOUNS:
        return org_by_head(kind, pos, people)  # "an agency statement": the agency's words
    if kind in SITE_NOUNS:
        return site_at(pos, people)  # "the site's controllers": the site's
    if not owned_only and len(words) == 2 and (pronoun := _OWNER_PRONOUNS.get(words[0].lower())):
        return people.resolve_pronoun(pronoun, pos)  # "Her lawsuit said", "says its report": whom the pronoun means
    if noun in _SUIT_NOUNS and not owned_only and words[0].lower() not in ("a", "an"):
        # "Ann Vole is suing Acme ... the lawsuit said": hers; the body named last is often the
        # party sued, so with no plaintiff named ("a woman is suing Acme") the suit names nobody
        return _plaintiff_before(pos, people)
    if owned_only or words[0].lower() not in _DEFINITE:
        return None  # "a report said": which one is not said
    return leads.document_named_after_lead(people, noun, pos) \
        or people.organisations.referent(pos, people.orgs, True) or _last_body_speaking(people, pos)


@lru_cache(maxsize=64)
def _owned_re(noun: str) -> re.Pattern[str]:
    """Return the regex of a document named with its owner: "Acme's 2024
    report", "a report (published) by (telecoms giant) Acme", "In a statement
    (on Monday), Acme said", "a Acme Bank report" (group 1 to 4 the owner;
    group 1 also "Acme said in a statement")."""
    # one scan of the owner run for "Acme's report" and "Acme says in a report": the run is the costly part
    return re.compile(rf"{_OWNER_RUN}(?:['\u2019]s[ \u00a0]+(?:[\w-]+[ \u00a0]+){{0,3}}?{noun}s?\b"
                      rf"|[ \u00a0]+(?:has[ \u00a0]+)?{_SAID}[ \u00a0]+in[ \u00a0]+(?:an?|its|their)"
                      rf"[ \u00a0]+(?:[\w-]+[ \u00a0]+){{0,2}}?{noun}\b)"  # "Acme says in a report"
                      rf"|\b{noun}s?,?[ \u00a0]+(?:{_ISSUED}[ \u00a0]+)?(?:by|from)[ \u00a0]+(?:the[ \u00a0]+)?"
                      rf"(?:[a-z][\w-]*[ \u00a0]+){{0,2}}?{_OWNER_RUN}"  # "a report by telecoms giant Acme"
                      rf"|\b[Ii]n[ \u00a0]+(?:an?|its)[ \u00a0]+{noun}\b[^.\"\u201c\n]{{0,80}}?"
                      rf"[ \u00a0]+(?:the[ \u00a0]+)?{_OWNER_RUN}[ \u00a0]+(?:has[ \u00a0]+)?{_SAID}\b"
                      # "a Acme Bank report": the noun left unread, so "a June report by Acme" is still Acme's
                      rf"|\b(?:[Aa]n?|[Tt]he)[ \u00a0]+{_OWNER_RUN}(?=[ \u00a0]+{noun}\b)")


def _owner_named_with(noun: str, end: int, people: DocSpeakers) -> tuple[int, str] | None:
    """Return (where it ends, canonical owner) of the last `noun` named with
    its owner within INSTITUTION_REACH before end, else None."""
    lo = max(0, end - INSTITUTION_REACH)
    found = None
    for m in _owned_re(noun).finditer(people.text, lo, end + 60):  # "The letter, from Acme, says"
        # a name before the noun owns it only as a known body: "the Sunday report" is no one's
        known = not m.group(4) or people.match_org(m.group(4)) or m.group(4).split()[-1].lower() in ORG_NOUNS
        found = m if m.start() < end and known else found
    if found is None:
        return None
    k = next(k for k in (1, 2, 3, 4) if found.group(k))
    at, run = found.start(k), LEADING_ARTICLES_RE.sub("", found.group(k))
    # no sentence break inside: "by Acme. It said" is Acme's, "last October. Mr Vole's statement" his
    run = _END_STOP_RE.sub("", re.split(r"(?<=\w\w)\.[ \u00a0]", run)[-1 if k == 1 else 0])
    if k == 2 and (after := _described_name(run, found.end(), people)):
        return after
    if run.split()[-1].islower():  # "the Commons work and pensions committee": the article's own name
        return found.end(), run
    # a name only its report shows ("Trendly's report") is still the owner's name
    return found.end(), people.match_org(run) or people.resolve_run(run, at)[0] or run


def _described_name(run: str, at: int, people: DocSpeakers) -> tuple[int, str] | None:
    """Return (where it ends, canonical name) of the name right after an
    issuer's description ("published by UK-based research firm Acme": the
    run "UK-based research firm", then Acme; "by Acme economist Ann Vole":
    the author) when only content words stand between; else None."""
    m = _NAME_AFTER_RE.match(people.text, at)
    if m is None or any(w in _LINKS for w in m.group(1).split()) or not (m.group(1) or run.split()[-1].islower()):
        return None  # "a report by Acme into the Freeview service": Acme's
    name = re.split(r"(?<=\w\w)\.(?:[ \u00a0]|$)", m.group(2))[0]  # "Acme. A number of ...": Acme
    return m.start(2) + len(name), people.match_org(name) or people.resolve_run(name, m.start(2))[0] or name


@lru_cache(maxsize=1)
def _suing_re() -> re.Pattern[str]:
    """Return the regex of a party writing as suing ("Ann Vole is suing",
    "Acme has sued", "Ann Vole filed the suit", "is taking action against"):
    group 1 or 2 the party; never a passive ("was sued", "Acme, sued by",
    "Acme sued over ...")."""
    verbs = words("suing_verbs")
    going = word_alternation(frozenset(v for v in verbs if v.split()[0].endswith("ing")))
    done = word_alternation(frozenset(v for v in verbs if not v.split()[0].endswith("ing")))
    start = r"(?<![\w.&'\u2019-])"  # a run starts a word: not "Tunes" inside "iTunes"
    return re.compile(rf"{start}{_OWNER_RUN}[ \u00a0]+(?:(?:has|have|had)[ \u00a0]+)?(?:{done})\b"
                      rf"(?![ \u00a0]+(?:{word_alternation(_NOT_SUING_AFTER)})\b)"
                      rf"|{start}{_OWNER_RUN}[ \u00a0]+(?:(?:is|are|was|were)[ \u00a0]+)?(?:{going})\b")


def _plaintiff_before(pos: int, people: DocSpeakers) -> str | None:
    """Return the person or body the text before pos last writes as suing
    (resolved in the registry; a pronoun to whom it means), else None."""
    for m in reversed(list(_suing_re().finditer(people.text, 0, pos))):
        k = 1 if m.group(1) else 2
        # no sentence break inside: "the iPod. Californian Tom Brenn filed" is Tom Brenn
        run = re.split(r"(?<=\w\w)\.[ \u00a0]", LEADING_ARTICLES_RE.sub("", m.group(k)))[-1]
        at = m.end(k) - len(run)
        if run.lower() in _PRONOUNS:
            found = people.resolve_pronoun(run.lower(), at)
        else:
            found = people.resolve_run(run, at)[0] or people.match_org(run)
        if found:
            return found
    return None


def _last_body_speaking(people: DocSpeakers, pos: int) -> str | None:
    """Return the organisation or one-word name (a brand: "ClassPass shared
    that ...") that spoke last within INSTITUTION_REACH before pos: whose
    report "the report" is when the article introduced no organisation."""
    best, at = None, -1
    for p in people.by_order:
        last = p.spoke.last_before(pos)
        if last > at and pos - last <= INSTITUTION_REACH and (people.is_org(p.name) or not (p.first or p.gender)):
            best, at = p.name, last
    return best
