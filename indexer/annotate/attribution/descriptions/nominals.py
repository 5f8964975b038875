"""Nominal speakers: descriptions that stand for a person or institution.

Owns how a description becomes a canonical speaker, in this order: a person named after it by a
comma is the speaker (descriptions.appositives: "said their lawyer, Ann Vole"); a spokesperson speaks for
the institution they are named with ("a Fox spokesman": Fox), and later "she" or "the spokeswoman"
is that same body, but a person's spokesperson is not that person ("the singer's spokeswoman" names
nobody); a document ("the report", "the lawsuit") is its issuer's (descriptions.documents); an
institution noun ("the ministry") is the latest institution so named (descriptions.bodies.orgheads' look-ups), and
"the government" no name holds is the government itself (the lexicon's "unnamed_bodies"); a role
("the Labour MP") is the person the article introduced with it; a definite person noun ("the
56-year-old", "the rapper") is the person the article is about at that point, and one opening the
article before anyone is named the person named next (descriptions.leads); the owner of a claim ("Ann
Vole's claim that ...") speaks its quoted that-clause (descriptions.claims). Anything else names nobody: no guess. The
word classes are lists of indexer.lexicon ("spokes", "org_heads", "person_nouns", "claim_nouns",
"office_changers"); people.speakers keeps the registry this reads.
"""
from __future__ import annotations

import re
from functools import lru_cache

from onrecord.indexer.annotate.attribution.descriptions.appositives import appositive_person
from onrecord.indexer.annotate.attribution.descriptions.bodies.bodyranks import ranked_body
from onrecord.indexer.annotate.attribution.descriptions.bodies.describedbodies import described_body
from onrecord.indexer.annotate.attribution.descriptions.bodies.mediaheads import MEDIA_NOUNS, media_outlet
from onrecord.indexer.annotate.attribution.descriptions.bodies.orgheads import (
    INSTITUTION_REACH as INSTITUTION_REACH,  # re-exported: indirect.reports reads it here
)
from onrecord.indexer.annotate.attribution.descriptions.bodies.orgheads import (
    last_org_named,
    org_by_head,
    site_at,
)
from onrecord.indexer.annotate.attribution.descriptions.bodies.topicbodies import topic_body
from onrecord.indexer.annotate.attribution.descriptions.documents import DOCUMENT_NOUNS, ORG_VOICES, document_owner
from onrecord.indexer.annotate.attribution.descriptions.leads import newcomer_after_lead, person_named_after_lead
from onrecord.indexer.annotate.attribution.descriptions.persons.offices import (
    clause_names,
    current_person,
    note_office,
    office_words,
    person_with_role,
)
from onrecord.indexer.annotate.attribution.descriptions.persons.personheads import is_person_noun
from onrecord.indexer.annotate.attribution.descriptions.persons.personheads import person_head as head_at
from onrecord.indexer.annotate.attribution.descriptions.persons.subjectepithets import previous_subject_of_epithet
from onrecord.indexer.annotate.attribution.names.names import (
    POSSESSIVE_RE,
    is_description,
    lexicon,
)
from onrecord.indexer.annotate.attribution.names.runs import expand_acronym, looks_like_org
from onrecord.indexer.annotate.attribution.orgs.kindheads import body_of_kind
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.orgs.orgnames import SITE_NOUNS
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.pronouns.subjectbodies import continued_description
from onrecord.indexer.lexicon import words

_WORD_RE = re.compile(r"[\w'\u2019.&-]+")
_DETERMINERS = words("determiners")
_MEMBER_NOUNS = words("member_nouns")
_UNNAMED_BODIES = words("unnamed_bodies")  # "the government" no name holds: government, not the last body named
MEMBER_BODIES = ("committee", "council", "panel", "commission")  # what a body's members speak as
_RELATIVES = words("relatives")
_OFFICE_CHANGERS = words("office_changers")  # "the shadow chancellor": never the chancellor (persons.otheroffices)
_PHRASE_LINKS = words("phrase_links")
# auxiliaries and adverbs between a description and its cue ("The chancellor meanwhile insisted",
# "The chancellor would not comment ..., but insisted"): the description ends before them
_TAIL_WORDS = words("skip_before_cue", "subject_adverbials")
_TAIL_REACH = 4  # words of a description before such a word: "the shadow foreign secretary"
_AGE_RE = re.compile(r"\d+-year-old$")
# "our correspondent" is the outlet's own, introduced by name ("BBC correspondent Ann Vole")
_DEFINITE = ("the", "this", "that", "our")


