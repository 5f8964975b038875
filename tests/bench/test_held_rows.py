"""Which golds the bench scores: every round once spent, as a tuning row
(bench.heldout, bench.reported), and the error listers and the fit scripts
read them all (round 8 included since it was scored once after tuning at
2900c4f); rounds 9 and 10's frozen test sets only behind `--round9-test` and
`--round10-test`, never through the listers or the fit scripts."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench import heldout, reported
from bench.attribution_errors import TUNING
from bench.heldout import (
    BBC_HELDOUT,
    BBC_R2,
    BBC_R3,
    BBC_R4,
    BBC_R5,
    BBC_R6,
    BBC_R7,
    BBC_R8,
    BBC_R9,
    BBC_R10,
    WEB_GOLD,
    WEB_R2,
)
from bench.reported_errors import SOURCES


def _record(scored: list[Path]) -> Any:
    def scorer(source: Path, gold: Path) -> Any:
        scored.append(gold)
        return {"F1": 1.0, "P": 1.0, "R": 1.0, "gold": 0, "pred": 0, "speaker_acc": 1.0,
                "speaker_ok": 0, "speaker_n": 0, "matched": 0}
    return scorer


def test_every_spent_round_is_scored_as_a_tuning_row(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    scored: list[Path] = []
    monkeypatch.setattr(heldout, "_web_row", lambda s, g: str(_record(scored)(s, g)))
    monkeypatch.setattr(heldout, "_bbc_row", lambda s, g: str(_record(scored)(s, g)))
    monkeypatch.setattr(reported, "score_own_web", _record(scored))
    monkeypatch.setattr(reported, "score_own_bbc", _record(scored))
    rows = heldout.heldout_rows(tmp_path, tmp_path) + reported.reported_rows(tmp_path, tmp_path, None, "dev")
    for gold in (WEB_GOLD["dev"], WEB_GOLD["test"], WEB_R2, BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_R5, BBC_R6,
                 BBC_R7, BBC_R8):
        assert scored.count(gold) == 2, gold.name
    assert [label for label, _ in rows if "round 3" in label] == ["round 3 BBC (spent, tuning)",
                                                                  "reported: round 3 BBC (spent, tuning)"]
    assert [label for label, _ in rows if "round 4" in label] == ["round 4 BBC (spent, tuning)",
                                                                  "reported: round 4 BBC (spent, tuning)"]
    assert [label for label, _ in rows if "round 5" in label] == ["round 5 BBC (spent, tuning)",
                                                                  "reported: round 5 BBC (spent, tuning)"]
    assert [label for label, _ in rows if "round 6" in label] == ["round 6 BBC (spent, tuning)",
                                                                  "reported: round 6 BBC (spent, tuning)"]
    assert [label for label, _ in rows if "round 7" in label] == ["round 7 BBC (spent, tuning)",
                                                                  "reported: round 7 BBC (spent, tuning)"]
    assert [label for label, _ in rows if "round 8" in label] == ["round 8 BBC (spent, tuning)",
                                                                  "reported: round 8 BBC (spent, tuning)"]
    assert BBC_R9 not in scored and BBC_R10 not in scored
    assert [label for label, value in rows if "TEST" in label or "held out" in value] == [
        "round 9 BBC TEST", "round 10 BBC TEST", "reported: round 9 BBC TEST", "reported: round 10 BBC TEST"]


@pytest.mark.parametrize("tests", [set(), {BBC_R9}, {BBC_R10}, {BBC_R9, BBC_R10}], ids=len)
def test_a_test_round_is_scored_only_when_asked_and_apart_from_the_tuning_rows(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, tests: set[Path]) -> None:
    scored: list[Path] = []
    monkeypatch.setattr(heldout, "_web_row", lambda s, g: str(_record(scored)(s, g)))
    monkeypatch.setattr(heldout, "_bbc_row", lambda s, g: str(_record(scored)(s, g)))
    monkeypatch.setattr(reported, "score_own_web", _record(scored))
    monkeypatch.setattr(reported, "score_own_bbc", _record(scored))
    quotes = heldout.heldout_rows(tmp_path, tmp_path, tests)
    speech = reported.reported_rows(tmp_path, tmp_path, None, "dev", tests)
    for gold in (BBC_R9, BBC_R10):
        assert scored.count(gold) == (2 if gold in tests else 0), gold.name
    assert scored.count(BBC_R8) == 2
    assert [label for label, _ in quotes][-2:] == ["round 9 BBC TEST", "round 10 BBC TEST"]
    assert [label for label, _ in speech][-2:] == ["reported: round 9 BBC TEST", "reported: round 10 BBC TEST"]
    held = {value for _, value in quotes + speech if "held out" in value}
    assert held == {f"held out: scored once, after tuning (--round{n}-test)"
                    for n, gold in ((9, BBC_R9), (10, BBC_R10)) if gold not in tests}


def test_the_error_listers_read_every_spent_round() -> None:
    assert TUNING["web_r2"] == WEB_R2 and TUNING["bbc_r2"] == BBC_R2 and TUNING["bbc_r3"] == BBC_R3
    assert TUNING["bbc_r4"] == BBC_R4 and TUNING["bbc_r5"] == BBC_R5 and TUNING["bbc_r6"] == BBC_R6
    assert TUNING["bbc_r7"] == BBC_R7 and TUNING["bbc_r8"] == BBC_R8
    assert {"web_r2", "bbc_r2", "bbc_r3", "bbc_r4", "bbc_r5", "bbc_r6", "bbc_r7", "bbc_r8"} <= set(SOURCES)


def test_the_ranker_fit_reads_every_tuning_gold() -> None:
    from bench.fit_ranker import SOURCES as FIT_SOURCES
    assert set(FIT_SOURCES) == set(TUNING) and FIT_SOURCES["bbc_r8"] == "round 8 BBC"


def _main_argv(monkeypatch: pytest.MonkeyPatch, seen: dict[str, Any]) -> list[str]:
    from bench import extraction
    monkeypatch.setattr(heldout, "heldout_rows", lambda h, c, tests=(): seen.update(quotes=set(tests)) or [])
    monkeypatch.setattr(reported, "reported_rows",
                        lambda h, c, p, s, tests=(): seen.update(speech=set(tests)) or [])
    monkeypatch.setattr(extraction, "polnear_rows", lambda root, split: [])
    monkeypatch.setattr(extraction, "score_seeds", lambda kinds: {k: 0 for k in (
        "P", "R", "F1", "speaker_acc", "speaker_n", "gold", "pred")})
    return ["--skip-polnear", "--skip-speed", "--skip-htmleval", "--corpus", "/nonexistent"]


def test_the_test_round_flags_reach_both_scorers_and_spent_flags_are_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bench import extraction
    seen: dict[str, Any] = {}
    argv = _main_argv(monkeypatch, seen)
    assert extraction.main(argv) == 0 and seen == {"quotes": set(), "speech": set()}
    assert extraction.main([*argv, "--round9-test"]) == 0 and seen == {"quotes": {BBC_R9}, "speech": {BBC_R9}}
    assert extraction.main([*argv, "--round10-test"]) == 0 and seen == {"quotes": {BBC_R10}, "speech": {BBC_R10}}
    assert extraction.main([*argv, "--round9-test", "--round10-test"]) == 0
    assert seen == {"quotes": {BBC_R9, BBC_R10}, "speech": {BBC_R9, BBC_R10}}
    for spent in ("--round5-test", "--round6-test", "--round7-test", "--round8-test"):
        with pytest.raises(SystemExit):
            extraction.main([*argv, spent])


@pytest.mark.parametrize("gold", [BBC_R9, BBC_R10], ids=lambda p: p.name)
def test_the_error_listers_and_the_fit_scripts_never_read_a_test_round(gold: Path) -> None:
    from bench import attribution_errors, fit_ranker, fit_speakers, reported_errors, speaker_misses
    from bench.fit_ranker import SOURCES as FIT_SOURCES
    constant = "BBC_R" + gold.name.split("_r")[1].split("_")[0]
    assert gold not in TUNING.values() and not any(constant[4:].lower() in s for s in [*SOURCES, *FIT_SOURCES])
    # they read golds only through TUNING: none names a test round's file or constant itself
    for module in (attribution_errors, fit_ranker, fit_speakers, reported_errors, speaker_misses):
        source = Path(str(module.__file__)).read_text(encoding="utf-8")
        assert constant not in source and gold.name not in source, module.__name__


def test_strict_names_reaches_the_identity_scorer_and_is_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from bench import extraction
    seen: dict[str, Any] = {}
    argv = _main_argv(monkeypatch, seen)
    monkeypatch.setitem(extraction.NAME_RULES, "strict", False)
    assert extraction.main([*argv, "--strict-names"]) == 0 and extraction.NAME_RULES["strict"] is True
    assert extraction.main(argv) == 0 and extraction.NAME_RULES["strict"] is False
