"""The evidence that a capitalised name in an article is an organisation's.

Owns reading a name as an organisation's by its words alone (`org_by_name`:
the institutions registry knows it, an org word is in it, "Acme Group", or
a legal suffix ends it, "Acme AG") or by the words around one mention of it
(`org_by_context`): strong words that hold even for a name that looks like
a person's (an appositive ending on an org noun, "Allianz, a leading German
insurer,"; its shares, "shares in Acme", "Acme's shares"; an employer's
role, "chief executive of Acme"; a relative "which", "Acme, which ...";
its founding, "Acme was founded") and weak ones that hold only for a name
nothing shows to be a person's (an org noun before it, "conglomerate SPC
Group"; a publication noun after it, "Acme Pro magazine"; "its" a few
words after it, "Acme had hoped to pitch its drug"; a lowercase "the" before
it and a speech verb after, "the Acme has said"; a document it issues
before it, "a statement from Acme").  `shows_org` and
`OrgEvidence` tell whether any mention of a name has the strong words.
The word lists are indexer.lexicon's ("org_heads", "org_nouns",
"employer_roles", "main_cues", "document_nouns").
"""
from __future__ import annotations

import re
from collections.abc import Callable, Container
from functools import lru_cache

from onrecord.indexer.annotate.attribution.names.names import (
    TITLES,
    first_name_gender,
    is_description,
    is_role_word,
)
from onrecord.indexer.annotate.attribution.names.runs import looks_like_org
from onrecord.indexer.annotate.attribution.orgs.orgnames import DOMAIN_RE, SUFFIXES
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

ORG_NOUNS = words("org_heads", "org_nouns")  # nouns that describe an organisation ("insurer", "firm")
_EMPLOYER_ROLES = words("employer_roles")
_NOUN_ALT = word_alternation(ORG_NOUNS)
_APOSTROPHE_RE = re.compile(r"['\u2019]s?")
_LONGER_RE = re.compile(r"\w|[ \u00a0]+(?:(?:of|for|and|&)[ \u00a0]+)?[A-Z]")
# what follows a name and shows it an organisation's, even a name that looks like a person's
_AFTER_RE = re.compile(
    r"(?:['\u2019]s)?[ \u00a0]+shares\b"  # "Acme's shares fell", "Acme shares fell"
    r"|,[ \u00a0]+which\b"  # "Acme, which makes ...": a thing, never a person
    r"|,?[ \u00a0]+(?:which[ \u00a0]+)?(?:was|were|had[ \u00a0]+been|has[ \u00a0]+been)[ \u00a0]+"
    r"(?:founded|established|listed|floated|privatised|nationalised)\b"
    # "Allianz, a leading German insurer,": the appositive ends on an org noun (or its relative), no "of" in it
    rf"|,[ \u00a0]+(?:(?:a|an|the)[ \u00a0]+)?(?:(?!(?:of|for|at|in|with|by|and)\b)[\w'\u2019.-]+[ \u00a0]+){{0,4}}?"
    rf"(?:{_NOUN_ALT})s?(?=[,.;)]|[ \u00a0]+(?:which|that)\b)", re.I)  # "Acme, the private firm which runs"
# ... and what does so for a name nothing shows to be a person's
_WEAK_AFTER_RE = re.compile(r"[ \u00a0]+(?:[a-z]+[ \u00a0]+){0,4}its\b"  # "Acme had hoped to pitch its drug"
                            # "Ann Vole, Acme senior vice president": a role held at the name's body
                            rf"|[ \u00a0]+(?:[a-z-]+[ \u00a0]+){{0,2}}?(?:{word_alternation(_EMPLOYER_ROLES)})\b"
                            r"(?![ \u00a0]+of\b)")
# "no other Boeing officials knew": a body's staff, mid-sentence ("Local officials", "US officials": no body)
_STAFF_AFTER_RE = re.compile(r"[ \u00a0]+(?:officials|executives)\b")
_OPENS_SENTENCE_RE = re.compile(r"(?:^|[.!?\n][\"'\u201d\u2019]?[ \u00a0]*)$")
# "Acme Pro magazine": a title's name, unless a place's in capitals ("a US newspaper")
_PUBLICATION_NOUNS = words("publication_nouns")
_PUBLICATION_AFTER_RE = re.compile(rf"[ \u00a0]+(?:{word_alternation(_PUBLICATION_NOUNS)})\b")
# "the Acme has said": a name behind "the" that speaks is a body's (a person's takes no "the")
_THE_SPEAKS_RE = re.compile(rf"[ \u00a0]+(?:(?:has|had)[ \u00a0]+)?(?:{word_alternation(words('main_cues'))})\b")
# "a statement from Acme": what a body issues, before its name
_DOC_BEFORE_RE = re.compile(rf"\b(?:{word_alternation(words('document_nouns'))})s?[ \u00a0]+"
                            r"(?:from|by|issued[ \u00a0]+by)[ \u00a0]+$")
