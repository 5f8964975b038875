"""bench.fit_ranker: the conditional logit learns which feature marks the right candidate."""
from __future__ import annotations

from bench.fit_ranker import Instance, fit


def test_fit_prefers_the_feature_of_the_right_candidates() -> None:
    # two features: the first marks the right candidate, the second a distractor
    instances = [Instance([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]], [True, False, False], "a", 1.0)
                 for _ in range(5)]
    w = fit(instances, steps=300)
    assert w[0] > 0 > w[1]
