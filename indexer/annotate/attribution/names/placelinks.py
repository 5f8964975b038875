"""A place after the speaker: the name a preposition makes where the speaker is, never who spoke.

Owns `past_place`: the speaker phrase a reported cue's subject gives when the phrase found
right before the cue is a place the speaker is in, at or from ("Andrew in Derby complains",
"Ann Vole, 34, from Norland said", "correspondent Ann Vole at Tamm on Dartmoor in the Norland
Valley said", "A spokesman for the Acme embassy in Norland said"): the name (or the
spokesperson) before the chain of places.  The links are `PLACE_LINKS`, one row each.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import first_name_gender
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase, phrase_before
from onrecord.indexer.lexicon import words

# the prepositions that put a name where the speaker is: (link, an example of the row);
# "of" and "for" are not here: "a spokesman for Acme", "the head of Acme" speak for their object
PLACE_LINKS: tuple[tuple[str, str], ...] = (
    ("in", "Andrew in Derby complains"),
    ("at", "The Acme Office (ACO) at Tamm Green said"),
    ("from", "Ann Vole, 34, from Norland said"),
    ("on", "Ann Vole at Tamm on Dartmoor said"),  # only inside a chain: "Acme on Monday said" is no place
    ("with", "Ann Vole, with the Acme Hunt at Tamm, said"),  # whom the speaker is with: after a comma only
)
_LINK_ALT = "|".join(link for link, _ in PLACE_LINKS)
# a link (after a comma for "with") and "the" right before the place: " in the ", ", with the "
_LINK_RE = re.compile(rf"(?:(?<=\s)|,\s*)(?P<link>{_LINK_ALT})\s+(?:the\s+)?$")
_SPOKES = words("spokes")
_AGE_RE = re.compile(r"\d{1,3}")
_MAX_PLACES = 4  # "at Tamm on Dartmoor in the Norland Valley": a chain, never a run through the sentence


def past_place(s: str, lo: int, phrase: Phrase) -> Phrase:
    """Return the speaker before the place a name phrase is ("Andrew" of "Andrew in Derby
    complains"): past each link of PLACE_LINKS to the name or spokesperson before them, or
    the age a name's comma sets off ("Ann Vole, 34, from Norland": the caller passes it);
    `phrase` itself when it follows no place link or no speaker stands before the places."""
    if phrase.kind != "name" or "," in phrase.text:
        return phrase
    start, found = phrase.start, None
    for _ in range(_MAX_PLACES):
        link = _LINK_RE.search(s, max(lo, start - 12), start)
        if link is None or _unlinked(link, found):
            break
        before = phrase_before(s, lo, link.start())
        if not isinstance(before, Phrase) or before.kind == "pronoun":
            return phrase
        if before.kind == "np":  # "A spokesman for the Acme embassy in Norland said": the spokesperson
            return before if _is_spokesperson(before) or _AGE_RE.fullmatch(before.text) else phrase
        start, found = before.start, before
    return phrase if found is None or not _is_name(found) else found


def _unlinked(link: re.Match[str], found: Phrase | None) -> bool:
    """True when the link before a place puts no speaker before it: "on" opening the chain
    ("Acme on Monday said"), "with" without its comma ("Ann Vole with Acme said")."""
    word = link.group("link")
    return word == "on" and found is None or word == "with" and "," not in link.group(0)


def _is_spokesperson(found: Phrase) -> bool:
    """True for a description holding a spokesperson word ("A spokesman for the Acme embassy"):
    who spoke; any other description ("The government") leaves the place as found."""
    return any(w in _SPOKES for w in found.text.lower().split())


def _is_name(found: Phrase) -> bool:
    """True for the name before the places: a run of two words or more, or one word only when
    it is a first name ("Andrew"); a lone capitalised word is as often a common noun opening
    its sentence ("Research from Acme suggests", "Authorities in Norland said")."""
    return len(found.text.split()) > 1 or first_name_gender(found.text) is not None
