"""Role and description words around a name after an inverted cue.

Owns the token rules phrase_after (indexer.annotate.attribution.phrases.cues.inversions) reads past a
name's lead: an office set off by a comma before a name ("Vice President, Ann Vole"), the
descriptions a capitalised run passes over ("Acme chairman Ann Vole") and the words that may
lead a name, with the shapes a describing word takes (DESCRIPTION_WORD_SHAPES: plain,
hyphen-joined, an age), which the phrase readers before and after a cue share; split from cues
so that module stays a size one can read.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import is_role_word, lexicon
from onrecord.indexer.annotate.attribution.orgs.organisations import ORG_NOUNS
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.annotate.attribution.phrases.shapes import is_cap
from onrecord.indexer.lexicon import words

_LEAD_WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*(?:['\u2019]s)?")


def is_lead_word(tok: str) -> bool:
    """True for a word that may lead a name as a role or an owner: letters,
    hyphenated ("wear-tester") or possessive ("theCUBE's"), or an age ("19-year-old")."""
    return _LEAD_WORD_RE.fullmatch(tok) is not None or AGE_WORD_RE.fullmatch(tok) is not None


# The shapes of a lowercase word describing the name after it, one row each (issue #31): the
# readers below pass over these as over "chairman" ("Tory co-chairman Ann Vole", "the 28-year-old
# Vole", "19-year-old Vole revealed"); a hyphen or a digit is no reason to stop at one.
DESCRIPTION_WORD_SHAPES: tuple[tuple[str, str], ...] = (
    ("plain", r"[a-z]+"),  # "former party adviser Ann Vole"
    ("hyphen-joined", r"[a-z]+(?:-[a-z]+)+"),  # "Tory co-chairman Ann Vole", "fly-half Ann Vole"
    ("age", r"\d{1,3}-year-old"),  # "the 28-year-old Vole", "19-year-old Vole revealed"
)
_DESCRIPTION_WORD_RE = re.compile("|".join(f"(?:{shape})" for _, shape in DESCRIPTION_WORD_SHAPES))
AGE_WORD_RE = re.compile(dict(DESCRIPTION_WORD_SHAPES)["age"])


def is_description_word(tok: str) -> bool:
    """True for a lowercase word of one of DESCRIPTION_WORD_SHAPES; a hyphen-joined one
    only as a person noun ("co-chairman", "fly-half"), never an adjective: "Acme ousted
    long-serving leader Ann Vole and has said" is Acme's (BBC business/217 read by hand)."""
    if _DESCRIPTION_WORD_RE.fullmatch(tok) is None:
        return False
    return "-" not in tok or AGE_WORD_RE.fullmatch(tok) is not None or is_person_noun(tok)


NOT_ROLE = words("not_role")

_ROLE_ENDERS = CUE_WORDS | NOT_ROLE - {"and"}


def name_after_role(toks: list[tuple[str, int, int]], k: int) -> tuple[int, int] | None:
    """Return (first, last) token index of a name of two to four words set off
    by a comma after a capitalised run ending at k in an office word ("Vice
    President, Ann Vole"), else None."""
    if k + 3 >= len(toks) or toks[k + 1][0] != "," or not is_role_word(toks[k][0]):
        return None
    last = k + 2
    while last + 1 < len(toks) and last - k < 5 and is_cap(toks[last + 1][0]):
        last += 1
    run = [t[0] for t in toks[k + 2:last + 1]]
    if not 2 <= len(run) <= 4 or not all(is_cap(w) for w in run) or any(is_role_word(w) for w in run):
        return None
    return k + 2, last


def is_person_noun(word: str) -> bool:
    """True for a lowercase noun naming a person ("daughter", "lawyer", "spokesman")."""
    lex = lexicon()
    return word.islower() and (word in lex.person_nouns or word in lex.roles or word in lex.spokes
                               or "-" in word and _DESCRIPTION_WORD_RE.fullmatch(word) is not None
                               and is_role_word(word))  # "co-chairman", not the owner "co-chairman's"


def past_descriptions(toks: list[tuple[str, int, int]], j: int, k: int) -> tuple[int, int]:
    """Return the name run (first, last token index) the capitalised run toks[j..k] describes ("Lib Dem
    chairman Ann Vole", "former Olympian and TV pundit Ann Vole", "security firm F-Secure", "Ulster man Vole"):
    one is passed over when a role or person noun follows it, or it is a description and "and" follows it."""
    lex = lexicon()
    describing = lex.describing
    while True:
        m = k + 1
        while m < len(toks) and m - k <= 4 and is_description_word(toks[m][0]) \
                and toks[m][0] not in _ROLE_ENDERS:
            m += 1
        between = [t[0] for t in toks[k + 1:m]]
        if between and between[-1] in lex.roles and m + 1 < len(toks) and toks[m][0] == ",":
            m += int(is_cap(toks[m + 1][0]))  # "said Acme chief economist, Ann Vole": a comma, then the name
        described = all(t[0].lower() in describing for t in toks[j:k + 1])
        if not between or m >= len(toks) or not is_cap(toks[m][0]) or not (
                is_person_noun(between[-1]) or between[-1] in ORG_NOUNS or described and between == ["and"]):
            return j, k
        j = k = m
        while k + 1 < len(toks) and is_cap(toks[k + 1][0]):
            k += 1
