"""A speaker value that is a body's common noun is a body's: "government", "police".

Owns the test the last step of cleanup.values asks of a value typed a person,
once every value is cleared, widened or cut: a value whose last word is a lowercase body
noun of the lexicon ("government", "police", "statistical office", "prime
minister's office", "Lankan government" cut from "Sri Lankan government") is
an organisation's.  The rules credit such values as written when no named
body holds them (indirect.selfnamed, descriptions.bodies.describedbodies), and they
were typed "person" only because no body was ever registered under them:
registering one would move later pronoun readings (a "They" a paragraph on),
and typing it before values' widening would change a value (whole_names
widens a person's one word, not a body's), so the type is set last.  Read from the lexicon's rows
`self_named_bodies`, `described_bodies` and `org_heads`; `org_nouns` is left
out, since it holds "maker" ("film maker" is a person).  A value whose last
word is capitalised has a name's shape ("Ann Office") and is not asked.
"""
from __future__ import annotations

from onrecord.indexer.lexicon import words

# why these rows: each names the noun a body is credited by when it is not named
BODY_NOUNS = words("self_named_bodies", "described_bodies", "org_heads")


def is_body_noun_value(value: str) -> bool:
    """Return True when `value`'s last word is a lowercase body noun of the
    lexicon ("government", "statistical office", "prime minister's office")."""
    last = (value.split() or [""])[-1]
    return last.islower() and last in BODY_NOUNS
