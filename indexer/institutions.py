"""Institution annotation: which organisations a paragraph names.

Owns the alias registry (indexer/data/institutions.json plus newsroom files
named in ONRECORD_INSTITUTIONS), the one-regex-per-registry matcher, the
per-article alias learner (acronym definitions and capitalised organisation
phrases such as "North West Command Unit") and the annotate stage that fills
Paragraph.institutions with sorted unique canonical names.

Case rules (why: "met" is a verb, "Met Office" is not the Met, but writers
spell "Metropolitan police" and "Metropolitan Police" interchangeably):
single-word aliases and acronyms match with exact case; in multi-word
aliases only the first word's case matters; aliases of three or more words
match in any case; a leading "the" may be in any case.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from search.errors import OnrecordError
from search.model import Article

ENV_VAR = "ONRECORD_INSTITUTIONS"
DEFAULT_PATH = Path(__file__).parent / "data" / "institutions.json"

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
_CAP_RUN_RE = re.compile(
    r"[A-Z][\w'’&-]*(?:[^\S\n]+(?:(?:of|for|and|the|on)[^\S\n]+)*[A-Z][\w'’&-]*)*")
_ACRONYM_DEF_RE = re.compile(r"\(\s*([A-Z][A-Za-z.&]{1,11})\s*\)")
_POSSESSIVE_RE = re.compile(r"['’]s\b")
_LONG_FORM_STOP_RE = re.compile(r"[.;:,!?\"“”()\[\]\n]")


class RegistryError(OnrecordError):
    """An institutions alias file is missing, unreadable or malformed."""


@dataclass(frozen=True, slots=True)
class Institution:
    """One registry entry: canonical name, kind and every alias."""

    name: str
    kind: str
    aliases: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class InstitutionRegistry:
    """Institutions plus the compiled matcher built once at load time.
    Compared and hashed by identity, so it can key caches."""

    institutions: tuple[Institution, ...]
    pattern: re.Pattern[str] = dataclasses.field(repr=False)
    exact: Mapping[str, str] = dataclasses.field(repr=False)   # normalised alias -> name
    folded: Mapping[str, str] = dataclasses.field(repr=False)  # casefolded alias -> name

    def canonical(self, surface: str) -> str | None:
        """Return the canonical name for a matched surface, or None."""
        key = normalize_alias(surface)
        return self.exact.get(key) or self.folded.get(key.casefold())


@dataclass(frozen=True, slots=True)
class InstitutionMention:
    """An institution named in a text; offsets are relative to that text."""

    name: str
    start: int
    end: int
    surface: str


def normalize_alias(surface: str) -> str:
    """Return `surface` with collapsed spaces, straight apostrophes, no
    leading "the" and no trailing possessive."""
    text = " ".join(surface.replace("’", "'").split())
    text = re.sub(r"^(?:the|The|THE) ", "", text)
    return re.sub(r"'s?$", "", text)


def _alias_tokens(alias: str) -> list[tuple[str, bool]]:
    """Return (word, any_case) pairs for an alias, applying the case rules."""
    words = alias.split()
    lead: list[tuple[str, bool]] = []
    if len(words) > 1 and words[0].lower() == "the":
        lead, words = [("the", True)], words[1:]
    if len(words) >= 3:
        return lead + [(w, True) for w in words]
    return lead + [(w, k > 0) for k, w in enumerate(words)]


def _word_regex(word: str, any_case: bool) -> str:
    source = re.escape(word).replace("'", "['’]").replace("’", "['’]")
    return f"(?i:{source})" if any_case and source else source


def compile_aliases(aliases: Iterable[str]) -> re.Pattern[str]:
    """Return one regex matching any alias as a whole word, longest first."""
    groups: dict[str, list[str]] = {}
    for alias in sorted(set(aliases), key=lambda a: (-len(a), a)):
        tokens = _alias_tokens(alias)
        (head, any_case), tail = tokens[0], tokens[1:]
        rest = "".join([_word_regex(head[1:], any_case)]
                       + [r"\s+" + _word_regex(w, c) for w, c in tail])
        for first in {head[0].lower(), head[0].upper()} if any_case else {head[0]}:
            groups.setdefault(first, []).append(rest)
    # A literal first character per group lets the regex engine skip to
    # candidate positions instead of trying every alias at every offset
    # (the BBC corpus must annotate in seconds).
    # The word-start check follows the literal so the literal stays first.
    body = "|".join(f"{re.escape(c)}(?<![\\w].)(?:{'|'.join(alts)})"
                    for c, alts in sorted(groups.items())) or r"(?!x)x"
    return re.compile(r"(?:" + body + r")(?![\w])")


def build_registry(institutions: Iterable[Institution]) -> InstitutionRegistry:
    """Return a registry with lookups and the compiled matcher."""
    entries = tuple(institutions)
    exact: dict[str, str] = {}
    folded: dict[str, str] = {}
    surfaces: list[str] = []
    for inst in entries:
        for alias in (inst.name, *inst.aliases):
            key = normalize_alias(alias)
            exact.setdefault(key, inst.name)
            folded.setdefault(key.casefold(), inst.name)
            surfaces.append(alias)
    # "the X" is only worth a pattern when bare "X" is no alias: otherwise
    # "the Met" would win leftmost over "Met Office" in "the Met Office".
    plain = {normalize_alias(a) for a in surfaces if normalize_alias(a) == " ".join(a.split())}
    needed = [a for a in surfaces if normalize_alias(a) == " ".join(a.split())
              or normalize_alias(a) not in plain]
    return InstitutionRegistry(entries, compile_aliases(needed), exact, folded)


def _read_entries(path: Path) -> list[Institution]:
    """Return the entries of one alias file; raise RegistryError if bad."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        entries = [Institution(str(e["name"]).strip(), str(e.get("kind", "organisation")),
                               tuple(str(a) for a in e.get("aliases", ()) if str(a).strip()))
                   for e in data["institutions"]]
        if not all(e.name for e in entries):
            raise ValueError("an institution has an empty name")
        return entries
    except (OSError, UnicodeDecodeError) as exc:
        raise RegistryError(f"cannot read institutions file {path}: {exc}") from exc
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise RegistryError(f"malformed institutions file {path}: {exc!r}") from exc


