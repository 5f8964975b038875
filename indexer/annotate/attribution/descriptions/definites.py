"""A definite run of capitalised words ending in a role word is a description.

'The Norland Forest MP said', 'the Acme Holdings chairman told': "the", a
place or a body, then the office; news prose names the office holder
elsewhere, so the words before the role are never the person's name (the
run would credit "Norland Forest").  Owns only that test, asked before a
speaker phrase is read as a name; the description then resolves as any
other (indexer.annotate.attribution.descriptions.nominals).
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers

# "the" and two or more capitalised words, the last a role ("MP", "Chairman")
_DEFINITE_RUN_RE = re.compile(r"[Tt]he[ \u00a0]+(?:[A-Z][\w&'\u2019.-]*[ \u00a0]+)+([A-Za-z]+)")


def is_role_description(run: str) -> bool:
    """True when `run` is "the", capitalised words and a role word ("The
    Norland Forest MP"): an office described, no name in it."""
    m = _DEFINITE_RUN_RE.fullmatch(run)
    return m is not None and m.group(1).lower() in lexicon().roles


def resolve_name_run(run: str, pos: int, people: DocSpeakers) -> tuple[str | None, str | None]:
    """Return (speaker, role) of a capitalised speaker phrase at pos:
    (None, None) for a role description (the caller resolves it as a
    description), else the registry's reading (DocSpeakers.resolve_run)."""
    return (None, None) if is_role_description(run) else people.resolve_run(run, pos)
