"""Tests for the institution scan's shortcuts: each pattern scans an article
once and paragraphs take the matches inside them, and an article's learned
aliases match through one cached pattern per alias.  Both must find exactly
what the plain per-paragraph scan with one compiled pattern finds."""
from __future__ import annotations

import random
import re

import pytest

from onrecord.indexer.annotate.institutions.institutions import (
    annotate_institutions,
    find_institutions,
    learn_aliases,
)
from onrecord.indexer.annotate.institutions.registry import (
    InstitutionRegistry,
    alias_pattern,
    alias_tokens,
    compile_aliases,
    compile_scan,
    iter_leftmost,
    load_registry,
    sorted_aliases,
)
from onrecord.search.model import Article, Metadata, Paragraph

_WORDS = ["Bank", "of", "England", "Met", "Office", "the", "BBC", "North", "West", "Command", "Unit",
          "Independent", "for", "Police", "Conduct", "(IOPC)", "IOPC", "said", "Acme", "Holdings", "x"]
_SEPARATORS = [" ", "\n", "\n\n", "", ",", "-"]


@pytest.fixture(scope="module")
def registry() -> InstitutionRegistry:
    return load_registry()


def _article(pieces: list[str], separators: list[str]) -> Article:
    text, paragraphs = "", []
    for n, (piece, sep) in enumerate(zip(pieces, separators, strict=True), start=1):
        paragraphs.append(Paragraph(id=f"t-{n}", n=n, start=len(text), end=len(text) + len(piece), text=piece))
        text += piece + sep
    return Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=paragraphs)


def _per_paragraph(article: Article, registry: InstitutionRegistry) -> list[list[str]]:
    learned = learn_aliases(article.text, registry)
    return [sorted({m.name for m in find_institutions(p.text, registry, learned)}) for p in article.paragraphs]


@pytest.mark.parametrize(("pieces", "separators"), [
    (["He left the Bank of", "England in May."], ["\n\n", ""]),  # an alias across the break
    (["The Met", "Office said so."], ["", ""]),  # no break at all: one word runs across
    (["The Met", "Office said so."], ["\n\n", ""]),
    (["The North West Command Unit (NWCU) said.", "The NWCU denied it."], ["\n\n", ""]),
    (["Acme Holdings Group", "Group said"], ["-", ""]),
])
def test_paragraphs_find_what_they_find_alone(registry: InstitutionRegistry, pieces: list[str],
                                              separators: list[str]) -> None:
    article = _article(pieces, separators)
    got = [p.institutions for p in annotate_institutions(article, registry).paragraphs]
    assert got == _per_paragraph(article, registry)


def test_paragraphs_find_what_they_find_alone_random(registry: InstitutionRegistry) -> None:
    rng = random.Random(31)
    for _ in range(300):
        count = rng.randint(1, 4)
        pieces = [" ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 8))) for _ in range(count)]
        article = _article(pieces, [rng.choice(_SEPARATORS) for _ in range(count)])
        got = [p.institutions for p in annotate_institutions(article, registry).paragraphs]
        assert got == _per_paragraph(article, registry), article.text


def test_a_paragraph_not_the_articles_slice_is_scanned_alone(registry: InstitutionRegistry) -> None:
    article = _article(["The BBC said."], [""])
    article.paragraphs[0].text = "The IOPC said."  # a caller's edited paragraph: its own text counts
    assert annotate_institutions(article, registry).paragraphs[0].institutions == [
        "Independent Office for Police Conduct"]


_ALIAS_WORDS = ["Acme", "acme", "Bank", "bank", "of", "the", "The", "Union", "A", "AB", "Ab", "Fund's",
                "Fund\u2019s", "\u00dcnion", "Stra\u00dfe", "STRASSE"]


def test_leftmost_alias_patterns_match_like_one_pattern() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        aliases = [" ".join(rng.choice(_ALIAS_WORDS) for _ in range(rng.randint(1, 4)))
                   for _ in range(rng.randint(1, 4))]
        text = "".join(rng.choice(_ALIAS_WORDS) + rng.choice([" ", "  ", "\n", ", ", "-", "", "."])
                       for _ in range(rng.randint(1, 14)))
        one = [m.span() for m in compile_aliases(aliases).finditer(text)]
        each = [m.span() for m in iter_leftmost([alias_pattern(a) for a in sorted_aliases(aliases)], text)]
        assert each == one, (aliases, text)


def test_the_split_scan_finds_what_one_pattern_finds() -> None:
    # capital-led aliases and the others (any-case ones written in lowercase) scanned apart
    rng = random.Random(13)
    words = [*_ALIAS_WORDS, "bank", "BANK", "x"]
    for _ in range(2000):
        aliases = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(1, 4))]
        text = "".join(rng.choice(words) + rng.choice([" ", "  ", "\n", ", ", "-", "", "."])
                       for _ in range(rng.randint(1, 14)))
        whole = compile_aliases(aliases)
        scan = compile_scan(aliases, whole)
        assert scan is not None and scan.spans(text) == [m.span() for m in whole.finditer(text)], (aliases, text)


