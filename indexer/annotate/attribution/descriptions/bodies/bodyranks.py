"""Which earlier name "the club", "the firm", "the brewer" means when no body spoke before it.

Owns `ranked_body`: a definite body description ("The club said", "the pan-European bourse
said") whose noun is a row of `BODY_NOUNS`, where the registry knows no organisation to read it
as, credited to the one capitalised name before it that clearly wins a ranking.  Every
capitalised run before the description is a candidate unless it is a registered person's
name (a gender or a role vouches for them), a place (written only after "in", "at",
"from" and never acting), a nationality or party word (the lexicon's descriptors), a weekday or
month, a publication, or a name whose own last word is a body of another kind ("Acme Ltd" is no
party).  Each candidate earns the points of every row of `SIGNALS` it shows; the best is
credited only with at least MIN_SCORE points and MARGIN more than any other (a wrong name is
worse than none).  The body was introduced eight different ways in the tuning rounds ("football
club Borussia Dortmund", "MTN - the South African firm", "Parmalat has sued"), so no one
introduction is read: the signals are where the name stands (headline, lead, the sentence
before), what it does (a subject or possessor), and an appositive of a noun of the same kind.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

# One row per body noun: the noun and its kind; an appositive of any noun of the same kind
# vouches for the name ("MTN - the South African firm ... The company said": firm, company).
BODY_NOUNS: dict[str, str] = {
    "company": "firm",
    "firm": "firm",
    "group": "firm",
    "business": "firm",
    "corporation": "firm",
    "club": "club",
    "team": "club",
    "band": "band",
    "bookmaker": "bookmaker",
    "brewer": "brewer",
    "manufacturer": "maker",
    "maker": "maker",
    "carmaker": "maker",
    "retailer": "retailer",
    "bank": "bank",
    "lender": "bank",
    "insurer": "insurer",
    "airline": "airline",
    "bourse": "exchange",
    "exchange": "exchange",
    "party": "party",
    "charity": "charity",
    "broadcaster": "broadcaster",
    "publisher": "publisher",
    "label": "label",
}

_ORG_SUFFIXES = words("org_suffixes")  # "Harbour Stores Ltd": a firm, never "the party"
_CONTRASTS = words("contrast_modifiers")  # "rival club Quill City": another club than "the club"

MIN_SCORE = 2  # points the winner needs at least
MARGIN = 2  # points the winner needs over every other candidate

_SKIP = words("determiners", "pronouns", "question_words", "leading_noise", "clause_openers", "not_names", "weekdays",
               "months")
_DESCRIPTORS = words("descriptors")  # "German", "Labour": an adjective or a party's word, never the body
_TITLES = words("plain_titles", "titles_neutral", "titles_male", "titles_female", "peer_titles")
_VERBS = words("finite_auxiliaries", "be_forms", "past_tense_verbs")
_ADVERBS = words("body_act_adverbs")  # "Euronext also upped": still the name's verb
_PLACE_LINKS = words("body_place_links")  # "in Tamm", never acting: a place
_OBJECT_LINKS = words("body_place_links", "body_object_links")  # "shares in Acme fell": the shares'
_RUN_RE = re.compile(r"(?<![\w'\u2019-])[A-Z][\w'\u2019&.-]*"
                     r"(?:[ \u00a0]+(?:(?:of|&)[ \u00a0]+)?[A-Z][\w'\u2019&.-]*)*")  # "and" joins two
_SENTENCE_END_RE = re.compile(r"[.!?][\"'\u201d\u2019]?\s+|\n")
# a name's appositive, its first four words: "MTN - the South African firm which ...", "Acme, the bank"
_APPOSITIVE_RE = re.compile(r"[ \u00a0]*(?:,|-|\u2013|\u2014)[ \u00a0]*(?:the|a|an)[ \u00a0]+"
                            r"((?:[\w-]+[ \u00a0]+){0,3}[\w-]+)")
_NEXT_WORDS_RE = re.compile(r"[ \u00a0]+([a-z]+)(?:[ \u00a0]+([a-z]+))?")
# the lowercase noun right before a name and the word before it: "brewer Fosters", "rival club Acme"
_NOUN_BEFORE_RE = re.compile(r"(?:([A-Za-z]+)[ \u00a0]+)?([a-z]+)[ \u00a0]+$")
_WORD_RE = re.compile(r"[\w-]+")  # a description's words: "the pan-European bourse"
_TOKEN_RE = re.compile(r"\S+")  # a capitalised run's words, their offsets kept


@dataclass(frozen=True, slots=True)
class Seen:
    """One mention of a candidate name: where it stands and how it is written."""

    start: int
    end: int
    possessor: bool  # "Turkcell's stake"


def _appositive(text: str, seen: Seen, kind: str) -> bool:
    """True when a noun of `kind` stands right before the name ("brewer Fosters") or after it as
    its appositive ("MTN - the South African firm", "Acme, the Norland bank")."""
    before = _NOUN_BEFORE_RE.search(text[max(0, seen.start - 40):seen.start])
    if before is not None and BODY_NOUNS.get(before.group(2)) == kind:
        return (before.group(1) or "").lower() not in _CONTRASTS  # "rival club Acme": another club
    after = _APPOSITIVE_RE.match(text, seen.end, seen.end + 80)
    return after is not None and any(BODY_NOUNS.get(w) == kind for w in after.group(1).split())


def _word_before(text: str, start: int) -> str:
    """Return the word right before text[start:] ("in" of "shares in Acme"), else ""."""
    found = text[max(0, start - 12):start].split()
    return found[-1] if found and text[start - 1:start].isspace() else ""


def _acts(text: str, seen: Seen) -> bool:
    """True when the name is a possessor or a finite verb follows it ("Parmalat has", "Opera can",
    "Euronext also upped"), never after a preposition."""
    if seen.possessor:
        return True
    if _word_before(text, seen.start) in _OBJECT_LINKS:
        return False  # a preposition's object: "shares in Acme fell" is the shares'
    m = _NEXT_WORDS_RE.match(text, seen.end)
    if m is None:
        return False
    verb = m.group(2) if m.group(1) in _ADVERBS else m.group(1)
    return bool(verb) and (verb in _VERBS or verb.endswith("ed") or verb.endswith("s") and not verb.endswith("ss"))


@dataclass(frozen=True, slots=True)
class Where:
    """The spans one description is ranked against: the headline, the lead, the sentence before."""

    headline_end: int
    lead_end: int
    recent: int  # the start of the sentence before the description's own


# (name, points, test of one mention): a candidate earns a row's points once if any mention passes
SIGNALS: tuple[tuple[str, int, Callable[[str, Seen, Where, str], bool]], ...] = (
    ("appositive", 3, lambda text, seen, where, kind: _appositive(text, seen, kind)),
    ("headline", 1, lambda text, seen, where, kind: seen.start < where.headline_end),
    ("lead", 1, lambda text, seen, where, kind: where.headline_end <= seen.start < where.lead_end),
    ("acts", 1, lambda text, seen, where, kind: _acts(text, seen)),
    ("recent", 1, lambda text, seen, where, kind: seen.start >= where.recent),
)


def ranked_body(phrase_text: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the organisation a definite body description ("The club", "the pan-European
    bourse") at pos means: the capitalised name before it that wins the ranking (SIGNALS) by
    MARGIN with MIN_SCORE points, as the registry writes it; else None."""
    found = _WORD_RE.findall(phrase_text)
    if not 2 <= len(found) <= 4 or found[0].lower() != "the" or found[-1] not in BODY_NOUNS:
        return None
    text = people.text
    if _indefinite_before(text, found[-1], pos):
        return None  # "A bookmaker has stopped ...": that description's body, not a ranked name
    kind, where = BODY_NOUNS[found[-1]], where_of(text, pos)
    scores = sorted(((_score(text, seen, where, kind), name)
                     for name, seen in _candidates(people, pos, kind).items()), reverse=True)
    if not scores or scores[0][0] < MIN_SCORE or len(scores) > 1 and scores[0][0] - scores[1][0] < MARGIN:
        return None
    return people.match_org(scores[0][1]) or scores[0][1]


