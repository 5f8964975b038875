"""Institution annotation: which organisations a paragraph names.

Owns finding registry aliases in text (the registry itself, read from
indexer/data/institutions.json and the institutions setting's files, lives in
indexer.annotate.institutions.registry), the per-article alias learner
(acronym definitions and capitalised organisation phrases such as "North
West Command Unit") and the annotate stage that fills
Paragraph.institutions with sorted unique canonical names.

Case rules (why: "met" is a verb, "Met Office" is not the Met, but writers
spell "Metropolitan police" and "Metropolitan Police" interchangeably):
single-word aliases and acronyms match with exact case; in multi-word
aliases only the first word's case matters; aliases of three or more words
match in any case; a leading "the" may be in any case.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from onrecord.indexer.annotate.institutions.literals import alias_searcher
from onrecord.indexer.annotate.institutions.registry import (
    AliasSearch,
    InstitutionRegistry,
    RegistryError,
    iter_leftmost,
    load_registry,
    normalize_alias,
    sorted_aliases,
)
from onrecord.indexer.budget import check
from onrecord.search import Article, Deadline

# Re-exported: callers find the registry API here too.
__all__ = ["InstitutionMention", "InstitutionRegistry", "RegistryError",
           "annotate_institutions", "find_institutions", "learn_aliases", "load_registry",
           "match_institution"]


# Phrases that refer back to an institution without naming it; the caller
# must resolve them from context, so match_institution refuses them.
ANAPHORA = frozenset({
    "force", "the force", "police", "the police", "watchdog", "the watchdog",
    "the service", "the department", "the ministry", "the government",
    "government", "the party", "the council", "the court", "the organisation",
    "the organization", "the company", "the firm", "the agency",
})
HEAD_WORDS = frozenset({
    "Service", "Office", "Police", "Council", "Commission", "Committee",
    "Unit", "Department", "Ministry", "Agency", "Authority", "Party",
    "Church", "Court", "University", "Bank", "Association", "Union", "Board",
    "Trust", "Foundation", "Institute", "Command", "Force", "Corporation",
    "Company", "Group", "Federation", "Executive", "Inspectorate",
    "Constabulary", "Tribunal", "Assembly", "College", "School", "Hospital",
    "Society", "Organisation", "Organization", "Bureau", "Administration",
    "Regiment", "Squad", "Panel", "Inquiry", "Fund", "Charity", "Network",
    "Holdings", "Industries", "Industry", "Airways", "Airlines", "Motors",
    "Inc", "Ltd", "Limited", "plc", "Plc", "Alliance", "Confederation",
    "Exchange", "Coalition", "League", "Club", "Partnership", "Army", "Navy",
})
# A leading national qualifier does not make a new institution:
# "US Federal Bureau of Investigation" is the FBI.
QUALIFIERS = frozenset({"US", "U.S.", "UK", "British", "American", "America's", "Britain's"})
# Capitalised words that start sentences or name people's roles; they are
# trimmed from the front of a capitalised run before looking for an org.
LEADING_NOISE = frozenset({
    "The", "A", "An", "But", "And", "Now", "However", "Yesterday", "Today",
    "In", "On", "At", "When", "After", "Before", "Meanwhile", "Speaking",
    "Last", "This", "That", "His", "Her", "Their", "Our", "Its", "If", "As",
    "While", "Both", "Under", "Former", "Mr", "Mrs", "Ms", "Dr", "Sir",
    "Dame", "Lord", "Lady", "Shadow", "Then", "So", "Also", "By", "From",
    "For", "Of", "With", "Without", "Several", "Some", "Many", "Other",
})
ROLE_WORDS = frozenset({
    "Governor", "Chief", "Commissioner", "Director", "Secretary", "Minister",
    "President", "Chairman", "Chairwoman", "Chair", "Spokesman",
    "Spokeswoman", "Spokesperson", "Officer", "Inspector", "Detective",
    "Sir", "Dame", "Mr", "Mrs", "Ms", "Dr", "Lord", "Lady", "Leader",
    "Head", "Constable", "Superintendent", "Sergeant", "MP", "MPs",
})
CONNECTORS = frozenset({"of", "for", "and", "the", "on", "in", "&"})
_WORD = r"[A-Za-z][\w'’&.-]*"
_WORD_RE = re.compile(_WORD)
# two capitalised words or more ("+"): _org_phrases never wants one alone, and a
# single word matched only to be dropped cost a Python step per capitalised word
_CAP_RUN_RE = re.compile(
    r"[A-Z][\w'’&-]*(?:[^\S\n]+(?:(?:of|for|and|the|on)[^\S\n]+)*[A-Z][\w'’&-]*)+")
_TOKEN_RE = re.compile(r"\S+")
_ACRONYM_DEF_RE = re.compile(r"\(\s*([A-Z][A-Za-z.&]{1,11})\s*\)")
_POSSESSIVE_RE = re.compile(r"['’]s\b")
_LONG_FORM_STOP_RE = re.compile(r"[.;:,!?\"“”()\[\]\n]")


@dataclass(frozen=True, slots=True)
class InstitutionMention:
    """An institution named in a text; offsets are relative to that text."""

    name: str
    start: int
    end: int
    surface: str


def _extra_matcher(items: tuple[tuple[str, str], ...]) -> tuple[list[AliasSearch], dict[str, str]]:
    """Return the searchers of an article's learned aliases (for iter_leftmost) and their look-up."""
    usable = [(s, c) for s, c in items if normalize_alias(s) and c]
    lookup = {normalize_alias(s).casefold(): c for s, c in usable}
    # most aliases an article learns are new: string searches, not a regex compiled for each
    return [alias_searcher(a) for a in sorted_aliases(s for s, _ in usable)], lookup


