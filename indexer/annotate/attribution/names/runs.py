"""Capitalised speaker runs: role, title and name, or an institution.

Owns cutting a run such as "Met Commissioner Dame Cressida Dick" into its
role, title and name, telling an institution's name from a person's (an
org word or an acronym), and naming the institution a phrase stands for
(indexer.annotate.institutions' registry, with a small fallback when it
is absent), an acronym's spelled-out name in the text, and the bodies
spokespeople speak for ("a spokeswoman for the X", "an X spokesman"); and
the words before a body's name that are not its name: a place modifier
("Leeds-based"), an owner ("the UN's"), a noun saying what it is when it
opens the sentence ("Bookmaker Acmebet said").
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from onrecord.indexer.annotate.attribution.names.names import (
    ORG_NAME_WORDS,
    TITLES,
    first_name_only,
    is_full_name,
    is_owner,
    is_post_nominal,
    is_role_word,
    title_index,
)
from onrecord.indexer.lexicon import words

ROLE_WORDS = words("roles")
SUFFIXES = words("name_suffixes")
_FALLBACK_ORGS = {"met": "Metropolitan Police", "metropolitan police": "Metropolitan Police",
                  "iopc": "Independent Office for Police Conduct",
                  "independent office for police conduct": "Independent Office for Police Conduct",
                  "bbc": "BBC", "fbi": "FBI", "white house": "White House"}



# compiled once: match_org and split_run run for every capitalised run a speaker may be
ARTICLE_RE = re.compile(r"^(?:the|a|an)\s+", re.I)
_POSSESSIVE_S_RE = re.compile(r"['\u2019]s$")
_CAPITALISED_RE = re.compile(r"[A-Z](?<!\w[A-Z])[\w.&-]*(?:\s+[A-Z][\w.&-]*)*")  # the letter first, as names' RUN_RE
_THE_RE = re.compile(r"^(?:the|The)\s+")
_OWNER_END_RE = re.compile(r"['\u2019]s?$")
_ACRONYM_RE = re.compile(r"[A-Z]{2,6}")


@lru_cache(maxsize=8)  # one registry a run: the packaged list and the operator's files
def _institution_matcher(registry: Any = None) -> Callable[[str], str | None]:
    """Return phrase -> canonical institution in `registry` (an
    InstitutionRegistry; None: the packaged list alone), via
    indexer.annotate.institutions.institutions when present."""
    try:
        from onrecord.indexer.annotate.institutions import (
            institutions,  # written concurrently; guarded so quotes work alone
        )
        known: Any = institutions.load_registry() if registry is None else registry
        return lambda phrase: institutions.match_institution(phrase, known)
    except (ImportError, AttributeError):
        return lambda phrase: _FALLBACK_ORGS.get(phrase.lower())


@lru_cache(maxsize=4096)  # the same speaker phrases recur all through a long article
def match_org(phrase: str, registry: Any = None) -> str | None:
    """Return the canonical institution a speaker phrase names in
    `registry` (an InstitutionRegistry, hashed by identity; None: the
    packaged list alone), or None.

    Tries the whole phrase without determiner, then its capitalized words
    ("a Met spokesperson" -> the Met)."""
    match = _institution_matcher(registry)
    core = ARTICLE_RE.sub("", phrase.strip())
    core = _POSSESSIVE_S_RE.sub("", core)
    for candidate in (core, *_CAPITALISED_RE.findall(core)):
        try:
            found = match(candidate)
        except Exception:  # a broken registry must not stop quote extraction
            found = None
        if found:
            return found
    return None


def split_run(run: str) -> tuple[str | None, str | None, list[str]]:
    """Split a capitalized run into (role, title, name tokens).

    "Met Commissioner Dame Cressida Dick" -> ("Met Commissioner", "Dame",
    ["Cressida", "Dick"])."""
    toks = _THE_RE.sub("", run).split()
    lead = next((k for k, t in enumerate(toks[:-1]) if is_owner(t)), -1)
    if lead >= 0 and not looks_like_org(toks[lead + 1:]):  # "Acme's Ann Vole": her employer
        return " ".join(toks[:lead + 1]), *split_run(" ".join(toks[lead + 1:]))[1:]
    toks = [_OWNER_END_RE.sub("", t) if is_owner(t) else t for t in toks]
    while len(toks) > 1 and toks[-1].lower().rstrip(".") in SUFFIXES:
        toks = toks[:-1]  # "Martin Luther King Jr.": the generation is not the name
    if len(toks) > 2 and is_post_nominal(toks[-1]) and is_full_name(toks[-3:-1]) and not looks_like_org(toks):
        # "Ann Vole QC", "Ann Vole MP": letters after her full name, never the whole run a role
        role, title, name = split_run(" ".join(toks[:-1]))
        return " ".join(filter(None, (role, toks[-1]))), title, name
    at = next((k for k, t in enumerate(toks) if t in ("of", "at") and k > 0), -1)
    if at > 0:  # "Ann Vole of Acme", "Dr. Vole at Acme": her employer follows; "Duke of Kent" is no name before
        role, title, name = split_run(" ".join(toks[:at]))
        if name and (title or is_full_name(name)):
            return role, title, name
    title_at = title_index(toks)
    if title_at >= 0:
        role = " ".join(toks[:title_at]) or None
        return role, toks[title_at], toks[title_at + 1:]
    cut = 0
    for k, t in enumerate(toks):
        low = t.lower().rstrip(".")
        # "Stephen King", "John Bishop": a title or role word after a first name is the surname
        if is_role_word(low) and not (k == len(toks) - 1 and (low in TITLES or first_name_only(toks[:k]))):
            cut = k + 1
        elif low in ("for", "of") and k + 1 < len(toks):
            cut = k + 3 if toks[k + 1].lower() == "the" else k + 2  # "Chancellor of the Exchequer"
    name = toks[cut:]
    if len(name) > 3:
        cut, name = len(toks) - 2, toks[-2:]
    return (" ".join(toks[:cut]) or None), None, name


_KIND_NOUNS = words("org_nouns")  # "Bookmaker", "Distributor": what a body is, never its name
# a sentence's opening: the text's start, a line break, or a sentence's end (a closing quote mark after it)
_OPENING_RE = re.compile(r"(?:^|\n|[.!?]['\"\u2019\u201d]?[ \u00a0]+)$")


def body_name(name: str) -> str:
    """Return a body's name without the words before it that are not its name: a place modifier
    ("the San Francisco-based US Court of Appeals" -> "US Court of Appeals") or an owner in the
    possessive ("the UN's World Food Programme" -> "World Food Programme"), when two words or
    more are left (after an owner, an institution's name: "Acme's Ann Vole" stays); else `name`."""
    based = name.rfind("-based ")
    rest = name[based + 7:] if based >= 0 else ""
    if rest[:1].isupper() and " " in rest.strip():
        return rest
    toks = name.split()
    owner = next((k for k, t in enumerate(toks[:-2]) if is_owner(t)), -1)
    return " ".join(toks[owner + 1:]) if owner >= 0 and looks_like_org(toks[owner + 1:]) else name


def without_lead_description(text: str, run: str, pos: int) -> str:
    """Return `run` (found in text at or after pos) as body_name gives it ("the Leeds-based
    Acme Court" -> "Acme Court"), else as without_kind_noun gives it."""
    body = body_name(run)
    return body if body != run else without_kind_noun(text, run, pos)


def without_kind_noun(text: str, run: str, pos: int) -> str:
    """Return `run` (found in text at or after pos) without the organisation noun that opens it
    when the run opens its sentence, where the noun is capitalised for the sentence's sake
    ("Bookmaker Acmebet said" -> "Acmebet"); else `run` as it is ("Alliance Boots" mid-sentence)."""
    first, _, rest = run.partition(" ")
    if first.lower() not in _KIND_NOUNS or not rest[:1].isupper():
        return run
    start = text.find(run, pos)
    return rest if start >= 0 and _OPENING_RE.search(text, max(0, start - 4), start) else run


def looks_like_org(name: list[str]) -> bool:
    """True for an institution's name: an org word in it ("Acme Group") or an acronym ("NATO")."""
    return any(t.lower() in ORG_NAME_WORDS for t in name) or (
        len(name) == 1 and name[0].isupper() and name[0].isalpha() and len(name[0]) > 1)


def org_with_of(run: str) -> str | None:
    """Return an institution's whole name when `run` is one joined by "of"
    or "for" ("The National Association of Harbour Pilots", "Bank of Acme",
    "the Department for Mines and Canals"): an org word before it, a few
    capitalised words after it (joined by "and" or "&") and no role word
    among them (not "Bank of Acme Governor Ann Vole", "The MP for Vole North").  None else."""
    m = _OF_FOR_RE.search(_THE_RE.sub("", run))
    if m is None:
        return None
    head, of, tail = m.string[:m.start()], m.group(), m.string[m.end():]
    rest = [w for w in tail.split() if w not in ("and", "&")]
    if not looks_like_org(head.split()) or of == " for " and is_role_word(head.split()[-1]) or not 1 <= len(rest) <= 3 \
            or tail.split()[-1] in ("and", "&") or not all(w[:1].isupper() and not is_role_word(w) for w in rest):
        return None
    return f"{head}{of}{tail}"


_OF_FOR_RE = re.compile(r" (?:of|for) ")


def expand_acronym(text: str, acronym: str) -> str | None:
    """Return the capitalised name in text whose initials spell `acronym`
    ("FA" -> "Football Association"), or None."""
    if not _ACRONYM_RE.fullmatch(acronym):
        return None
    words = r"[ \u00a0]+(?:(?:of|for|and|the|&)[ \u00a0]+)?"
    pattern = words.join([rf"{ch}[a-z]+" for ch in acronym])
    m = re.search(rf"\b{pattern}\b", text)
    return m.group() if m else None


_BODY = r"[A-Z][\w'\u2019&-]*(?:[ \u00a0]+(?:(?:of|for|and|&)[ \u00a0]+)?[A-Z][\w'\u2019&-]*)*"
_SPOKES = r"spokes(?:wo)?m[ae]n|spokesperson"
# the article opens with its letter, the word check after it: the engine skips to the letter
_SPOKES_RE = re.compile(rf"[AaTt](?<!\w[AaTt])(?:(?<=[Aa])n?|(?<=[Tt])he)[ \u00a0]+"
                        rf"(?:({_SPOKES})[ \u00a0]+(?:for|at|of)[ \u00a0]+(?:the[ \u00a0]+)?({_BODY})"
                        rf"|({_BODY})[ \u00a0]+({_SPOKES})\b)")


def find_spokespeople(text: str) -> list[tuple[int, str, str]]:
    """Return (position, spokes noun, body) for 'a spokeswoman for the X'
    and 'an X spokesman' in the article."""
    found: list[tuple[int, str, str]] = []
    if "spokes" not in text:  # every match names a spokes- noun: skip the scan
        return found
    for m in _SPOKES_RE.finditer(text):
        noun, body = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        found.append((m.start(), noun, body))
    return found


# a name set off by commas beside the spokesperson's phrase: "Ann Vole, a spokeswoman for Acme," /
# "A spokesman for Acme, Dr Vole, told": the name is who speaks
_NAME_BEFORE_RE = re.compile(r"([A-Z][\w'\u2019-]*),[ \u00a0]+$")
_NAME_AFTER_RE = re.compile(r",[ \u00a0]+((?:[A-Z][\w'\u2019.-]*[ \u00a0]+){0,3}[A-Z][\w'\u2019-]*),")


def named_spokesperson(text: str, pos: int, noun: str, body: str, is_surname: Callable[[str], bool]) -> bool:
    """Return True when the spokesperson phrase at pos (find_spokespeople's
    noun and body) stands in apposition with a person's name: a known
    surname (`is_surname`) right before its comma, or after it a known
    surname or a titled name closed by a comma.  That person speaks, so
    a later "he said" is theirs, not the body's."""
    before = _NAME_BEFORE_RE.search(text, max(0, pos - 40), pos)
    if before is not None and is_surname(before.group(1)):
        return True
    end = max(text.find(noun, pos) + len(noun), text.find(body, pos) + len(body))
    after = _NAME_AFTER_RE.match(text, end)
    if after is None:
        return False
    name = after.group(1).split()
    return len(name) > 1 and name[0].rstrip(".").lower() in TITLES or is_surname(name[-1])


def unnamed_spokespeople(text: str, is_surname: Callable[[str], bool]) -> list[tuple[int, str, str]]:
    """Return find_spokespeople's (position, spokes noun, body) that no
    person's name stands in apposition with (named_spokesperson)."""
    return [(pos, noun, body) for pos, noun, body in find_spokespeople(text)
            if not named_spokesperson(text, pos, noun, body, is_surname)]
