"""The held-out attribution golds (issue #31): frozen test halves, the
selection they were drawn by, and locating a gold span in the reader's text."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from bench.quality import goldselect
from bench.quality.goldbuild import split_interrupted
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
    FROZEN,
    WEB_GOLD,
    WEB_R2,
    bbc_round,
    file_digest,
    frozen_digests,
    locate_gold,
    normalise,
)

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
HTMLEVAL = SHARED / "htmleval" / "wcxb-dev"
CORPUS = SHARED / "corpus" / "bbc"
# round 1's test halves (scored once, tuning data since: still never edited), rounds 2 to 53's
TEST_GOLDS = (WEB_GOLD["test"], WEB_R2, *(bbc_round(n) for n in range(1, 54)))


@pytest.mark.parametrize("path", TEST_GOLDS, ids=lambda p: p.name)
def test_a_frozen_test_gold_is_byte_for_byte_what_was_frozen(path: Path) -> None:
    assert frozen_digests()[path.name] == file_digest(path), (
        f"{path.name} changed after it was frozen: a test half is measured once, never edited")


def test_the_frozen_list_names_every_test_gold_and_nothing_else() -> None:
    assert set(frozen_digests()) == {p.name for p in TEST_GOLDS}
    assert FROZEN.read_text(encoding="utf-8").endswith("\n")


def test_the_halves_are_disjoint_and_hold_every_selected_page() -> None:
    dev = set(json.loads(WEB_GOLD["dev"].read_text(encoding="utf-8"))["pages"])
    test = set(json.loads(WEB_GOLD["test"].read_text(encoding="utf-8"))["pages"])
    assert dev and test and not dev & test
    if HTMLEVAL.is_dir():
        split = goldselect.select_web(HTMLEVAL)
        assert (set(split["dev"]), set(split["test"])) == (dev, test)


def test_the_bbc_test_set_is_disjoint_from_the_gold_the_rules_were_written_against() -> None:
    heldout = json.loads(BBC_HELDOUT.read_text(encoding="utf-8"))
    tuned = json.loads((BBC_HELDOUT.parent / "bbc_quotes.json").read_text(encoding="utf-8"))
    assert len(heldout["articles"]) == goldselect.BBC_COUNT
    assert not set(heldout["articles"]) & set(tuned["articles"])
    if CORPUS.is_dir():
        assert heldout["articles"] == goldselect.select_bbc(CORPUS, BBC_HELDOUT.parent / "bbc_quotes.json")


def test_round_two_is_disjoint_from_every_gold_before_it() -> None:
    web2 = set(json.loads(WEB_R2.read_text(encoding="utf-8"))["pages"])
    web1 = set().union(*(json.loads(WEB_GOLD[s].read_text(encoding="utf-8"))["pages"] for s in ("dev", "test")))
    assert web2 and not web2 & web1
    bbc2 = json.loads(BBC_R2.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc2) == goldselect.BBC_COUNT and not set(bbc2) & earlier
    if HTMLEVAL.is_dir() and CORPUS.is_dir():
        assert sorted(web2) == goldselect.select_web2(HTMLEVAL)
        assert bbc2 == goldselect.select_bbc2(CORPUS, BBC_HELDOUT.parent)


def test_round_three_is_disjoint_from_every_bbc_gold_before_it() -> None:
    bbc3 = json.loads(BBC_R3.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_R2, BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc3) == goldselect.BBC_COUNT and not set(bbc3) & earlier
    if CORPUS.is_dir():
        assert bbc3 == goldselect.select_bbc3(CORPUS, BBC_HELDOUT.parent)


def test_round_four_is_disjoint_from_every_bbc_gold_before_it() -> None:
    bbc4 = json.loads(BBC_R4.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_R2, BBC_R3, BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc4) == goldselect.BBC_COUNT and not set(bbc4) & earlier
    if CORPUS.is_dir():
        assert bbc4 == goldselect.select_bbc4(CORPUS, BBC_HELDOUT.parent)


def test_round_five_is_disjoint_from_every_bbc_gold_before_it_and_holds_no_text_twice() -> None:
    bbc5 = json.loads(BBC_R5.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc5) == goldselect.BBC5_COUNT == 60 and not set(bbc5) & earlier
    if CORPUS.is_dir():
        assert bbc5 == goldselect.select_round(5, CORPUS, BBC_HELDOUT.parent)
        texts = {b" ".join((CORPUS / a).read_bytes().split()) for a in bbc5}
        assert len(texts) == len(bbc5)
        assert not texts & {b" ".join((CORPUS / a).read_bytes().split()) for a in earlier}


def test_round_six_is_disjoint_from_every_bbc_gold_before_it_and_holds_no_text_twice() -> None:
    bbc6 = json.loads(BBC_R6.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_R5, BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc6) == goldselect.BBC6_COUNT == 40 and not set(bbc6) & earlier
    if CORPUS.is_dir():
        assert bbc6 == goldselect.select_round(6, CORPUS, BBC_HELDOUT.parent)
        texts = {b" ".join((CORPUS / a).read_bytes().split()) for a in bbc6}
        assert len(texts) == len(bbc6)
        assert not texts & {b" ".join((CORPUS / a).read_bytes().split()) for a in earlier}


def test_the_round_six_draw_skips_round_five_and_a_text_it_already_holds(tmp_path: Path) -> None:
    corpus, gold_dir = tmp_path / "bbc", tmp_path / "gold"
    (corpus / "politics").mkdir(parents=True)
    gold_dir.mkdir()
    for i in range(goldselect.BBC6_COUNT + 3):
        (corpus / "politics" / f"{i:03}.txt").write_text(f"story {i}\n", encoding="utf-8")
    (corpus / "politics" / "900.txt").write_text("story  0\n", encoding="utf-8")  # 000's text again
    (corpus / "politics" / "901.txt").write_text("story 1\n", encoding="utf-8")  # 001's text again
    for name in ("bbc_quotes.json", "bbc_heldout_test.json", "bbc_heldout_r2_test.json", "bbc_heldout_r3_test.json",
                 "bbc_heldout_r4_test.json"):
        (gold_dir / name).write_text(json.dumps({"articles": []}), encoding="utf-8")
    (gold_dir / "bbc_heldout_r5_test.json").write_text(json.dumps({"articles": ["politics/001.txt"]}),
                                                        encoding="utf-8")
    chosen = goldselect.select_round(6, corpus, gold_dir)
    assert len(chosen) == goldselect.BBC6_COUNT and "politics/001.txt" not in chosen
    assert "politics/901.txt" not in chosen
    assert not {"politics/000.txt", "politics/900.txt"} <= set(chosen)


def test_round_seven_is_disjoint_from_every_bbc_gold_before_it_and_holds_no_text_twice() -> None:
    bbc7 = json.loads(BBC_R7.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_R5, BBC_R6,
                              BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc7) == goldselect.BBC7_COUNT == 40 and not set(bbc7) & earlier
    if CORPUS.is_dir():
        assert bbc7 == goldselect.select_round(7, CORPUS, BBC_HELDOUT.parent)
        texts = {b" ".join((CORPUS / a).read_bytes().split()) for a in bbc7}
        assert len(texts) == len(bbc7)
        assert not texts & {b" ".join((CORPUS / a).read_bytes().split()) for a in earlier}


@pytest.mark.parametrize("number", range(11, 54), ids=lambda n: f"r{n}")
def test_rounds_eleven_to_fifty_three_are_disjoint_from_every_bbc_gold_before_them_and_hold_no_text_twice(
        number: int) -> None:
    gold, count = bbc_round(number), goldselect.FRESH_ROUNDS[number][1]
    before = tuple(bbc_round(n) for n in range(11, number))
    drawn = json.loads(gold.read_text(encoding="utf-8"))["articles"]
    earlier = {a for g in (BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_R5, BBC_R6, BBC_R7, BBC_R8, BBC_R9, BBC_R10,
                           *before, BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(g.read_text(encoding="utf-8"))["articles"]}
    # Round 53 is the corpus's last 27 distinct texts; every round before it drew 40.
    assert len(drawn) == count == (27 if number == 53 else 40) and not set(drawn) & earlier
    if CORPUS.is_dir():
        assert drawn == goldselect.select_round(number, CORPUS, BBC_HELDOUT.parent)
        texts = {b" ".join((CORPUS / a).read_bytes().split()) for a in drawn}
        assert len(texts) == len(drawn)
        assert not texts & {b" ".join((CORPUS / a).read_bytes().split()) for a in earlier}



def test_no_fresh_bbc_text_is_left_after_round_fifty_three() -> None:
    """Round 53 took the corpus's last distinct texts: a round 54 would draw nothing."""
    golds = [BBC_HELDOUT.parent / name for name in goldselect.earlier_golds(54)]
    assert golds[-1].name == "bbc_heldout_r53_test.json" and golds[-1].is_file()
    if CORPUS.is_dir():
        assert goldselect.select_fresh(CORPUS, golds, 545454, 40) == []

