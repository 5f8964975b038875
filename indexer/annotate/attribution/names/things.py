"""Capitalised phrases that name things, not people.

Owns telling a person's name from a company's, a product's or a place's
when the article gives no title, known first name or role for it: a
phrase's last word the article also writes in lowercase ("Urbane Box": a
box) or a phrase after "the" ("the Beige Book"), there or anywhere in the article, names a thing, unless a
name shape vouches for a person (`vouched`: a title, a known first name,
initials, a role word before it, ", who ..." or ", an activist" after
it).  Also a capitalised run that only modifies the person noun after it
("the Acme player", "MIT Sloan professor"), a name alone on its line (a
heading, no sentence's subject) and an employer after a bare role ("Ann
Vole, president, Acme Outdoors").  indexer.annotate.attribution.people.speakers
asks these questions before registering a person.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.fullnames import NameHit
from onrecord.indexer.annotate.attribution.names.names import (
    ORG_NAME_WORDS,
    TITLES,
    first_name_gender,
    is_role_word,
    lexicon,
    name_words,
)
from onrecord.indexer.lexicon import words

_ROLE_WORDS = words("roles")
_THE_FORMS = ("the ", "The ", "the\u00a0", "The\u00a0")
_DOTTED_RE = re.compile(r"(?:[A-Z]\.)+")
_WORD_CHAR_RE = re.compile(r"[\w'\u2019-]")
_WORD_RE = re.compile(r"\w")  # what re's \b counts as a word character
_SPACES = " \u00a0"
# what may follow a run after "the" for it to name a thing: no word character, no capitalised word
_RUN_END_RE = re.compile(r"(?![\w'\u2019-])(?![ \u00a0]+[A-Z])")
_LOWER_BEFORE_RE = re.compile(r"(?:[a-z][a-z-]*[ \u00a0]+){1,3}$")  # "city council president "
# ", who founded Acme", ", an activist and former prisoner": what follows only a person
_PERSON_AFTER_RE = re.compile(r",[ \u00a0]+(?:who|whose)\b"
                              r"|,[ \u00a0]+(?:a|an|the|his|her|their)[ \u00a0]+([^,.;:()]{1,60})")
_NOUN_AFTER_RE = re.compile(r"[ \u00a0]+([a-z][a-z-]*)\b")
# "Ann Vole, president, " right before a name: the name is the employer of the person named
# before the bare role ("her lawyer, Ann Vole," is an appositive naming her)
_EMPLOYER_AFTER_ROLE_RE = re.compile(r"[A-Z][\w'\u2019-]*,[ \u00a0]+(?!(?:the|a|an|her|his|their|its)\b)"
                                     r"(?:[a-z-]+[ \u00a0]+){0,3}([a-z-]+),[ \u00a0]*$")


def not_a_person(text: str, common: frozenset[str], hit: NameHit) -> bool:
    """Return True when a full name the document scan found is no person's:
    an employer after a bare role, or a thing's name (`is_thing`)."""
    employer = employer_before(text, hit.run_start)
    if employer and employer.group(1) in _ROLE_WORDS:
        return True  # "Ann Vole, president, Acme Outdoors": her employer, not a person
    name = hit.parts.name
    end = text.find(name[-1], hit.start) + len(name[-1])
    return is_thing(text, common, name, hit.parts.title, hit.parts.role, (hit.start, end))


def employer_before(text: str, start: int) -> re.Match[str] | None:
    """Return _EMPLOYER_AFTER_ROLE_RE's match in the 60 characters before `start`, or None."""
    lo = max(0, start - 60)
    window = text[lo:start]
    # the pattern ends in ",[ \u00a0]*$" ($ also before a final newline): most names have no
    # comma right before them, and a string test spares the scan
    if not (window[:-1] if window.endswith("\n") else window).rstrip(" \u00a0").endswith(","):
        return None
    return _EMPLOYER_AFTER_ROLE_RE.search(text, lo, start)


def alone_on_line(text: str, hit: NameHit) -> bool:
    """Return True when the name is its line's only words (a heading or a
    list's entry): it is no sentence's subject."""
    if text[max(0, hit.run_start - 1):hit.run_start] not in ("", "\n"):
        return False
    end = text.find("\n", hit.start)
    return text[hit.start:end if end >= 0 else len(text)].strip() == hit.parts.display()


