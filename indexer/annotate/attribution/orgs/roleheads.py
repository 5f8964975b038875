"""A body whose proper name ends in a role word ("the Scottish Executive", "the Hollywood Reporter").

Owns reading such a name run as the body it names.  The lexicon's
"role_body_heads" are role words that, capitalised at the end of a name after
words that are no role or title themselves, name an institution, not a person
holding the role: without this, descriptions.nominals reads "the Scottish
Executive said" as the role "executive" and credits whoever the article
called a chief executive, or the last person heard.  "the Acme Chief
Executive" (a rank before the head) stays a person's role.
resolving._name_speaker asks `role_headed_body` when the registry names
nobody for a name run.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import F_TITLES, M_TITLES, N_TITLES, is_role_word
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

_HEADS = words("role_body_heads")
_TITLES = frozenset(t.lower() for t in M_TITLES | F_TITLES | N_TITLES)
# "the Scottish Executive", "Northern Ireland Executive": capitalised words, then the head
_RUN_RE = re.compile(r"(?:(?:the|The)\s+)?((?:[A-Z][\w'\u2019-]*\s+)+([A-Z][a-z]+))")


def role_headed_body(run: str, pos: int, people: DocSpeakers) -> str | None:
    """Return the body a speaker's name run at pos names when it ends in one
    of the lexicon's "role_body_heads" after capitalised words none of which
    is a role, title or a person the article names ("the Scottish Executive"
    -> "Scottish Executive"), noted so a later "it" may mean it; else None."""
    if (run.split() or [""])[-1].lower() not in _HEADS:  # nearly every run: no regex, no registry look-up
        return None
    m = _RUN_RE.fullmatch(run.strip())
    if m is None or m.group(2).lower() not in _HEADS:
        return None
    modifiers = m.group(1).split()[:-1]
    if any(is_role_word(w) or w.lower().rstrip(".") in _TITLES or people.is_person(w) for w in modifiers):
        return None  # "the Acme Chief Executive", "Mr Vole Reporter": a person's role
    body = " ".join(m.group(1).split())
    people.note_org(body, pos)
    return body
