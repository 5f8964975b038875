"""Where a name stands in its article: opening its sentence or clause, right after a role word,
or inside a quote.

Owns the position tests the people registry (indexer.annotate.attribution.people.speakers)
and the organisation finder ask of every name they meet: `is_subject` (a name opening its
sentence or clause, or the speaker after an inverted cue: ", says Ann Vole"), `follows_role` (a
lowercase role word right before it: "film director Im Kwon-Taek"), `quoted_spans` and
`inside` (names inside quote marks are nobody's mention).  The name lists they read are
names.names'.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from onrecord.indexer.annotate.attribution.names.names import LEADING_NOISE, lexicon
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS, PARTICIPLE_CUES
from onrecord.indexer.annotate.attribution.spans.quotes import QuoteStyle, find_quote_spans
from onrecord.indexer.lexicon import words

_LOWER_WORD_BEFORE_RE = re.compile(r"(?<![\w-])([a-z]+)[ \u00a0]+$")
# "minister of sport Ann Vole", "chief of staff Ann Vole": a role and its "of" field just before the name
_ROLE_OF_BEFORE_RE = re.compile(r"(?<![\w-])([a-z]+)[ \u00a0]+of[ \u00a0]+([a-z]+)[ \u00a0]+$")


def follows_role(text: str, start: int) -> bool:
    """True when a lowercase role word ("film director Im Kwon-Taek"), or one with its "of" field ("minister
    of sport Ann Vole"), comes right before `start`: the name after it is a person's, whatever its
    first name; a role further back ("editor of the Acme Chronicle") is not."""
    word = _LOWER_WORD_BEFORE_RE.search(text, max(0, start - 30), start)
    if word is not None and word.group(1) in lexicon().roles:
        return True
    field = _ROLE_OF_BEFORE_RE.search(text, max(0, start - 40), start)  # not "head of the ...": a body's
    return field is not None and field.group(2) not in _NOT_MODIFIERS and field.group(1) in lexicon().roles


_SUBJECT_LEADS = frozenset(("is", "was"))
# "..., says Ann Vole" / '"...," observed Ann Vole': a cue closing a clause, its speaker after it
# (a participle opens a clause of its own: ", saying Ann Vole was wrong" names no speaker)
_INVERTED_CUES = CUE_WORDS - PARTICIPLE_CUES
_CLAUSE_CLOSES = (",", ",\"", ",\u201d", ",'", ",\u2019")
# ...and the name closes the clause (", says Ann Vole, a lecturer."), else the cue is its
# sentence's own verb: "Ann Vole's lawyer, Tom Reed, said Ann Vole was pleased"
_CLOSING_NAME_RE = re.compile(r"(?:[A-Z][\w'\u2019.-]*[ \u00a0]+)*[A-Z][\w'\u2019.-]*\s*(?:[,.;!?]|$)")
_LIST_ITEM_RE = re.compile(r"(?:[A-Z][\w'\u2019.-]*[ \u00a0]+)*[A-Z][\w'\u2019.-]*\s+(?:and|&)\s+[A-Z]")
_EPITHET_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # "versatile", "in-form", "34-year-old"
_NOT_MODIFIERS = LEADING_NOISE | words("determiners", "clause_openers", "name_connectors")


def is_subject(text: str, start: int) -> bool:
    """True when a name opens its sentence or clause: after at most seven
    capitalised or role words, or words before a role ("Former welfare minister Ann Vole"), that
    follow a sentence end, a line break, a comma, a copula ("The director is
    Ann Vole"), a cue after a clause's comma (", says Ann Vole": the speaker
    of an inverted cue) or the start of the text.  Walks back word by word (no regex
    search over the window: this runs for every name in the article)."""
    window = text[max(0, start - 60):start]
    words = window.split(" ")
    roles = lexicon().roles
    k = len(words) - 1
    if k >= 0 and words[k] == "":
        k -= 1  # the space right before the name
    role_seen = False  # "Lib Dem foreign affairs spokesman Sir Ann Vole": lowercase words may modify a role
    for _ in range(8):
        if k < 0:
            return start - 60 <= 0
        word = words[k]
        if word.endswith(",") and word[:1].isupper() and _LIST_ITEM_RE.match(text, start):
            return False  # "stars Ann Vole, Tom Reed and Kim Lee": Tom Reed is a list's item, no subject
        if "\n" in word or word.endswith((",", ".", "!", "?", ".\"", ".\u201d", ".'", ".\u2019")) \
                or word in _SUBJECT_LEADS:
            return True
        if word in _INVERTED_CUES and k > 0 and words[k - 1].endswith(_CLAUSE_CLOSES):
            return bool(_CLOSING_NAME_RE.match(text, start))
        if k > 0 and words[k - 1] == "The" and _EPITHET_RE.fullmatch(word):
            k -= 1  # "The versatile Ann Vole, who ...": an epithet between "The" and the name
            continue
        if k > 1 and words[k - 1] == "of" and words[k - 2] in roles and word.isalpha() and word not in _NOT_MODIFIERS:
            k -= 2  # "Spain's minister of sport Ann Vole": the role's "of" field
            continue
        if not (word[:1].isupper() or word in roles or role_seen and len(word) > 3 and word.isalpha()
                and word not in _NOT_MODIFIERS):
            return False
        role_seen, k = role_seen or word in roles, k - 1
    return False


_LINE_RE = re.compile(r"[^\n]+")


def quoted_spans(text: str, style: QuoteStyle) -> list[tuple[int, int]]:
    """Return the sorted (start, end) of the article's quotes, line by line."""
    return [(sp.start, sp.end) for line in _LINE_RE.finditer(text)
            for sp in find_quote_spans(text, line.start(), line.end(), style)]


def inside(spans: list[tuple[int, int]], pos: int) -> bool:
    """True when pos lies inside one of the sorted, disjoint spans."""
    i = bisect_right(spans, (pos, 1 << 62)) - 1
    return i >= 0 and spans[i][0] < pos < spans[i][1]
