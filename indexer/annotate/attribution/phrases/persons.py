"""A person's name beside an organisation, or opening a chain of appositives.

Owns the token predicates phrases.cues.cues asks before it credits a cue to the
capitalised run next to it, when that run is an organisation a person belongs
to or a description of one: "Ann Vole of campaign group Acme said" (Ann Vole,
not Acme; "Ann Vole from the Acme Office of Drug Safety told": a body's own
"of" inside its run does not hide the link before it), "Acme's Mr Vole said"
(Mr Vole), "said Acme's executive producer Ann Vole" (Ann Vole), "Ann Vole,
president of Acme, the Acme Academy, said" (Ann Vole).  A run is a person's
name here only when it has two to four capitalised words led by a first name
or a title: an organisation's name ("the Bank of England", "Friends of the
Earth") never is.  Word lists are indexer.lexicon's ("person_org_links",
"titles_*", first names).
"""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.names.names import (
    LEADING_NOISE,
    ORG_NAME_WORDS,
    TITLES,
    is_role_word,
    lexicon,
    plain_word,
)
from onrecord.indexer.annotate.attribution.phrases.shapes import is_cap
from onrecord.indexer.lexicon import words

Tokens = list[tuple[str, int, int]]

# "Ann Vole of Acme", "Ann Vole from the Acme Union", "Ann Vole at Acme"
_PERSON_LINKS = words("person_org_links")
# lowercase words that may describe the organisation after the link ("of gay group Acme")
_MAX_DESCRIPTION = 3
# words that make the part between two commas a clause rather than a description
_CHAIN_STOPS = words("appositive_chain_stops")
_APPOSITIVE_LINKS = words("appositive_links")
_NOT_ROLE = words("not_role")
_AUX_FIRST_NAMES = words("auxiliary_first_names")
_PEER_TITLES = words("peer_titles")
_NOT_NAME_WORDS = words("weekdays", "months", "time_nouns")
_ORG_HEADS = words("org_heads")
# "Federal Bureau of Acme": a word naming an institution's kind makes the run no person's name


def is_person_run(run: list[str]) -> bool:
    """True when `run` (two to four capitalised words) reads as a person's
    name: its first word a title ("Mr", "Dr") or a first name, or two or
    three plain name words ("Brett Lock": none an institution, role,
    description or time word, none in capitals)."""
    if not 2 <= len(run) <= 4 or not all(w[:1].isupper() for w in run):
        return False
    plain = [plain_word(w) for w in run]
    if plain[0] in TITLES or plain[0] in lexicon().first_names:
        return True
    lex = lexicon()
    # a surname may be a role word too ("Lock"); a role word before it makes a description
    return len(run) <= 3 and not any(p in lex.describing for p in plain[:-1]) and all(
        w[1:2].islower() and p not in ORG_NAME_WORDS and p not in lex.never_names
        and p not in _NOT_NAME_WORDS and p not in TITLES for w, p in zip(run, plain, strict=True))


def person_of_organisation(toks: Tokens, j: int, i: int) -> tuple[int, int] | None:
    """Return (first, last) token index of the person the capitalised run
    toks[j..i] names with their organisation: "Ann Vole of Acme" inside the
    run, or the run the organisation after "Ann Vole of campaign group",
    "Ann Vole from the"; else None.  A peer's "Lord Vole of Acton" is one name."""
    for k in range(j + 2, i):
        if toks[k][0] in _PERSON_LINKS:
            first = _person_ending(toks, k - 1, j)
            if first is not None:
                return first, k - 1
            break  # "the Acme Office of Drug Safety": a body's own "of"; the person may stand before its link
    k = j - 1
    while k >= 0 and j - k <= _MAX_DESCRIPTION and toks[k][0].isalpha() and toks[k][0].islower() \
            and toks[k][0] not in _PERSON_LINKS:
        k -= 1  # "gay group", "the": words describing the organisation
    if k < 1 or toks[k][0] not in _PERSON_LINKS:
        return None
    first = _person_ending(toks, k - 1, max(0, k - 5))
    return (first, k - 1) if first is not None else None


def _person_ending(toks: Tokens, last: int, lo: int) -> int | None:
    """Return the first index of a person's name ending at toks[last] and
    starting no earlier than lo, else None."""
    first = last
    while first - 1 >= lo and last - first < 3 and toks[first - 1][0][:1].isupper():
        first -= 1
    while first < last and not is_person_run([t[0] for t in toks[first:last + 1]]):
        first += 1  # "But Ann Vole": the run may start with a capitalised opener
    run = [t[0] for t in toks[first:last + 1]]
    return first if is_person_run(run) and plain_word(run[0]) not in _PEER_TITLES else None