def test_the_split_scan_falls_back_where_its_matches_overlap(registry: InstitutionRegistry) -> None:
    # "police" (an any-case alias's lowercase form) starts inside a capital-led match
    assert compile_scan(["9 Acme"], compile_aliases(["9 Acme"])) is None  # no letter first: one pattern
    whole = compile_aliases(["Acme Bank Ltd", "bank ltd of acme"])
    scan = compile_scan(["Acme Bank Ltd", "bank ltd of acme"], whole)
    assert scan is not None
    text = "Acme bank ltd of acme said"
    assert scan.spans(text) == [m.span() for m in whole.finditer(text)] == [(0, 13)]
    assert registry.alias_spans(text) == [m.span() for m in registry.pattern.finditer(text)]


def test_the_longer_alias_wins_at_the_same_start() -> None:
    aliases = sorted_aliases(["Acme", "Acme Holdings"])
    assert [m.group() for m in iter_leftmost([alias_pattern(a) for a in aliases], "Acme Holdings and Acme")] == [
        "Acme Holdings", "Acme"]


@pytest.mark.parametrize("alias, groups", [
    ("Bank of the Union", 1),  # three words or more: all in any case, one group
    ("Acme Bank", 1),  # the first word's case kept, the second in any case
    ("the Acme Union Fund", 1),
    ("Acme", 0),
])
def test_words_of_one_case_rule_compile_as_one_group(alias: str, groups: int) -> None:
    # every alias an article learns is compiled: a group per word cost a third more compiling
    assert alias_pattern(alias).pattern.count("(?i:") == groups


def test_one_group_matches_as_a_group_per_word() -> None:
    rng = random.Random(11)
    for _ in range(500):
        alias = " ".join(rng.choice(_ALIAS_WORDS) for _ in range(rng.randint(1, 4)))
        text = "".join(rng.choice(_ALIAS_WORDS) + rng.choice([" ", "  ", "\n", ", ", ""])
                       for _ in range(rng.randint(1, 10)))
        assert [m.span() for m in alias_pattern(alias).finditer(text)] == [
            m.span() for m in _per_word_pattern(alias).finditer(text)], (alias, text)


def _per_word_pattern(alias: str) -> re.Pattern[str]:
    """The pattern as built before words shared a group: one (?i:...) per word."""
    tokens = alias_tokens(alias)
    (head, any_case), tail = tokens[0], tokens[1:]

    def word(w: str, case: bool) -> str:
        source = re.escape(w).replace("'", "['’]").replace("’", "['’]")
        return f"(?i:{source})" if case and source else source
    rest = "".join([word(head[1:], any_case)] + [r"\s+" + word(w, c) for w, c in tail])
    firsts = sorted({head[0].lower(), head[0].upper()} if any_case else {head[0]})
    return re.compile(rf"(?:{'|'.join(map(re.escape, firsts))})(?<![\w].)(?:{rest})(?![\w])")
