"""Issue #10, "search means what it says": quoted phrases, common words, marks.

The acceptance test: over the seeds and a generated corpus of 6,000
paragraphs, the paragraphs a quoted phrase finds are exactly those a
brute-force scan of the paragraph texts finds, tokenised as README and
/help document (lowercase runs of letters/digits, punctuation ignored).
"""
from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from onrecord.indexer.pipeline import extract_file
from onrecord.search.deadline import Deadline
from onrecord.search.engine import search
from onrecord.search.model import Article, SearchRequest
from onrecord.search.query.docsets import match_docnums
from onrecord.search.query.querying import build_parser, collect_mark_terms, parse_query
from onrecord.search.storage.lexicon import gram_words, query_grams
from onrecord.search.storage.opening import ram_index
from onrecord.search.storage.schema import build_schema, exact_analyzer
from onrecord.search.storage.store import Index
from onrecord.search.writing.commits import write_articles
from tests.factories import make_article

SEEDS = Path(__file__).resolve().parents[3] / "seeds"
GENERATED_PARAGRAPHS = 6_000
_WORD = re.compile(r"\w+")
# Common words weigh heavily, as in news text; the rest make phrases rare.
_COMMON = ("the", "to", "be", "or", "not", "it", "is", "we", "will", "one", "of",
           "a", "and", "in", "that", "told", "bbc", "news", "said", "i")
_CONTENT = ("economy", "growth", "french", "minister", "resign", "budget", "tax",
            "rates", "election", "shares", "oil", "film", "court", "police", "u.s.",
            "don't", "growing", "grows", "economies", "BBC's", "3.5", "café")
_PUNCT = ("", "", "", "", ",", ".", ":", ";", " -", "!", "?", '"')
# The fixed phrases (all-common-word ones, ones across punctuation, stemmed
# forms that must not match each other, absent ones); sampled n-grams follow.
FIXED_PHRASES = ('"to be"', '"it is not"', '"one of the"', '"we will not"',
                 '"to be or not to be"', '"economy growth"', '"told the BBC"',
                 '"told BBC news"', '"the"', '"a"', '"I"', '"we will not resign"',
                 '"Economy, growth!"', '"economies grow"', '"growing economy"',
                 '"U.S. economy"', '"don\'t"', '"BBC\'s"', '"3.5"', '"café"',
                 '"the the"', '"not not"', '"of the economy"', '"it is"',
                 '"zebra crossing"', '"said the minister"', '"and the"',
                 '"told the"', '"economy growth a"', '"a a"')


@functools.cache  # the scans below read each of the 6,000 paragraphs once per phrase
def words(text: str) -> tuple[str, ...]:
    """The documented tokenisation: lowercase \\w+ runs, nothing removed."""
    return tuple(_WORD.findall(text.lower()))


@functools.cache
def spaced(text: str) -> str:
    """Return `text`'s words each between spaces: a phrase's words are
    adjacent in a text where its spaced form is a substring of the text's."""
    return " " + " ".join(words(text)) + " "


