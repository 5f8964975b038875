"""Marking a query's words in paragraph text (search.features.snippets):
the spans equal those of the analyzers' own token chains, which the
marks were taken from before the words' terms were read from a memo."""
from __future__ import annotations

import pytest
from whoosh.analysis import StandardAnalyzer

from onrecord.search.features.snippets import find_term_spans
from onrecord.search.query.querying import MarkTerms
from onrecord.search.storage.schema import build_schema, exact_word_analyzer

TEXTS = [
    "The Minister said the budgets were rising, and rising again.",
    "Quarterly budgeting: the councils' Budget Office said it is not over.",
    "\u00c9lise Marten\u00df said the caf\u00e9's r\u00e9gime was \u0130stanbul-born, not Gen\u00e8ve's.",
    "one of the one of the ONE of THE ones; it is not. It is not!",
    "a an it is of to we x y z 3.14 under_score e.g. U.S. figures",
    "",
    "   ",
]
MARKS = [
    MarkTerms(frozenset({"budget", "rise"})),
    MarkTerms(frozenset({"minist", "said"}), prefixes=("bud", "r\u00e9")),
    MarkTerms(prefixes=("ist", "caf")),
    MarkTerms(exact=frozenset({"the", "it", "\u00e9lise"})),
    MarkTerms(phrases=(("one", "of", "the"), ("it", "is", "not"))),
    MarkTerms(frozenset({"figur", "3.14"}), exact=frozenset({"s"}), phrases=(("e", "g"),)),
    MarkTerms(frozenset({""}), phrases=((), ("under_score",))),
]


def reference_spans(analyzer, text: str, terms: MarkTerms) -> list[tuple[int, int]]:
    """Return the spans as the analyzers' token chains give them."""
    spans = [(t.startchar, t.endchar) for t in analyzer(text, chars=True, mode="index")
             if t.text in terms.words or any(t.text.startswith(p) for p in terms.prefixes)]
    tokens = [(t.text, t.startchar, t.endchar)
              for t in exact_word_analyzer()(text, chars=True, mode="index")]
    words = [w for w, _s, _e in tokens]
    spans += [(s, e) for w, s, e in tokens if w in terms.exact]
    for phrase in terms.phrases:
        for i in range(len(words) - len(phrase) + 1):
            if phrase and tuple(words[i:i + len(phrase)]) == phrase:
                spans.append((tokens[i][1], tokens[i + len(phrase) - 1][2]))
    kept: list[tuple[int, int]] = []
    for start, end in sorted(set(spans), key=lambda s: (s[0], -s[1])):
        if not kept or start >= kept[-1][1]:
            kept.append((start, end))
    return kept


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("terms", MARKS)
def test_spans_equal_the_index_analyzers_tokens(text: str, terms: MarkTerms) -> None:
    analyzer = build_schema()["text"].analyzer
    assert find_term_spans(analyzer, text, terms) == reference_spans(analyzer, text, terms)


@pytest.mark.parametrize("text", TEXTS)
def test_another_analyzer_is_run_as_it_is(text: str) -> None:
    analyzer = StandardAnalyzer()
    terms = MarkTerms(frozenset({"the", "budgets", "rising"}), prefixes=("caf",))
    assert find_term_spans(analyzer, text, terms) == reference_spans(analyzer, text, terms)


def test_a_marked_stem_spans_each_inflected_word() -> None:
    text = "Budgets rose; the budget's budgeting rises."
    spans = find_term_spans(build_schema()["text"].analyzer, text, MarkTerms(frozenset({"budget"})))
    assert [text[s:e] for s, e in spans] == ["Budgets", "budget", "budgeting"]
