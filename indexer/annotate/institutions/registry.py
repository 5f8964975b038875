"""The institution alias registry: canonical names and their aliases.

Owns reading the packaged alias file (indexer/data/institutions.json) and
newsroom files named by the institutions setting, merging them, and compiling
one regex over every alias (indexer.annotate.institutions.institutions finds and learns names
with it), and the two cheaper scans that find its matches in an article (AliasScan).

Case rules (why: "met" is a verb, "Met Office" is not the Met, but writers
spell "Metropolitan police" and "Metropolitan Police" interchangeably):
single-word aliases and acronyms match with exact case; in multi-word
aliases only the first word's case matters; aliases of three or more words
match in any case; a leading "the" may be in any case.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from onrecord.indexer.annotate.operatorfiles import read_json_file
from onrecord.indexer.parse.invisibles import clean_name
from onrecord.search import OnrecordError

DEFAULT_PATH = Path(__file__).parents[2] / "data" / "institutions.json"  # indexer/data, beside lexicon_en.json


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
    scan: AliasScan | None = dataclasses.field(default=None, repr=False)  # pattern's matches, found faster

    def alias_spans(self, text: str) -> list[tuple[int, int]]:
        """Return the (start, end) of each match of `pattern`.finditer(text), in order."""
        return self.scan.spans(text) if self.scan is not None else [m.span() for m in self.pattern.finditer(text)]

    def canonical(self, surface: str) -> str | None:
        """Return the canonical name for a matched surface, or None."""
        key = normalize_alias(surface)
        return self.exact.get(key) or self.folded.get(key.casefold())


def normalize_alias(surface: str) -> str:
    """Return `surface` with collapsed spaces, straight apostrophes, no
    leading "the" and no trailing possessive."""
    text = " ".join(surface.replace("’", "'").split())
    if text.startswith(("the ", "The ", "THE ")):  # string tests, not regexes: every match is normalised
        text = text[4:]
    return text[:-2] if text.endswith("'s") else text[:-1] if text.endswith("'") else text


def alias_tokens(alias: str) -> list[tuple[str, bool]]:
    """Return (word, any_case) pairs for an alias, applying the case rules."""
    words = alias.split()
    lead: list[tuple[str, bool]] = []
    if len(words) > 1 and words[0].lower() == "the":
        lead, words = [("the", True)], words[1:]
    if len(words) >= 3:
        return lead + [(w, True) for w in words]
    return lead + [(w, k > 0) for k, w in enumerate(words)]


def _case_regex(escaped: str, any_case: bool) -> str:
    """Return escaped words as a regex: apostrophes either way, in any case if `any_case`."""
    source = escaped.replace("'", "['’]").replace("’", "['’]")
    return f"(?i:{source})" if any_case and source else source


_OWN_WORD_START = r"(?<![\w].)"


def _alias_parts(alias: str) -> tuple[list[str], str]:
    """Return an alias's possible first characters and the regex of the rest."""
    tokens = alias_tokens(alias)
    (head, any_case), tail = tokens[0], tokens[1:]
    # words of the same case rule share one group ("(?i:orth\s+West\s+Unit)", not a group per
    # word): the same matches (\s is no cased class), a third less compiling, and every alias an
    # article learns is compiled (institutions.learn_aliases)
    runs: list[tuple[str, bool]] = [(re.escape(head[1:]), any_case)]
    for word, case in tail:
        if case == runs[-1][1]:
            runs[-1] = (runs[-1][0] + r"\s+" + re.escape(word), case)
        else:
            runs.append((r"\s+" + re.escape(word), case))
    rest = "".join(_case_regex(source, case) for source, case in runs)
    return sorted({head[0].lower(), head[0].upper()} if any_case else {head[0]}), rest


def _first_regex(first: str) -> str:
    # A "first character" of two (the upper case of "ß" is "SS") keeps the
    # word check it always had after it, so what a pattern matches does not change.
    return re.escape(first) + ("" if len(first) == 1 else _OWN_WORD_START)


def _alias_groups(aliases: Iterable[str]) -> dict[str, list[str]]:
    """Return each first character's alternatives (the regex of the rest), longest alias first."""
    groups: dict[str, list[str]] = {}
    for alias in sorted_aliases(aliases):
        firsts, rest = _alias_parts(alias)
        for first in firsts:
            groups.setdefault(first, []).append(rest)
    return groups


def compile_aliases(aliases: Iterable[str]) -> re.Pattern[str]:
    """Return one regex matching any alias as a whole word, longest first."""
    groups = _alias_groups(aliases)
    # A literal first character per group lets the engine test one character
    # per group instead of trying every alias at every offset (the BBC corpus
    # must annotate in seconds); the word-start check comes first, so most
    # offsets (inside words) fail before any group is tried.
    body = "|".join(f"{_first_regex(c)}(?:{'|'.join(alts)})"
                    for c, alts in sorted(groups.items())) or r"(?!x)x"
    return re.compile(r"(?<![\w])(?:" + body + r")(?![\w])")


