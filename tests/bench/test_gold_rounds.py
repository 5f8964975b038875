"""The table of fresh BBC rounds (bench.quality.goldselect.ROUNDS, one row a round from
11 on) and the notes bench.quality.goldbuild generates from it: a built round's note is
byte for byte the note its gold file holds, so a row is all a new round needs."""
from __future__ import annotations

import json

import pytest

from bench.quality import goldbuild, goldselect
from bench.quality.goldselect import Round
from bench.quality.heldout import SPENT_BBC_ROUNDS, bbc_round

# the notes of the rounds drawn last, written out before the template existed
_ROUND51 = (
    " Round 51: drawn by bench/goldselect.py (bbc51: 40 articles by random.Random(515151), disjoint from "
    "bbc_quotes.json and rounds 1-50, no text twice nor the text of an earlier gold's article) in the session "
    "whose test sets were rounds 49 and 50, for the session after it; annotated the same way (headline quotes "
    "and headline reported speech included) by annotators who saw only the texts, a test set only.")
_ROUND52 = (
    " Round 52: drawn by bench/goldselect.py (bbc52: 40 articles by random.Random(525252), disjoint from "
    "bbc_quotes.json, rounds 1-50 and round 51's draw, no text twice nor the text of an earlier gold's article) "
    "beside round 51; annotated the same way, a test set only.")


# every spent round from 11 on (a test set's gold is never opened here): rounds 49 and 50 joined when spent
@pytest.mark.parametrize("number", [n for n in SPENT_BBC_ROUNDS if n >= 11], ids=lambda n: f"r{n}")
def test_a_built_tuning_round_s_note_is_the_generated_note(number: int) -> None:
    built = json.loads(bbc_round(number).read_text(encoding="utf-8"))["note"]
    assert built == goldbuild.BBC_NOTE + goldbuild.round_note(number)


@pytest.mark.parametrize(("number", "note"), [(51, _ROUND51), (52, _ROUND52)])
def test_the_template_writes_the_last_drawn_rounds_notes_as_they_were_written(number: int, note: str) -> None:
    assert goldbuild.round_note(number) == goldbuild.BBC_ROUNDS[number] == note


def test_a_new_pair_of_rows_is_a_new_pair_of_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(goldbuild.ROUNDS, 53, Round(535353))
    monkeypatch.setitem(goldbuild.ROUNDS, 54, Round(545454, beside=53))
    first, second = goldbuild.round_note(53), goldbuild.round_note(54)
    assert "(bbc53: 40 articles by random.Random(535353), disjoint from bbc_quotes.json and rounds 1-52," in first
    assert "whose test sets were rounds 51 and 52, for the session after it;" in first
    assert "rounds 1-52 and round 53's draw," in second and "beside round 53;" in second


@pytest.mark.parametrize("number", sorted(goldselect.ROUNDS), ids=lambda n: f"r{n}")
def test_every_row_is_a_fresh_round_and_a_second_of_a_pair_is_paired(number: int) -> None:
    row = goldselect.ROUNDS[number]
    assert goldselect.FRESH_ROUNDS[number] == (row.seed, row.count)
    assert goldselect.PAIRED.get(number) == row.beside
    assert row.beside is None or goldselect.ROUNDS[row.beside].beside is None  # a pair, never a chain


@pytest.mark.parametrize(("first", "names"), [
    (5, ["bbc_quotes.json", "bbc_heldout_test.json", "bbc_heldout_r2_test.json", "bbc_heldout_r3_test.json",
         "bbc_heldout_r4_test.json"]),
    (2, ["bbc_quotes.json", "bbc_heldout_test.json"]),
])
def test_the_golds_before_a_round_are_the_tuned_gold_then_each_round_before_it(first: int, names: list[str]) -> None:
    assert goldselect.earlier_golds(first) == names
