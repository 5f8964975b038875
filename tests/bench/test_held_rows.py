"""Which golds the bench scores: the spent rounds always, as tuning rows;
round 3's frozen test set only behind `--round3-test` (bench.heldout,
bench.reported), and never through the error listers."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench import heldout, reported
from bench.attribution_errors import TUNING
from bench.heldout import BBC_R2, BBC_R3, WEB_R2
from bench.reported_errors import SOURCES


def _record(scored: list[Path]) -> Any:
    def scorer(source: Path, gold: Path) -> Any:
        scored.append(gold)
        return {"F1": 1.0, "P": 1.0, "R": 1.0, "gold": 0, "pred": 0, "speaker_acc": 1.0,
                "speaker_ok": 0, "speaker_n": 0, "matched": 0}
    return scorer


@pytest.mark.parametrize("round3", [False, True])
def test_round_three_is_scored_only_when_asked_and_round_two_always(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, round3: bool) -> None:
    scored: list[Path] = []
    monkeypatch.setattr(heldout, "_web_row", lambda s, g: str(_record(scored)(s, g)))
    monkeypatch.setattr(heldout, "_bbc_row", lambda s, g: str(_record(scored)(s, g)))
    monkeypatch.setattr(reported, "score_own_web", _record(scored))
    monkeypatch.setattr(reported, "score_own_bbc", _record(scored))
    rows = heldout.heldout_rows(tmp_path, tmp_path, round3=round3)
    rows += reported.reported_rows(tmp_path, tmp_path, None, "dev", round3)
    assert scored.count(WEB_R2) == 2 and scored.count(BBC_R2) == 2
    assert scored.count(BBC_R3) == (2 if round3 else 0)
    held = [label for label, value in rows if "--round3-test" in value]
    assert held == ([] if round3 else ["round 3 BBC TEST", "reported: round 3 BBC TEST"])


def test_the_error_listers_read_round_two_but_never_round_three() -> None:
    assert TUNING["web_r2"] == WEB_R2 and TUNING["bbc_r2"] == BBC_R2
    assert BBC_R3 not in TUNING.values()
    assert {"web_r2", "bbc_r2"} <= set(SOURCES) and not any("r3" in s for s in SOURCES)