def find_institutions(text: str, registry: InstitutionRegistry,
                      extra_aliases: Mapping[str, str] | None = None
                      ) -> list[InstitutionMention]:
    """Return the institutions named in `text`, in text order, without
    overlaps (longest match wins; an extra alias wins a tie because the
    article defined it).  Offsets are relative to `text`."""
    scans = [_span_scan(text, registry.alias_spans(text), registry.canonical, 1)]
    if extra_aliases:
        scans.insert(0, _extra_scan(text, extra_aliases))
    return _select(text, [f for scan in scans for f in scan.found], 0)


@dataclass(frozen=True, slots=True)
class _Scan:
    """One pattern's matches over a text: (start, end) of each, and
    (start, -length, rank, name) of those naming an institution."""

    spans: list[tuple[int, int]]
    found: list[tuple[int, int, int, str]]


def _span_scan(text: str, spans: list[tuple[int, int]], name_of: Callable[[str], str | None], rank: int) -> _Scan:
    """Return the _Scan of one pattern's matches, given as (start, end) spans of `text`:
    those whose surface `name_of` names are found, ranked `rank`."""
    found = []
    for start, end in spans:
        name = name_of(text[start:end])
        if name:
            found.append((start, start - end, rank, name))
    return _Scan(spans, found)


def _extra_scan(text: str, extra_aliases: Mapping[str, str]) -> _Scan:
    """Scan `text` for an article's learned aliases (rank 0: they win a tie)."""
    patterns, lookup = _extra_matcher(tuple(sorted(extra_aliases.items())))
    return _span_scan(text, [m.span() for m in iter_leftmost(patterns, text)],
                      lambda surface: lookup.get(normalize_alias(surface).casefold()), 0)


def _select(text: str, found: list[tuple[int, int, int, str]], base: int) -> list[InstitutionMention]:
    """Return the mentions `found` holds (offsets minus `base`), leftmost, then longest, then by rank."""
    mentions: list[InstitutionMention] = []
    last_end = -1
    for start, neg_len, _, name in sorted(found):
        if start >= last_end:
            last_end = start - neg_len
            mentions.append(InstitutionMention(name, start - base, last_end - base, text[start:last_end]))
    return mentions


_WORD_CHAR_RE = re.compile(r"\w")


def _found_within(text: str, scans: list[_Scan], start: int, end: int) -> list[tuple[int, int, int, str]] | None:
    """Return the matches of `scans` (over all of `text`) inside [start, end): the
    same as scanning text[start:end] alone, when no match crosses an edge and
    no word runs across one (the patterns' word checks then see the same
    thing); None when they might differ, and the caller scans the slice."""
    if (start and _WORD_CHAR_RE.match(text, start - 1)) or _WORD_CHAR_RE.match(text, end):
        return None
    within: list[tuple[int, int, int, str]] = []
    for scan in scans:
        i = bisect_left(scan.spans, (start,))
        j = bisect_left(scan.spans, (end,), i)
        if i and scan.spans[i - 1][1] > start or j and scan.spans[j - 1][1] > end:
            return None  # a match across an edge: scanned alone, the slice may match otherwise
        lo = bisect_left(scan.found, (start,))
        within += scan.found[lo:bisect_left(scan.found, (end,), lo)]
    return within


