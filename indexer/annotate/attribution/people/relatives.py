"""A full name a personal relative clause follows: a person's, whatever its first name (issue #31).

Owns whether "cleric Ann Vole, who was killed" or "Ann Vole, a delegate from
Norland who dressed up" shows a full name to be a person's.  people.speakers
keeps a full name that no title, known first name, role word or subject
position vouches for only as a candidate, until the article writes its
surname alone; a person it calls only "he" or "she" after that was never in
the pronoun's pool, and the pronoun went to someone else.  "who" is a
person's relative pronoun (a body takes "which"), so the name is a person's
from that mention.  Left a candidate: a plural after the relative ("Vole
Sisters, who are", "who both scored"), a body's noun or a determiner right
before the name ("band Vole Sisters", "the Vole Boys"), or a body's noun in
the appositive ("a group of members who").
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

_RELATIVES = words("personal_relatives")
_PLURAL_LEADS = words("plural_relative_leads")
_BODY_NOUNS = words("org_nouns", "org_heads")
_DETERMINERS = words("determiners")
_NOT_BEFORE = _BODY_NOUNS | _DETERMINERS  # "band Vole Sisters", "the Vole Boys": built once, not a call
_SPACE = "[ \u00a0]+"
# ", who", or an appositive opened by an article and holding no stop or quote, then "who" and its next word
_RELATIVE_RE = re.compile(
    rf",{_SPACE}(?:(?:a|an|the){_SPACE}([^,.;:!?\"\u201c\u201d\n]{{1,60}}?){_SPACE})?"
    rf"({'|'.join(sorted(_RELATIVES))})\b{_SPACE}([a-z]+)")
_WORD_BEFORE_RE = re.compile(rf"([A-Za-z-]+){_SPACE}$")
_LOWER_WORD_RE = re.compile(r"\b[a-z][a-z-]*\b")


def relative_follows(text: str, start: int, end: int) -> bool:
    """Return True when the full name written from `start` to `end` is
    followed by a person's relative clause, at once or after its appositive
    (", who was killed", ", a Syrian engineer who"), with no plural after the
    relative, and neither a body's noun nor a determiner right before it."""
    m = _RELATIVE_RE.match(text, end)
    if m is None or m.group(3) in _PLURAL_LEADS:
        return False
    if m.group(1) and any(w in _BODY_NOUNS for w in _LOWER_WORD_RE.findall(m.group(1))):
        return False  # "a group of members who": the members are who
    before = _WORD_BEFORE_RE.search(text, max(0, start - 30), start)
    return before is None or before.group(1).lower() not in _NOT_BEFORE