def _merge(entries: Iterable[Institution]) -> list[Institution]:
    """Merge entries with the same name: later files add aliases and may
    change the kind, so a newsroom file can extend a packaged entry."""
    merged: dict[str, Institution] = {}
    for e in entries:
        old = merged.get(e.name)
        if old is None:
            merged[e.name] = e
        else:
            aliases = old.aliases + tuple(a for a in e.aliases if a not in old.aliases)
            merged[e.name] = Institution(e.name, e.kind or old.kind, aliases)
    return list(merged.values())


@functools.lru_cache(maxsize=8)
def _load_cached(paths: tuple[Path, ...]) -> InstitutionRegistry:
    entries: list[Institution] = []
    for path in paths:
        entries.extend(_read_entries(path))
    return build_registry(_merge(entries))


def load_registry(path: Path | None = None) -> InstitutionRegistry:
    """Return the registry: the packaged alias file, then `path` (if given),
    then every file listed in $ONRECORD_INSTITUTIONS (os.pathsep-separated).

    Later files extend earlier ones.  Registries are cached per file list.
    Raises RegistryError if any file is missing or malformed.
    """
    paths = [DEFAULT_PATH]
    if path is not None:
        paths.append(Path(path))
    extra = os.environ.get(ENV_VAR, "")
    paths.extend(Path(p) for p in extra.split(os.pathsep) if p.strip())
    return _load_cached(tuple(paths))