def _score(text: str, seen: list[Seen], where: Where, kind: str) -> int:
    """Return the points a candidate's mentions earn: each row of SIGNALS once."""
    return sum(points for _name, points, test in SIGNALS if any(test(text, s, where, kind) for s in seen))


def _indefinite_before(text: str, noun: str, pos: int) -> bool:
    """True when the article wrote "a <noun>" before pos ("A bookmaker has stopped")."""
    return _indefinite_re(noun).search(text, 0, pos) is not None


@lru_cache(maxsize=64)  # one per row of BODY_NOUNS
def _indefinite_re(noun: str) -> re.Pattern[str]:
    """Return the regex of "a <noun>" with at most two words between ("a leading UK bookmaker")."""
    return re.compile(rf"\b[Aa]n?[ \u00a0]+(?:[\w-]+[ \u00a0]+){{0,2}}?{noun}\b")


@lru_cache(maxsize=4)  # one article's, asked again for each description in it
def _sentence_ends(text: str) -> list[int]:
    """Return where each sentence of the text ends (after its closing mark and spaces), in order."""
    return [m.end() for m in _SENTENCE_END_RE.finditer(text)]


def where_of(text: str, pos: int) -> Where:
    """Return the headline's end, the lead's end and the start of the sentence before pos."""
    headline_end = text.find("\n", len(text) - len(text.lstrip()))
    headline_end = 0 if headline_end < 0 else headline_end  # one line: no headline, all lead
    body = len(text) - len(text[headline_end:].lstrip()) if headline_end < len(text) else len(text)
    lead_end = text.find("\n", body)
    ends = _sentence_ends(text)
    i = bisect_right(ends, pos)  # the sentence ends before pos: the last two bound the sentence before
    return Where(headline_end, len(text) if lead_end < 0 else lead_end, ends[i - 2] if i > 1 else 0)


