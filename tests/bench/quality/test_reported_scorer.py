"""bench.quality.reported's matching rules for reported speech (issue #32), on toy data:
30% cover, one-to-one, a PolNeAR prediction false only outside every
attribution, a partial prediction neutral on our golds, speech cues only."""
from __future__ import annotations

from typing import Any

import pytest

from bench.quality.reported import is_finding_source, is_speech_cue, score_own_articles, score_polnear_docs
from onrecord.search import Mention, Quote


def _q(start: int, end: int, kind: str = "indirect", speaker: str | None = "Ann Vole",
       mention: tuple[int, int] | None = None) -> Quote:
    said = Mention("x", *mention) if mention else None
    return Quote(text="x" * (end - start), start=start, end=end, kind=kind, speaker=speaker, speaker_mention=said)


def _polnear(start: int, end: int, speaker: str = "Ann Vole", at: tuple[int, int] = (0, 8),
             cue: str = "said", pronoun: bool = False) -> dict[str, Any]:
    return {"start": start, "end": end, "spans": [[start, end]], "speaker": speaker, "speaker_spans": [list(at)],
            "speaker_is_pronoun": pronoun, "cue": cue}


@pytest.mark.parametrize(("pred", "matched"), [((100, 129), 0), ((100, 130), 1), ((150, 400), 1)])
def test_a_prediction_matches_when_it_covers_30_percent_of_the_clause(pred: tuple[int, int], matched: int) -> None:
    gold = [{"start": 100, "end": 200, "kind": "indirect", "speaker": ["Ann Vole"]}]
    assert score_own_articles([([_q(*pred)], gold)])["matched"] == matched


def test_two_predictions_over_one_clause_match_it_once_and_the_other_is_false() -> None:
    gold = [{"start": 100, "end": 200, "kind": "indirect", "speaker": ["Ann Vole"]}]
    s = score_own_articles([([_q(100, 150), _q(150, 200)], gold)])
    assert (s["matched"], s["pred"], s["P"]) == (1, 2, 0.5)


def test_an_unmatched_partial_quote_is_neutral_on_our_golds() -> None:
    gold = [{"start": 100, "end": 200, "kind": "indirect", "speaker": ["Ann Vole"]}]
    s = score_own_articles([([_q(100, 200), _q(300, 320, kind="partial")], gold)])
    assert (s["matched"], s["pred"]) == (1, 1)


def test_our_gold_speaker_is_judged_by_full_name() -> None:
    gold = [{"start": 0, "end": 50, "kind": "indirect", "speaker": ["Ann Vole"]},
            {"start": 60, "end": 90, "kind": "indirect", "speaker": ["Ann Vole"]}]
    s = score_own_articles([([_q(0, 50), _q(60, 90, speaker="Vole")], gold)])
    assert (s["speaker_ok"], s["speaker_n"]) == (1, 2)


def test_a_polnear_prediction_is_false_only_outside_every_attribution() -> None:
    speech = _polnear(100, 200)
    thought = _polnear(300, 400, cue="believes")
    docs = [([_q(100, 200, mention=(0, 8)), _q(310, 390), _q(500, 560)], [speech, thought],
             [speech, thought])]
    s = score_polnear_docs(docs)
    # the thought is no gold (not a speech cue) but overlapping it is not wrong; the third is
    assert (s["gold"], s["matched"], s["pred"]) == (1, 1, 2)


@pytest.mark.parametrize(("cue", "speech"), [("said", True), ("told reporters", True), ("according to", True),
                                             ("has denied", True), ("believes", False), ("wants", False),
                                             ("hopes", False), ("plans", False), ("expects", False), (None, False)])
def test_only_speech_cues_make_polnear_gold(cue: str | None, speech: bool) -> None:
    assert is_speech_cue(cue) is speech


def test_a_pronoun_source_is_judged_by_the_name_before_it() -> None:
    named = _polnear(20, 60, speaker="Ann Vole", at=(0, 8))
    he_right = _polnear(120, 200, speaker="she", at=(100, 103), pronoun=True)
    he_wrong = _polnear(220, 300, speaker="she", at=(210, 213), pronoun=True)
    preds = [_q(20, 60, mention=(0, 8)), _q(120, 200, mention=(100, 103)),
             _q(220, 300, speaker="Ben Tamm", mention=(210, 213))]
    s = score_polnear_docs([(preds, [named, he_right, he_wrong], [named, he_right, he_wrong])])
    assert (s["matched"], s["speaker_ok"]) == (3, 2)


def test_polnear_content_in_double_apostrophes_is_a_quote_not_reported_speech() -> None:
    quoted = _polnear(100, 200) | {"quote": "''We will win,'' he said"}
    plain = _polnear(300, 400) | {"quote": "the party would win"}
    s = score_polnear_docs([([], [quoted, plain], [quoted, plain])])
    assert s["gold"] == 1


@pytest.mark.parametrize(("source", "finding"), [
    ("a new poll", True), ("exit polls", True), ("the FBI data", True), ("F.A.A. records", True),
    ("early results of exit polls conducted by Edison Research", True), ("a CNN tally", True),
    ("the average of recent polls compiled by Real Clear Politics", True), ("a Washington Post-ABC News survey", True),
    ("press reports", True), ("government statistics", True), ("the Associated Press", False),
    ("the Pew Research Center", False), ("a senior administration official", False), ("Ann Vole", False),
    ("the Center for Responsive Politics", False), ("she", False)])
def test_a_finding_source_is_known_by_its_head_noun(source: str, finding: bool) -> None:
    assert is_finding_source(source) is finding


def test_the_people_row_leaves_out_exactly_the_gold_with_a_finding_source() -> None:
    poll = _polnear(100, 200, speaker="a new poll", cue="according to")
    study = _polnear(300, 400, speaker="the study by Ann Vole", cue="says")
    person = _polnear(500, 600, speaker="Ann Vole", cue="according to")
    docs = [([_q(100, 200), _q(500, 600, mention=(0, 8))], [poll, study, person], [poll, study, person])]
    strict, people = score_polnear_docs(docs), score_polnear_docs(docs, people_only=True)
    assert (strict["gold"], strict["matched"], strict["pred"]) == (3, 2, 2)
    # the prediction over the poll still overlaps an attribution: neutral, not false
    assert (people["gold"], people["matched"], people["pred"]) == (1, 1, 1)
