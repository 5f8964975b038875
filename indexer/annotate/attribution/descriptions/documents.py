"""Documents as speakers: whose words "the report", "the lawsuit" or "Acme's letter" are.

Owns how a document noun (the lexicon's "document_nouns": "report", "letter", "ruling") or an
organisation's voice ("org_voices": "the AFI jury") becomes its issuer, in this order: the owner the
phrase names ("the Copyright Office's report", "the Strava report", "an agency statement", "her
lawsuit"); the owner the article named with the last such document ("Acme's annual report", "a
report by Acme", "a report published by research firm Acme": the lexicon's "document_issuing_verbs",
"In a statement, Acme said", "Acme says in a report", "a Acme Bank report" when the name is a
body's, "Acme published a report", "the Daily Bugle reported", "In its report the committee
warned": the committee named before; never a day, a month or "MPs": "Friday's report" is no one's);
for a suit (the lexicon's "suit_nouns") the party the article last wrote as suing ("Ann Vole is
suing Acme", "Ann Vole filed the suit": "suing_verbs"); else the one named after the
lead's "a report" (descriptions.leads), the organisation introduced last, the body that spoke last.  A
document no one is named with ("a report said") names nobody.  Split from descriptions.nominals, which
sends a description ending in such a noun here.
"""
from __future__ import annotations

import re
from functools import lru_cache

from onrecord.indexer.annotate.attribution.descriptions import leads
from onrecord.indexer.annotate.attribution.descriptions.bodies.orgheads import (
    INSTITUTION_REACH,
    LEADING_ARTICLES_RE,
    org_by_head,
    site_at,
)
from onrecord.indexer.annotate.attribution.names.names import POSSESSIVE_RE
from onrecord.indexer.annotate.attribution.names.runs import looks_like_org
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.orgs.orgnames import SITE_NOUNS
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
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
# an owner run of these words only names no body: "Thursday's report", "a report by two MPs committees"
_DATES = words("weekdays", "months")
_NOT_BODIES = _DATES | words("member_nouns")
_MASTHEADS = words("masthead_words")  # "Times", "Telegraph": a newspaper's name, whose "reported" is its report
# a lowercase description ending in an org noun: "the cross-party committee" stands for the body named before
_BODY_DESCRIPTION = rf"((?:[a-z][\w-]*[ \u00a0]+){{0,2}}?(?:{word_alternation(ORG_NOUNS)}))"
_STATED = rf"(?:{word_alternation(words('closing_cues'))})"
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
    # "Wednesday's statement": a dated document is a definite one, the day no owner
    dated = bool(modifiers) and all(POSSESSIVE_RE.sub("", w).lower() in _DATES for w in modifiers)
    modifiers = [] if dated else modifiers
    definite = words[0].lower() in _DEFINITE or dated and words[0].lower() not in ("a", "an")
    owner = " ".join(POSSESSIVE_RE.sub("", w) for w in modifiers if w[:1].isupper() or w in ("of", "for", "and"))
    if named and (named[0] > pos or not owner[:1].isupper() and definite):
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
    if owned_only or not definite:
        return None  # "a report said": which one is not said
    return leads.document_named_after_lead(people, noun, pos) \
        or people.organisations.referent(pos, people.orgs, True) or _last_body_speaking(people, pos)


