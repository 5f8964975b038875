"""bench.fit_speakers: the conditional logit recovers a preference from labelled choices."""
from __future__ import annotations

from bench.fit_speakers import Instance, accuracy, fit
from onrecord.indexer.annotate.attribution.choice import antecedents


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