# what comes before a name and shows it an organisation's
_BEFORE_RE = re.compile(
    r"(?:\b(?i:shares)[ \u00a0]+in[ \u00a0]+(?:the[ \u00a0]+)?"  # "shares in Acme"
    # "chief executive of Acme"
    rf"|\b(?:{word_alternation(_EMPLOYER_ROLES)})[ \u00a0]+(?:of|at)[ \u00a0]+(?:the[ \u00a0]+)?"
    # "Vole's company Acme Free", "his firm Grant Lane": an owner's body, named after its noun
    rf"|(?:\b(?:his|her|their)|\w['\u2019]s)[ \u00a0]+(?:{_NOUN_ALT})[ \u00a0]+"
    # "the media watchdog, Acme Watch": a name set off after the org noun describing it
    rf"|\b[Tt]he[ \u00a0]+(?:[a-z][\w-]*[ \u00a0]+){{0,2}}(?:{_NOUN_ALT}),[ \u00a0]+)$")
_WEAK_BEFORE_RE = re.compile(rf"(?<![A-Z])\b(?:{_NOUN_ALT})[ \u00a0]+$")  # "conglomerate SPC Group" (lowercase noun)

def org_by_name(name: str, match: Callable[[str], str | None], initials: Container[str]) -> str | None:
    """Return the organisation the run `name` names by its words alone, or
    None (a person, a place, a word, or one the words around a mention must
    decide: org_by_context): the registry's name, else `name` when an org
    word is in it (an acronym: the `initials` of a name in the article)."""
    toks = name.split()
    if is_description(toks):  # "Labour", "German": a word that describes, not a body that speaks;
        # but a plural the registry knows is its members, the body ("the Tories insisted", "Lib Dems")
        return match(name) if name.endswith("s") else None
    found = match(name)
    if found:
        return found
    if DOMAIN_RE.fullmatch(name):
        return name  # "Suprnova.org"
    if len(toks) > 1 and toks[-1].lower().rstrip(".") in SUFFIXES:
        return name  # "Acme Holdings", "Acme AG"
    if looks_like_org(toks) and (len(toks) > 1 or not name.isupper() or name in initials):
        return name  # "Acme Group"; "NATO" when the article spells it out, never "US" nor "AI"
    return None


_ACRONYM_AFTER_RE = re.compile(r"[ \u00a0]\(([A-Z]{2,6})\)")  # "Athletics Kenya (AK)"


def _spelled_acronym(text: str, end: int, toks: list[str]) -> bool:
    """True when the name of `toks` ending at `end` is followed by its initials
    in parentheses ("Athletics Kenya (AK)"): a body spelling out its acronym."""
    m = _ACRONYM_AFTER_RE.match(text, end)
    return m is not None and len(toks) > 1 and m.group(1) == "".join(w[0] for w in toks if w[:1].isupper())


def org_by_context(text: str, start: int, name: str, personal: bool) -> str | None:
    """Return `name` when the words around its mention at start say it is an
    organisation's (only strong words for a name that looks `personal`:
    "Paris Baguette was founded in 1988"), else None; for a name
    org_by_name leaves undecided."""
    toks = name.split()
    end = text.find(name, start) + len(name)
    if strong_evidence(text, start, end) or _spelled_acronym(text, end, toks):
        return name
    if not personal and not name.isupper() and _PUBLICATION_AFTER_RE.match(text, end):
        return name  # "PC Acme magazine": a title's name, whatever its first word
    if personal or first_name_gender(toks[0]) or toks[0].lower().rstrip(".") in TITLES or is_role_word(toks[0]):
        return None  # "the company Ann Vole founded", "Vole said its plan": a person
    if _matches_after(_WEAK_AFTER_RE, text, end) or _STAFF_AFTER_RE.match(text, end) and not (
            name.isupper() and len(name) <= 3 or _OPENS_SENTENCE_RE.search(text, max(0, start - 3), start)) \
            or ends_before(text, start, _ORG_NOUN_ENDS) and \
            _WEAK_BEFORE_RE.search(text, max(0, start - 40), start):
        return name
    if ends_before(text, start, ("from", "by")) and _DOC_BEFORE_RE.search(text, max(0, start - 40), start):
        return name
    return name if _speaks_after_the(text, start, end) else None