def is_thing(text: str, common: frozenset[str], name: list[str], title: str | None, role: list[str],
             span: tuple[int, int]) -> bool:
    """Return True when the capitalised phrase `name` at `span` (after its
    `title` and capitalised `role` words) names a thing, not a person:
    `names_a_thing` says so and no name shape vouches for a person."""
    start, end = span
    if not names_a_thing(name, text, common, start):
        return False  # most names: the cheap test first
    lower = _LOWER_BEFORE_RE.search(text, max(0, start - 40), start)
    if vouched(name, title, role + (lower.group().split() if lower else [])):
        return False
    after = _PERSON_AFTER_RE.match(text, end)
    if after and (after.group(1) is None or any(_is_person_word(w) for w in after.group(1).split())):
        return False  # "Ann Vole, who ...", "Ann Vole, an activist": a person
    return not _titled_somewhere(text, name_words(name)[-1])  # "Ms Rice" somewhere: a person


def _is_person_word(word: str) -> bool:
    return is_role_word(word) or word.lower() in lexicon().person_nouns


def vouched(name: list[str], title: str | None, role: list[str]) -> bool:
    """Return True when a name shape vouches for a person: a title, a known
    first name, initials ("J.D. Vole"), or a role or descriptor word before
    it ("veteran analyst")."""
    lex = lexicon()
    return bool(title) or first_name_gender(name[0]) is not None or bool(_DOTTED_RE.fullmatch(name[0])) or any(
        is_role_word(w) or w.lower().rstrip(".") in lex.describing for w in role)


def names_a_thing(name: list[str], text: str, common: frozenset[str], at: int) -> bool:
    """Return True when a capitalised phrase at `at` of two or more words
    reads as a thing's name: its last word is one the article writes in
    lowercase ("Urbane Box": a box), or it follows "the" ("the Beige Book":
    a person takes no article).  A string test: this runs for every name."""
    if len(name) < 2:
        return False
    if name[-1].lower() in common:
        return True
    if text.endswith(_THE_FORMS, max(0, at - 4), at) and (at < 5 or not _WORD_CHAR_RE.match(text, at - 5)):
        return True
    return _after_the_elsewhere(" ".join(name), text)


def _after_the_elsewhere(run: str, text: str) -> bool:
    """True when the article writes `run` whole after "the" somewhere, no capitalised word
    after it ("Stade de France, Paris" heading, "at the Stade de France" below): a thing."""
    if "he " + run not in text or "the " + run not in text and "The " + run not in text:
        return False  # most names: one string test ("he " is in both forms), two where it is found
    # each run compiled its own regex (a new pattern per name, so re's cache missed): the
    # costliest avoidable compile of a corpus pass; a string scan finds the same places
    return _after_the_scan(run, text)


def _after_the_scan(run: str, text: str) -> bool:
    """Return whether "the" or "The" as a whole word, spaces, then `run` occur in
    `text`, ending where neither a word character nor a capitalised word follows:
    found by a string scan, tested around each place with regexes compiled once."""
    i = text.find(run)
    while i >= 0:
        if _the_right_before(text, i) and _RUN_END_RE.match(text, i + len(run)):
            return True
        i = text.find(run, i + 1)
    return False


def _the_right_before(text: str, at: int) -> bool:
    """Return whether text before `at` ends in a whole word "the" or "The" and at
    least one space (or no-break space): what `\\b[Tt]he[ ]+` needs there."""
    j = at
    while j > 0 and text[j - 1] in _SPACES:
        j -= 1
    return j < at and j >= 3 and text[j - 3:j] in ("the", "The") and not (j > 3 and _WORD_RE.match(text, j - 4))


def _titled_somewhere(text: str, last: str) -> bool:
    """True when the article writes `last` whole right after a title ("Mr Vole")."""
    i = text.find(last)
    while i >= 0:
        before = text[max(0, i - 8):i].rstrip().rsplit(None, 1)
        whole = not (i > 0 and _WORD_CHAR_RE.match(text, i - 1)) and not _WORD_CHAR_RE.match(text, i + len(last))
        if before and before[-1].lower().rstrip(".") in TITLES and whole:
            return True
        i = text.find(last, i + 1)
    return False


def modifies_noun(text: str, end: int) -> bool:
    """True when a person noun or role word follows the capitalised run
    ending at `end` ("the Acme player", "Ann Vole's lawyer", "MIT Sloan
    professor"): the run describes that person, it is not their name; a
    spokesperson ("an Acme spokesman") speaks for the run, and an
    institution noun ("the Vole campaign") is one named by it."""
    after = _NOUN_AFTER_RE.match(text, end)
    if after is None:
        return False
    word, lex = after.group(1), lexicon()
    return (word in lex.person_nouns or is_role_word(word)) and word not in lex.spokes and word not in ORG_NAME_WORDS
