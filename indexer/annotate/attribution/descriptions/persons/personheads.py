"""Person-headed descriptions whose last word is not the person's noun.

Owns one fact of news prose: a description whose head is a person's noun
names a person (or nobody), never the body it mentions, even where its last
word is no role.  Two shapes hide the head from a last-word test: a role
after a lowercase prefix and a hyphen ("the Acme co-chairman", "the
ex-minister"), and a role before a preposition that attaches the person to
a body ("the guitarist with rock band Acme", "the chairman of the Acme
Federation").  Read as bodies, both credit the party, band or federation
named inside them with the person's words.  The nouns are indexer.lexicon's
"roles" and "person_nouns" (never "spokes": a spokesperson speaks for the
body, descriptions.nominals).
"""
from __future__ import annotations

from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.lexicon import words

_LINKS = words("person_body_links")  # "with", "of", "at": a person's tie to a body after their noun


def person_head(found: list[str]) -> int:
    """Return the index in `found` (a description's words) of the person noun
    heading it where the last word is not that noun: a lowercase role or person
    noun before the first linking preposition ("the guitarist with the band":
    1), or the last word when it is a role after a lowercase hyphenated prefix
    ("the Acme co-chairman": 2); -1 when no such head is found."""
    cut = next((k for k, w in enumerate(found) if k and w in _LINKS), len(found))
    if cut == len(found):
        prefix, _, noun = (found[-1] if found else "").rpartition("-")
        plain = prefix.isalpha() and prefix.islower()  # "co-", "ex-"; never "Rolls-Royce", "-"
        return len(found) - 1 if plain and is_person_noun(noun) else -1
    head = found[cut - 1]
    if not head.islower():
        return -1  # "The Friends of Acme": a capitalised name, no description
    return cut - 1 if is_person_noun(head.rpartition("-")[2]) else -1


def is_person_noun(noun: str) -> bool:
    """True for a lowercase role or person noun that is no spokesperson's."""
    lex = lexicon()
    return noun.islower() and (noun in lex.roles or noun in lex.person_nouns) and noun not in lex.spokes