@functools.lru_cache(maxsize=256)
def _extra_matcher(items: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    usable = [(s, c) for s, c in items if normalize_alias(s) and c]
    lookup = {normalize_alias(s).casefold(): c for s, c in usable}
    return compile_aliases(s for s, _ in usable), lookup


def find_institutions(text: str, registry: InstitutionRegistry,
                      extra_aliases: Mapping[str, str] | None = None
                      ) -> list[InstitutionMention]:
    """Return the institutions named in `text`, in text order, without
    overlaps (longest match wins; an extra alias wins a tie because the
    article defined it).  Offsets are relative to `text`."""
    found: list[tuple[int, int, int, str]] = []  # start, -length, rank, name
    if extra_aliases:
        pattern, lookup = _extra_matcher(tuple(sorted(extra_aliases.items())))
        for m in pattern.finditer(text):
            name = lookup.get(normalize_alias(m.group()).casefold())
            if name:
                found.append((m.start(), m.start() - m.end(), 0, name))
    for m in registry.pattern.finditer(text):
        name = registry.canonical(m.group())
        if name:
            found.append((m.start(), m.start() - m.end(), 1, name))
    mentions: list[InstitutionMention] = []
    last_end = -1
    for start, neg_len, _, name in sorted(found):
        if start >= last_end:
            last_end = start - neg_len
            mentions.append(InstitutionMention(name, start, last_end, text[start:last_end]))
    return mentions


def match_institution(phrase: str, registry: InstitutionRegistry) -> str | None:
    """Return the canonical name if `phrase` as a whole names an institution
    ("the Met", "IOPC", "Metropolitan police"), else None.  Anaphoric
    phrases such as "the force" return None."""
    text = " ".join(phrase.split()).strip(" ,.;:")
    if not text or text.lower() in ANAPHORA:
        return None
    text = re.sub(r"['’]s?$", "", text)
    m = registry.pattern.fullmatch(text)
    if m is None:
        bare = re.sub(r"^(?:the|The) ", "", text)
        m = registry.pattern.fullmatch(bare)
    return registry.canonical(m.group()) if m else None


def learn_aliases(article_text: str, registry: InstitutionRegistry) -> dict[str, str]:
    """Return surface -> canonical aliases this article defines: acronyms
    ("Independent Office for Police Conduct (IOPC)") and capitalised
    organisation phrases ending in a head word ("North West Command Unit",
    "Church of England").  Unknown organisations get their long form as
    canonical name.  The result is meant as find_institutions' extra_aliases."""
    learned: dict[str, str] = {}
    for m in _ACRONYM_DEF_RE.finditer(article_text):
        long_form = _long_form_before(article_text[:m.start()], m.group(1))
        canonical = long_form and _canonical_for(long_form, registry)
        # Acronyms also define products and jargon ("LCD"); keep only orgs.
        if long_form and canonical and (canonical != long_form or _has_head_word(long_form)):
            learned[m.group(1)] = canonical
            learned.setdefault(long_form, canonical)
    known = [(x.start, x.end) for x in find_institutions(article_text, registry)]
    for phrase, start, end in _org_phrases(article_text):
        if any(s < end and start < e and not (start <= s and e <= end and (s, e) != (start, end))
               for s, e in known):
            continue  # the registry already names this span (or part of it)
        learned.setdefault(phrase, _canonical_for(phrase, registry))
    return learned


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


def _long_form_before(prefix: str, acronym: str) -> str | None:
    """Return the words just before an "(ACR)" whose initials spell it."""
    letters = acronym.replace(".", "")
    if sum(c.isupper() for c in letters) < 2:
        return None
    cut = max((m.end() for m in _LONG_FORM_STOP_RE.finditer(prefix, max(0, len(prefix) - 160))),
              default=max(0, len(prefix) - 160))
    spans = [(m.start() + cut, m.group()) for m in _WORD_RE.finditer(prefix[cut:])]
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
                 for m in re.finditer(r"\S+", run.group())]
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


def annotate_institutions(article: Article,
                          registry: InstitutionRegistry | None = None) -> Article:
    """Return a copy of `article` whose paragraphs list the sorted unique
    canonical institutions they name.  Aliases are learned over the whole
    article first, so an acronym defined early resolves everywhere."""
    reg = registry if registry is not None else load_registry()
    learned = learn_aliases(article.text, reg)
    paragraphs = [
        p.copy(institutions=sorted({m.name for m in find_institutions(p.text, reg, learned)}))
        for p in article.paragraphs
    ]
    return dataclasses.replace(article, paragraphs=paragraphs)