@lru_cache(maxsize=64)
def _owned_re(noun: str, opened: bool = True) -> re.Pattern[str]:
    """Return the regex of a document named with its owner: "Acme's 2024
    report", "a report (published) by (telecoms giant) Acme", "In a statement
    (on Monday), Acme said", "a Acme Bank report", "Acme published a
    report" or "the Daily Bugle reported", "In its report the committee
    warned" (group 1, 3, 4, 5 or 6 the owner, _owner_run numbers the
    shapes; group 1 also "Acme said in a statement" and, with group 2's
    empty mark, "Acme published a report"; group 6 a lowercase description).
    Without `opened`, the two shapes that open "In a report" are left out
    (their groups 4 and 6 kept, never matching): the same matches wherever
    that opening is absent, at about a third less compiling."""
    # one scan of the owner run for "Acme's report", "Acme says in a report" and "Acme published a
    # report": the run is the costly part
    reported = r"|reported\b" if noun == "report" else ""  # "the Daily Bugle reported": its report
    return re.compile(rf"{_OWNER_RUN}(?:['\u2019]s[ \u00a0]+(?:[\w-]+[ \u00a0]+){{0,3}}?{noun}s?\b"
                      rf"|[ \u00a0]+(?:has[ \u00a0]+)?{_SAID}[ \u00a0]+in[ \u00a0]+(?:an?|its|their)"
                      rf"[ \u00a0]+(?:[\w-]+[ \u00a0]+){{0,2}}?{noun}\b"  # "Acme says in a report"
                      # "Acme published a report", "the Daily Bugle reported" (group 2, empty, marks them)
                      rf"|[ \u00a0]+(?:has[ \u00a0]+)?(?:{_ISSUED}[ \u00a0]+(?:an?|its|their|the)[ \u00a0]+"
                      rf"(?:[\w-]+[ \u00a0]+){{0,3}}?{noun}\b{reported})())"
                      rf"|\b{noun}s?,?[ \u00a0]+(?:{_ISSUED}[ \u00a0]+)?(?:by|from)[ \u00a0]+(?:the[ \u00a0]+)?"
                      rf"(?:[a-z][\w-]*[ \u00a0]+){{0,2}}?{_OWNER_RUN}"  # "a report by telecoms giant Acme"
                      + (_said_shape(noun) if opened else _NEVER)
                      # "a Acme Bank report": the noun left unread, so "a June report by Acme" is still Acme's
                      + rf"|\b(?:[Aa]n?|[Tt]he)[ \u00a0]+{_OWNER_RUN}(?=[ \u00a0]+{noun}\b)"
                      + (_stated_shape(noun) if opened else _NEVER))


# a shape left out of the owner regex: its one group kept, never matching, so the groups keep their numbers
_NEVER = r"|(?!)()"


def _said_shape(noun: str) -> str:
    """Return the regex of the owner regex's "In a statement (on Monday),
    Acme said" shape, group 4 the owner."""
    return (rf"|{_in_document(noun)}[^.\"\u201c\n]{{0,80}}?"
            rf"[ \u00a0]+(?:the[ \u00a0]+)?{_OWNER_RUN}[ \u00a0]+(?:has[ \u00a0]+)?{_SAID}\b")


def _stated_shape(noun: str) -> str:
    """Return the regex of the owner regex's last shape, group 6 the description:
    "In a report published in July the cross-party committee stated"."""
    return (rf"|{_in_document(noun)}[^.\"\u201c\n]{{0,80}}?[ \u00a0]+the[ \u00a0]+"
            rf"{_BODY_DESCRIPTION}[ \u00a0]+(?:has[ \u00a0]+)?{_STATED}\b")


def _in_document(noun: str) -> str:
    """Return the regex of "in a/an/its <noun>": the opening of the owner regex's last two shapes."""
    return rf"\b[Ii]n[ \u00a0]+(?:an?|its)[ \u00a0]+{noun}\b"


@lru_cache(maxsize=64)
def _in_document_re(noun: str) -> re.Pattern[str]:
    """Return the compiled _in_document(noun): a cheap test before the costlier full owner regex."""
    return re.compile(_in_document(noun))


def owned_re_for(noun: str, text: str, lo: int, hi: int) -> re.Pattern[str]:
    """Return the owner regex to scan text[lo:hi] with: the full one only
    when "in a <noun>" occurs there, else the one without the two shapes
    that open so, which finds the same matches there (no other shape
    needs the opening) and compiles faster; most nouns never need the
    full one, and compiling is most of this regex's cost in a corpus pass."""
    return _owned_re(noun, _in_document_re(noun).search(text, lo, hi) is not None)