def _candidates(people: DocSpeakers, pos: int, kind: str) -> dict[str, list[Seen]]:
    """Return each candidate name before pos with its mentions, a shorter name folded into the
    one longer name holding it ("Borussia" into "Borussia Dortmund"); no person, no place, no
    publication, none whose own last word is a body of another kind than `kind`."""
    named: dict[str, list[Seen]] = {}
    for name, seen in _runs(people.text, people.common):  # cached: the article's runs, found once
        if seen.start < pos and not _person(people, name):
            named.setdefault(name, []).append(seen)
    holders: dict[str, list[str]] = {}  # each word -> the names holding it: no scan of every pair
    for name in named:
        for word in set(name.split()):
            holders.setdefault(word, []).append(name)
    for short in sorted(named, key=len):
        longer = [n for n in holders[short.split()[0]] if n != short and n in named and f" {short} " in f" {n} "]
        if len(longer) == 1:
            named[longer[0]].extend(named.pop(short))
    publications = people.organisations.publications  # "the Quill Daily newspaper": no firm, club nor party
    return {name: seen for name, seen in named.items()
            if not _place(people.text, seen) and name not in publications and name_kind(name) in (None, kind)}


def name_kind(name: str) -> str | None:
    """Return the kind a name's own last word gives it ("Acme Bank": bank, "Acme Ltd": firm), else None."""
    last = name.split()[-1].lower().rstrip(".")
    return BODY_NOUNS.get(last) or ("firm" if last in _ORG_SUFFIXES else None)


def _person(people: DocSpeakers, name: str) -> bool:
    """True when a word of `name` is a registered person's surname or first name whom a gender
    (a known first name, a title) or a role vouches for ("Glazer" of Malcolm Glazer; not
    "Borussia Dortmund", a run the registry read as a name), or the name opens with a title."""
    toks = name.split()
    if toks[0].lower().rstrip(".") in _TITLES:
        return True
    return any(p.gender or p.roles for w in toks for p in people.by_last.get(w, []) + people.by_first.get(w, []))


def _place(text: str, seen: list[Seen]) -> bool:
    """True when the name is written after "in", "at" or "from" and never acts: a place."""
    linked = any(_word_before(text, s.start) in _PLACE_LINKS for s in seen)
    return linked and not any(_acts(text, s) for s in seen)


@lru_cache(maxsize=4)  # one article's, asked again for each description in it
def _runs(text: str, common: frozenset[str]) -> tuple[tuple[str, Seen], ...]:
    """Return (name, mention) of every capitalised run of the text, without its leading
    common words ("However", a sentence's opening "Shares": a word the text writes in
    lowercase), its possessive, and none made only of descriptors ("German", "Labour")."""
    found: list[tuple[str, Seen]] = []
    for m in _RUN_RE.finditer(text):
        toks = [(t.group(), m.start() + t.start()) for t in _TOKEN_RE.finditer(m.group())]
        opening = m.start() == 0 or text[m.start() - 1] in "\n\"\u201c" or \
            _SENTENCE_END_RE.search(text, max(0, m.start() - 3), m.start()) is not None
        while toks and (toks[0][0].lower() in _SKIP or opening and toks[0][0].lower() in common):
            toks.pop(0)
            opening = False
        if not toks:
            continue
        possessor = toks[-1][0].endswith(("'s", "\u2019s"))
        names = [t.rstrip(".") for t, _ in toks]
        names[-1] = names[-1][:-2] if possessor else names[-1]
        if names[-1] and not all(t.lower() in _DESCRIPTORS or t.lower() in _SKIP for t in names):
            found.append((" ".join(names), Seen(toks[0][1], m.end(), possessor)))
    return tuple(found)