def publication_named(text: str, name: str) -> str | None:
    """Return `name` when the article writes it before a publication noun
    ("PC Acme magazine": "PC Acme" is the title, no constable), else None."""
    return name if not name.isupper() and name in _publication_names(text) else None


_BEFORE_PUBLICATION_RE = re.compile(rf"((?:[A-Z][\w'\u2019&.-]*[ \u00a0]+)*[A-Z][\w'\u2019&.-]*)"
                                    rf"(?={_PUBLICATION_AFTER_RE.pattern})")


@lru_cache(maxsize=4)  # one scan per article, however many runs ask (a few articles kept, never more)
def _publication_names(text: str) -> frozenset[str]:
    """Return every capitalised run, and each of its tails, written right
    before a publication noun ("A survey by PC Acme magazine": "PC Acme", "Acme")."""
    found: set[str] = set()
    if not any(noun in text for noun in _PUBLICATION_NOUNS):
        return frozenset(found)  # most articles name no publication: no scan
    for m in _BEFORE_PUBLICATION_RE.finditer(text):
        toks = m.group(1).split()
        found.update(" ".join(toks[i:]) for i in range(len(toks)))
    return frozenset(found)


def _speaks_after_the(text: str, start: int, end: int) -> bool:
    """True when a lowercase "the" opens the name text[start:end] and a
    speech verb follows it ("the Acme has said")."""
    return text[max(0, start - 5):start] in (" the ", "\nthe ", " the\u00a0") and bool(_THE_SPEAKS_RE.match(text, end))


def strong_evidence(text: str, start: int, end: int) -> bool:
    """True when the words around the name text[start:end] say it is an
    organisation's, whatever it looks like ("Acme, which ...", "shares in Acme")."""
    return bool(_matches_after(_AFTER_RE, text, end)
                or ends_before(text, start, _BEFORE_ENDS) and _BEFORE_RE.search(text, max(0, start - 40), start))


# the last words _BEFORE_RE can end in ("the watchdog, " before its name)
_BEFORE_ENDS = ("in", "of", "at", "the", *ORG_NOUNS, *(f"{noun}," for noun in ORG_NOUNS))
_ORG_NOUN_ENDS = tuple(ORG_NOUNS)  # _WEAK_BEFORE_RE's


def ends_before(text: str, start: int, last_words: tuple[str, ...]) -> bool:
    """False when the 40 characters before `start` cannot end in one of `last_words` and
    "[ \u00a0]+$" ("$" also before a final newline), as _BEFORE_RE and _WEAK_BEFORE_RE must:
    a string test that spares their scan before most names."""
    window = text[max(0, start - 40):start]
    if window.endswith("\n"):
        window = window[:-1]
    head = window.rstrip(" \u00a0")
    return len(head) < len(window) and head.endswith(last_words)


class OrgEvidence:
    """shows_org for one article's names, each looked up once (a per-article
    memo: a process-wide cache keyed by the whole text would keep up to its
    size of articles alive)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._seen: dict[str, bool] = {}

    def __call__(self, name: str) -> bool:
        if name not in self._seen:
            self._seen[name] = shows_org(self.text, name)
        return self._seen[name]


def shows_org(text: str, name: str) -> bool:
    """True when some mention of `name` in `text` has strong words saying it
    is an organisation's ("Paris Baguette was founded in 1988"): a person
    registered by that name is none (he and she never mean it)."""
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        # the whole name, not the start of a longer one ("Ann Vole Events, which ...")
        if not _LONGER_RE.match(text, end) and strong_evidence(text, at, end):
            return True
        at = text.find(name, end)
    return False


def _matches_after(pattern: re.Pattern[str], text: str, end: int) -> bool:
    """Return True when `pattern` matches right after the name ending at `end`, or after its
    possessive ("Acme's"); a name without one (most) is matched once, not twice at one place."""
    if pattern.match(text, end):
        return True
    possessive = _possessive_end(text, end)
    return possessive != end and pattern.match(text, possessive) is not None


def _possessive_end(text: str, end: int) -> int:
    """Return the end of a name with its possessive ("Acme's"), else `end`."""
    m = _APOSTROPHE_RE.match(text, end)
    return m.end() if m else end
