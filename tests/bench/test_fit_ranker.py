"""bench.fit_ranker: the conditional logit learns which feature marks the right candidate."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench import fit_ranker
from bench.fit_ranker import Instance, _picks, disagree_line, fit, leave_one_round_out, miss_line
from onrecord.indexer.annotate.attribution.ranking.rankfeatures import FEATURES, Candidate
from onrecord.search import Quote


def test_fit_prefers_the_feature_of_the_right_candidates() -> None:
    # two features: the first marks the right candidate, the second a distractor
    instances = [Instance([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]], [True, False, False], "a", 1.0)
                 for _ in range(5)]
    w = fit(instances, steps=300)
    assert w[0] > 0 > w[1]


def _row(**on: float) -> list[float]:
    return [on.get(name, 0.0) for name in FEATURES]


# the rules found a speaker phrase they could not name: nobody is their answer
_PHRASE = Instance([_row(in_before=1.0), _row(nobody=1.0, nobody_cascade=1.0, nobody_phrase=1.0)],
                   [True, False], "round 3 BBC", 1.0)


def test_the_gate_says_where_the_weights_overrule_the_rules() -> None:
    table = np.array(_row(in_before=2.0))
    assert _picks(_PHRASE, table, "unnamed") == 1  # ranker.decides: a speaker phrase keeps the rules' nobody
    assert _picks(_PHRASE, table, "nobody") == 0
    assert _picks(_PHRASE, table, "all") == 0
    assert _picks(_PHRASE, None, "all") == 1  # no table: the rules' answer


def test_a_quote_no_candidate_gets_right_counts_wrong_and_is_not_fitted() -> None:
    missed = Instance([_row(in_before=1.0), _row(nobody=1.0)], [False, False], "round 3 BBC", 1.0)
    others = [Instance(_PHRASE.rows, _PHRASE.right, "round 4 BBC", 1.0)] * 3
    w = fit([_PHRASE, missed, *others], steps=50)
    assert np.isfinite(w).all()
    table = leave_one_round_out([_PHRASE, missed, *others], (w, "unnamed"), gate="all")
    assert table["round 3 BBC"][0] == (0, 2)  # the rules: nobody, wrong twice
    assert table["round 3 BBC"][1][1] == 2  # the missed quote stays in the denominator


def test_the_weak_gate_lets_the_weights_overrule_a_weak_rule_not_a_cue() -> None:
    table = np.array(_row(in_before=2.0))
    subject = Instance([_row(cascade_sentence_subject=1.0), _row(in_before=1.0), _row(nobody=1.0)],
                       [False, True, False], "round 3 BBC", 1.0)
    cued = Instance([_row(cascade_cue=1.0), _row(in_before=1.0), _row(nobody=1.0)],
                    [False, True, False], "round 3 BBC", 1.0)
    assert _picks(subject, table, "weak") == 1
    assert _picks(subject, table, "unnamed") == 0
    assert _picks(cued, table, "weak") == 0
    assert _picks(_PHRASE, table, "weak") == 1  # a speaker phrase still keeps the rules' nobody


def test_miss_line_lists_a_quote_no_candidate_gets_right_and_marks_a_later_right_answer() -> None:
    gold = {"speaker": ["Ottilie Varga"], "kind": "partial"}
    offered = [Candidate("Ottilie Varga"), Candidate(None)]
    headline = Quote("'fewer ferries'", 10, 25, "partial", speaker="Ottilie Varga")
    wrong = Quote("'fewer ferries'", 10, 25, "partial", speaker="Bram Tolliver")
    assert miss_line("round 3 BBC", "a.txt", headline, offered, gold) is None  # a candidate is right
    settled = miss_line("round 3 BBC", "a.txt", headline, [Candidate(None)], gold)
    missed = miss_line("round 3 BBC", "a.txt", wrong, [Candidate("Bram Tolliver"), Candidate(None)], gold)
    assert settled is not None and settled.split("\t")[1] == "settled"
    assert missed is not None and missed.split("\t")[1] == "missed" and "Bram Tolliver" in missed


def test_the_bound_counts_a_quote_the_headline_stage_settles_as_covered() -> None:
    # no candidate is right for either quote; the headline stage credits the first rightly later
    settled = Instance([_row(in_before=1.0), _row(nobody=1.0)], [False, False], "round 3 BBC", 1.0, True)
    missed = Instance([_row(in_before=1.0), _row(nobody=1.0)], [False, False], "round 3 BBC", 1.0)
    others = [Instance(_PHRASE.rows, _PHRASE.right, "round 4 BBC", 1.0)] * 3
    w = fit([_PHRASE, settled, missed, *others], steps=50)
    table = leave_one_round_out([_PHRASE, settled, missed, *others], (w, "unnamed"), gate="all")
    assert table["round 3 BBC"][3] == (2, 3)  # the bound: the settled quote covered, the missed one not


@pytest.mark.parametrize(("gold", "listed"), [
    (["Ottilie Varga"], True),    # the rules chose Bram Tolliver, the right one is offered
    (["Bram Tolliver"], False),   # the rules were right
    (["Wenna Kosk"], False),      # no candidate is right: a miss, not a disagreement
])
def test_disagree_line_lists_a_wrong_rules_answer_beside_an_offered_right_one(gold: list[str], listed: bool) -> None:
    offered = [Candidate("Bram Tolliver", cascade=True, rule="cue", evidence="named"), Candidate("Ottilie Varga"),
               Candidate(None)]
    rows = [_row(cascade_cue=1.0), _row(in_before=1.0, subject=1.0), _row(nobody=1.0)]
    line = disagree_line("round 3 BBC", "a.txt", offered, rows, {"speaker": gold, "kind": "direct"},
                         np.array(_row(subject=2.0)))
    assert (line is not None) is listed
    if line is not None:
        fields = line.split("\t")
        assert fields[3] == "rules=Bram Tolliver (cue/named)" and fields[4] == "table=Ottilie Varga"
        assert "*Ottilie Varga[in_before,subject]" in fields[5]


def test_instances_are_collected_once_then_read_from_their_pickle(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    made = [Instance([[1.0], [0.0]], [True, False], "round 3 BBC", 1.0)]
    calls: list[Path | None] = []

    def collect(polnear: Path | None) -> list[Instance]:
        calls.append(polnear)
        return made

    monkeypatch.setattr(fit_ranker, "collect", collect)
    cache = tmp_path / "instances.pkl"
    first = fit_ranker.load_instances(None, cache)
    second = fit_ranker.load_instances(None, cache)
    assert calls == [None]  # the second run read the pickle, it did not extract again
    assert [(i.rows, i.right, i.source) for i in second] == [(i.rows, i.right, i.source) for i in first]
    assert fit_ranker.load_instances(None, None) == made and len(calls) == 2  # no cache: always collected
