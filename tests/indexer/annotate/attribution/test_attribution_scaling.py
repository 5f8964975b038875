"""Attribution grows linearly with a file's quotes (issue 17), and the fast
look-ups give the answers the plain scans gave.

Scaling is measured in Python function calls (sys.setprofile counts every
call and every generator step, so a scan over all sentence boundaries or all
of a person's mentions per quote shows up), never in wall time."""
from __future__ import annotations

import random
import string
import sys
from collections.abc import Callable

import pytest

from bench.ingest.heavy import quote_heavy_text
from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people import lookups, speakers
from onrecord.indexer.annotate.attribution.people.people import Person, rank_at, within_one_edit
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search.model import Article, Metadata, ParsedArticle


def _article(text: str) -> Article:
    return chunk_article(ParsedArticle(source="t", text=text, meta=Metadata()))


def _calls(run: Callable[[], object]) -> int:
    """Return how many Python-level calls (and generator steps) run() makes."""
    count = 0

    def tick(_frame: object, event: str, _arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1
    sys.setprofile(tick)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def _many_people(quotes: int) -> str:
    """A new person for every other quote, pronouns in between."""
    rng = random.Random(5)
    parts = []
    for i in range(quotes):
        surname = "".join(rng.choice(string.ascii_lowercase) for _ in range(7)).capitalize()
        first = rng.choice(["Mary", "John"])
        parts.append(f'"Point {i}," said {first} {surname}.' if i % 2 else f'"Again {i}," she said.')
    return "\n\n".join(parts)


@pytest.mark.slow  # 4,000-quote files under sys.setprofile: ~2 s each
@pytest.mark.parametrize("make", [
    lambda n: quote_heavy_text(n, layout="block"),       # one paragraph, many sentences
    lambda n: quote_heavy_text(n, layout="paragraphs"),  # a long transcript
    lambda n: quote_heavy_text(n, layout="lines"),       # a single-newline feed
    _many_people,                                        # thousands of people, pronouns
], ids=["block", "paragraphs", "lines", "people"])
def test_work_per_quote_does_not_grow_with_the_file(make: Callable[[int], str]) -> None:
    small, big = _article(make(1000)), _article(make(4000))
    ratio = _calls(lambda: annotate_quotes(big)) / _calls(lambda: annotate_quotes(small))
    assert ratio < 4 * 1.3  # four times the quotes: about four times the work (quadratic: ~16)


def _scan_find_single(people: DocSpeakers, word: str, title: str | None, pos: int) -> Person | None:
    """The plain scan lookups.find_single replaced: every person, each test in turn."""
    t = (title or "").lower().rstrip(".")
    g = speakers.gender_of("", title)
    pool = [p for p in people.people.values() if p.first and (not g or p.gender in (None, g))]
    tests: list[Callable[[Person], bool]] = [lambda p: p.last == word]
    if t in lookups.FIRST_NAME_TITLES:
        tests.insert(0, lambda p: p.first == word)
    tests.append(lambda p: len(word) >= 4 and within_one_edit(p.last, word))
    if not t:
        tests.append(lambda p: p.first == word)
    for test in tests:
        found = [p for p in pool if test(p)]
        if found:
            return max(found, key=lambda p: rank_at(p, pos))
    # "Mr Kim": a family name first; not a first name of the title's gender ("Mr Mark", "Mr Howard")
    found = [p for p in people.people.values() if t and p.first == word
             and not (g and speakers.first_name_gender(word) == g)]
    return max(found, key=lambda p: rank_at(p, pos)) if found else None


def test_single_names_and_typos_resolve_as_the_plain_scan_would() -> None:
    text = ("Barry Gardiner spoke. Mark Rowley spoke. Mina Smallman spoke. Mark Gardner spoke. "
            "Ann Smallmann spoke. Sir Mark Rowley spoke. Nicole Smallman spoke.")
    people = DocSpeakers(text)
    for word in ["Gardner", "Gardiner", "Smallman", "Smalman", "Mark", "Rowly", "Nobody", "Ann"]:
        for title in [None, "Mr", "Mrs", "Sir", "Dr"]:
            for pos in (0, 40, len(text)):
                assert lookups.find_single(people, word, title, pos) is _scan_find_single(people, word, title, pos)
