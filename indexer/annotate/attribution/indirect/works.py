"""A book's words are its author's: reported clauses whose speaker phrase is a work.

Owns crediting a reported clause whose speaker phrase is a book or a memoir
("the book claims", "according to a new book", "Ann Vole's book suggests",
the title "Acme Days, by Ann Vole, says") to the person the article names
as its author: its possessive owner, the name after "by" beside its title
("a new book, Acme Days by Norland Post journalist Ann Vole"), or after the
last such work named before it.  News credits what a book reports to its
author; the direct path reads "the book" as a document of the body named
last, or as no one.  The nouns are the lexicon's "authored_works".
"""
from __future__ import annotations

import re
from typing import Any

from onrecord.indexer.annotate.attribution.indirect.outlets import WORD_RE
from onrecord.indexer.annotate.attribution.indirect.worksources import work_maker
from onrecord.indexer.annotate.attribution.indirect.written import credited
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_alternation
from onrecord.indexer.lexicon import words

_WORKS = words("authored_works")
WORK_REACH = 3000  # characters back "the book" looks for the work named with its author
_BY = r"by[ \u00a0]+([^,.;:()\"\u201c\u201d]{3,70})"  # the words after "by", up to punctuation
# a work, maybe its title, then "by" and its author: "a new book, Acme Days by Ann Vole"
_WORK_BY_RE = re.compile(rf"\b(?:{word_alternation(_WORKS)})\b[^.;\"\u201c]{{0,60}}?\b{_BY}")
_TITLE_BY_RE = re.compile(rf",[ \u00a0]+{_BY},")  # "Acme Days, by Ann Vole, says"
_OWNER_BEFORE_RE = re.compile(r"((?:[A-Z][\w.'\u2019-]*[ \u00a0]+)*[A-Z][\w'\u2019-]+?)['\u2019]s?[ \u00a0]+"
                              r"(?:(?:new|latest|forthcoming|recent)[ \u00a0]+)?$")
_NAME_RUN_RE = re.compile(r"[A-Z][\w'\u2019-]+(?:[ \u00a0]+[A-Z][\w'\u2019-]+)+")


def book_author(who: dict[str, Any], phrase: Phrase, base: int, people: DocSpeakers) -> dict[str, Any]:
    """Return `who` credited to the author of the work its phrase names (a
    book, a memoir: its possessive owner, else the person named after "by"
    beside it or the last such work before it), or of the title it is when
    ", by <author>," follows it; else the maker indirect.worksources names, else `who`."""
    pos, end = phrase.start + base, phrase.end + base
    text = people.text
    found = WORD_RE.findall(phrase.text.lower())
    title = _TITLE_BY_RE.match(text, end) if phrase.kind in ("name", "np") and phrase.text[:1].isupper() else None
    if title:
        author = _person_in(title.group(1), title.start(1), people)
    elif phrase.kind == "np" and found and found[-1] in _WORKS:
        author = _owner(phrase, pos, people) or _author_by(pos, end, people)
    else:  # "according to a report from the Acme Institute": any other work's maker named after it
        return work_maker(who, phrase, base, people)
    return who if author is None else credited(who, author, "person", "name")


def _owner(phrase: Phrase, pos: int, people: DocSpeakers) -> str | None:
    """Return the person whose work the phrase names by a possessive, in it or
    right before it ("Mr Vole's book", "Ann Vole's new book"), else None."""
    inside = re.match(r"(.+?)['\u2019]s?[ \u00a0]+(?:\w+[ \u00a0]+)?\w+$", phrase.text)
    if inside and inside.group(1)[:1].isupper():
        return _person_in(inside.group(1), pos, people)
    m = _OWNER_BEFORE_RE.search(people.text, max(0, pos - 60), pos)
    return _person_in(m.group(1), m.start(1), people) if m else None


def _author_by(pos: int, end: int, people: DocSpeakers) -> str | None:
    """Return the author named after "by" with the work the phrase at pos
    names: in its own sentence after it ("According to a new book, Acme Days
    by Ann Vole, ..."), else with the last work named within WORK_REACH before it."""
    after = _WORK_BY_RE.search(people.text, pos, end + 120)
    if after and after.start() < end:
        return _person_in(after.group(1), after.start(1), people)
    author = None
    for m in _WORK_BY_RE.finditer(people.text, max(0, pos - WORK_REACH), pos):
        author = _person_in(m.group(1), m.start(1), people) or author
    return author


def _person_in(words_: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the person of the registry the last name run in `words_` names
    ("Norland Post journalist Ann Vole": Ann Vole), else None."""
    for m in reversed(list(_NAME_RUN_RE.finditer(words_))):
        name = people.resolve_run(m.group(), pos + m.start())[0]
        if name and people.is_person(name):
            return name
    return None
