"""A description's speaker named in apposition right after it.

'"...," said one of their lawyers, Tavo Brenn.' and '"...," said the
committee chairman, MP Ann Vole.': news prose describes the speaker first and
names them after a comma, closing the clause; the name, not the description,
is who spoke.  Owns only that look-up: one anchored match after the phrase.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

# a comma, then up to four capitalised words closing the clause; a full stop only after an
# initial or a short title ("Dr.", "E."), else it ends the sentence ("Ann Vole. Then")
_NAME_AFTER_RE = re.compile(
    r",[ \u00a0]+((?:(?:[A-Z][a-z]?\.|Mrs\.|Prof\.|[A-Z][\w'\u2019-]*)[ \u00a0]+){1,3}[A-Z][\w'\u2019-]+)"
    r"(?=[ \u00a0]*(?:[.,;:!?\"\u201d]|$))")


def appositive_person(text: str, end: int, people: DocSpeakers) -> str | None:
    """Return the person a comma-set name right after a description ending
    at `end` names (a known or new person by full name), else None: a body
    or a lone word there ('said the chairman, Acme') names no one here."""
    m = _NAME_AFTER_RE.match(text, end)
    if m is None:
        return None
    speaker, _role = people.resolve_run(m.group(1), m.start(1))
    return speaker if speaker and people.is_person(speaker) else None
