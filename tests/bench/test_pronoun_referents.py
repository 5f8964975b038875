"""bench.pronoun_referents: a pronoun gold source is judged by the name the
referent table points at (issue #31), on a made-up article and table."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.pronoun_referents import (
    MISSING,
    Referents,
    gold_pronoun_verdicts,
    judge_referent,
    load_referents,
    referent_name,
    split_referents,
)
from onrecord.search import Quote

TEXT = ('Mayor Ann Vole opened the bridge. "It is ours now," she said.\n\n'
        'Her deputy agreed. "A fine day," he said.\n\n'
        '"Rain again," someone said.')


def _at(word: str, nth: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(word, start + 1)
    return start, start + len(word)


def _gold(quote: str, source: str, pronoun: bool = True) -> dict[str, Any]:
    start, end = _at(quote)
    source_start = TEXT.index(f" {source} said", end) + 1
    return {"start": start, "end": end, "speaker": source, "speaker_is_pronoun": pronoun,
            "speaker_spans": [[source_start, source_start + len(source)]]}


DOC: dict[str, Any] = {"doc_id": "made-up", "split": "dev", "text": TEXT, "quotes": [
    _gold('"It is ours now,"', "she"), _gold('"A fine day,"', "he"), _gold('"Rain again,"', "someone", False)]}


def _table() -> Referents:
    she, he = DOC["quotes"][0]["speaker_spans"][0], DOC["quotes"][1]["speaker_spans"][0]
    return {("made-up", she[0], she[1]): _at("Ann Vole"), ("made-up", he[0], he[1]): None}


@pytest.mark.parametrize(("resolved", "referent", "verdict"), [
    ("Ann Vole", "Ann Vole", "right"),
    ("Vole", "Ann Vole", "right"),
    ("Mayor Vole", "Ann Vole", "right"),
    ("Ben Tamm", "Ann Vole", "wrong"),
    ("Ann", "Ann Vole", "wrong"),
    ("", "Ann Vole", "wrong"),
    ("Vole Works", "Vole Works\u2019s board", "wrong"),
    ("Vole Works", "Vole Works\u2019s", "right"),
    ("Ann Vole Jr.", "Ann Vole", "right"),
    ("Vole", "Ann B. Vole II", "right"),
    ("Ann Vole II", "Ann Vole III", "right"),
    ("Ben Tamm Jr.", "Ann Vole", "wrong"),
    ("", None, "right"),
    ("Ben Tamm", None, "wrong"),
])
def test_a_resolved_name_is_judged_against_the_referent(resolved: str, referent: str | None,
                                                       verdict: str) -> None:
    assert judge_referent(resolved, referent) == verdict


def test_the_table_names_the_referent_from_the_article_text(tmp_path: Path) -> None:
    she, he = DOC["quotes"][0]["speaker_spans"][0], DOC["quotes"][1]["speaker_spans"][0]
    name = tmp_path / "table.tsv"
    vole = _at("Ann Vole")
    name.write_text(f"# made up\nmade-up\t{she[0]}\t{she[1]}\t{vole[0]}\t{vole[1]}\n"
                    f"made-up\t{he[0]}\t{he[1]}\tnone\tnone\n", encoding="utf-8")
    table = load_referents(name)
    assert table == _table()
    assert referent_name(DOC, DOC["quotes"][0], table) == "Ann Vole"
    assert referent_name(DOC, DOC["quotes"][1], table) is None
    assert referent_name(DOC, DOC["quotes"][2], table) == MISSING
    assert load_referents(tmp_path / "absent.tsv") == {}


def test_a_split_without_a_table_has_no_referents() -> None:
    assert split_referents([{**DOC, "split": "no-such-split"}]) == {}


def _quote(text: str, speaker: str) -> Quote:
    start, end = _at(text)
    return Quote(text=text, start=start, end=end, kind="direct", speaker=speaker)


@pytest.mark.parametrize(("quotes", "expected"), [
    ([_quote('"It is ours now,"', "Ann Vole"), _quote('"A fine day,"', "")], {"right": 2}),
    ([_quote('"It is ours now,"', "Vole"), _quote('"A fine day,"', "Ann Vole")], {"right": 1, "wrong": 1}),
    ([_quote('"It is ours now,"', "")], {"no speaker": 1, "unmatched": 1}),
    ([_quote('"Rain again,"', "Ann Vole")], {"unmatched": 2}),
])
def test_every_pronoun_gold_quote_is_judged_by_onrecords_covering_quote(
        quotes: list[Quote], expected: dict[str, int]) -> None:
    assert dict(gold_pronoun_verdicts(DOC, quotes, _table(), 0.3)) == expected
