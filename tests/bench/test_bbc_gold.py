"""The BBC gold (bench/gold/bbc_quotes.json) and its identity scorer (issue #12)."""
from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from bench.extraction import (
    BBC_GOLD,
    NAME_RULES,
    REPO,
    bbc_text,
    credit_suffix,
    identity_ok,
    score_bbc_articles,
)
from bench.quality.heldout import total_row
from onrecord.search.model import Quote

CORPUS = REPO.parent / "shared" / "corpus" / "bbc"
GOLD_DOC = json.loads(BBC_GOLD.read_text(encoding="utf-8"))


def gold_quote(start: int, end: int, names: list[str] | None, kind: str = "direct",
               tie: str = "named") -> dict[str, Any]:
    return {"start": start, "end": end, "sha1": "0" * 12, "kind": kind, "speaker": names,
            "speaker_type": "person" if names else "none", "tie": tie}


def test_identity_counts_a_bare_surname_as_wrong_and_the_full_name_as_right() -> None:
    names = ["Tony Blair"]
    assert identity_ok("Tony Blair", names)
    assert identity_ok(" Tony\n Blair ", names)  # whitespace is normalised
    for wrong in ("Blair", "Mr Blair", "Blair's", "Tony Blair's", None, ""):
        assert not identity_ok(wrong, names), wrong


@pytest.mark.parametrize(("predicted", "gold"), [
    ("HM Treasury", "Treasury"), ("Conservative Party", "Tories"), ("European Union", "EU"),
    ("Metropolitan Police Service", "the Met")])
def test_an_institution_is_right_by_its_canonical_name_unless_names_are_strict(
        monkeypatch: pytest.MonkeyPatch, predicted: str, gold: str) -> None:
    assert identity_ok(predicted, [gold])
    monkeypatch.setitem(NAME_RULES, "strict", True)
    assert not identity_ok(predicted, [gold])


@pytest.mark.parametrize(("predicted", "gold"), [
    ("Labour Party", "Tories"), ("Tony Blair", "Labour"), ("HM Treasury", "Gordon Brown"), ("Treasury", "HM Treasury")])
def test_a_canonical_name_stands_only_for_its_own_institution(predicted: str, gold: str) -> None:
    assert not identity_ok(predicted, [gold])


def test_the_full_name_share_counts_a_canonical_institution_as_clean() -> None:
    gold = [{**gold_quote(0, 10, ["Treasury"]), "speaker_type": "organisation"}]
    s = score_bbc_articles([([Quote(text="", start=0, end=10, speaker="HM Treasury")], gold)])
    assert (s["speaker_ok"], s["distinct_full"], s["distinct_speakers"]) == (1, 1, 1)


def test_scorer_judges_the_speaker_by_name_not_by_mention() -> None:
    gold = [gold_quote(0, 10, ["Tony Blair"]), gold_quote(20, 30, ["Tony Blair"]),
            gold_quote(40, 50, None, kind="scare", tie="none")]
    pred = [Quote(text="", start=0, end=10, speaker="Tony Blair"),
            Quote(text="", start=20, end=30, speaker="Blair"),       # right mention, wrong identity
            Quote(text="", start=40, end=50, kind="partial"),        # a scare quote: neutral
            Quote(text="", start=60, end=70, speaker="Mr Blair")]    # no gold quote: a false positive
    s = score_bbc_articles([(pred, gold)])
    assert (s["gold"], s["pred"], s["matched"]) == (2, 3, 2)
    assert (s["speaker_ok"], s["speaker_n"]) == (1, 2)
    assert s["by_tie"] == {"named": (1, 2)}
    assert (s["distinct_full"], s["distinct_speakers"]) == (1, 3)  # "Tony Blair" of three values



@pytest.mark.parametrize(("speaker", "counts"), [
    ("Tony Blair", (1, 0, 0)), ("Gordon Brown", (0, 1, 0)), ("Blair", (0, 1, 0)),
    (None, (0, 0, 1)), ("", (0, 0, 1)), (" ", (0, 0, 1))])
def test_a_speaker_miss_is_wrong_or_unnamed(speaker: str | None, counts: tuple[int, int, int]) -> None:
    s = score_bbc_articles([([Quote(text="", start=0, end=10, speaker=speaker)],
                             [gold_quote(0, 10, ["Tony Blair"])])])
    assert (s["speaker_ok"], s["speaker_wrong"], s["speaker_unnamed"]) == counts
    assert credit_suffix(s) == f"wrong {counts[1]}, unnamed {counts[2]}"


def test_the_tuning_total_adds_the_wrong_and_unnamed_of_every_row() -> None:
    rows = [{"speaker_ok": 8, "speaker_n": 10, "speaker_wrong": 1, "speaker_unnamed": 1},
            {"speaker_ok": 3, "speaker_n": 6, "speaker_wrong": 2, "speaker_unnamed": 1}]
    assert total_row(rows) == "speaker 0.688 (11/16); wrong 3, unnamed 2; 2 rows"


def test_gold_file_is_well_formed() -> None:
    assert len(GOLD_DOC["articles"]) >= 40
    assert sorted(GOLD_DOC["files"]) == sorted(GOLD_DOC["articles"])
    assert {a.split("/")[0] for a in GOLD_DOC["articles"]} == set(GOLD_DOC["selection"]["sections"])
    for rel, quotes in GOLD_DOC["files"].items():
        for a, b in zip(quotes, quotes[1:], strict=False):
            assert a["end"] <= b["start"], rel
        for q in quotes:
            assert q["kind"] in ("direct", "partial", "scare"), q
            assert q["tie"] in ("named", "pronoun", "nominal", "carried", "none"), q
            assert q["speaker_type"] in ("person", "organisation", "none"), q
            assert (q["speaker"] is None) == (q["speaker_type"] == "none"), q
            assert q["kind"] != "scare" or q["speaker"] is None, q
            assert q["end"] > q["start"] and len(q["sha1"]) == 12 and "text" not in q, q


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"BBC corpus absent ({CORPUS}): offsets not checkable")
def test_gold_offsets_and_selection_match_the_corpus() -> None:
    rng = random.Random(GOLD_DOC["selection"]["seed"])
    chosen = []
    for section in GOLD_DOC["selection"]["sections"]:
        files = sorted(p.name for p in (CORPUS / section).glob("*.txt"))
        chosen += [f"{section}/{f}" for f in sorted(rng.sample(files, GOLD_DOC["selection"]["per_section"]))]
    assert chosen == GOLD_DOC["articles"]
    for rel, quotes in GOLD_DOC["files"].items():
        text = bbc_text(CORPUS, rel)
        for q in quotes:
            span = text[q["start"]:q["end"]]
            assert hashlib.sha1(span.encode("utf-8")).hexdigest()[:12] == q["sha1"], (rel, q["start"])