def resolve_nominal(np: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the canonical speaker a description at pos stands for, or None."""
    if named := appositive_person(people.text, pos + len(np), people):
        return named  # "said one of their lawyers, Tavo Brenn": the name after the comma
    words = _trim_tail(_WORD_RE.findall(np))
    while len(words) > 1 and words[-1].lower() in _RELATIVES:
        relative = words.pop().lower()  # "an REM spokesman, who added": the spokesman
        if named := _named_before_relative(words, relative, pos, people):
            return named  # "the Acme Council for Farms, which said": the name the relative follows
    np, pos, words = _from_inner_article(np, pos, words)
    last = POSSESSIVE_RE.sub("", words[-1]).lower() if words else ""
    person_head = is_person_noun(last)
    if not person_head and (at := head_at(words)) >= 0:  # "the Tory co-chairman", "the guitarist with band X"
        return _person_headed(words[:at + 1], pos, people)  # a person's (or nobody's), never the body's
    # the article's own name for a body first: "the Commons fisheries committee" is no House of Commons,
    # "the Department of Fish and Mines" no department cut at its "of"
    org = None if person_head else _own_org_name(words, people.match_org(np), people)
    if org:  # "the Tory leader" is a person, never the party
        people.note_org(org, pos)
        return org
    if last in DOCUMENT_NOUNS:  # before the cut: "the Department of Justice complaint"
        return document_owner(words, pos, people)
    if last in ORG_VOICES:  # "the AFI jury", "the site's controllers": only an owner named beside them
        return document_owner(words, pos, people, owned_only=True)
    return _resolve_by_head(np, pos, words, people)


def _person_headed(words: list[str], pos: int, people: DocSpeakers) -> str | None:
    """Return the person a description whose words end at its person noun
    (descriptions.persons.personheads) stands for, as a role's: or None."""
    definite = words[0].lower() in _DEFINITE
    kept = [w for w in words if w.lower() not in _DETERMINERS]
    return _person_by_role(kept, kept[-1].rpartition("-")[2].lower(), pos, people, definite) if kept else None


def _from_inner_article(np: str, pos: int, words: list[str]) -> tuple[str, int, list[str]]:
    """Return the description, its position and its words from an inner "the"
    after a lowercase word on ("his New Year message the Liberal Democrat
    leader": "the Liberal Democrat leader"), or all three unchanged."""
    inner = [k for k in range(1, len(words)) if words[k] == "the" and words[k - 1].islower()
             and words[k - 1] not in _PHRASE_LINKS]
    if not inner:
        return np, pos, words
    pos += sum(len(w) + 1 for w in words[:inner[-1]])
    words = words[inner[-1]:]
    return " ".join(words), pos, words


def _resolve_by_head(np: str, pos: int, words: list[str], people: DocSpeakers) -> str | None:
    """Return whom a description neither a body's own name nor a document
    stands for, by its head noun (the words before "for"/"of"/"at"): a
    member body, a spokesperson's body, a body by its kind, a site, a
    person by role; or None."""
    lex = lexicon()
    cut = next((k for k, w in enumerate(words) if w.lower() in ("for", "of", "at") and k), len(words))
    alone = cut == len(words)  # "a spokesman said", not "a spokesman for the club"
    words = words[:cut]  # "the Labour MP for Leeds": the head comes before "for"
    definite = bool(words) and words[0].lower() in _DEFINITE
    words = [w for w in words if w.lower() not in _DETERMINERS]
    if not words:
        return None
    head = POSSESSIVE_RE.sub("", words[-1]).lower()
    if head in _MEMBER_NOUNS:  # "the MPs said": the committee of MPs the article named last
        member = next((org for body in MEMBER_BODIES if (org := last_org_named(people, body, pos))), None)
        if member:
            people.note_org(member, pos)  # "the MPs said ... they said": the committee again
        return member
    if definite and head in MEDIA_NOUNS and (outlet := media_outlet(np, head, pos, people)):
        return outlet  # "asked the magazine": the magazine named last, not the latest body
    if head in lex.spokes:
        return _spoken_for(words[:-1], head, pos, people, definite, alone)
    if head in ORG_NOUNS:  # "the ministry", "the insurer"; "the environment select committee" by its name
        return _body_by_kind(words, head, pos, people, definite)
    if head in SITE_NOUNS:  # "the site": a web address the article named, else nobody
        return site_at(pos, people) if definite else None
    own = definite and np.split()[0].lower() == "our"  # only who the article introduced so
    return _person_by_role(words, head, pos, people, definite, introduced_only=own)


def _body_by_kind(words: list[str], head: str, pos: int, people: DocSpeakers, definite: bool) -> str | None:
    """Return the body a description headed by a kind noun ("the ministry",
    "the company", "the environment select committee") stands for: one named
    by those words, the body of that kind the sentence before or the story is
    about, the latest or best-ranked one so named, the government itself for
    a bare unnamed-body noun; or None."""
    lower = len(words) > 1 and all(w.islower() for w in words)  # a capitalised one is matched by its head
    named = people.organisations.full_name(" ".join(words)) if lower else None
    if named:
        people.note_org(named, pos)
    if definite and not named and (described := described_body(words, pos, people)):
        return described  # "the statistical office": itself, never the latest body of another kind
    # "UK Coal said ... The company said": the body the sentence before is about, not the last one named
    bare = definite and len(words) == 1
    found = named or bare and continued_description(head, pos, people)
    if bare and not found and (found := topic_body(head, pos, people)):
        people.note_org(found, pos)  # "ABN Amro ... Deutsche Bank ... The bank said": the story's own bank
    found = found or org_by_head(head, pos, people)
    if not found and definite and (found := ranked_body(f"the {' '.join(words)}", pos, people)):
        people.note_org(found, pos)  # "Parmalat has sued ... The firm said": the name ranked first
    return found or (head if bare and head in _UNNAMED_BODIES else None)


def _trim_tail(words: list[str]) -> list[str]:
    """Return a definite person description's words up to an auxiliary or
    adverb right after its noun ("The chancellor meanwhile", "The chancellor
    would not comment", "the Tory leader will argue": "The chancellor", "the
    Tory leader"); the words whole otherwise (a body's or an indefinite
    description, or a longer phrase: "the firm has", "A group has")."""
    if not words or words[0].lower() not in _DEFINITE[:3]:
        return words
    lex = lexicon()
    for k in range(2, min(len(words), _TAIL_REACH + 1)):
        head = words[k - 1].lower()
        if words[k] in _TAIL_WORDS and (head in lex.roles or head in lex.person_nouns or head in lex.descriptors):
            return words[:k]
    return words


def _own_org_name(words: list[str], found: str | None, people: DocSpeakers) -> str | None:
    """Return the institution a description names: the article's own name for it
    (orgs.organisations) where the registry's `found` is only a body inside
    it ("the Commons fisheries committee" is no House of Commons) or a capitalised
    name after "the" runs on past its "of" or "for" ("the Department of Fish and
    Mines", never cut there); else `found`.  Only when an org noun is among the words."""
    plain = [w for w in words if w.lower() not in _DETERMINERS]
    linked = words[0].lower() == "the" and plain[:1] != [] and plain[0][:1].isupper() \
        and any(w in ("of", "for") for w in plain[1:])  # "the Department of ...", not "Ann Vole for Acme Magazine"
    if len(plain) < 2 or not (linked or found) or not any(w.lower() in ORG_NOUNS for w in plain):
        return found
    return people.organisations.full_name(" ".join(plain)) or found


def _named_before_relative(words: list[str], relative: str, pos: int, people: DocSpeakers) -> str | None:
    """Return whom a capitalised name (after "the") before a relative pronoun
    names: a body before "which" ("the Acme Council for Farms, which said"), a
    person or body as the registry reads it before "who"; else None."""
    run = words[1:] if words[0].lower() == "the" else words
    if not (run and run[0][:1].isupper() and all(w[:1].isupper() or w in ("of", "for", "and") for w in run)):
        return None
    name = " ".join(run)
    if relative != "which":
        return people.resolve_run(name, pos)[0]
    org = people.match_org(name) or people.organisations.full_name(name) or (name if looks_like_org(run) else None)
    if org:  # "the Act of Settlement, which confirmed": a document, no body
        people.note_org(org, pos)
    return org


def _spoken_for(modifiers: list[str], head: str, pos: int, people: DocSpeakers,
                definite: bool, alone: bool = False) -> str | None:
    """'a Fox spokesman' -> Fox; 'the singer's spokeswoman' -> the singer;
    'the spokeswoman' -> whom the last spokeswoman spoke for; 'a spokesman'
    `alone` (no "for X" after it) -> the organisation "it" would mean there
    ("Acme cut jobs. A spokesman said: ..."), else nobody."""
    gender = "f" if "woman" in head else "m" if "man" in head else None
    target: str | None = None
    owner = [k for k, w in enumerate(modifiers) if POSSESSIVE_RE.search(w) and w[-1] in "sS'\u2019"]
    if owner:  # "the rapper's spokesman": resolve the rapper
        k = owner[-1]
        while k > 0 and modifiers[k - 1][:1].isupper():
            k -= 1  # "Big Brother's spokeswoman": the whole name owns
        name = " ".join(modifiers[k:owner[-1]] + [POSSESSIVE_RE.sub("", modifiers[owner[-1]])])
        if name.lower() in ORG_NOUNS:  # "the band's spokesman": whom the last spokesman spoke for
            target = _last_proxy(people, None, pos) or org_by_head(name.lower(), pos, people)
        elif name[:1].isupper():
            target = people.resolve_run(name, pos)[0] or people.match_org(name) or name
        else:
            target = _person_by_role([name], name.lower(), pos, people, True)
        if target and people.is_person(target):
            return None  # "the rapper's spokesman" is not the rapper: unnamed
    elif modifiers and all(w[:1].isupper() for w in modifiers) and not is_description(modifiers):
        run = " ".join(modifiers)
        target = people.match_org(run) or expand_acronym(people.text, run) or run
    elif modifiers and (body := _body_named_in(modifiers, pos, people)):
        target = body  # "a senior Acme Ministry official", "A Tory spokesman", "an executive spokesman"
    elif definite and (proxy := _last_proxy(people, gender, pos)):
        return proxy
    elif alone and not modifiers:  # "the spokesman" no one introduced yet: as "a spokesman"
        target = people.organisations.referent(pos, people.orgs, True)
    if target:
        people.note_proxy(target, gender, pos)
    return target


def _body_named_in(modifiers: list[str], pos: int, people: DocSpeakers) -> str | None:
    """Return the body a spokesperson's modifiers name, else None: their last
    capitalised words, as the registry or the article names a body ("a senior
    Acme Finance Ministry official"; a party's descriptor by the party it or its
    plural names: "A Tory spokesman", "A Conservative spokeswoman"), else their
    last lowercase word, when no org noun, as the latest body whose name ends in it
    ("Vole Executive ... an executive spokesman", "Ministry of Defence ... a
    defence official")."""
    k = len(modifiers)
    while k > 0 and modifiers[k - 1][:1].isupper():
        k -= 1
    if k < len(modifiers):
        run = " ".join(modifiers[k:])
        if is_description(modifiers[k:]):
            return people.match_org(run) or people.match_org(_plural(run))
        return people.match_org(run) or people.organisations.full_name(run)
    word = modifiers[-1].lower()  # an org noun ("a party official") is any body of that kind: left as it was,
    # but for a kind the registry records: "A party spokesman" the registry party named last (orgs.kindheads)
    return body_of_kind(people.text, word, pos, people.registry) if word in ORG_NOUNS \
        else last_org_named(people, word, pos)


def _plural(name: str) -> str:
    """Return the plural of a name's last word ("Conservatives", "Tories"): its members, the party."""
    return name[:-1] + "ies" if name.endswith("y") and name[-2:-1] not in "aeiou" else name + "s"


def _person_by_role(words: list[str], head: str, pos: int, people: DocSpeakers,
                    definite: bool, introduced_only: bool = False) -> str | None:
    """'the foreign secretary' -> the person introduced with that role; 'the
    56-year-old', 'the rapper' -> the person the text is about there; 'our
    correspondent' -> only someone introduced with that role."""
    lex, end = lexicon(), pos + sum(len(w) + 1 for w in words)
    if not definite:  # "a lawyer said": someone new, not someone we know; "Acme's chief said" in a lead: named next
        owned = POSSESSIVE_RE.search(words[0]) and words[0][:1].isupper() and head in lex.roles
        if introduced_only:
            return None
        if owned:
            return person_named_after_lead(people, pos, end)
        # "..., a Labour backbencher has said." opening the article: the person the next sentence names;
        # "a new book about the chancellor" heads on "book", no person: left as it was
        linked = any(w.lower() in _PHRASE_LINKS for w in words[:-1])
        person_head = head in lex.roles or head in lex.person_nouns
        return newcomer_after_lead(people, pos) if person_head and not linked else None
    if _AGE_RE.search(head):  # "the 34-year-old": whom the article gave that age ("Ann Vole, 34,")
        return _person_of_age(people, head.split("-")[0], pos)
    lowercase = [w.lower() for w in words]
    person = person_with_role(people, lowercase, pos)
    if not introduced_only:  # "the two-time champion" after "Ann Vole has also ...": persons.subjectepithets
        person = previous_subject_of_epithet(people, lowercase, pos, person) or person
    if person is None and not introduced_only and (head in lex.person_nouns or head in lex.roles):
        gender = "f" if head in lex.female_nouns else "m" if head in lex.male_nouns else None
        lowered = {w.lower() for w in words}
        office = office_words(lowered)
        changed = frozenset(lowered & _OFFICE_CHANGERS)
        # "the chancellor said Mr Vole was wrong": whom its own clause names is not who said it
        person = current_person(people, pos, gender, office, changed, clause_names(people, end))
        if person is None:  # "The minister has warned ..." opening the article: named next
            return person_named_after_lead(people, pos, end)
        if office:  # "the home secretary" now: never "the prime minister" later; "the shadow
            note_office(person, office | changed)  # chancellor" keeps "shadow": never "the chancellor"
    return people.speak_as(person, pos) if person else None


_NAME_RUN = r"(?:[A-Z][\w'\u2019-]+[ \u00a0]){1,3}[A-Z][\w'\u2019-]+"


def _person_of_age(people: DocSpeakers, age: str, pos: int) -> str | None:
    """Return the person the text before pos gives the age `age` last ("Ann
    Vole, 34,", "34-year-old Ann Vole"), resolved in the registry; None when
    it introduces someone new of that age ("a 34-year-old man") or gives
    others ages; else (no age stated) the person the text is about at pos."""
    before = people.text[:pos]
    # every branch holds the age's digits: a text that never wrote them before pos needs no scan (nor compile)
    found = list(_given_age_re(age).finditer(before)) if age in before or not age.isdigit() else []
    for m in reversed(found):
        if m.group(1) is None and m.group(2) is None:
            return None  # "a 34-year-old man was hurt": someone new, unnamed
        name = people.resolve_run(m.group(1) or m.group(2), m.start())[0]
        if name and people.is_person(name):
            return name
    if _ANY_AGE_RE.search(before):
        return None  # ages are stated and this one is nobody's: unnamed beats wrong
    # news calls the person it is about by an age it never states ("The 67-year-old also said")
    person = current_person(people, pos, None)
    return people.speak_as(person, pos) if person else None


@lru_cache(maxsize=256)  # one pattern per age, kept out of re's cache that per-name patterns churn
def _given_age_re(age: str) -> re.Pattern[str]:
    """Return the regex of a name given the age `age` ("Ann Vole, 34", "34-year-old Ann Vole")
    (groups 1 and 2 the name) or of someone new of that age ("a 34-year-old")."""
    return re.compile(rf"({_NAME_RUN}),[ \u00a0]+{age}\b|\b{age}-year-old[ \u00a0]+({_NAME_RUN})"
                      rf"|\b[Aa]n?[ \u00a0]+{age}-year-old\b")


_ANY_AGE_RE = re.compile(rf"{_NAME_RUN},[ \u00a0]+\d{{1,3}},|\b\d{{1,3}}-year-old\b")


def _last_proxy(people: DocSpeakers, gender: str | None, pos: int) -> str | None:
    """Return the body the latest spokesperson before pos (of a fitting gender) spoke for."""
    for at, body, g in reversed(people.proxies):
        if at < pos and (gender is None or g in (None, gender)):
            return body
    return None