def _owner_named_with(noun: str, end: int, people: DocSpeakers) -> tuple[int, str] | None:
    """Return (where it ends, canonical owner) of the last `noun` named with
    its owner within INSTITUTION_REACH before end, else None."""
    lo = max(0, end - INSTITUTION_REACH)
    found = owner = None  # the last match that names a body, and its owner run (read once per match)
    hi = end + 60  # "The letter, from Acme, says"
    for m in owned_re_for(noun, people.text, lo, hi).finditer(people.text, lo, hi):
        if m.start() < end and _names_body(shape := _owner_run(m), people):
            found, owner = m, shape
    if found is None or owner is None:
        return None
    k, at, run = owner
    if k == 6:  # "the cross-party committee": the committee named before it, else no one
        return (found.end(), org) if (org := org_by_head(run.split()[-1], at, people)) else None
    if k == 5 or k == 4 and _is_masthead(run):  # a body _names_body checked: its own name, never "Bugle"
        return found.end(), people.match_org(run) or run  # for "the Sunday Bugle reported" / "report"
    if k == 2 and (after := _described_name(run, found.end(), people)):
        return after
    if run.split()[-1].islower():  # "the Commons work and pensions committee": the article's own name
        return found.end(), run
    head = run.lower()  # "the Commission report": the commission named before, never "Commission"
    lone_head = org_by_head(head, at, people) if head in ORG_NOUNS else None
    # a name only its report shows ("Trendly's report") is still the owner's name
    return found.end(), people.match_org(run) or people.resolve_run(run, at)[0] or lone_head or run


def _owner_run(m: re.Match[str]) -> tuple[int, int, str]:
    """Return (group, where the run starts, run) of an owner match: the run
    without a leading article or a sentence break inside ("by Acme. It said"
    is Acme's, "last October. Mr Vole's statement" his)."""
    g = next(g for g in (1, 3, 4, 5, 6) if m.group(g))
    run = LEADING_ARTICLES_RE.sub("", m.group(g))
    run = _END_STOP_RE.sub("", re.split(r"(?<=\w\w)\.[ \u00a0]", run)[-1 if g == 1 else 0])
    # the shape's number: 1 "Acme's report", 2 "report by Acme", 3 "In a report, Acme said",
    # 4 "a Acme Bank report", 5 "Acme published a report" (group 1 with group 2's mark), 6 "the committee"
    return 5 if g == 1 and m.group(2) is not None else g if g == 6 else 1 if g == 1 else g - 1, m.start(g), run


def _names_body(owner: tuple[int, int, str], people: DocSpeakers) -> bool:
    """Return whether an owner match (its _owner_run) can name a body: never a day, a month or
    "MPs" alone ("Thursday's report", "a report by two MPs committees"); a
    name before the noun or before "reported" only as a known body ("the
    Sunday report" is no one's)."""
    k, _, run = owner
    if not run or all(w.lower() in _NOT_BODIES for w in run.split()):
        return False
    if k not in (4, 5):
        return True
    return bool(people.match_org(run)) or run.split()[-1].lower() in ORG_NOUNS or _is_masthead(run) \
        or k == 5 and _is_body(run, people)


def _is_body(run: str, people: DocSpeakers) -> bool:
    """Return whether a name before "reported" is a body's: one the article
    counts as an organisation or an org-like name ("Acme Group"); its one
    caller has already tried a masthead."""
    return people.is_org(run) or looks_like_org(run.split())


def _is_masthead(run: str) -> bool:
    """Return whether a name is a newspaper's: a masthead word after its first word ("Sunday Mail").
    Narrower than indirect.outlets.is_masthead (no possessive, no "Sunday Business" opener) on purpose:
    the issuer choice was measured with this one."""
    return any(w in _MASTHEADS for w in run.lower().split()[1:])


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
