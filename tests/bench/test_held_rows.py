"""Which golds the bench scores: every round once spent, as a tuning row
(bench.heldout, bench.reported), and the error listers and the fit scripts
read them all (round 8 included since it was scored once after tuning at 2900c4f).  No
test set is held out now, so no row is one and no flag scores one."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench import heldout, reported
from bench.attribution_errors import TUNING
from bench.heldout import BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_R5, BBC_R6, BBC_R7, BBC_R8, WEB_GOLD, WEB_R2
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
    assert not [label for label, value in rows if "TEST" in label or "held out" in value]


def test_the_error_listers_read_every_spent_round() -> None:
    assert TUNING["web_r2"] == WEB_R2 and TUNING["bbc_r2"] == BBC_R2 and TUNING["bbc_r3"] == BBC_R3
    assert TUNING["bbc_r4"] == BBC_R4 and TUNING["bbc_r5"] == BBC_R5 and TUNING["bbc_r6"] == BBC_R6
    assert TUNING["bbc_r7"] == BBC_R7 and TUNING["bbc_r8"] == BBC_R8
    assert {"web_r2", "bbc_r2", "bbc_r3", "bbc_r4", "bbc_r5", "bbc_r6", "bbc_r7", "bbc_r8"} <= set(SOURCES)


def test_the_ranker_fit_reads_every_tuning_gold() -> None:
    from bench.fit_ranker import SOURCES as FIT_SOURCES
    assert set(FIT_SOURCES) == set(TUNING) and FIT_SOURCES["bbc_r8"] == "round 8 BBC"


def test_no_round_is_behind_a_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    from bench import extraction
    seen: dict[str, int] = {}
    monkeypatch.setattr(heldout, "heldout_rows", lambda *a: seen.update(quotes=len(a)) or [])
    monkeypatch.setattr(reported, "reported_rows", lambda *a: seen.update(speech=len(a)) or [])
    monkeypatch.setattr(extraction, "polnear_rows", lambda root, split: [])
    monkeypatch.setattr(extraction, "score_seeds", lambda kinds: {k: 0 for k in (
        "P", "R", "F1", "speaker_acc", "speaker_n", "gold", "pred")})
    argv = ["--skip-polnear", "--skip-speed", "--skip-htmleval", "--corpus", "/nonexistent"]
    assert extraction.main(argv) == 0 and seen == {"quotes": 2, "speech": 4}
    for spent in ("--round5-test", "--round6-test", "--round7-test", "--round8-test"):
        with pytest.raises(SystemExit):
            extraction.main([*argv, spent])
