"""The conditional logit both speaker fitters use (bench.fit_speakers for a
pronoun's antecedent, bench.fit_ranker for a quote's speaker).

Owns fitting one weight per feature so that, per instance (a set of
candidate rows), the softmax puts its mass on the right candidates: the
weighted likelihood of "the choice is a right one", with L2 regularisation,
by plain gradient descent over all instances' rows stacked (softmax per
instance by segments).  With exactly one right row per instance this is the
ordinary conditional logit.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def fit_logit(rows: Sequence[Sequence[Sequence[float]]], right: Sequence[Sequence[bool]],
              weights: Sequence[float], *, l2: float, steps: int, rate: float) -> np.ndarray:
    """Return the fitted weights: rows[i] are instance i's candidate feature
    rows, right[i] which of them are right (at least one), weights[i] its weight."""
    x = np.array([row for inst in rows for row in inst], dtype=float)
    sizes = np.array([len(inst) for inst in rows])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    owner = np.repeat(np.arange(len(rows)), sizes)
    ok = np.array([r for inst in right for r in inst], dtype=float)
    weight = np.array(weights, dtype=float)
    weight = weight / weight.sum()
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        s = x @ w
        e = np.exp(s - np.maximum.reduceat(s, starts)[owner])
        p = e / np.add.reduceat(e, starts)[owner]
        q = p * ok / np.add.reduceat(p * ok, starts)[owner]  # the posterior over the right rows
        # the weighted sum over instances of (expected - posterior) rows, as one product
        # (per-instance sums of x * p by reduceat took 3x the CPU time)
        grad = l2 * w + x.T @ (weight[owner] * (p - q))
        w -= rate * grad
    return w
