"""A body the article describes but never names ("the statistical office",
"The prime minister's office") as the description itself (issue #32).

A definite description of lowercase words ending in one of the lexicon's
`described_bodies` nouns ("office") names one body by what it is: the
statistics office of the country the story is about, the office of the
prime minister it names.  The head-noun reading (orgheads.org_by_head) gave
it the latest institution named whatever its kind ("Cameroon" for "The prime
minister's office"), or no one.  It is, in order: the latest body named
within INSTITUTION_REACH before it whose name ends in the noun ("Federal Statistics Office" for "the
statistics office", as before), the body the article names in the same words
with capitals ("the Information Commissioner's Office" for "The information
commissioner's office"), else the description as written without "the".
"""
from __future__ import annotations

from collections.abc import Iterable

from onrecord.indexer.annotate.attribution.descriptions.bodies.orgheads import INSTITUTION_REACH
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words

DESCRIBED_BODIES = words("described_bodies")


def described_body(kept: list[str], pos: int, people: DocSpeakers) -> str | None:
    """Return the body a definite description's words after its article
    (`kept`: "statistical", "office") at pos name (see the module
    docstring); None unless they are two or more lowercase words ending in
    a described_bodies noun ("the office", "the Home Office": others' to read)."""
    head = kept[-1] if kept else ""
    if len(kept) < 2 or head not in DESCRIBED_BODIES or not all(w.islower() for w in kept):
        return None
    # not noted as a speaking body: "They have also warned" paragraphs on would read it as them
    return people.organisations.latest(pos, INSTITUTION_REACH, head) \
        or as_named(" ".join(kept), (m.name for m in people.organisations.mentions))  # (in reach: no old "Home Office")


def as_named(written: str, names: Iterable[str]) -> str:
    """Return the one of `names` spelling `written` whatever its case
    ("Information Commissioner's Office"), else `written`."""
    return next((name for name in names if name.lower() == written), written)
