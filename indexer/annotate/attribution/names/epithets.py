"""A headline's epithet glued to a surname: "Classy Vole wins" over the body's "Ann Vole".

Owns dropping, from the full names the article's scan finds, a headline's
two-word name whose first word is no first name but a word the headline puts
before the surname of someone the body names in full ("Dogged Vole",
"Rocker Vole", "Can Vole rescue Acme?" for the body's Ann Vole).  Read as a
name, the headline's run is registered first and takes every later "Vole";
dropped, the surname is the body's person (people.speakers' surname
mentions).  Reads words only.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.fullnames import NameHit
from onrecord.indexer.annotate.attribution.names.names import PARTICLES, first_name_gender

# the headline's first word: one capital, then lowercase ("MG Rover", "TV Vole" are no epithets)
_WORD_RE = re.compile(r"[A-Z][a-z]+")


def without_headline_epithets(text: str, hits: list[NameHit]) -> list[NameHit]:
    """Return `hits` (find_full_names' names, in text order) without the
    headline's epithet-plus-surname runs (`is_epithet`); most articles'
    headlines hold no such run and `hits` comes back as it is."""
    head_end = text.find("\n")
    if head_end < 0 or not hits or hits[0].start >= head_end:
        return hits
    dropped = [h for h in hits if h.start < head_end and is_epithet(text, head_end, h)]
    return [h for h in hits if h not in dropped] if dropped else hits


def is_epithet(text: str, head_end: int, hit: NameHit) -> bool:
    """Return True when the headline's name `hit` is a word glued to a
    surname: two words, no title or role, the first no known first name nor
    particle, never written mid-sentence in the body (a name the lexicon
    lacks is: "sister Venus"), and the body writes the surname after a
    known first name but never after this word."""
    parts = hit.parts
    if len(parts.name) != 2 or parts.title or parts.role:
        return False
    word, last = parts.name
    if not _WORD_RE.fullmatch(word) or word.lower() in PARTICLES or first_name_gender(word):
        return False
    body = text[head_end:]
    if re.search(rf"[a-z,;:][ \u00a0]+{word}\b", body):
        return False  # "Venus": the body names her by it, a first name the lexicon lacks
    firsts = {m.group(1) for m in re.finditer(rf"\b([A-Z][a-z]+)[ \u00a0]+{re.escape(last)}\b", body)}
    return word not in firsts and any(first_name_gender(f) for f in firsts)