@pytest.mark.parametrize(("first", "second"), [(11, 12), (13, 14), (15, 16), (17, 18), (19, 20), (21, 22), (23, 24), (25, 26), (27, 28), (29, 30), (31, 32), (33, 34), (35, 36), (37, 38), (39, 40), (41, 42), (43, 44), (45, 46), (47, 48), (49, 50), (51, 52)])
def test_a_round_drawn_beside_another_skips_its_draw_and_its_texts_without_its_gold(
        tmp_path: Path, first: int, second: int) -> None:
    corpus, gold_dir = tmp_path / "bbc", tmp_path / "gold"
    (corpus / "politics").mkdir(parents=True)
    gold_dir.mkdir()
    for i in range(80 + 3):
        (corpus / "politics" / f"{i:03}.txt").write_text(f"story {i}\n", encoding="utf-8")
    for name in ("bbc_quotes.json", "bbc_heldout_test.json", *(f"bbc_heldout_r{n}_test.json" for n in range(2, first))):
        (gold_dir / name).write_text(json.dumps({"articles": []}), encoding="utf-8")
    for n in range(5):  # five texts twice: no round holds one of them twice, nor both rounds one
        (corpus / "politics" / f"9{n:02}.txt").write_text(f"story  {n}\n", encoding="utf-8")
    one, two = goldselect.select_round(first, corpus, gold_dir), goldselect.select_round(second, corpus, gold_dir)
    assert goldselect.PAIRED[second] == first
    assert len(one) == len(two) == 40 and not set(one) & set(two)
    both = set(one) | set(two)
    assert not any({f"politics/{n:03}.txt", f"politics/9{n:02}.txt"} <= both for n in range(5))