def generated_articles(count: int, seed: int = 10) -> list[Article]:
    """Return deterministic articles of 20 paragraphs, `count` paragraphs in all."""
    rng = random.Random(seed)
    vocab = _COMMON * 3 + _CONTENT
    articles = []
    for a in range(count // 20):
        paras = []
        for _ in range(20):
            sentence = [rng.choice(vocab) + rng.choice(_PUNCT) for _ in range(rng.randint(3, 30))]
            paras.append(" ".join(sentence).capitalize())
        articles.append(make_article(f"g{a}", paras, title=f"Headline {a}"))
    return articles


def seed_articles() -> list[Article]:
    return [article for path in sorted(SEEDS.glob("*.txt")) for article in extract_file(path)]


# Slow, as every test of it: writing its 6,000 paragraphs takes ~3 s.
@pytest.fixture(scope="module")
def corpus() -> Iterator[tuple[Index, list[Article]]]:
    articles = seed_articles() + generated_articles(GENERATED_PARAGRAPHS)
    index = ram_index()
    write_articles(index, articles)
    yield index, articles
    index.close()


def sampled_phrases(articles: list[Article], count: int, seed: int = 3) -> list[str]:
    """Return `count` quoted n-grams (2-4 words) cut from paragraphs' word lists."""
    rng = random.Random(seed)
    paragraphs = [p for a in articles for p in a.paragraphs if len(words(p.text)) >= 4]
    out = []
    for _ in range(count):
        found = words(rng.choice(paragraphs).text)
        size = rng.randint(2, 4)
        start = rng.randrange(len(found) - size + 1)
        out.append('"' + " ".join(found[start:start + size]) + '"')
    return out


def brute_force(articles: list[Article], phrase: str) -> set[str]:
    """Return the ids of paragraphs whose words hold `phrase`'s words adjacent."""
    wanted = spaced(phrase)
    return {para.id for article in articles for para in article.paragraphs
            if wanted in spaced(para.text)}


def matched_ids(index: Index, text: str) -> set[str]:
    """Return the paragraph ids the query matches (the engine's matching path)."""
    q = parse_query(build_parser(index.schema), text)
    assert q is not None, text
    with index.reading() as searcher:
        docnums = match_docnums(searcher, q, Deadline(None)).docnums
        return {searcher.stored_fields(d)["paragraph_id"] for d in docnums}


@pytest.mark.slow
def test_the_corpus_is_big_enough(corpus: tuple[Index, list[Article]]) -> None:
    _index, articles = corpus
    assert sum(len(a.paragraphs) for a in articles) >= GENERATED_PARAGRAPHS + 10


@pytest.mark.slow
def test_phrase_hits_equal_a_brute_force_scan(corpus: tuple[Index, list[Article]]) -> None:
    index, articles = corpus
    phrases = list(FIXED_PHRASES) + sampled_phrases(articles, 40)
    assert len(phrases) >= 50
    for phrase in phrases:
        expected = brute_force(articles, phrase)
        assert matched_ids(index, phrase) == expected, phrase
        total = search(index, SearchRequest(query=phrase)).total
        assert total == len(expected), phrase


@pytest.mark.slow
def test_the_fixed_phrases_are_not_vacuous(corpus: tuple[Index, list[Article]]) -> None:
    _index, articles = corpus
    # Most phrases occur somewhere; the cross-punctuation one both occurs
    # and is absent from paragraphs that hold its words apart.
    found = [p for p in FIXED_PHRASES if brute_force(articles, p)]
    assert len(found) >= 20
    both = {p.id for a in articles for p in a.paragraphs
            if {"economy", "growth"} <= set(words(p.text))}
    assert brute_force(articles, '"economy growth"') < both


@pytest.mark.slow
@pytest.mark.parametrize("query", ["the", "we will not", "it is not", "a", "to be or not to be",
                                   "told the BBC", "the economy"])
def test_common_words_find_only_the_paragraphs_that_hold_them(
        corpus: tuple[Index, list[Article]], query: str) -> None:
    index, articles = corpus
    wanted = set(words(query))
    expected = {p.id for a in articles for p in a.paragraphs
                if wanted <= set(words(p.text))
                or (p.n == 1 and wanted <= set(words(p.text + " " + (a.meta.title or ""))))}
    everything = sum(len(a.paragraphs) for a in articles)
    got = matched_ids(index, query)
    if query == "the economy":  # "economy" is stemmed: "economies" counts too
        assert got >= expected
    else:
        assert got == expected
    assert len(got) < everything


@pytest.mark.slow
def test_an_empty_query_still_browses_everything(corpus: tuple[Index, list[Article]]) -> None:
    index, articles = corpus
    assert search(index, SearchRequest(query="")).total == sum(len(a.paragraphs) for a in articles)


def test_a_phrase_is_marked_as_one_unit_where_it_matched() -> None:
    index = ram_index()
    text = "We will resign, not now. We will not go, said we."
    write_articles(index, [make_article("m1", [text], title="Mark test")])
    hit = search(index, SearchRequest(query='"we will not"')).hits[0]
    assert hit.snippet.count("<mark>") == 1
    assert "<mark>We will not</mark> go" in hit.snippet


def test_an_unquoted_common_word_is_marked() -> None:
    index = ram_index()
    write_articles(index, [make_article("m1", ["Not the end of it."], title="Mark")])
    hit = search(index, SearchRequest(query="the end")).hits[0]
    assert "<mark>the</mark> <mark>end</mark>" in hit.snippet


def test_a_headline_only_match_finds_the_lead_paragraph() -> None:
    index = ram_index()
    write_articles(index, [make_article("h1", ["First words.", "Second words.", "Third."],
                                        title="Zanzibar budget"),
                           make_article("h2", ["Zanzibar is here.", "Other."], title="Other")])
    hits = search(index, SearchRequest(query="zanzibar")).hits
    assert sorted(h.paragraph_id for h in hits) == ["h1-p1", "h2-p1"]
    assert all(h.title for h in hits)
    # A phrase searches paragraph text only: the headline does not match it.
    assert search(index, SearchRequest(query='"zanzibar budget"')).total == 0


# Common grams (search.storage.lexicon): a pair whose first word is common
# is one token; the tokens stay one per word position.
@pytest.mark.parametrize(("phrase", "tokens"), [
    ("the bbc said", ["the bbc", "bbc", "said"]),            # common word first
    ("told the bbc", ["told", "the bbc"]),                   # in the middle
    ("growth of the economy", ["growth", "of the", "the economy"]),
    ("told the", ["told", "the"]),                           # common word last
    ("one of the", ["one", "of the"]),
    ("the", ["the"]),                                        # a single common word
    ("of the", ["of the"]),                                  # two common words
    ("to be or not to be", ["to be", "be or", "or not", "not to", "to be"]),
    ("economy growth", ["economy", "growth"]),               # no common word
    ("3 5 economy", ["3 5", "5 economy"]),                   # one-letter words are common
])
def test_a_phrase_is_searched_as_common_grams(phrase: str, tokens: list[str]) -> None:
    words_ = phrase.split()
    assert query_grams(words_) == tokens
    assert gram_words(tokens) == tuple(words_)
    q = parse_query(build_parser(build_schema()), f'"{phrase}"')
    assert tuple(getattr(q, "words", None) or [getattr(q, "text", None)]) == tuple(tokens)


def test_the_index_holds_each_word_and_the_grams_at_the_first_words_position() -> None:
    tokens = [(t.text, t.pos) for t in exact_analyzer()("Told the BBC, it is.",
                                                          positions=True, mode="index")]
    assert tokens == [("told", 0), ("the", 1), ("the bbc", 1), ("bbc", 2), ("it", 3),
                      ("it is", 3), ("is", 4)]


@pytest.mark.parametrize(("text", "kind", "searched"), [
    ('"of the"', "Term", ("of the",)),
    ('"the"', "Term", ("the",)),
    ('"told the BBC"', "Phrase", ("told", "the bbc")),
])
def test_a_phrase_of_one_token_is_a_term_and_keeps_its_words_for_marks(
        text: str, kind: str, searched: tuple[str, ...]) -> None:
    q = parse_query(build_parser(build_schema()), text)
    assert type(q).__name__ == kind and q.fieldname == "exact"
    assert tuple(getattr(q, "words", None) or [q.text]) == searched
    marks = collect_mark_terms(q)
    quoted = tuple(words(text))
    if len(quoted) > 1:
        assert marks.phrases == (quoted,)
    else:
        assert marks.exact == frozenset(quoted)


def test_a_sloppy_phrase_keeps_its_words() -> None:
    # A gram holds two words adjacent; "..."~N allows words between them.
    q = parse_query(build_parser(build_schema()), '"told the bbc"~3')
    assert type(q).__name__ == "Phrase"
    assert getattr(q, "words", None) == ["told", "the", "bbc"] and getattr(q, "slop", 0) == 3


@pytest.mark.parametrize("phrase", ['"one of the"', '"budget tax"', '"told the bbc"', '"budget tax plans"'])
def test_a_phrase_scored_in_bulk_looks_each_word_up_twice_a_segment(
        phrase: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Within one search a phrase's word is looked up in the term table to
    open it and to decode it, no more: its count (for its kept positions and
    for its scoring) comes from the opening, its scoring figures need no
    matcher set-up (five look-ups a word before)."""
    from onrecord.search.query.ranking import build_lengths, score_all
    from onrecord.search.storage.reading.whoosh_internals import search_blocks

    idx = ram_index()
    write_articles(idx, [make_article(f"a{n}", [
        f"one of the budget tax plans told the bbc {n}", "the budget tax of one"]) for n in range(40)])
    with idx.reading() as searcher:
        table = type(searcher.reader()._terms)
        looked: list[int] = []
        original = table.term_info
        monkeypatch.setattr(table, "term_info", lambda self, *a: looked.append(1) or original(self, *a))
        q = parse_query(build_parser(idx.schema), phrase)
        with search_blocks():
            scores = score_all(searcher, q, build_lengths, Deadline(None), None)
    words = set(q.iter_all_terms())  # a phrase's words (common ones as grams, in their field)
    assert scores is not None and len(scores) >= 40 and len(words) >= 2
    assert len(looked) == 2 * len(words)
