"""Which outlet a media description means: "the paper", "the magazine", "the station".

Owns the look-up descriptions.nominals makes for a definite description headed
by a media kind noun: the outlet of that kind the article named last within
OUTLET_REACH, never simply the body it named last ("Sony's CD player ... asked
the magazine" is the magazine's question, not Sony's; "said the radio station"
after "... live in Wales ... on Radio 1" is Radio 1's).  An outlet is named by
its kind: a newspaper by its masthead (indirect.outlets), a magazine by the
name written with "magazine" ("US magazine Acme PC", "Vole magazine"), a
station by a "Radio" name ("BBC Radio 9") or one ending in "FM".  The kinds
are the lexicon's lists (`newspaper_nouns`, `magazine_nouns`, `station_nouns`);
a description of no known outlet keeps the older reading (the latest body).
"""
from __future__ import annotations

import re
from functools import lru_cache

from onrecord.indexer.annotate.attribution.indirect.outlets import (
    OUTLET_REACH,
    cited_paper,
    is_outlet_description,
    newspaper_at,
)
from onrecord.indexer.annotate.attribution.names.names import POSSESSIVE_RE
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

_NEWSPAPER_NOUNS = words("newspaper_nouns")  # "the paper", "the tabloid": a masthead
_MAGAZINE_NOUNS = words("magazine_nouns")  # "the magazine": a name written with "magazine"
_STATION_NOUNS = words("station_nouns")  # "the station", "the radio station": a "Radio" or "FM" name
MEDIA_NOUNS = _NEWSPAPER_NOUNS | _MAGAZINE_NOUNS | _STATION_NOUNS
# a capitalised run ("Acme PC", "TV Guide"), never one an article opens ("The magazine")
_NAME = r"(?!(?:The|A|An|This|That)\b)[A-Z][\w'\u2019&-]*(?:[ \u00a0]+[A-Z0-9][\w'\u2019&-]*)*"
# "magazine Acme PC" (the name after the noun) or "Acme PC magazine" (before it, a name not after it:
# "US magazine Acme PC" is Acme PC's)
_MAGAZINE_RE = re.compile(rf"\b(?:magazine|Magazine)[ \u00a0]+(?P<after>{_NAME})"
                          rf"|\b(?P<before>{_NAME})[ \u00a0]+(?:magazine|Magazine)\b(?![ \u00a0]+[A-Z])")
# "Radio 9", "BBC Radio Vole" (never "BBC Radio should": a lowercase word ends it), "Vole FM"
_STATION_RE = re.compile(r"\b(?:[A-Z]{2,}[ \u00a0]+)?Radio[ \u00a0]+(?:\d+\b|[A-Z][\w]*)"
                         r"|\b[A-Z][\w&]*(?:[ \u00a0]+[A-Z][\w&]*)*[ \u00a0]+FM\b")
_CHAIN = 3  # descriptions before one that a look-up follows back to the outlet named
_OWNER_RE = re.compile(r"^.*['\u2019]s?[ \u00a0]+")  # "America's TV Guide": the name after its owner
_DESCRIPTORS = words("descriptors", "org_place_tails")  # "US magazine", "British magazine": no name


def media_outlet(np: str, head: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the outlet a definite description `np` at pos headed by a media
    noun `head` means: the registry's name for the latest outlet of that kind
    named within OUTLET_REACH before pos, else the name as written; None for
    another head, for "the white paper" (a document), or when none is named."""
    if head == "paper" and not is_outlet_description(np):
        return None  # "the white paper", "the paper by Vole et al.": no newspaper
    if head in _NEWSPAPER_NOUNS:
        # a masthead written before pos is the name; when none is, only the chain is left to follow
        # (_outlet_name would look the masthead up again first)
        written = newspaper_at(people.text, pos)
        name = written[1] if written else _chained_name(head, pos, people.text, _CHAIN)
        # "According to the FT, ... the paper said": the later of it and the masthead
        cited = cited_paper(people.orgs, pos)
        name = cited[1] if cited and (written is None or cited[0] > written[0]) else name
    else:
        name = _outlet_name(head, pos, people.text, _CHAIN)
    if name is None:
        return None
    outlet = people.match_org(name) or name
    people.note_org(outlet, pos)  # "It added that ..." after it: the outlet
    return outlet


def _outlet_name(head: str, pos: int, text: str, chain: int) -> str | None:
    """Return the name of the outlet of `head`'s kind named last within
    OUTLET_REACH before pos, else the one the same description before it
    (within OUTLET_REACH, up to `chain` of them) meant: "the magazine" three
    paragraphs on is still the magazine named at the top; None for another head."""
    if head in _NEWSPAPER_NOUNS:
        found = newspaper_at(text, pos)
        name = found[1] if found else None
    elif head in _MAGAZINE_NOUNS or head in _STATION_NOUNS:
        name = _latest(_MAGAZINE_RE if head in _MAGAZINE_NOUNS else _STATION_RE, text, pos)
    else:
        return None
    return name if name is not None else _chained_name(head, pos, text, chain)


def _chained_name(head: str, pos: int, text: str, chain: int) -> str | None:
    """Return the outlet name the last description headed by `head` within
    OUTLET_REACH before pos meant (_outlet_name at its start, `chain` - 1 more
    steps back); None when chain is spent or no such description is there."""
    if chain <= 0:
        return None
    before = None
    for m in _described_re(head).finditer(text, max(0, pos - OUTLET_REACH), pos):
        before = m
    return _outlet_name(head, before.start(), text, chain - 1) if before else None


@lru_cache(maxsize=16)  # one per media noun
def _described_re(head: str) -> re.Pattern[str]:
    """Return the regex of a definite description headed by `head` ("the magazine", "the radio station")."""
    return re.compile(rf"\b[Tt]he[ \u00a0]+(?:[\w-]+[ \u00a0]+)?{head}\b")


def _latest(pattern: re.Pattern[str], text: str, pos: int) -> str | None:
    """Return the name of `pattern`'s last match within OUTLET_REACH before pos
    (its possessive and an owner before it dropped: "America's TV Guide" ->
    "TV Guide"; never one of descriptors alone, "US"), or None."""
    last = None
    for m in pattern.finditer(text, max(0, pos - OUTLET_REACH), pos):
        name = next((g for g in m.groups() if g), "") if m.groups() else m.group()
        name = _OWNER_RE.sub("", POSSESSIVE_RE.sub("", name))
        if name and not all(w.lower() in _DESCRIPTORS for w in name.split()):
            last = name
    return last