def test_round_ten_is_disjoint_from_every_bbc_gold_before_it_and_holds_no_text_twice() -> None:
    bbc10 = json.loads(BBC_R10.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_R5, BBC_R6, BBC_R7, BBC_R8, BBC_R9,
                              BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc10) == goldselect.BBC10_COUNT == 40 and not set(bbc10) & earlier
    if CORPUS.is_dir():
        assert bbc10 == goldselect.select_round(10, CORPUS, BBC_HELDOUT.parent)
        texts = {b" ".join((CORPUS / a).read_bytes().split()) for a in bbc10}
        assert len(texts) == len(bbc10)
        assert not texts & {b" ".join((CORPUS / a).read_bytes().split()) for a in earlier}


def test_the_round_ten_draw_skips_round_nine_and_a_text_it_already_holds(tmp_path: Path) -> None:
    corpus, gold_dir = tmp_path / "bbc", tmp_path / "gold"
    (corpus / "politics").mkdir(parents=True)
    gold_dir.mkdir()
    for i in range(goldselect.BBC10_COUNT + 3):
        (corpus / "politics" / f"{i:03}.txt").write_text(f"story {i}\n", encoding="utf-8")
    (corpus / "politics" / "900.txt").write_text("story  0\n", encoding="utf-8")  # 000's text again
    (corpus / "politics" / "901.txt").write_text("story 1\n", encoding="utf-8")  # 001's text again
    for name in ("bbc_quotes.json", "bbc_heldout_test.json", "bbc_heldout_r2_test.json", "bbc_heldout_r3_test.json",
                 "bbc_heldout_r4_test.json", "bbc_heldout_r5_test.json", "bbc_heldout_r6_test.json",
                 "bbc_heldout_r7_test.json", "bbc_heldout_r8_test.json"):
        (gold_dir / name).write_text(json.dumps({"articles": []}), encoding="utf-8")
    (gold_dir / "bbc_heldout_r9_test.json").write_text(json.dumps({"articles": ["politics/001.txt"]}),
                                                        encoding="utf-8")
    chosen = goldselect.select_round(10, corpus, gold_dir)
    assert len(chosen) == goldselect.BBC10_COUNT and "politics/001.txt" not in chosen
    assert "politics/901.txt" not in chosen
    assert not {"politics/000.txt", "politics/900.txt"} <= set(chosen)