def match_institution(phrase: str, registry: InstitutionRegistry) -> str | None:
    """Return the canonical name if `phrase` as a whole names an institution
    ("the Met", "IOPC", "Metropolitan police"), else None.  Anaphoric
    phrases such as "the force" return None."""
    text = " ".join(phrase.split()).strip(" ,.;:")
    if not text or text.lower() in ANAPHORA:
        return None
    # string tests, not regexes: every capitalised run a speaker might be is asked
    text = text[:-2] if text.endswith(("'s", "’s")) else text[:-1] if text.endswith(("'", "’")) else text
    m = registry.pattern.fullmatch(text)
    if m is None and text.startswith(("the ", "The ")):
        m = registry.pattern.fullmatch(text[4:])
    return registry.canonical(m.group()) if m else None


def learn_aliases(article_text: str, registry: InstitutionRegistry) -> dict[str, str]:
    """Return surface -> canonical aliases this article defines: acronyms
    ("Independent Office for Police Conduct (IOPC)") and capitalised
    organisation phrases ending in a head word ("North West Command Unit",
    "Church of England").  Unknown organisations get their long form as
    canonical name.  The result is meant as find_institutions' extra_aliases."""
    return _learn_aliases(article_text, registry, find_institutions(article_text, registry))


def _learn_aliases(article_text: str, registry: InstitutionRegistry,
                   mentions: list[InstitutionMention]) -> dict[str, str]:
    """learn_aliases, given the registry's `mentions` in the text."""
    learned: dict[str, str] = {}
    for m in _ACRONYM_DEF_RE.finditer(article_text):
        long_form = _long_form_before(article_text, m.start(), m.group(1))
        canonical = long_form and _canonical_for(long_form, registry)
        # Acronyms also define products and jargon ("LCD"); keep only orgs.
        if long_form and canonical and (canonical != long_form or _has_head_word(long_form)):
            learned[m.group(1)] = canonical
            learned.setdefault(long_form, canonical)
    known = [(x.start, x.end) for x in mentions]
    known_ends = [e for _s, e in known]
    for phrase, start, end in _org_phrases(article_text):
        if _named_by_registry(known, known_ends, start, end):
            continue  # the registry already names this span (or part of it)
        learned.setdefault(phrase, _canonical_for(phrase, registry))
    return learned


def _named_by_registry(known: list[tuple[int, int]], ends: list[int], start: int, end: int) -> bool:
    """True when a registry mention overlaps [start, end) other than as a
    strict part of it.  `known` is sorted and disjoint (so `ends`, its ends,
    is sorted too): only the mentions from the first one ending after start
    can overlap, and the scan stops at the first one starting at/after end."""
    for s, e in known[bisect_right(ends, start):]:
        if s >= end:
            return False
        if not (start <= s and e <= end and (s, e) != (start, end)):
            return True
    return False


def _canonical_for(phrase: str, registry: InstitutionRegistry) -> str:
    """Return the registry name for a learned phrase (ignoring a leading
    national qualifier), else the phrase itself."""
    first, _, rest = phrase.partition(" ")
    found = match_institution(phrase, registry)
    if found is None and first in QUALIFIERS and rest:
        found = match_institution(rest, registry)
    return found or phrase


def _has_head_word(phrase: str) -> bool:
    return not HEAD_WORDS.isdisjoint(_POSSESSIVE_RE.sub("", phrase).split())


def _long_form_before(text: str, end: int, acronym: str) -> str | None:
    """Return the words just before an "(ACR)" at `end` whose initials spell it
    (looking back 160 characters at most, so many definitions stay linear)."""
    letters = acronym.replace(".", "")
    if sum(c.isupper() for c in letters) < 2:
        return None
    cut = max((m.end() for m in _LONG_FORM_STOP_RE.finditer(text, max(0, end - 160), end)),
              default=max(0, end - 160))
    spans = [(m.start() + cut, m.group()) for m in _WORD_RE.finditer(text[cut:end])]
    words = [w for _, w in spans]
    first = _initials_start(words, letters)
    if first is None:
        return None
    return " ".join(words[first:]).rstrip(".")


