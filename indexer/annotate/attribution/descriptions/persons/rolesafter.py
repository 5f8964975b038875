"""A person named right before the role a speaker phrase read.

'Dr Ann Vole, Acme senior vice president, Research and Property, said:' and
'..., but Ann Vole, president of the networks division at the firm says that:'
put a person's role in apposition after her name and before the cue.  The
phrase beside the cue can then be only the role ("president") or the body
after its "of" ("the networks division at the firm"), which names nobody.
The person is the name before the role.  After a quote the writer may
leave the appositive unclosed ('"...," Ann Vole, from Acme Capital told
Reuters'; '..., Ann Vole, executive director of Acme Bank - one of its
creditors - said.'): the name opening the words before the cue is the
speaker phrase.  A phrase may also be the body inside such an appositive
('Ann Vole, general secretary of the Acme Union (AU), said', 'Ann Vole,
editor of union-backed Acme magazine, which did the research, said'): the
phrase finder stops at the acronym or the relative clause and reads the body;
the person named before her role and its link word spoke for it
(`affiliated_person`).  Owns only these three look-ups: the first two asked
where the phrase finder found no speaker, the third where it found a body.
"""
from __future__ import annotations

import re

from onrecord.indexer.annotate.attribution.names.names import lexicon
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.phrases.cues.cues import Phrase
from onrecord.indexer.lexicon import words

# up to four capitalised words (an initial or a short title may end in a full stop: "Dr John E. Vole")
_NAME = r"(?:(?:[A-Z][a-z]?\.|Mrs\.|Prof\.|[A-Z][\w'\u2019-]*)[ \u00a0]+){1,3}[A-Z][\w'\u2019-]+"
# the name opens its clause (a line, a sentence, a comma, "but"/"and"), then its comma, then the role
# up to the phrase: no quote mark, clause mark or sentence end between ("E." an initial, not an end)
_NAME_THEN_ROLE_RE = re.compile(
    rf"(?:^|(?<=[.!?\"\u201d])[ \u00a0]+|[,;:][ \u00a0]+|\b(?:[Bb]ut|[Aa]nd)[ \u00a0]+)"
    rf"({_NAME}),[ \u00a0]+"
    r"((?:[^\"\u201c\u201d;:()!?.\n]|\.(?![ \u00a0]+[A-Z][a-z])){1,120})$")
_REACH = 200  # characters before the phrase the name and its role may take
_ENDS_SENTENCE_RE = re.compile(r"[.!?][ \u00a0]*$")  # the words before the phrase close a sentence
# after a quote: the name, its comma, then a role or a "from"/"of"/"at" body up to the cue, unclosed by a
# second comma (a closed one is the phrase finder's): "Ann Vole, from Acme Capital told"
_UNCLOSED_RE = re.compile(
    rf"({_NAME}),[ \u00a0]+((?:from|of|at|[a-z][\w-]*)\b(?:[^,\"\u201c\u201d;:()!?.\n]|\.(?![ \u00a0]))"
    r"{0,120}?)[ \u00a0]*$")
_LINKS = frozenset({"from", "of", "at"})
# the name opening its clause, its comma, up to four role words, a link word (the lexicon's "appositive_links":
# "of", "at", "for", "with", "from") and up to three words naming or describing the body ("union-backed Acme")
# right before the phrase: no comma, quote mark or sentence end between
_LINK_ALT = "|".join(sorted(words("appositive_links")))
_AFFILIATION_RE = re.compile(
    rf"(?:^|(?<=[.!?\"\u201d])[ \u00a0]+|[,;:][ \u00a0]+|\b(?:[Bb]ut|[Aa]nd)[ \u00a0]+)"
    rf"({_NAME}),[ \u00a0]+((?:[a-z][\w-]*[ \u00a0]+){{1,4}}?)(?:{_LINK_ALT})[ \u00a0]+"
    r"(?:the[ \u00a0]+)?(?:[\w'\u2019-]+[ \u00a0]+){0,3}$")


def named_before_role(text: str, start: int, end: int, people: DocSpeakers) -> str | None:
    """Return the person named right before the role that the phrase
    text[start:end] is, or is inside of: the name of "Ann Vole, Acme vice
    president, said" before a phrase "president", of "Ann Vole, president of
    the division at the firm says" before "the division at the firm"; None
    when no person is named so, or no role word stands between the name and
    the cue."""
    phrase = text[start:end]
    lo = max(text.rfind("\n", 0, start) + 1, start - _REACH)
    # a window cut mid-line opens on a stop character, so its first word never counts as opening a clause
    window = ("" if lo == 0 or text[lo - 1] == "\n" else "\0") + text[lo:start]
    m = _NAME_THEN_ROLE_RE.search(window)
    if m and not _ENDS_SENTENCE_RE.search(m.group(2)):  # "Ann Vole, and Ed Reed.  Her lawyer said": another sentence
        return _person(m.group(1), start - len(window) + m.start(1), f"{m.group(2)} {phrase}", people)
    return None


def _person(name: str, pos: int, role: str, people: DocSpeakers) -> str | None:
    """Return the person `name` at pos is in the registry when the `role`
    words after it hold a role word ("president", "head"); else None (a body,
    a place or a lone word there, or an appositive that is no role)."""
    roles = lexicon().roles
    if not any(w.lower() in roles for w in re.findall(r"[A-Za-z-]+", role)):
        return None
    speaker, _role = people.resolve_run(name, pos)
    return speaker if speaker and people.is_person(speaker) else None


def name_before_unclosed(s: str, gap: int, cue_start: int) -> Phrase | None:
    """Return the name phrase opening s[gap:cue_start], the words between a
    quote and its cue, when an appositive after it runs to the cue unclosed
    by a comma and opens on a role word or on "from", "of" or "at" ('Ann
    Vole, from Acme Capital told', 'Ann Vole, executive director of Acme
    Bank - one of its creditors - said'); else None."""
    m = _UNCLOSED_RE.fullmatch(s, gap, cue_start)
    if m is None:
        return None
    lead = m.group(2).split()[0].lower()
    if lead not in _LINKS and not any(w.lower() in lexicon().roles for w in m.group(2).split()[:4]):
        return None
    return Phrase(m.group(1), m.start(1), m.end(1), "name")


def affiliated_person(text: str, start: int, people: DocSpeakers) -> str | None:
    """Return the person whose role appositive the body phrase at `start`
    closes: Ann Vole of "Ann Vole, general secretary of the Acme Union
    (AU), said" before the phrase "the Acme Union"; None when no name, comma,
    role word and link word lead to it."""
    lo = max(text.rfind("\n", 0, start) + 1, start - _REACH)
    window = ("" if lo == 0 or text[lo - 1] == "\n" else "\0") + text[lo:start]
    m = _AFFILIATION_RE.search(window)
    if m is None:
        return None
    return _person(m.group(1), start - len(window) + m.start(1), m.group(2), people)
