"""The learned choice of a quote's speaker among its candidates (indexer.annotate.attribution.ranking.ranker)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.ranking import ranker
from onrecord.indexer.annotate.attribution.ranking.rankfeatures import FEATURES, Candidate, Situation
from onrecord.indexer.annotate.attribution.spans.frames import Frame
from onrecord.indexer.annotate.attribution.spans.quotes import detect_quote_style, find_quote_spans
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.indexer.lexicon import words
from onrecord.search import Mention, Metadata, ParsedArticle

TEXT = ("Baker Ann Vole has run the Acme shop for ten years. Her rival Tom Reed disagrees.\n\n"
        "\"Rest the dough, as Sam Pike taught me,\" is the advice on the wall.")


def _setup(text: str) -> tuple[DocSpeakers, ranker.Windows, Situation]:
    article = chunk_article(ParsedArticle(source="t", text=text, meta=Metadata()))
    style = detect_quote_style(text)
    before, para = article.paragraphs[0], article.paragraphs[-1]
    spans = find_quote_spans(text, para.start, para.end, style)
    frame = Frame(text, para, spans)
    prior = Frame(text, before, find_quote_spans(text, before.start, before.end, style))
    sp = spans[0]
    w = ranker.Windows(frame, prior, sp.start - para.start, sp.end - para.start)
    s = Situation(text, sp.start, sp.end, False, False, True, None, False)
    return DocSpeakers(text, style), w, s


def test_candidates_are_the_people_around_the_quote_and_nobody() -> None:
    people, w, _s = _setup(TEXT)
    pool = ranker.candidates(people, w, Candidate(None, cascade=True), "Ann Vole")
    names = [c.speaker for c in pool]
    assert "Tom Reed" in names  # the previous paragraph's last sentence
    assert "Sam Pike" not in names  # named inside the quote: its topic, never its speaker
    assert names[-1] is None  # nobody is always a candidate
    assert next(c for c in pool if c.speaker == "Ann Vole").carried


@pytest.mark.parametrize(("feature", "expected"), [("in_paragraph", "Tom Reed"), ("nobody", None)])
def test_the_table_decides_where_the_rules_found_nobody(feature: str, expected: str | None) -> None:
    people, w, s = _setup(TEXT)
    table = [2.0 if name == feature else 0.0 for name in FEATURES]
    chosen = ranker.choose(people, w, Candidate(None, cascade=True), None, s, table)
    assert chosen.speaker == expected


def test_the_rules_keep_a_quote_they_credited_or_found_a_phrase_for() -> None:
    people, w, s = _setup(TEXT)
    table = [2.0 if name == "in_paragraph" else 0.0 for name in FEATURES]
    named = Candidate("Ann Vole", cascade=True, rule="cue")
    assert ranker.choose(people, w, named, None, s, table) is not None
    assert ranker.choose(people, w, named, None, s, table).speaker == "Ann Vole"
    phrase = Candidate(None, cascade=True, mention=Mention("the newspaper", 0, 13))  # unnamed, but said
    assert ranker.choose(people, w, phrase, None, s, table).speaker is None
    assert not ranker.decides(phrase) and ranker.decides(Candidate(None, cascade=True))


def test_every_feature_has_a_fitted_weight() -> None:
    assert len(ranker.weights()) == len(FEATURES)


@pytest.mark.parametrize("word", ["shares", "recommends", "advises"])
def test_soft_speech_verbs_are_lexicon_rows(word: str) -> None:
    assert word in words("soft_cues")


@pytest.mark.parametrize(("rule", "decides"), [("sentence_subject", True), ("same_paragraph", False),
                                                ("cue", False), ("continued", False), ("byline", False)])
def test_the_weights_may_overrule_a_weak_rule_only(rule: str, decides: bool) -> None:
    people, w, s = _setup(TEXT)
    table = [2.0 if name == "in_paragraph" else 0.0 for name in FEATURES]
    cascade = Candidate("Ann Vole", cascade=True, rule=rule)
    assert ranker.decides(cascade) is decides
    expected = "Tom Reed" if decides else "Ann Vole"
    assert ranker.choose(people, w, cascade, "Ann Vole", s, table).speaker == expected

