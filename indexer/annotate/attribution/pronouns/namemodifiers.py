"""Whether a name after an article modifies a noun, or is someone a pronoun may mean (issue #31).

"an Ann Vole goal", "the Vole family", "in the Vole stump speech": a name
between an article (a few lowercase words after it) and a lowercase noun
names no one acting, so the antecedent choice drops it (antecedents.narrow)
and marks it (the `modifier` feature).  The same shape with a verb or a
preposition after the name is a clause, the name its subject or object:
"The book accuses Vole of ...", "When the interview steered Vole toward
...", "A reporter asked Vole how ...", "a terse Vole agreed", "The judge
Vole was referring to": that person may be whom the next "he said" means
(PolNeAR train: eight pronouns in six articles went to someone else).  The
words that show it are the lexicon's name_clause_words (prepositions,
question and relative words) and a finite verb (subjectverbs.FINITE or a
regular past in -ed).  A preposition right before the name keeps it inside
the article's noun phrase whatever follows: "The rise of Vole gave ...",
"A reporter for Acme News called ..." name no one acting.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.phrases.shapes import is_regular_past
from onrecord.indexer.annotate.attribution.pronouns.subjectverbs import FINITE
from onrecord.indexer.lexicon import words

# "an Ann Vole goal", "a devout Vole household": an article, at most two lowercase words, the name
_ARTICLE_BEFORE_RE = re.compile(r"\b(?:[Aa]n?|[Tt]he)\s+(?:[a-z]+\s+){0,2}$")
_WORD_BEFORE_RE = re.compile(r"\b([a-z]+)\s+$")
_WORD_AFTER_RE = re.compile(r"\s+([a-z]+)")
_CLAUSE_WORDS = words("name_clause_words")
_BACK = 30  # characters before the name the article is looked for in


def article_modifier(text: str, at: int, end: int) -> bool:
    """Return True when the capitalised name text[at:end] stands between an
    article and a lowercase word, unless that word is a preposition, a
    clause word or a finite verb and no preposition stands right before the
    name ("an Ann Vole goal", "the rise of Vole gave": it belongs to the
    article's noun); False for any other mention, and for `at` < 0."""
    if at < 0 or not text[at:at + 1].isupper():
        return False
    after = _WORD_AFTER_RE.match(text, end)
    lead = _ARTICLE_BEFORE_RE.search(text, max(0, at - _BACK), at) if after is not None else None
    if after is None or lead is None:
        return False
    before = _WORD_BEFORE_RE.search(text, lead.start(), at)
    if before is not None and before.group(1) in _CLAUSE_WORDS:
        return True
    word = after.group(1)
    return word not in _CLAUSE_WORDS and word not in FINITE and not is_regular_past(word)
