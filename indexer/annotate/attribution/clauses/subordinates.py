"""Reported clauses opened by a subordinate clause (issue #32).

Owns where a bare reported clause after a bare cue ("said", "says", "told")
continues past a subordinate clause opening it: "They said as Ann Vole was
in custody, her case came within the court's reach", "Tom Reed said while it
was a deal in principle, the firms now had to make it work".  The
conjunctions are the lexicon's "reported_subordinators" (one row each); the
clause's own subject and finite verb after the comma are the caller's test
(complements._COMMA_CLAUSE_RE, FINITE_RE), so "said as she left, adding ..."
opens nothing.
"""
from __future__ import annotations

import re

from onrecord.indexer.lexicon import words

# the conjunction and its clause (no stop, colon, semicolon or masked quote) up to the comma closing it
_SUBORDINATE_RE = re.compile(
    rf"\s+(?:{'|'.join(sorted(words('reported_subordinators')))})\s[^,;:.!?#\"\u201c]{{3,60}}(?=,)", re.I)


def subordinate_end(s: str, pos: int, hi: int) -> int | None:
    """Return where the comma closing a subordinate clause that opens the bare
    clause at `pos` stands ("said as X was in custody, his case ..."); None
    when no such subordinate clause opens there."""
    found = _SUBORDINATE_RE.match(s, pos, hi)
    return None if found is None else found.end()