def test_round_nine_is_disjoint_from_every_bbc_gold_before_it_and_holds_no_text_twice() -> None:
    bbc9 = json.loads(BBC_R9.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_R5, BBC_R6, BBC_R7, BBC_R8,
                              BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc9) == goldselect.BBC9_COUNT == 40 and not set(bbc9) & earlier
    if CORPUS.is_dir():
        assert bbc9 == goldselect.select_round(9, CORPUS, BBC_HELDOUT.parent)
        texts = {b" ".join((CORPUS / a).read_bytes().split()) for a in bbc9}
        assert len(texts) == len(bbc9)
        assert not texts & {b" ".join((CORPUS / a).read_bytes().split()) for a in earlier}


def test_the_round_nine_draw_skips_round_eight_and_a_text_it_already_holds(tmp_path: Path) -> None:
    corpus, gold_dir = tmp_path / "bbc", tmp_path / "gold"
    (corpus / "politics").mkdir(parents=True)
    gold_dir.mkdir()
    for i in range(goldselect.BBC9_COUNT + 3):
        (corpus / "politics" / f"{i:03}.txt").write_text(f"story {i}\n", encoding="utf-8")
    (corpus / "politics" / "900.txt").write_text("story  0\n", encoding="utf-8")  # 000's text again
    (corpus / "politics" / "901.txt").write_text("story 1\n", encoding="utf-8")  # 001's text again
    for name in ("bbc_quotes.json", "bbc_heldout_test.json", "bbc_heldout_r2_test.json", "bbc_heldout_r3_test.json",
                 "bbc_heldout_r4_test.json", "bbc_heldout_r5_test.json", "bbc_heldout_r6_test.json",
                 "bbc_heldout_r7_test.json"):
        (gold_dir / name).write_text(json.dumps({"articles": []}), encoding="utf-8")
    (gold_dir / "bbc_heldout_r8_test.json").write_text(json.dumps({"articles": ["politics/001.txt"]}),
                                                        encoding="utf-8")
    chosen = goldselect.select_round(9, corpus, gold_dir)
    assert len(chosen) == goldselect.BBC9_COUNT and "politics/001.txt" not in chosen
    assert "politics/901.txt" not in chosen
    assert not {"politics/000.txt", "politics/900.txt"} <= set(chosen)


