"""The evidence behind each attributed speaker (issue #12), as data.

Owns the table of attribution rules, in the order indexer.annotate.attribution.attribution tries
them for one quote, each with the kind of evidence it gives when the phrase
it finds is a name (a pronoun or a description found by the same rule is
recorded as `pronoun` or `nominal`), and the confidence of each kind of
evidence.  A quote records `speaker_source = "rule:<name>"`, its evidence
and that confidence (search.model.Quote); bench.extraction reports accuracy
per rule and per evidence kind over the hand-checked gold.

A new rule is one row here, its step in indexer.annotate.attribution.attribution, and a test
named after it.
"""
from __future__ import annotations

from dataclasses import dataclass

from onrecord.search import Evidence


@dataclass(frozen=True, slots=True)
class Rule:
    """One way a quote's speaker is found."""

    name: str
    carried: bool  # the speaker is carried over, not found for this quote
    says: str


# In the order they are tried (indexer.annotate.attribution.attribution._who, then _quote; "ranked"
# last: indexer.annotate.attribution.ranking.ranker's choice when it overrules them).
RULES: tuple[Rule, ...] = (
    Rule("cue", False, 'a cue beside the quote: ", she said" / "X said: ..." / "according to X"'),
    Rule("byline", False, "a name line right after the quote (a caption or byline)"),
    Rule("sentence_subject", False, "the subject of the sentence a colon or an opening quote follows"),
    Rule("introduction", False, "the subject of the paragraph before, when it ends with a colon"),
    Rule("same_paragraph", True, "the speaker of the paragraph's previous quote"),
    Rule("continued", True, "the speaker of the last quote, within a few paragraphs"),
    Rule("previous_subject", False, "who the previous paragraph ends on"),
    Rule("clause_subject", False, "the subject of a partial quote's own clause"),
    Rule("headline", True, "a headline's quote: the speaker of the body quote repeating it, else of the first below"),
    Rule("reported", False, 'the speaker of a reported clause: "X said (that) ...", "according to X, ..."'),
    Rule("ranked", False, "the learned choice among all the quote's candidates, when it is not the rule's answer"),
)
RULES_BY_NAME: dict[str, Rule] = {rule.name: rule for rule in RULES}

# How often each kind of evidence named the right person, full name, on
# the hand-checked BBC gold (bench/gold/bbc_quotes.json; make
# bench-extraction, 2026-12-01: named 60/61, carried 26/26, pronoun 20/21,
# nominal 12/16), rounded down to leave room for unseen text.
CONFIDENCE: dict[Evidence, float] = {"named": 0.95, "carried": 0.9, "pronoun": 0.85, "nominal": 0.7}


def evidence_of(rule: str, phrase_kind: str | None, by_nominal: bool) -> Evidence:
    """Return the evidence kind of a speaker found by `rule` through a
    phrase of `phrase_kind` ("name", "pronoun", "np"); `by_nominal` when a
    description was resolved to the speaker."""
    if RULES_BY_NAME[rule].carried:
        return "carried"
    if phrase_kind == "pronoun":
        return "pronoun"
    return "nominal" if by_nominal or phrase_kind != "name" else "named"


def rule_source(rule: str) -> str:
    """Return a quote's speaker_source for `rule` ("rule:cue")."""
    return f"rule:{RULES_BY_NAME[rule].name}"
