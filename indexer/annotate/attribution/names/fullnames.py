"""The full names an article introduces, and the name an appositive sets off.

Owns finding every capitalised run's full names (indexer.annotate.attribution.names.names
cuts a run into role words, a title and a name) with where each starts, and "the Family,
Theresa May, said": the name after an office.  indexer.annotate.attribution.people.speakers
registers the names as people.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from onrecord.indexer.annotate.attribution.names.names import (
    INITIALS_RE,
    NOT_SENTENCE_END,
    RUN_RE,
    NameParts,
    cut_name,
    is_full_name,
    is_owner,
    is_role_word,
    lexicon,
    name_words,
    plain_word,
)
from onrecord.indexer.annotate.attribution.names.runs import without_kind_noun


@dataclass(frozen=True, slots=True)
class NameHit:
    """A full name found in the article: its cut parts and where it starts."""

    parts: NameParts
    start: int  # where the name itself (after role words) starts
    run_start: int  # where the capitalised run starts


def find_full_names(text: str, common: frozenset[str]) -> list[NameHit]:
    """Return every run of the article that cuts to a name of two to four
    words besides its particles ("Chelsea boss Jose Mourinho" -> Jose
    Mourinho, "Ursula von der Leyen"), and the owner that opens a run
    ("Ann Vole's Dark Hills" -> Ann Vole), in text order."""
    hits = []
    # what a run names depends on its words and `common` alone: a name the article repeats
    # ("Tony Blair" five times) is cut once per article, each mention shifted to its place
    names_of: dict[str, list[tuple[NameParts, int, int]]] = {}
    for m in RUN_RE.finditer(text):
        kept = without_kind_noun(text, m.group(), m.start())  # "Bookmaker Acmebet": no person
        run, at = kept, m.end() - len(kept)
        if run not in names_of:
            names_of[run] = run_names(run, common)
        hits += [NameHit(NameParts(list(parts.role), parts.title, list(parts.name), list(parts.suffix)),
                         at + start, at + run_start) for parts, start, run_start in names_of[run]]
    nicknamed = _nicknamed(text, common)
    return sorted(hits + nicknamed, key=lambda h: h.start) if nicknamed else hits


# a quoted nickname between a first name and a surname: 'Antonio "LA" Reid' (the quote mark first: few match)
_NICKNAME_RE = re.compile(r"[\"'\u201c\u2018][A-Z][\w.-]{0,15}[\"'\u201d\u2019][ \u00a0]+([A-Z][a-z][\w'\u2019-]*)")
_FIRST_BEFORE_RE = re.compile(r"(?<![\w-])([A-Z][a-z]+)[ \u00a0]+$")


def _nicknamed(text: str, common: frozenset[str]) -> list[NameHit]:
    """Return the full names a quoted nickname splits ('Antonio "LA" Reid'
    -> Antonio Reid): a first name (no word the article writes in
    lowercase, nor a role or title), the nickname, a surname."""
    hits = []
    for m in _NICKNAME_RE.finditer(text):
        first = _FIRST_BEFORE_RE.search(text, max(0, m.start() - 20), m.start())
        word = first.group(1) if first else ""
        if first and plain_word(word) not in common and not is_role_word(word.lower()) \
                and is_full_name([word, m.group(1)]):
            hits.append(NameHit(NameParts(name=[first.group(1), m.group(1)]), first.start(1), first.start(1)))
    return hits


def run_names(run: str, common: frozenset[str]) -> list[tuple[NameParts, int, int]]:
    """Return (parts, where the name starts, where its piece starts) of each name one
    capitalised run holds (find_full_names' rules), the offsets relative to the run."""
    hits = []
    apostrophe = "'" in run or "\u2019" in run  # an owner's word has one: most runs none
    for start, raw in _sentence_pieces(run, 0):
        owner = next((k for k, t in enumerate(raw[:-1]) if is_owner(t)), 0) if apostrophe else 0
        own = cut_name(raw[:owner + 1], common) if owner else None
        if own is not None and len(own.name) >= 2 and is_full_name(own.name):  # "Ann Vole's Acme Show": hers
            at = run.find(own.name[0], start)
            hits.append((own, at if at >= 0 else start, start))
        parts = cut_name(raw, common)
        if len(parts.name) < 2 or not is_full_name(parts.name) or len(parts.name) > 3 and any(
                plain_word(t) in common for t in name_words(parts.name)[1:-1]):
            continue  # "Overall UK", "During November": no surname; "Move Against Ann Vole": a headline
        offset = run.find(parts.name[0], start)
        hits.append((parts, offset if offset >= 0 else start, start))
    return hits


# the lowercase role words closing the description ("Car Show expert, Ann Vole,")
_APPOSITIVE_RE = re.compile(r"((?:[ \u00a0]+[a-z][a-z-]*){0,3}),[ \u00a0]+")
_COORDINATE_RE = re.compile(r"[ \u00a0]+and[ \u00a0]+")


def appositive_name(text: str, end: int, common: frozenset[str], coordinate: bool = False) -> list[str] | None:
    """Return the full name set off by commas right after `end` ("the
    Family, Theresa May, said" -> Theresa May: the office before it is
    hers; "Car Show expert, Ann Vole," -> Ann Vole), or None when the words
    there are not a full name alone.  With `coordinate` (the words before
    `end` name nobody), a second role joined by "and" ends in the name:
    "Acme Co-Owner and Lead Planner Ann Vole" -> Ann Vole."""
    lead = _APPOSITIVE_RE.match(text, end)
    if lead and all(is_role_word(w) or w in lexicon().person_nouns for w in lead.group(1).split()):
        run = RUN_RE.match(text, lead.end())
        if run is None or text[run.end():run.end() + 1] != ",":
            return None
        parts = cut_name(run.group().split(), common)
        return parts.name if not parts.role and parts.title is None and is_full_name(parts.name) else None
    lead = _COORDINATE_RE.match(text, end) if coordinate else None
    run = RUN_RE.match(text, lead.end()) if lead else None
    if run is None:
        return None
    pieces = _sentence_pieces(run.group(), 0)  # "... Lead Planner Ann Vole. Then": up to the sentence's end
    parts = cut_name(pieces[0][1], common) if pieces and pieces[0][0] == 0 else NameParts()
    return parts.name if (parts.role or parts.title) and is_full_name(parts.name) else None


_TOKEN_RE = re.compile(r"\S+")


def _sentence_pieces(run: str, base: int) -> list[tuple[int, list[str]]]:
    """Split a capitalised run at words ending a sentence ("in March. Tom Dahl"):
    return (absolute start, tokens) per piece; initials and titles ("J.",
    "Mr.", "Sen.") do not end a sentence, and a piece's final period goes."""
    if "." not in run:  # most runs: one piece, split as _TOKEN_RE would (both split on Unicode spaces)
        toks = run.split()
        return [(base + len(run) - len(run.lstrip()), toks)] if len(toks) >= 2 else []
    pieces: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = base
    for tok in _TOKEN_RE.finditer(run):
        word = tok.group()
        if not current:
            start = base + tok.start()
        if word.endswith(".") and not INITIALS_RE.fullmatch(word) and plain_word(word) not in NOT_SENTENCE_END:
            current.append(word.rstrip("."))
            pieces.append((start, current))
            current = []
        else:
            current.append(word)
    if current:
        pieces.append((start, current))
    return [(s, toks) for s, toks in pieces if len(toks) >= 2]
