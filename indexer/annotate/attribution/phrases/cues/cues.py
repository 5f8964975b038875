"""Speech cues and the noun phrases around them.

Owns the token rules (finding the cues themselves is indexer.annotate.attribution.phrases.cues.cuewords') that
find, in a paragraph whose quotes are masked out (the "frame"),
the speaker phrase tied to a cue: before it ("Mr Gardner added"; after it, "said Mr Gardner",
"according to the IOPC", is phrases.cues.inversions'), past an appositive
("Barry Gardiner, MP for Brent North, told") or as a pronoun ("she said");
a name a number ends is one phrase ("Radio 1 said", "Transport 2000 said"); a capitalised person
noun after an age heads a description, no name ("The 55-year-old Frenchman told").
Turning a phrase into a canonical speaker is indexer.annotate.attribution.people.speakers' job.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from onrecord.indexer.annotate.attribution.names.names import ORG_NAME_WORDS, lexicon
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.annotate.attribution.phrases.descriptions import AGE_WORD_RE
from onrecord.indexer.annotate.attribution.phrases.persons import (
    opening_person,
    person_after_owner,
    person_of_organisation,
    unclosed_appositive_head,
    unclosed_role_appositive,
)
from onrecord.indexer.annotate.attribution.phrases.shapes import is_cap, is_headline, relative_opening
from onrecord.indexer.annotate.attribution.phrases.shapes import is_speaker_noun as is_speaker_noun  # its old home
from onrecord.indexer.annotate.attribution.phrases.worksof import work_of
from onrecord.indexer.lexicon import words

PhraseKind = Literal["pronoun", "name", "np"]

_TOKEN_RE = re.compile(r"[^\s,;:()\[\]\u2014\u2013]+|[,;:()\[\]\u2014\u2013]")

PRONOUNS = words("pronouns")
SKIP_BEFORE_CUE = words("skip_before_cue")
DETERMINERS = words("determiners")
TIME_WORDS = words("weekdays", "months", "time_nouns")
# month abbreviations are also names ("Jun wrote"): time words only before a day number
_DATE_WORDS = TIME_WORDS | words("month_abbreviations")
_TIME_LEADS = words("time_leads")
NAME_CONNECTORS = words("name_connectors")
RUN_CONNECTORS = NAME_CONNECTORS | {"&"}  # "Marks & Spencer", "Independent News & Media": one name
RELATIVES = words("relatives")
ABBREVIATIONS = frozenset(w + "." for w in words("abbreviations"))


@dataclass(frozen=True, slots=True)
class Phrase:
    """A speaker phrase found next to a cue: absolute span and its kind."""

    text: str
    start: int
    end: int
    kind: PhraseKind
    lead: int = -1  # where the whole noun phrase starts, when words precede the name


def tokenize(frame: str, start: int, end: int) -> list[tuple[str, int, int]]:
    """Return (token, start, end) for frame[start:end]; punctuation separate and
    a sentence-final period cut off (but "Gov.", "U.S." and initials kept)."""
    toks = []
    for m in _TOKEN_RE.finditer(frame, start, end):  # per token of every sentence before a cue: lean
        tok = m.group()
        s, e = m.span()
        if tok[-1] == "." and len(tok) > 2 and "." not in tok[:-1] and tok.lower() not in ABBREVIATIONS:
            tok, e = tok[:-1], e - 1
        toks.append((tok, s, e))
    return toks


def _skip_back(toks: list[tuple[str, int, int]], i: int) -> int:
    """Step back over auxiliaries, -ly adverbs and parentheticals."""
    while i >= 0:
        tok = toks[i][0]
        low = tok.lower()
        if low in SKIP_BEFORE_CUE or (low.endswith("ly") and tok.islower() and len(tok) > 4):
            i -= 1
        elif low in TIME_WORDS and not (i >= 1 and toks[i - 1][0].lower() in lexicon().first_names) or (
                tok.isdigit() and i >= 1 and toks[i - 1][0].lower().rstrip(".") in _DATE_WORDS):
            # "Theresa May said": a month after a first name is her surname
            i -= 1  # "Ann Vole on Saturday said", "Ann Vole late Jan. 5 wrote"
            while i >= 0 and (toks[i][0].lower().rstrip(".") in _DATE_WORDS
                              or toks[i][0].lower() in _TIME_LEADS):
                i -= 1
        elif tok == ")":
            while i >= 0 and toks[i][0] != "(":
                i -= 1
            i -= 1
        else:
            return i
    return i


def _name_run_back(toks: list[tuple[str, int, int]], i: int) -> int:
    """Return the index where a capitalized run ending at i begins."""
    j = i
    # "the Finance and Economy Ministry": "and" joins the words of an institution's name
    connectors = RUN_CONNECTORS | {"and"} if toks[i][0].lower() in lexicon().org_heads else RUN_CONNECTORS
    while j - 1 >= 0:
        tok = toks[j - 1][0]
        if is_cap(tok) or (tok.lower() in connectors and j - 2 >= 0 and is_cap(toks[j - 2][0])):
            j -= 1
        else:
            break
    if j - 1 >= 0 and toks[j - 1][0].lower() == "the":
        j -= 1
    return _list_name_start(toks, j, i)


def _list_name_start(toks: list[tuple[str, int, int]], j: int, i: int) -> int:
    """Return where a name whose "of" or "for" takes a list begins when the run j..i is the list's
    last item ("Institute of Purchasing and Supply", "Commission for Latin America and the
    Caribbean"); else j.  An item with an org word of its own is another body ("... and the Acme Office")."""
    heads = ORG_NAME_WORDS
    if j < 2 or toks[j - 1][0] != "and" or not is_cap(toks[j - 2][0]) \
            or any(t[0].lower() in heads for t in toks[j:i + 1]):
        return j
    start = _name_run_back(toks, j - 2)
    low = [t[0].lower() for t in toks[start:j - 1]]
    return start if any(a in heads and b in ("of", "for") for a, b in zip(low, low[1:], strict=False)) else j


def _np_back(toks: list[tuple[str, int, int]], i: int) -> int:
    """Return where a lowercase-headed phrase ending at i begins: its leftmost
    determiner within a few words ("the mother of two murdered women")."""
    found = i
    for j in range(i, max(-1, i - 8), -1):
        tok = toks[j][0]
        low = tok.lower()
        if low == "and" and 0 < j < i and toks[j - 1][0].islower() and toks[j + 1][0].islower() \
                and toks[j + 1][0].lower() not in DETERMINERS:
            continue  # "the Labour peer and former minister": one description of one person
        if tok in ",;:(" or low in CUE_WORDS or low in RELATIVES or low in ("and", "but", "as", "to"):
            break
        if j < i and low.endswith("ed") and (j == 0 or toks[j - 1][0].lower() not in DETERMINERS):
            break  # a verb: "the page showed a banner", not "two murdered women"
        if low in DETERMINERS or tok.endswith(("'s", "\u2019s")):
            found = j
    if toks[found][0][:1].isupper() and toks[found][0].endswith(("'s", "\u2019s")):
        while found > 0 and is_cap(toks[found - 1][0]):
            found -= 1  # "Big Brother's spokeswoman": the owner's whole name
    return found


@lru_cache(maxsize=256)  # pure; attribution and the reported pass ask it the same of a frame
def phrase_before(frame: str, lo: int, cue_start: int) -> Phrase | None | Literal["coord"]:
    """Return the speaker phrase ending just before a cue at cue_start.

    Looks no further left than lo (the sentence start).  Returns "coord"
    when the cue is a coordinated verb ("... and said"), so the caller can
    use the subject of the previous cue instead."""
    toks = tokenize(frame, lo, cue_start)
    i = _skip_back(toks, len(toks) - 1)
    if i < 0:
        return None
    past = _past_comma_before(frame, toks, i)
    if isinstance(past, Phrase):
        return past
    i = past
    if i < 0:
        return None
    tok, s, e = toks[i]
    low = tok.lower()
    if low in ("and", "but", "or"):
        return "coord"
    rel_end = -1
    if low in RELATIVES and i >= 1:
        rel_end = e  # "X, who said": the mention runs to "who", the name resolves
        i = i - 1 if toks[i - 1][0] != "," else i - 2
        if i < 0:
            return None
        tok, s, e = toks[i]
        low = tok.lower()
    end = max(e, rel_end)
    if low in PRONOUNS:
        return Phrase(tok, s, end, "pronoun")
    numbered = _numbered_name(frame, toks, i, end)
    if numbered is not None:  # "Radio 1 said", "Transport 2000 said": the name with its number
        return numbered
    if is_cap(tok):
        return _name_before(frame, toks, i, end)
    if tok in ",;:()" or not tok[0].isalnum():  # "the 43-year-old said" is a phrase
        return None
    j = _np_back(toks, i)
    return Phrase(frame[toks[j][1]:e], toks[j][1], end, "np")


def _past_comma_before(frame: str, toks: list[tuple[str, int, int]], i: int) -> Phrase | int:
    """Return the name an appositive before the cue at toks[i] gives outright, else the index
    of the word the speaker phrase ends at once a comma-set appositive is passed (< 0: none)."""
    head = unclosed_role_appositive(toks, i)
    if head is not None:  # "Ann Vole, Acme director said": Ann Vole
        return Phrase(frame[toks[0][1]:toks[head][2]], toks[0][1], toks[head][2], "name")
    if toks[i][0] != ",":
        return i
    opening = relative_opening(toks, i)
    if opening is not None:  # "The actor, whose films include A, B and C, said": the actor
        return _skip_back(toks, opening - 1)
    if i >= 1 and toks[i - 1][0] == ")":
        return _skip_back(toks, i - 1)  # "Gov. Ann Vole (R-OH), said": the name before the party tag
    named = _appositive_name(frame, toks, i)
    if named is not None:  # "The shadow secretary for the Family, Ann Vole, said": Ann Vole
        return named
    opener = opening_person(toks, i)
    if opener is not None:  # "Ann Vole, president of Acme, the Acme Academy, said": Ann Vole
        return run_phrase(frame, toks, opener)
    return _skip_appositive(toks, i)


def _name_before(frame: str, toks: list[tuple[str, int, int]], i: int, end: int) -> Phrase | None:
    """Return the phrase of the capitalised run ending at toks[i] before a cue (its mention reaching
    end): the person it names, the describing noun phrase, or the run itself; None for a headline."""
    e = toks[i][2]
    j = _name_run_back(toks, i)
    if is_headline(toks[j:i + 1]):
        return None
    if _aged_person_noun(toks, j, i):  # "The 55-year-old Frenchman told": the description, no name "Frenchman"
        first = toks[_np_back(toks, i)][1]
        return Phrase(frame[first:e], first, end, "np")
    person = person_of_organisation(toks, j, i) or person_after_owner(toks, j, i)
    if person is not None:  # "Ann Vole of Acme said", "Acme's Mr Vole said": the person
        return run_phrase(frame, toks, person, end)
    described = work_of(toks, j, _name_run_back)
    if described is not None:  # "The star of Rain Man and Tootsie said": the star, not a film
        first = toks[_np_back(toks, described)][1]
        return Phrase(frame[first:e], first, end, "np")
    head = unclosed_appositive_head(toks, j)
    if head is not None:  # "Ann Vole, a strategist at Acme Securities told": Ann Vole
        first = toks[_name_run_back(toks, head)][1]
        return Phrase(frame[first:toks[head][2]], first, toks[head][2], "name")
    return Phrase(frame[toks[j][1]:e], toks[j][1], end, "name")


def _aged_person_noun(toks: list[tuple[str, int, int]], j: int, i: int) -> bool:
    """True when the capitalised run toks[j..i] before a cue is one person noun (a nationality the
    lexicon's person_nouns hold: "Frenchman", "Swiss") right after an age: a description's head."""
    if j != i or j < 1 or toks[i][0].lower() not in lexicon().person_nouns:
        return False
    return bool(AGE_WORD_RE.fullmatch(toks[j - 1][0]))


_NAME_NUMBER_RE = re.compile(r"\d{1,4}")
# capitalised words a number follows that are dates, not a name's ("in May 2005 said")
_NOT_NUMBERED = words("months", "month_abbreviations", "weekdays")
_NUMBERED_OBJECT_LEADS = words("place_prepositions", "adjunct_prepositions")  # the name their object


def _numbered_name(frame: str, toks: list[tuple[str, int, int]], i: int, end: int) -> Phrase | None:
    """Return the name a number ends right before a cue ("Radio 1 said", "Transport 2000 said"):
    the capitalised run and its number as one name; None when toks[i] is no number or no name
    (or a month or day: "in May 2005 said") stands one space before it."""
    if i < 1 or not _NAME_NUMBER_RE.fullmatch(toks[i][0]) or toks[i][1] != toks[i - 1][2] + 1:
        return None
    prev = toks[i - 1][0]
    if not is_cap(prev) or not prev.isalpha() or prev.lower() in _NOT_NUMBERED:
        return None
    found = _name_before(frame, toks, i - 1, end)
    if found is None or found.kind != "name" or found.start + len(found.text) != toks[i - 1][2] \
            or not all(is_cap(w) for w in found.text.split()):
        return None
    k = next((j for j in range(i) if toks[j][1] == found.start), 0)
    if k > 0 and toks[k - 1][0] in _NUMBERED_OBJECT_LEADS:
        return None  # "the candidate in Ward 3 said": a place or thing the speaker is in
    return Phrase(frame[found.start:toks[i][2]], found.start, end, "name", found.lead)


def _appositive_name(frame: str, toks: list[tuple[str, int, int]], i: int) -> Phrase | None:
    """Return the name between two commas before a cue ("<description>, Ann
    Vole, said") when what the name follows describes a person: a role or
    spokesperson word or any lowercase word ("A spokesman for Kim Reed, Ann
    Vole, said"); a name after a name or a place is left to the caller."""
    j = next((k for k in range(i - 1, max(-1, i - 8), -1) if toks[k][0] == ","), -1)
    name = toks[j + 1:i]
    if j < 1 or not 2 <= len(name) <= 4 or not all(is_cap(t[0]) for t in name) or is_headline(name):
        return None
    lex = lexicon()
    left = [t[0] for t in toks[max(0, j - 12):j]]
    if not any(w.lower() in lex.roles or w.lower() in lex.spokes or w.islower() and w.isalpha() for w in left):
        return None
    k = j
    while k > 0 and toks[k - 1][0] not in ",;:":
        k -= 1
    s, e = name[0][1], name[-1][2]
    return Phrase(frame[s:e], s, e, "name", lead=toks[k][1])  # the mention: the description and the name


def run_phrase(frame: str, toks: list[tuple[str, int, int]], run: tuple[int, int], end: int = -1,
                lead: int = -1) -> Phrase:
    """Return the name phrase of toks[run[0]..run[1]] (its mention reaching `end` when given)."""
    s, e = toks[run[0]][1], toks[run[1]][2]
    return Phrase(frame[s:e], s, max(e, end), "name", lead=lead)


def _skip_appositive(toks: list[tuple[str, int, int]], i: int) -> int:
    """From a comma before the cue, return the index of the head before the appositive."""
    for j in range(i - 1, max(-1, i - 20), -1):
        if toks[j][0] == ",":
            return _skip_back(toks, j - 1)
    return _skip_back(toks, i - 1)
