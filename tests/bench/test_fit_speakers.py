"""bench.fit_speakers: the conditional logit recovers a preference from labelled choices."""
from __future__ import annotations

from bench.fit_speakers import Instance, accuracy, compare, fit
from onrecord.indexer.annotate.attribution.pronouns import antecedents


def test_fit_learns_to_prefer_the_feature_that_marks_the_answer() -> None:
    d = len(antecedents.FEATURES)
    k = antecedents.FEATURES.index("last_speaker")
    right = [0.0] * d
    right[k] = 1.0
    wrong = [0.0] * d
    instances = [Instance([wrong, right], 1, "t", 1.0), Instance([right, wrong], 0, "t", 1.0)]
    w = fit(instances, steps=200)
    assert w[k] > 0.5
    assert accuracy(instances, list(w)) == {"t": "2/2"}


def test_compare_counts_bbc_rounds_helped_and_hurt() -> None:
    stored = {"bbc_r1 pronoun": "3/4", "bbc_r2 pronoun": "4/4", "bbc_r3 pronoun": "2/4", "web_dev pronoun": "0/4"}
    held = {"bbc_r1 pronoun": "4/4", "bbc_r2 pronoun": "3/4", "bbc_r3 pronoun": "4/4", "web_dev pronoun": "4/4"}
    assert compare(stored, held, "pronoun") == (
        "BBC rounds pronoun: stored 9/12, refit held out 11/12; helps 2 rounds, hurts 1")