def person_after_owner(toks: Tokens, j: int, i: int) -> tuple[int, int] | None:
    """Return (first, last) of the person's name closing the capitalised run
    toks[j..i] after an owner's possessive ("Acme's Mr Vole"), else None."""
    owner = max((k for k in range(j, i) if toks[k][0].endswith(("'s", "\u2019s"))), default=-1)
    if owner < 0 or not is_person_run([t[0] for t in toks[owner + 1:i + 1]]):
        return None
    return owner + 1, i


def person_after_owner_role(toks: Tokens, k: int) -> tuple[int, int] | None:
    """Return (first, last) of the name that follows an owner's possessive at
    toks[k] and lowercase role words ("Acme's executive producer Ann Vole"),
    else None: "Vole's daughter said" has no name after the role."""
    lex = lexicon()
    m = k + 1
    while m < len(toks) and m - k <= 4 and toks[m][0].islower() and (
            toks[m][0] in lex.describing or toks[m][0] in lex.person_nouns or toks[m][0] in lex.spokes):
        m += 1
    if m == k + 1:
        return None
    last = m
    while last + 1 < len(toks) and last - m < 3 and toks[last + 1][0][:1].isupper():
        last += 1
    return (m, last) if is_person_run([t[0] for t in toks[m:last + 1]]) else None


def opening_person(toks: Tokens, i: int) -> tuple[int, int] | None:
    """Return (first, last) of the person's name opening toks when a chain of
    comma-set appositives follows it up to the comma at toks[i] ("Ann Vole,
    president of Acme, the Acme Academy, said"), else None.  The chain holds
    no cue, verb-like clause or semicolon: only descriptions."""
    first = 0
    while first < i and toks[first][0].lower() in LEADING_NOISE:
        first += 1
    comma = next((k for k in range(first + 2, min(i, first + 5)) if toks[k][0] == ","), -1)
    if comma < 0 or not is_person_run([t[0] for t in toks[first:comma]]):
        return None
    between = [t[0] for t in toks[comma + 1:i]]
    if between.count(",") < 1 or len(between) > 30 or any(
            t in ";:()" or t.lower() in _CHAIN_STOPS for t in between):
        return None
    return first, comma - 1


def unclosed_appositive_head(toks: Tokens, j: int) -> int | None:
    """Return the index of the name ending before ', a <role> at' when the
    capitalised run starting at j closes an appositive whose closing comma
    is missing ("Ann Vole, a strategist at Acme told"), else None."""
    if j < 1 or toks[j - 1][0].lower() not in _APPOSITIVE_LINKS:
        return None
    for k in range(j - 2, max(0, j - 10), -1):
        if toks[k][0] == ",":
            if toks[k + 1][0].lower() in ("a", "an", "the") and k >= 1 and is_cap(toks[k - 1][0]):
                return k - 1
            return None
    return None


def unclosed_role_appositive(toks: Tokens, i: int) -> int | None:
    """Return the index of the last word of a name of two to four words that
    opens toks and is followed by one comma and an office ("Ann Vole, Acme
    director", "Ann Vole, vice president of Acme") or a body ("Ann Vole, Acme
    Hotel Association") ending at i, the closing
    comma missing; else None."""
    comma = next((k for k in range(2, min(i, 5)) if toks[k][0] == ","), -1)
    if comma < 0 or i - comma > 12 or any(t[0] in ",;:()" for t in toks[comma + 1:i + 1]):
        return None
    name = [t[0] for t in toks[:comma]]
    if not all(is_cap(w) and not is_role_word(w) for w in name) or name[0].lower() in _NOT_ROLE \
            and not (len(name) > 1 and name[0].lower() in _AUX_FIRST_NAMES):  # "Will Vole, a fellow at Acme, told"
        return None
    after = [t[0] for t in toks[comma + 1:i + 1]]
    if _body_after_person(name, after):
        return comma - 1  # "Ann Vole, Acme Hotel Association said": she speaks for the body
    if len(after) >= 2 and is_cap(after[-1]) and is_cap(after[-2]) and not any(w.islower() for w in after):
        return None  # "Ann Vole, Bob Smith said": a second name, not an office
    return comma - 1 if any(is_role_word(w) for w in after) else None


def _body_after_person(name: list[str], after: list[str]) -> bool:
    """True when `name` opens with a known first name and `after` is an
    institution's capitalised name (its last word an institution noun:
    "Acme Hotel Association"): the body the person speaks for."""
    return len(after) >= 2 and all(is_cap(w) for w in after) and plain_word(after[-1]) in _ORG_HEADS \
        and plain_word(name[0]) in lexicon().first_names