@dataclass(frozen=True, slots=True)
class AliasScan:
    """compile_aliases' matches found by two scans that cost less: its pattern opens with a
    look-behind, so the engine enters it at every character (a twentieth of annotating).
    Aliases led by a capital are one pattern the engine skips to capitals in; the others
    (any-case aliases' lowercase forms) one that starts at a non-word character and
    captures the alias after it (a space put before the text for its start).  The groups of both
    open with different characters, so at a position at most one matches, and where their
    matches do not overlap they are compile_aliases' own; where they do, `whole` answers."""

    capitals: re.Pattern[str]
    others: re.Pattern[str]
    other_firsts: frozenset[str]  # the characters the others open with
    whole: re.Pattern[str]

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Return the (start, end) of each match of `whole`.finditer(text), in order."""
        found = [m.span() for m in self.capitals.finditer(text)]
        others = [m.span(1) for m in self.others.finditer(text)]
        # at the text's start (rare: most texts open with a capital), one match after a space
        # put before it, not a third pattern (compiling these costs more than a file's annotation)
        first = self.others.match(" " + text) if text[:1] in self.other_firsts else None
        if first is not None:
            others.insert(0, (0, first.end(1) - 1))
        if not others:
            return found
        found = sorted(found + others)
        if any(a[1] > b[0] for a, b in zip(found, found[1:], strict=False)):
            return [m.span() for m in self.whole.finditer(text)]  # a match inside another's (rare)
        return found


def compile_scan(aliases: Iterable[str], whole: re.Pattern[str]) -> AliasScan | None:
    """Return the AliasScan of `whole` = compile_aliases(aliases), or None when an alias
    opens with a character that is not a letter (the scan's argument needs letters)."""
    groups = _alias_groups(aliases)
    if not all(first.isalpha() for first in groups):
        return None
    capitals = [f"{re.escape(c)}(?<![\\w]{re.escape(c)})(?:{'|'.join(alts)})"
                for c, alts in sorted(groups.items()) if len(c) == 1 and c.isupper()]
    others = [f"{_first_regex(c)}(?:{'|'.join(alts)})"
              for c, alts in sorted(groups.items()) if not (len(c) == 1 and c.isupper())]
    body = "|".join(others) or r"(?!x)x"
    return AliasScan(re.compile("(?:" + ("|".join(capitals) or r"(?!x)x") + r")(?![\w])"),
                     re.compile(r"[^\w](" + body + r")(?![\w])"),
                     frozenset(c[0] for c in groups if not (len(c) == 1 and c.isupper())), whole)


def sorted_aliases(aliases: Iterable[str]) -> list[str]:
    """Return the distinct aliases in the order compile_aliases tries them: longest first."""
    return sorted(set(aliases), key=lambda a: (-len(a), a))


@functools.lru_cache(maxsize=4096)
def alias_pattern(alias: str) -> re.Pattern[str]:
    """Return the regex of one alias alone: what compile_aliases([alias])
    matches, compiled once per alias however many articles learn it."""
    firsts, rest = _alias_parts(alias)
    # the first character leads (the engine skips to it), its word check after it
    return re.compile(rf"(?:{'|'.join(map(re.escape, firsts))}){_OWN_WORD_START}(?:{rest})(?![\w])")


class AliasHit(Protocol):
    """What the scans read of a match: re.Match's, or a literal alias's (institutions.literals)."""

    def start(self) -> int: ...
    def end(self) -> int: ...
    def span(self) -> tuple[int, int]: ...
    def group(self) -> str: ...


class AliasSearch(Protocol):
    """What finds one alias: its compiled pattern, or a literal alias's string searches."""

    def search(self, text: str, pos: int = 0, /) -> AliasHit | None: ...


def iter_leftmost(patterns: list[re.Pattern[str]] | list[AliasSearch], text: str) -> Iterator[AliasHit]:
    """Yield what compile_aliases(aliases).finditer(text) yields, given each
    alias's alias_pattern in sorted_aliases order: at the leftmost position
    any alias matches, the first alias in that order (an alias matches at
    most one way at a position), then on from its end.  Few aliases (an
    article's own) cost a few searches, and no regex compiled per article."""
    ahead: list[AliasHit | None] = [p.search(text) for p in patterns]
    while True:
        best = None
        for m in ahead:
            if m is not None and (best is None or m.start() < best.start()):
                best = m  # on a tie the earlier alias stays
        if best is None:
            return
        yield best
        pos = best.end()
        ahead = [p.search(text, pos) if m is not None and m.start() < pos else m
                 for p, m in zip(patterns, ahead, strict=True)]


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
    pattern = compile_aliases(needed)
    return InstitutionRegistry(entries, pattern, exact, folded, compile_scan(needed, pattern))


def _read_entries(path: Path) -> list[Institution]:
    """Return the entries of one alias file, names and aliases cleaned of
    hidden characters (indexer.parse.invisibles); raise RegistryError if bad
    (indexer.annotate.operatorfiles: a regular file of bounded size, one line per
    fault)."""
    data = read_json_file(path, "institutions file", RegistryError)
    try:
        entries = [Institution(clean_name(_text(e["name"])) or "", _text(e.get("kind", "organisation")),
                               tuple(a for a in map(_clean_alias, e.get("aliases", ())) if a))
                   for e in data["institutions"]]
        if not all(e.name for e in entries):
            raise ValueError("an institution has an empty name (or one without a letter or digit)")
        return entries
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise RegistryError(f"malformed institutions file {path}: {exc!r}") from exc


def _clean_alias(alias: object) -> str:
    """Return an alias cleaned of hidden characters, '' if none is left."""
    return clean_name(_text(alias)) or ""


def _text(value: object) -> str:
    """Return `value` if it is a string; raises TypeError naming its type."""
    if not isinstance(value, str):
        raise TypeError(f"expected a string, not {type(value).__name__}")
    return value


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


def load_registry(*paths: Path | str) -> InstitutionRegistry:
    """Return the registry: the packaged alias file, then each of `paths`
    (the newsroom's files, the institutions setting's; see
    indexer.annotate.annotator.load_annotation_files).

    Later files extend earlier ones.  Registries are cached per file list.
    Raises RegistryError if any file is missing or malformed.
    """
    return _load_cached((DEFAULT_PATH, *(Path(path) for path in paths)))
