"""Which golds the bench scores: every round once spent, as a tuning row
(bench.quality.heldout, bench.quality.reported), and the error listers and the fit scripts
read them all (round 8 included since it was scored once after tuning at
2900c4f, rounds 9 and 10 since 0a0e165, rounds 11 to 14 since 46d0915, rounds 15
and 16 since 970e2db, rounds 17 and 18 since efc4a1f, rounds 19 and 20 since
1903df4, rounds 21 and 22 since f611980, rounds 23 and 24 since 7118685, rounds
25 and 26 since 2d3e925, rounds 27 and 28 since 0152568, rounds 29 and 30 since
81bd7fb, rounds 31 and 32 since d7dc65e,
rounds 33 and 34 since 02a0951,
rounds 35 and 36 since fe24640,
rounds 37 and 38 since 3b22dfa,
rounds 39 and 40 since 15360fd,
rounds 41 and 42 since ca35db4,
rounds 43 and 44 since 6758ea3,
rounds 45 and 46 since 38a0ce0,
rounds 47 and 48 since bd21c61,
rounds 49 and 50 since b877dd2,
rounds 51 and 52 since ef56922,
round 53 since c8da893); no frozen test set is left
(bench.quality.heldout.TEST_SETS is empty), and a new one would be scored
only behind its own flag,
never through the listers or the fit scripts."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.attribution_errors import TUNING
from bench.quality import heldout, reported
from bench.quality.heldout import (
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
    BBC_R11,
    BBC_R14,
    BBC_R53,
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


def _patch_scorers(monkeypatch: pytest.MonkeyPatch, scored: list[Path]) -> None:
    def row(source: Path, gold: Path, tally: list[dict[str, Any]]) -> str:
        tally.append({"speaker_ok": 1, "speaker_n": 2, "speaker_wrong": 1, "speaker_unnamed": 0})
        return str(_record(scored)(source, gold))
    monkeypatch.setattr(heldout, "_web_row", row)
    monkeypatch.setattr(heldout, "_bbc_row", row)
    monkeypatch.setattr(reported, "score_own_web", _record(scored))
    monkeypatch.setattr(reported, "score_own_bbc", _record(scored))


def test_every_spent_round_is_scored_as_a_tuning_row(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    scored: list[Path] = []
    _patch_scorers(monkeypatch, scored)
    rows = heldout.heldout_rows(tmp_path, tmp_path) + reported.reported_rows(tmp_path, tmp_path, None, "dev")
    for gold in (WEB_GOLD["dev"], WEB_GOLD["test"], WEB_R2, *(heldout.bbc_round(n) for n in range(1, 54))):
        assert scored.count(gold) == 2, gold.name
    for n in range(3, 54):
        assert [label for label, _ in rows if f"round {n} " in label] == [
            f"round {n} BBC (spent, tuning)", f"reported: round {n} BBC (spent, tuning)"]
    assert heldout.TEST_SETS == {}
    assert not [label for label, value in rows if "TEST" in label or "held out" in value]


@pytest.mark.parametrize("asked", [False, True])
def test_a_test_set_is_scored_only_when_asked_and_apart_from_the_tuning_rows(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, asked: bool) -> None:
    fresh = tmp_path / "bbc_heldout_r11_test.json"
    fresh.write_text("{}", encoding="utf-8")
    monkeypatch.setattr(heldout, "TEST_SETS", {fresh: ("round 11 BBC TEST", "--round11-test")})
    scored: list[Path] = []
    _patch_scorers(monkeypatch, scored)
    tests = {fresh} if asked else set()
    quotes = heldout.heldout_rows(tmp_path, tmp_path, tests)
    speech = reported.reported_rows(tmp_path, tmp_path, None, "dev", tests)
    assert scored.count(fresh) == (2 if asked else 0) and scored.count(BBC_R10) == 2
    assert [label for label, _ in quotes][-2:] == ["round 11 BBC TEST", "tuning total (quote rows)"]
    # the total counts the tuning rows only (every spent BBC round and the three web rows), never the test set
    rows = len(heldout.SPENT_BBC_ROUNDS) + 3
    assert quotes[-1][1] == f"speaker 0.500 ({rows}/{2 * rows}); wrong {rows}, unnamed 0; {rows} rows"
    assert [label for label, _ in speech][-1] == "reported: round 11 BBC TEST"
    held = [label for label, value in quotes + speech if value == "held out: scored once, after tuning (--round11-test)"]
    assert held == ([] if asked else ["round 11 BBC TEST", "reported: round 11 BBC TEST"])


def test_the_error_listers_read_every_spent_round() -> None:
    assert TUNING["web_r2"] == WEB_R2 and TUNING["bbc_r1"] == BBC_HELDOUT and TUNING["bbc_r2"] == BBC_R2
    assert TUNING["bbc_r3"] == BBC_R3 and TUNING["bbc_r4"] == BBC_R4 and TUNING["bbc_r5"] == BBC_R5
    assert TUNING["bbc_r6"] == BBC_R6 and TUNING["bbc_r7"] == BBC_R7 and TUNING["bbc_r8"] == BBC_R8
    assert TUNING["bbc_r9"] == BBC_R9 and TUNING["bbc_r10"] == BBC_R10
    assert TUNING["bbc_r11"] == BBC_R11 and TUNING["bbc_r14"] == BBC_R14 and TUNING["bbc_r53"] == BBC_R53
    assert {"web_r2", *(f"bbc_r{n}" for n in range(1, 54))} <= set(SOURCES)
    from bench.speaker_misses import ROUNDS
    assert ROUNDS == tuple(f"bbc_r{n}" for n in range(3, 54))



def test_the_ranker_fit_reads_every_tuning_gold() -> None:
    from bench.fit_ranker import HELD_ROUNDS
    from bench.fit_ranker import SOURCES as FIT_SOURCES
    assert set(FIT_SOURCES) == set(TUNING) and FIT_SOURCES["bbc_r10"] == "round 10 BBC"
    assert HELD_ROUNDS == tuple(f"round {n} BBC" for n in range(3, 54))


def _main_argv(monkeypatch: pytest.MonkeyPatch, seen: dict[str, Any]) -> list[str]:
    from bench import extraction
    monkeypatch.setattr(heldout, "heldout_rows", lambda h, c, tests=(), base=None: seen.update(quotes=set(tests)) or [])
    monkeypatch.setattr(reported, "reported_rows",
                        lambda h, c, p, s, tests=(): seen.update(speech=set(tests)) or [])
    monkeypatch.setattr(extraction, "polnear_rows", lambda root, split: [])
    monkeypatch.setattr(extraction, "score_seeds", lambda kinds: {k: 0 for k in (
        "P", "R", "F1", "speaker_acc", "speaker_n", "gold", "pred")})
    return ["--skip-polnear", "--skip-speed", "--skip-htmleval", "--corpus", "/nonexistent"]


def test_a_test_set_flag_reaches_both_scorers_and_spent_flags_are_refused(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from bench import extraction
    seen: dict[str, Any] = {}
    argv = _main_argv(monkeypatch, seen)
    for spent in range(5, 54):
        with pytest.raises(SystemExit):
            extraction.main([*argv, f"--round{spent}-test"])
    fresh = tmp_path / "bbc_heldout_r11_test.json"
    monkeypatch.setattr(heldout, "TEST_SETS", {fresh: ("round 11 BBC TEST", "--round11-test")})
    assert extraction.main(argv) == 0 and seen == {"quotes": set(), "speech": set()}
    assert extraction.main([*argv, "--round11-test"]) == 0 and seen == {"quotes": {fresh}, "speech": {fresh}}


def test_the_error_listers_and_the_fit_scripts_never_read_a_test_set() -> None:
    from bench import attribution_errors, fit_ranker, fit_speakers, reported_errors, speaker_misses
    # they read golds only through TUNING, which holds no test set
    assert not set(heldout.TEST_SETS) & set(TUNING.values())
    for module in (attribution_errors, fit_ranker, fit_speakers, reported_errors, speaker_misses):
        source = Path(str(module.__file__)).read_text(encoding="utf-8")
        assert "TEST_SETS" not in source and not any(g.name in source for g in heldout.TEST_SETS), module.__name__


def test_strict_names_reaches_the_identity_scorer_and_is_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from bench import extraction
    seen: dict[str, Any] = {}
    argv = _main_argv(monkeypatch, seen)
    monkeypatch.setitem(extraction.NAME_RULES, "strict", False)
    assert extraction.main([*argv, "--strict-names"]) == 0 and extraction.NAME_RULES["strict"] is True
    assert extraction.main(argv) == 0 and extraction.NAME_RULES["strict"] is False