def _initials_start(words: list[str], letters: str) -> int | None:
    """Return the index of the first word of the shortest word suffix whose
    initials spell `letters` (connectors may be skipped), else None."""
    def go(wi: int, li: int) -> int | None:
        if li == 0:
            return wi + 1 if words[wi + 1][0].isupper() else None
        if wi < 0:
            return None
        word, want = words[wi], letters[li - 1].upper()
        if word.lower() in CONNECTORS:
            took = go(wi - 1, li - 1) if word[0].upper() == want else None
            return took if took is not None else go(wi - 1, li)
        if not word[0].isupper():
            return None
        if len(word) > 1 and word.isupper() and letters[:li].upper().endswith(word):
            took = go(wi - 1, li - len(word))
            if took is not None:
                return took
        return go(wi - 1, li - 1) if word[0] == want else None
    return go(len(words) - 1, len(letters)) if words else None


def _org_phrases(text: str) -> Iterable[tuple[str, int, int]]:
    """Yield (phrase, start, end) for capitalised runs naming an organisation
    by a head word: "<Modifier...> Head" or "<Modifier...> Head of <Name...>"."""
    for run in _CAP_RUN_RE.finditer(text):
        if " " not in run.group() or HEAD_WORDS.isdisjoint(_POSSESSIVE_RE.sub("", run.group()).split()):
            continue  # cheap rejection: most capitalised runs are names
        words = [(m.start() + run.start(), m.end() + run.start(), m.group())
                 for m in _TOKEN_RE.finditer(run.group())]
        while words and words[0][2] in LEADING_NOISE:
            words.pop(0)
        span = _org_span([w for _, _, w in words])
        if span is not None:
            start, end = words[span[0]][0], words[span[1]][1]
            if text[end - 2:end] in ("'s", "’s"):
                end -= 2
            yield normalize_alias(text[start:end]), start, end


def _org_span(words: list[str]) -> tuple[int, int] | None:
    """Return (first, last) word indexes of the organisation in a run of
    capitalised words, or None.  A possessive word ends the modifiers:
    in "UK's Office of Fair Trading" the org starts at "Office"."""
    possessive = [bool(_POSSESSIVE_RE.search(w)) for w in words]
    words = [_POSSESSIVE_RE.sub("", w) for w in words]
    heads = [k for k, w in enumerate(words) if w in HEAD_WORDS]
    if not heads:
        return None
    # "Department of Trade and Industry": an early "Head of" wins over a
    # later head word inside its complement.
    h = next((k for k in heads if k + 2 < len(words) and words[k + 1] in ("of", "for")), heads[-1])
    first = h
    while first > 0 and not possessive[first - 1] and (
            words[first - 1] not in ROLE_WORDS | CONNECTORS
            or (words[first - 1] in ("and", "&") and first > 1 and words[first - 2][0].isupper())):
        first -= 1
    if h + 2 < len(words) and words[h + 1] in ("of", "for"):
        last = h + 1
        while last + 1 < len(words) and words[last + 1] not in ROLE_WORDS:
            last += 1
        while words[last] in CONNECTORS:
            last -= 1
        return (first, last)
    return (first, h) if first < h else None


def annotate_institutions(article: Article, registry: InstitutionRegistry | None = None, *,
                          deadline: Deadline | None = None) -> Article:
    """Return a copy of `article` whose paragraphs list the sorted unique
    canonical institutions they name in `registry` (default: the packaged
    list alone).  Aliases are learned over the whole article first, so an
    acronym defined early resolves everywhere.
    Checks `deadline` (DeadlineExceeded) before each paragraph."""
    reg = registry if registry is not None else load_registry()
    text = article.text
    # Each pattern scans the whole text once; a paragraph takes the matches inside it.
    known = _span_scan(text, reg.alias_spans(text), reg.canonical, 1)
    learned = _learn_aliases(text, reg, _select(text, known.found, 0))
    scans = [_extra_scan(text, learned), known] if learned else [known]
    paragraphs = []
    for p in article.paragraphs:
        check(deadline)
        found = _found_within(text, scans, p.start, p.end) if text[p.start:p.end] == p.text else None
        mentions = find_institutions(p.text, reg, learned) if found is None else _select(text, found, p.start)
        paragraphs.append(p.copy(institutions=sorted({m.name for m in mentions})))
    return article.with_paragraphs(paragraphs)
