"""A body's reported speaker without the words before its name that describe it.

"Rival Zentor said", "the Lisbon-published Daily Courier said": the speaker
phrase is read as a name whole (or cleanup's whole-name rules give the words
back), but "Rival" (a contrast word, the lexicon's contrast_modifiers) and
"Lisbon-published" (a capitalised word made an adjective by its lowercase
tail) say what the body is, never what it is called.  Where such words are
all the speaker holds ("a Parliament-appointed panel said", "the Leeds-based
journal ..."), no name is left: the clause's speaker stays unknown rather than
an adjective (issue #32).
"""
from __future__ import annotations

from dataclasses import replace

from onrecord.indexer.annotate.attribution.names.names import HYPHEN_DESCRIPTION_RE
from onrecord.indexer.lexicon import words
from onrecord.search import Quote

_PARTICLES = words("name_particles")  # "Ross-van Dorp": a surname's own particle, never an adjective's tail
_CONTRASTS = words("contrast_modifiers")  # "Rival Zentor": a rival of the body the text is about, still Zentor
# "Lisbon-published", "UK-based": a capitalised word and a lowercase tail, an adjective ("Wal-Mart" stays)


def _is_modifier(word: str) -> bool:
    """True for a contrast word or a hyphenated adjective written before a name."""
    if word.lower() in _CONTRASTS:
        return True
    return HYPHEN_DESCRIPTION_RE.fullmatch(word) is not None and word.rsplit("-", 1)[1] not in _PARTICLES


def without_lead_modifiers(name: str) -> str | None:
    """Return `name` without its leading contrast words and hyphenated adjectives
    ("Rival Zentor" -> "Zentor"); None when no capitalised word is left after them
    ("Parliament-appointed"); `name` itself when it opens with neither."""
    toks = name.split()
    cut = 0
    while cut < len(toks) and _is_modifier(toks[cut]):
        cut += 1
    if cut == 0:
        return name
    rest = toks[cut:]
    return " ".join(rest) if rest and rest[0][:1].isupper() else None


def reported_without_modifiers(quote: Quote) -> Quote:
    """Return a reported `quote` with its speaker as without_lead_modifiers gives
    it (no speaker fields where nothing is left); any other quote as it is."""
    if quote.kind != "indirect" or not quote.speaker:
        return quote
    name = without_lead_modifiers(quote.speaker)
    if name == quote.speaker:
        return quote
    if name is None:
        return replace(quote, speaker=None, role=None, evidence=None, confidence=None, speaker_type=None,
                       speaker_source=None)
    return replace(quote, speaker=name)


def wholes_without_modifiers(whole: dict[str, str]) -> dict[str, str]:
    """Return `whole` (a speaker value -> the longer name the text writes) without
    the entries that only put modifiers back in front ("Zentor" -> "Rival Zentor")."""
    return {value: name for value, name in whole.items() if without_lead_modifiers(name) != value}
