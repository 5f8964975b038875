"""Ranking a quote's candidate speakers: learned weights and the rules' confidences.

Owns the learned choice among a quote's candidate speakers (`ranker` and its
features `rankfeatures`, weights in indexer/data/ranker_weights.json fitted by
bench/fit_ranker.py) and the attribution rules as a table with the kind and
confidence of their evidence (`evidence`).
"""
