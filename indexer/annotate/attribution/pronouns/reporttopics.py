"""Whether a person named in a sentence's report is only its topic (issue #31).

A "he said" after "Dan Vole said that voters had backed Tom Reed." means
Vole: Reed is named inside what Vole reports, like a name inside quote marks,
even when Reed spoke earlier in the article and is its last speaker
(antecedents.outside_report drops such topics).  Two shapes keep a later
name in the running: a name opening a clause after a comma is that clause's
subject, outside the report, when a finite verb follows it ("Before Acme
said the deal was off, Reed insisted ...": Reed acts; not an appositive
"..., his predecessor, Tom Reed." nor an owner "Vole, Reed's spokesman,
suggested that ..."), and a person sharing the subject's surname
is the subject written another way ("Lady Vole said ... the role of
Speaker", a role word registered for "Ann Vole").
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import acts

_CLAUSE_OPENING_RE = re.compile(r",\s+(?:and\s+|but\s+)?$")
_BACK = 12  # characters looked back for the comma opening a clause


def opens_clause(text: str, at: int) -> bool:
    """Return True when the name at `at` opens a clause after a comma with a
    finite verb after it (", Reed insisted"; not an appositive ", his
    predecessor, Tom Reed." nor an owner ", Reed's spokesman,"): that clause's
    subject, outside what the sentence's first speaker reports."""
    return at > 0 and _CLAUSE_OPENING_RE.search(text, max(0, at - _BACK), at) is not None and acts(text, at)


def topic_only(text: str, at: int, surname: str, subject_surname: str) -> bool:
    """Return True when the person named at `at` (surname `surname`) is only
    the topic of the report of the subject whose surname is `subject_surname`:
    not the subject written another way, not opening a clause of its own."""
    return surname != subject_surname and not opens_clause(text, at)
