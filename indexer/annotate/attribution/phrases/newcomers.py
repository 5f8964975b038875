"""A person the article introduces with a role beside the name: the voice it turns to next.

Owns `described`: whether a full name is followed by an appositive that
opens on a role word ("... came from Ann Vole, vice-president of research
at Acme."; "... the choice of Ann Vole, executive editor of Acme Weekly.").
News writing names a new speaker this way before quoting them, even when the
name stands as an object or in a clause, so such a mention counts as a
subject one for the pronoun that follows (issue #31: "he said" went to the
speaker before).  The role words are the lexicon's "roles".
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import lexicon

# ", an analyst with", ", vice-president of", ", executive editor of": up to four lowercase words
_APPOSITIVE_RE = re.compile(r",[ \u00a0]+(?:(?:an?|the)[ \u00a0]+)?((?:[a-z][\w-]*[ \u00a0]+){0,3}[a-z][\w-]*)\b")
# the role must close the opening words or be followed by what names its field ("of", "at", "with", "for")
_FIELD_RE = re.compile(r"[ \u00a0]+(?:of|at|with|for|to|in)\b|[,.;]")


def described(text: str, end: int) -> bool:
    """Return True when the name ending at `end` is followed by an appositive
    with a role word among its opening words, a field or the clause's end
    follows it (", executive editor of", ", an analyst with ...", ", the captain.")."""
    m = _APPOSITIVE_RE.match(text, end)
    if m is None:
        return False
    roles = lexicon().roles
    words = m.group(1).split()
    # "executive editor of": the role run may be two role words, the field follows the last
    return any(word in roles and _FIELD_RE.match(text, m.start(1) + len(" ".join(words[:k + 1]))) is not None
               for k, word in enumerate(words))
