"""A capitalised word said alone where a speaker goes: whose name is it?

Owns the rules for a lone word no person of the article answers to: it is
a name when titled ("Mr Vole"), a known first name, an acronym or written
capitalised mid-sentence; a common word when the article also writes it in
lowercase; an institution's when the article writes it leading an
institution's name ("Tufts" of "Tufts University"); a peer keeps the
title the article gives them ("Lord Falconer"); and a word the article
never writes without the descriptors or "The" before it is no name alone
("Swiss Re", "Liberal Democrats", "The Game"): the whole run is.
indexer.annotate.attribution.people.speakers asks these questions of its registry's text.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from onrecord.indexer.annotate.attribution.names.names import (
    LEADING_NOISE,
    ORG_NAME_WORDS,
    TITLES,
    NameParts,
    first_name_gender,
    is_role_word,
    lexicon,
)
from onrecord.indexer.annotate.attribution.phrases.cues.wordtrie import word_start_alternation
from onrecord.indexer.lexicon import words

PEER_TITLES = words("peer_titles")
_PEER_ALT = "|".join(sorted((w.capitalize() for w in PEER_TITLES), key=lambda w: (-len(w), w)))
_DIGIT_LED_RE = re.compile(r"\d+[A-Z][A-Za-z]+")  # "4Sight": a firm's name
# letters, or a surname's prefix and apostrophe before a capital ("O'Neill", "D’Arcy")
_LETTERS_RE = re.compile(r"(?:[^\W\d_]{1,2}['\u2019](?=[A-Z]))?[^\W\d_]+")
_WORD_BEFORE_RE = re.compile(r"([\w'\u2019-]+)[ \u00a0]+$")
_NUMBER_BEFORE_RE = re.compile(r"(?<![\w.,])(\d+)[ \u00a0]$")
_CAP_RUN_AFTER_RE = re.compile(r"(?:[ \u00a0]+(?:of[ \u00a0]+)?[A-Z][\w&'\u2019-]*){1,3}")


def may_be_name(text: str, common: frozenset[str], word: str, title: str | None) -> bool:
    """True when a lone unknown word can be a name: titled ("Mr Vole"),
    a known first name, an acronym (not a common word shouted: "ALWAYS"),
    or written capitalised mid-sentence."""
    if title or first_name_gender(word) or (word.isupper() and word.isalpha() and not is_shouted(word, common)) \
            or _DIGIT_LED_RE.fullmatch(word):
        return True
    if not plain_name(common, word):
        return False  # "Monday", "September": dates, not people
    return _written_mid_sentence(text, word)


def plain_name(common: frozenset[str], word: str) -> bool:
    """True when `word` is letters (hyphens joining capitalised parts) that the text never
    writes in lowercase and no never_names word ("Monday"): a name, wherever it stands."""
    return _is_word(word) and word.lower() not in common and word.lower() not in lexicon().never_names


def _is_word(word: str) -> bool:
    """True for letters alone (a surname's "O'" or "D'" prefix allowed), or capitalised words of
    letters joined by hyphens: a hyphenated name ("Merriam-Webster") is one word, not a compound noun."""
    return bool(_LETTERS_RE.fullmatch(word)) or all(part.isalpha() and part[0].isupper() for part in word.split("-"))


_WORD_CHAR_RE = re.compile(r"\w")


def _written_mid_sentence(text: str, word: str) -> bool:
    r"""True when the letters-only `word` follows a word, "," or ";" and a space somewhere
    in text (what rf"[\w,;] {word}\b" finds, with no regex compiled per word)."""
    needle = " " + word
    i = text.find(needle, 1)
    while i >= 0:
        if (text[i - 1] in ",;" or _WORD_CHAR_RE.match(text, i - 1)) and not _WORD_CHAR_RE.match(text, i + len(needle)):
            return True
        i = text.find(needle, i + 1)
    return False


def is_shouted(word: str, common: frozenset[str]) -> bool:
    """True for a common word in capitals ("ALWAYS"): emphasis, not an acronym;
    three letters or fewer may be either ("US", "us"), so they stay acronyms."""
    return word.isupper() and len(word) > 3 and word.lower() in common


def leads_institution(text: str, word: str, common: frozenset[str] = frozenset()) -> bool:
    """True when the article writes `word` at the head of an institution's
    capitalised name ("Tufts University", "Acme Holdings Group") or of a
    thing's, ending in a word it also writes in lowercase (`common`: "Acme
    Catering"): a lone "Tufts" is then that institution's, not a person's
    surname."""
    for start, after in _word_then_run(text, word):
        before = _WORD_BEFORE_RE.search(text, max(0, start - 30), start)
        if before and before.group(1)[0].isupper() and before.group(1) not in ("The", "A", "An"):
            continue  # "Rachel Maddow Show": inside a longer name, not leading it
        if any(w.lower() in ORG_NAME_WORDS for w in after.split()) or after.split()[-1].lower() in common:
            return True
    return False


def _word_then_run(text: str, word: str) -> Iterator[tuple[int, str]]:
    r"""Yield (start, run after it) where rf"\b{word}({_CAP_RUN_AFTER_RE.pattern})" matches,
    as its finditer would (each search from the last match's end), with no
    regex compiled per word."""
    i = text.find(word)
    while i >= 0:
        word_before = bool(_WORD_CHAR_RE.match(text, i - 1)) if i else False
        bound = word_before != bool(_WORD_CHAR_RE.match(text, i))  # \b: one side a word char, not both
        run = _CAP_RUN_AFTER_RE.match(text, i + len(word)) if bound else None
        if run is not None:
            yield i, run.group()
        i = text.find(word, run.end() if run is not None else i + 1)


def peer_title(text: str, surname: str, title: str | None) -> str | None:
    """Return the peer's title a surname is given (here or anywhere in the
    text: "Lord Falconer"; "Duke of" for the Duke of Kent), or None: a peer
    is named with it."""
    peer = _peer_before(text, surname)
    if title and title.lower().rstrip(".") in PEER_TITLES:
        return f"{title} of" if peer and peer.group(2) and peer.group(1) == title else title
    return f"{peer.group(1)} of" if peer and peer.group(2) else peer.group(1) if peer else None


_PEER_BEFORE_RE = re.compile(rf"\b({_PEER_ALT})[ \u00a0]+(of[ \u00a0]+)?$")
_OF_PLACE_RE = re.compile(r"[ \u00a0]+of[ \u00a0]+([A-Z][a-z]+(?:[ \u00a0]+[A-Z][a-z]+)?)\b"
                          r"(?![\w'\u2019-]|[ \u00a0]+[A-Z])")  # "of Birkenhead", "of Upper Lairg"


def peer_name(text: str, title: str, surname: str, match_org: Callable[[str], str | None]) -> str:
    """Return a peer's speaker value: "Lord Vole", or with the place of the title the
    text gives ("Lord Vole of Birkenhead"), never an employer ("Lord Vole of Acme Bank")."""
    named = f"{title} {surname}"
    at = text.find(named + " of ")
    place = _OF_PLACE_RE.match(text, at + len(named)) if at >= 0 else None
    if place is None or match_org(place.group(1)) or place.group(1).split()[-1].lower() in ORG_NAME_WORDS:
        return named
    return f"{named} of {place.group(1)}"


# "Lord Dubs", "Baroness Vole": a peer's title and one capitalised word, not a longer name
# ("Lord Irvine of Lairg" keeps its "of"; "Lord Chief Justice" is a role, checked by the caller)
# (the title's first letter leads: the engine skips to it, where "\b" first stopped at every character)
_PEER_NAME_RE = re.compile(rf"({word_start_alternation(_PEER_ALT.split('|'))})[ \u00a0]+"
                           r"([A-Z][a-z][\w-]*)(?:['\u2019]s?)?"
                           r"(?![\w'\u2019-]|[ \u00a0]+[A-Z])")


def peer_mentions(text: str, not_names: frozenset[str] | set[str]) -> Iterator[tuple[int, str, str]]:
    """Yield (start, title, word) for each peer the text names by title and
    one word ("Lord Dubs agreed", "Lady Vole's bill"): a person the article
    introduces with no first name, so pronouns can reach them before they
    speak.  A word in `not_names` (a role: "Lord Chancellor") is skipped."""
    for m in _PEER_NAME_RE.finditer(text):
        if m.group(2).lower() not in not_names and not is_role_word(m.group(2)):
            yield m.start(), m.group(1), m.group(2)


def _peer_before(text: str, word: str) -> re.Match[str] | None:
    """Return the peer's title (and "of") right before the first whole `word`
    the text gives one, or None: a string search, no regex compiled per word
    (this runs for every lone word said where a speaker goes)."""
    i = text.find(word)
    while i >= 0:
        if not _WORD_CHAR_RE.match(text, i + len(word)):
            peer = _PEER_BEFORE_RE.search(text, max(0, i - 24), i)
            if peer:
                return peer
        i = text.find(word, i + 1)
    return None


def glued_name(text: str, run: str, parts: NameParts, before: str = "") -> str | None:
    """Return the whole run ("Swiss Re", "British Chambers of Commerce", "The
    Game", "50 Cent" with the number in `before`, the text right before the
    run) when `parts`, its cut, left one word after words that only
    describe (a nationality, a party, "New", a number) or after "The", and
    the article never writes that word without them before it: a fragment,
    not a name ("Swiss Federer" stays Federer where "Federer" also stands
    alone).  None otherwise."""
    if len(parts.name) != 1 or parts.title or parts.suffix or first_name_gender(parts.name[0]):
        return None  # "Labour MSP Christine": a first name, a person's
    lead = [t for t in parts.role if t.lower() not in ("a", "an")]
    if any(is_role_word(t) or t.lower() in lexicon().first_names for t in lead):
        return None  # "Reggae star Sizzla", "Labour's Vole": a role, not part of the name
    number = _NUMBER_BEFORE_RE.search(before)
    if not lead and number:
        lead, run = [number.group(1)], f"{number.group(1)} {run}"  # "50 Cent": the number is his name's
    if not lead and run.startswith("The "):
        lead = ["The"]  # the article writes "The Game" mid-sentence, not "the Game"
    if not lead or run.split()[0] not in ("The", lead[0]):
        return None
    word = parts.name[0]
    glued = re.compile(r"[ \u00a0]+".join(map(re.escape, lead + [word])) + r"\b")
    alone = len(re.findall(rf"\b{re.escape(word)}\b", text))
    if alone == 0 or len(glued.findall(text)) != alone:
        return None
    if lead == ["The"] and not re.search(rf"[a-z,] The {re.escape(word)}\b", text):
        return None  # only ever opening a sentence: "The" may be the plain article
    whole = re.sub(r"['\u2019]s?$", "", run.strip())
    return whole[4:] if lead != ["The"] and whole.startswith("The ") else whole


def first_name_before(text: str, surname: str, common: frozenset[str]) -> str | None:
    """Return the capitalised word the article first writes right before `surname`
    ("Brett Lock of ...", then "Mr Lock"): the first name of someone it gives a title of
    address, when no capitalised word stands before it and it is no common word, title,
    role or description ("Gay group Lock"); else None."""
    m = re.search(rf"(?<![A-Za-z'\u2019-])(?<![A-Z][\w'\u2019-] )([A-Z][a-z]+)[ \u00a0]+{re.escape(surname)}\b", text)
    if m is None:
        return None
    word = m.group(1)
    low = word.lower()
    lex = lexicon()
    if low in common or low in TITLES or low in lex.roles or low in lex.descriptors or low in LEADING_NOISE:
        return None
    return word

