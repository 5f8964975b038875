"""A speakers file's keys are checked: a misspelt one ("blocks" for
"block") was accepted silently and corrected nothing; now it stops the run
with one line naming the key and the closest known one."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from onrecord.indexer.annotate.corrections import CorrectionsError, load_corrections


@pytest.mark.parametrize(("data", "message"), [
    ({"blocks": ["Ulster"]}, "unknown key 'blocks' (did you mean 'block'?)"),
    ({"speaker": []}, "unknown key 'speaker' (did you mean 'speakers'?)"),
    ({"speakers": [{"name": "Tony Blair", "alias": ["Blair"]}]},
     "a speaker entry: unknown key 'alias' (did you mean 'aliases'?)"),
    ({"speakers": ["Tony Blair"]}, "a speaker entry: expected a JSON object, not str"),
])
def test_an_unknown_key_stops_with_one_line(tmp_path: Path, data: dict, message: str) -> None:
    path = tmp_path / "speakers.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CorrectionsError, match="malformed speakers file") as info:
        load_corrections(path)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_the_documented_keys_are_accepted(tmp_path: Path) -> None:
    path = tmp_path / "speakers.json"
    path.write_text(json.dumps({"speakers": [{"name": "Tony Blair", "type": "person", "aliases": ["Blair"]}],
                                "block": ["Ulster"]}), encoding="utf-8")
    corrections = load_corrections(path)
    assert corrections.aliases and corrections.blocked