def test_round_eight_is_disjoint_from_every_bbc_gold_before_it_and_holds_no_text_twice() -> None:
    bbc8 = json.loads(BBC_R8.read_text(encoding="utf-8"))["articles"]
    earlier = {a for gold in (BBC_HELDOUT, BBC_R2, BBC_R3, BBC_R4, BBC_R5, BBC_R6, BBC_R7,
                              BBC_HELDOUT.parent / "bbc_quotes.json")
               for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    assert len(bbc8) == goldselect.BBC8_COUNT == 40 and not set(bbc8) & earlier
    if CORPUS.is_dir():
        assert bbc8 == goldselect.select_round(8, CORPUS, BBC_HELDOUT.parent)
        texts = {b" ".join((CORPUS / a).read_bytes().split()) for a in bbc8}
        assert len(texts) == len(bbc8)
        assert not texts & {b" ".join((CORPUS / a).read_bytes().split()) for a in earlier}


def test_the_round_eight_draw_skips_round_seven_and_a_text_it_already_holds(tmp_path: Path) -> None:
    corpus, gold_dir = tmp_path / "bbc", tmp_path / "gold"
    (corpus / "politics").mkdir(parents=True)
    gold_dir.mkdir()
    for i in range(goldselect.BBC8_COUNT + 3):
        (corpus / "politics" / f"{i:03}.txt").write_text(f"story {i}\n", encoding="utf-8")
    (corpus / "politics" / "900.txt").write_text("story  0\n", encoding="utf-8")  # 000's text again
    (corpus / "politics" / "901.txt").write_text("story 1\n", encoding="utf-8")  # 001's text again
    for name in ("bbc_quotes.json", "bbc_heldout_test.json", "bbc_heldout_r2_test.json", "bbc_heldout_r3_test.json",
                 "bbc_heldout_r4_test.json", "bbc_heldout_r5_test.json", "bbc_heldout_r6_test.json"):
        (gold_dir / name).write_text(json.dumps({"articles": []}), encoding="utf-8")
    (gold_dir / "bbc_heldout_r7_test.json").write_text(json.dumps({"articles": ["politics/001.txt"]}),
                                                        encoding="utf-8")
    chosen = goldselect.select_round(8, corpus, gold_dir)
    assert len(chosen) == goldselect.BBC8_COUNT and "politics/001.txt" not in chosen
    assert "politics/901.txt" not in chosen
    assert not {"politics/000.txt", "politics/900.txt"} <= set(chosen)


def test_the_round_seven_draw_skips_round_six_and_a_text_it_already_holds(tmp_path: Path) -> None:
    corpus, gold_dir = tmp_path / "bbc", tmp_path / "gold"
    (corpus / "politics").mkdir(parents=True)
    gold_dir.mkdir()
    for i in range(goldselect.BBC7_COUNT + 3):
        (corpus / "politics" / f"{i:03}.txt").write_text(f"story {i}\n", encoding="utf-8")
    (corpus / "politics" / "900.txt").write_text("story  0\n", encoding="utf-8")  # 000's text again
    (corpus / "politics" / "901.txt").write_text("story 2\n", encoding="utf-8")  # 002's text again
    for name in ("bbc_quotes.json", "bbc_heldout_test.json", "bbc_heldout_r2_test.json", "bbc_heldout_r3_test.json",
                 "bbc_heldout_r4_test.json", "bbc_heldout_r5_test.json"):
        (gold_dir / name).write_text(json.dumps({"articles": []}), encoding="utf-8")
    (gold_dir / "bbc_heldout_r6_test.json").write_text(json.dumps({"articles": ["politics/002.txt"]}),
                                                        encoding="utf-8")
    chosen = goldselect.select_round(7, corpus, gold_dir)
    assert len(chosen) == goldselect.BBC7_COUNT and "politics/002.txt" not in chosen
    assert "politics/901.txt" not in chosen
    assert not {"politics/000.txt", "politics/900.txt"} <= set(chosen)


def test_the_round_five_draw_skips_a_text_it_already_holds(tmp_path: Path) -> None:
    corpus, gold_dir = tmp_path / "bbc", tmp_path / "gold"
    (corpus / "politics").mkdir(parents=True)
    gold_dir.mkdir()
    for i in range(goldselect.BBC5_COUNT + 3):
        (corpus / "politics" / f"{i:03}.txt").write_text(f"story {i}\n", encoding="utf-8")
    (corpus / "politics" / "900.txt").write_text("story  0\n", encoding="utf-8")  # 000's text again
    (corpus / "politics" / "901.txt").write_text("story 1\n", encoding="utf-8")  # 001's text again
    names = ("bbc_quotes.json", "bbc_heldout_test.json", "bbc_heldout_r2_test.json", "bbc_heldout_r3_test.json")
    for name in names:
        (gold_dir / name).write_text(json.dumps({"articles": []}), encoding="utf-8")
    (gold_dir / "bbc_heldout_r4_test.json").write_text(json.dumps({"articles": ["politics/001.txt"]}),
                                                        encoding="utf-8")
    chosen = goldselect.select_round(5, corpus, gold_dir)
    assert len(chosen) == goldselect.BBC5_COUNT and "politics/001.txt" not in chosen
    assert "politics/901.txt" not in chosen
    assert not {"politics/000.txt", "politics/900.txt"} <= set(chosen)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the BBC corpus is not on this machine")
@pytest.mark.parametrize("gold", [bbc_round(n) for n in range(1, 23)],
                         ids=lambda p: p.name)
def test_bbc_offsets_point_at_the_annotated_spans(gold: Path) -> None:
    from bench.extraction import bbc_text
    heldout = json.loads(gold.read_text(encoding="utf-8"))
    for rel, quotes in heldout["files"].items():
        text = bbc_text(CORPUS, rel)
        for q in quotes:
            assert hashlib.sha1(text[q["start"]:q["end"]].encode("utf-8")).hexdigest()[:12] == q["sha1"], rel


@pytest.mark.skipif(not HTMLEVAL.is_dir(), reason="the htmleval pages are not on this machine")
@pytest.mark.parametrize("gold", [WEB_GOLD["dev"], WEB_GOLD["test"], WEB_R2], ids=lambda p: p.name)
def test_web_offsets_point_at_the_annotated_text(gold: Path) -> None:
    pages = json.loads(gold.read_text(encoding="utf-8"))["pages"]
    for ident, page in pages.items():
        text = json.loads((HTMLEVAL / "gold" / f"{ident}.json").read_text(encoding="utf-8"))["main_content"]
        for q in page["quotes"]:
            assert text[q["start"]:q["end"]] == q["text"], ident


@pytest.mark.parametrize(("text", "pieces"), [
    ("However,\u201d Mann explained, \u201cwe work with many products", ["However", "we work with many products"]),
    ('I think," he said, "that we should go', ["I think", "that we should go"]),
    ("We will appeal. It is over.", ["We will appeal. It is over."]),
    ('He called it "mad" and "bad" today', ['He called it "mad" and "bad" today']),
])
def test_an_interrupted_direct_quote_is_split_at_its_attribution(text: str, pieces: list[str]) -> None:
    assert [t for t, _ in split_interrupted(text, 0)] == pieces


def test_normalise_folds_marks_and_spaces_and_maps_back() -> None:
    folded, where = normalise("\u201cIt\u2019s  over,\u201d\n she said")
    assert folded == "\"It's over,\" she said"
    assert where[folded.index("over")] == 7  # after the two spaces folded into one


def test_gold_is_found_in_the_readers_text_despite_marks_and_spacing() -> None:
    reader_text = "Intro.\n\n\u201cWe will  appeal,\u201d said Ann Lee.\n\nLater she said \"no\"."
    gold = [{"text": "We will appeal", "kind": "direct"}, {"text": "no", "kind": "partial"},
            {"text": "words the reader dropped entirely", "kind": "direct"}]
    located, lost = locate_gold(reader_text, gold)
    assert reader_text[located[0]["start"]:located[0]["end"]] == "We will  appeal"
    assert reader_text[located[1]["start"]:located[1]["end"]] == "no"
    assert (located[2]["start"], located[2]["end"], lost) == (-1, -1, 1)


def test_gold_with_a_changed_middle_is_found_by_its_two_ends() -> None:
    head, tail = "The council will review every case ", " before the end of the year, she said"
    gold = [{"text": head + "that was raised" + tail, "kind": "direct"}]
    reader_text = "x " + head + "that was raised at the meeting" + tail + " y"
    located, lost = locate_gold(reader_text, gold)
    assert lost == 0 and reader_text[located[0]["start"]:].startswith("The council")
    assert reader_text[:located[0]["end"]].endswith("she said")
