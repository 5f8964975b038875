"""The speaker phrase after a cue: an inverted attribution ("said Mr Gardner", "says the
company's chief Ann Vole") or "according to the IOPC".

Owns reading, in a frame (quotes masked), the words right after a cue as the speaker phrase:
a pronoun, a capitalised run (the person it names, the name a role leads to, the noun it owns:
"Vole's daughter"), a name after a few lowercase role words ("said former party adviser Ann
Vole"), or a description from its determiner ("according to the party's lawyers").  The phrase
before a cue, the tokens and the Phrase record are phrases.cues.cues'.
"""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.names.names import ORG_NAME_WORDS, lexicon
from onrecord.indexer.annotate.attribution.phrases.cues.cues import (
    DETERMINERS,
    PRONOUNS,
    RUN_CONNECTORS,
    Phrase,
    run_phrase,
    tokenize,
)
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS
from onrecord.indexer.annotate.attribution.phrases.descriptions import (
    AGE_WORD_RE,
    NOT_ROLE,
    is_lead_word,
    is_person_noun,
    name_after_role,
    past_descriptions,
)
from onrecord.indexer.annotate.attribution.phrases.joinedruns import joined_run
from onrecord.indexer.annotate.attribution.phrases.persons import person_after_owner_role, person_of_organisation
from onrecord.indexer.annotate.attribution.phrases.shapes import is_cap, is_headline


def phrase_after(frame: str, pos: int, hi: int) -> Phrase | None:
    """Return the speaker phrase starting at pos (after an inverted cue or
    'according to'), looking no further right than hi."""
    toks = tokenize(frame, pos, min(hi, pos + 160))
    i = 0
    while i < len(toks) and toks[i][0] in ",:":
        i += 1
    if i >= len(toks):
        return None
    tok, s, e = toks[i]
    if tok.lower() in PRONOUNS:
        return Phrase(tok, s, e, "pronoun")
    j = i + 1 if tok.lower() == "the" else i
    if j > i and j + 1 < len(toks) and toks[j][0].lower() in lexicon().descriptors \
            and toks[j + 1][0].islower():
        return _determiner_np(frame, toks, i)  # "the British producer": a description
    if j < len(toks) and is_cap(toks[j][0]):
        return _name_after(frame, toks, i, j)
    if tok.lower() in DETERMINERS:
        led = _lowercase_led_name(frame, toks, i)
        head = (frame[led.lead:led.start].split() or [""])[-1] if led is not None else ""
        if led is not None and (is_person_noun(head) or AGE_WORD_RE.fullmatch(head)):
            return led  # "said the company's chief Ann Vole", "the 28-year-old Vole": the name the description leads to
        return _determiner_np(frame, toks, i)
    return _lowercase_led_name(frame, toks, i)


def _name_after(frame: str, toks: list[tuple[str, int, int]], i: int, j: int) -> Phrase | None:
    """Return the phrase of the capitalised run starting at toks[j] after a cue (toks[i] is "the" when
    j > i): the person it names, the name a role leads to, the noun it owns, or the run; None for a headline."""
    s = toks[i][1]
    k = j
    while k + 1 < len(toks) and (is_cap(toks[k + 1][0]) or (
            toks[k + 1][0].lower() in RUN_CONNECTORS and k + 2 < len(toks) and is_cap(toks[k + 2][0]))):
        k += 1
    if is_headline(toks[j:k + 1]):
        return None
    joined = joined_run(toks, j, k, j > i)  # "said Trade and Industry Secretary Ann Vole": not "Trade"
    if joined is not None:
        first = toks[joined[0]][1] if joined[0] > j else s
        return Phrase(frame[first:toks[joined[1]][2]], first, toks[joined[1]][2], "name", lead=s if first > s else -1)
    person = person_of_organisation(toks, j, k)
    if person is not None:  # "said Ann Vole of Acme": the person
        return run_phrase(frame, toks, person)
    if toks[k][0].endswith(("'s", "\u2019s")) and k + 1 < len(toks) and is_person_noun(toks[k + 1][0]):
        named = person_after_owner_role(toks, k)
        if named is not None:  # "said Acme's executive producer Ann Vole": the name
            return run_phrase(frame, toks, named, lead=s)
        end = toks[k + 1][2]  # "Vole's daughter": the daughter, not Vole
        return Phrase(frame[s:end], s, end, "np")
    named = name_after_role(toks, k)
    if named is not None:  # "says Co-Founder, Ann Vole": the name the title introduces
        return Phrase(frame[toks[named[0]][1]:toks[named[1]][2]], toks[named[0]][1], toks[named[1]][2],
                      "name", lead=s)
    j2, k = past_descriptions(toks, j, k)
    if j2 > j:  # "Acme chairman Ann Vole": the role words lead the name
        return Phrase(frame[toks[j2][1]:toks[k][2]], toks[j2][1], toks[k][2], "name", lead=s)
    if j > i and k + 1 < len(toks) and is_person_noun(head := toks[k + 1][0]) and head not in ORG_NAME_WORDS:
        return Phrase(frame[s:toks[k + 1][2]], s, toks[k + 1][2], "np")  # "said the Acme player": not Acme
    return Phrase(frame[s:toks[k][2]], s, toks[k][2], "name")


def _lowercase_led_name(frame: str, toks: list[tuple[str, int, int]], i: int) -> Phrase | None:
    """'said former party adviser Ann Vole': a name after a few lowercase
    role words; the name run is the phrase, the role words its lead."""
    k, last_cap = i, -1
    while k < len(toks) and k - i < 8:
        tok = toks[k][0]
        if is_cap(tok):
            last_cap = k
        elif last_cap >= 0 or not is_lead_word(tok) or tok.lower() in NOT_ROLE:
            break
        k += 1
    if last_cap < 0:
        return None
    first = last_cap
    while first - 1 >= i and is_cap(toks[first - 1][0]):
        first -= 1
    first, last_cap = past_descriptions(toks, first, last_cap)
    s, e = toks[first][1], toks[last_cap][2]
    return Phrase(frame[s:e], s, e, "name", lead=toks[i][1])


def _determiner_np(frame: str, toks: list[tuple[str, int, int]], i: int) -> Phrase:
    """'according to the party's lawyers': up to six words from a determiner."""
    s, k = toks[i][1], i
    while k + 1 < len(toks) and k - i < 5 and (toks[k + 1][0][0].isalpha() or AGE_WORD_RE.fullmatch(toks[k + 1][0])) \
            and toks[k + 1][0].lower() not in CUE_WORDS \
            and toks[k + 1][0].lower() not in ("in", "on", "at", "to", "that") \
            and not (k > i and toks[k + 1][0].endswith("ed")):  # "the council issued": stop at the verb
        k += 1
    return Phrase(frame[s:toks[k][2]], s, toks[k][2], "np")
