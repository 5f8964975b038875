"""The articles of the held-out attribution golds (issue #31), chosen by rule
before anyone ran onrecord on them.

Owns two selections, both reproducible from the data alone:

- web: the pages of ../shared/htmleval/wcxb-dev whose gold main text holds at
  least MIN_QUOTES quoted passages of MIN_WORDS or more words with a speech
  verb within WINDOW characters before or after the marks; split into a dev
  and a test half by random.Random(SPLIT_SEED).
- bbc: 30 articles of ../shared/corpus/bbc drawn by random.Random(BBC_SEED)
  from those not in bench/gold/bbc_quotes.json (the gold the rules were
  written against); a test set only.

Round 2 (a fresh held-out set, drawn after round 1's test halves were scored
once and so became tuning data):

- web2: every other wcxb-dev page with at least one such quoted passage (1 to
  MIN_QUOTES - 1 of them); a test set only;
- bbc2: BBC_COUNT more articles drawn by random.Random(BBC2_SEED) from those in
  neither bench/gold/bbc_quotes.json nor round 1's BBC test set.

Round 3 (drawn after round 2 was scored once on direct and partial quotes):

- bbc3: BBC_COUNT more articles drawn by random.Random(BBC3_SEED) from those in
  none of bench/gold/bbc_quotes.json, round 1's and round 2's BBC test sets.

Round 4 (drawn after round 3 was scored once, at d71b62b, and became tuning
data):

- bbc4: BBC_COUNT more articles drawn by random.Random(BBC4_SEED) from those in
  none of bench/gold/bbc_quotes.json and rounds 1 to 3's BBC test sets.

Round 5 (drawn after round 4 was scored once, at 088532b, and became tuning
data):

- bbc5: BBC5_COUNT articles drawn by random.Random(BBC5_SEED) from those in
  none of bench/gold/bbc_quotes.json and rounds 1 to 4's BBC test sets,
  skipping any whose text (whitespace folded) is that of an article drawn
  before it or in any of those golds: the corpus holds about a hundred texts
  twice (round 4 drew politics/083 and politics/285, one text), and a copy
  would weigh double.

Round 6 (drawn after round 5 was scored once, at 49f2dda, and became tuning
data):

- bbc6: BBC6_COUNT articles drawn by random.Random(BBC6_SEED) the same way as
  bbc5, from those in none of bench/gold/bbc_quotes.json and rounds 1 to 5's
  BBC test sets, no text twice nor the text of an article of those golds.

Round 7 (drawn after round 6 was scored once, at c769569, and became tuning
data):

- bbc7: BBC7_COUNT articles drawn by random.Random(BBC7_SEED) the same way as
  bbc6, from those in none of bench/gold/bbc_quotes.json and rounds 1 to 6's
  BBC test sets, no text twice nor the text of an article of those golds.

Round 8 (drawn after round 7 was scored once, at d211a3a, and became tuning
data):

- bbc8: BBC8_COUNT articles drawn by random.Random(BBC8_SEED) the same way as
  bbc7, from those in none of bench/gold/bbc_quotes.json and rounds 1 to 7's
  BBC test sets, no text twice nor the text of an article of those golds.

Round 9 (drawn after round 8 was scored once, at 2900c4f, and became tuning
data):

- bbc9: BBC9_COUNT articles drawn by random.Random(BBC9_SEED) the same way as
  bbc8, from those in none of bench/gold/bbc_quotes.json and rounds 1 to 8's
  BBC test sets, no text twice nor the text of an article of those golds.

Round 10 (drawn after round 9 was frozen and scored at the starting code, to
hold a second fresh set beside it):

- bbc10: BBC10_COUNT articles drawn by random.Random(BBC10_SEED) the same way
  as bbc9, from those in none of bench/gold/bbc_quotes.json and rounds 1 to
  9's BBC test sets, no text twice nor the text of an article of those golds.

Rounds 11 and 12 (drawn after rounds 9 and 10 were scored once after tuning,
at 0a0e165, and became tuning data; two rounds, 80 articles, judge a session's
tuning better than one):

- bbc11: BBC11_COUNT articles drawn by random.Random(BBC11_SEED) the same way
  as bbc10, from those in none of the tuned gold and rounds 1 to 10's BBC
  test sets, no text twice nor the text of an article of those golds;
- bbc12: likewise by random.Random(BBC12_SEED), from those in none of them
  and round 11's.

Rounds 13 and 14 (drawn while rounds 11 and 12 were the test sets of a
session's tuning, before they were scored after it; annotated blind, then
frozen, to be the next tuning's test sets):

- bbc13: BBC13_COUNT articles drawn by random.Random(BBC13_SEED) the same way
  as bbc12, from those in none of the tuned gold and rounds 1 to 12's BBC
  test sets, no text twice nor the text of an article of those golds;
- bbc14: likewise by random.Random(BBC14_SEED), from those in none of them
  and round 13's.

Rounds 15 and 16 (drawn beside rounds 13 and 14, in the same session, so
that the session after it has fresh frozen test sets too):

- bbc15: BBC15_COUNT articles drawn by random.Random(BBC15_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 14's BBC test sets;
- bbc16: likewise by random.Random(BBC16_SEED), from those in none of them
  and round 15's.

Rounds 17 and 18 (drawn in the session that tunes against rounds 1 to 14
and scores 15 and 16 once, so that the session after it has fresh frozen
test sets too):

- bbc17: BBC17_COUNT articles drawn by random.Random(BBC17_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 16's BBC test sets;
- bbc18: likewise by random.Random(BBC18_SEED), from those in none of them
  and round 17's.

Rounds 19 and 20 (drawn in the session that tunes against rounds 1 to 16
and scores 17 and 18 once, so that the session after it has fresh frozen
test sets too):

- bbc19: BBC19_COUNT articles drawn by random.Random(BBC19_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 18's BBC test sets;
- bbc20: likewise by random.Random(BBC20_SEED), from those in none of them
  and round 19's.

Rounds 21 and 22 (drawn in the session that tunes against rounds 1 to 18
and scores 19 and 20 once, so that the session after it has fresh frozen
test sets too):

- bbc21: BBC21_COUNT articles drawn by random.Random(BBC21_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 20's BBC test sets;
- bbc22: likewise by random.Random(BBC22_SEED), from those in none of them
  and round 21's.

Rounds 23 and 24 (drawn in the session that tunes against rounds 1 to 20
and scores 21 and 22 once, so that the session after it has fresh frozen
test sets too):

- bbc23: BBC23_COUNT articles drawn by random.Random(BBC23_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 22's BBC test sets;
- bbc24: likewise by random.Random(BBC24_SEED), from those in none of them
  and round 23's.

Rounds 25 and 26 (drawn in the session that tunes against rounds 1 to 22
and scores 23 and 24 once, so that the session after it has fresh frozen
test sets too):

- bbc25: BBC25_COUNT articles drawn by random.Random(BBC25_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 24's BBC test sets;
- bbc26: likewise by random.Random(BBC26_SEED), from those in none of them
  and round 25's.

Rounds 27 and 28 (drawn in the session that tunes against rounds 1 to 24
and scores 25 and 26 once, so that the session after it has fresh frozen
test sets too):

- bbc27: BBC27_COUNT articles drawn by random.Random(BBC27_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 26's BBC test sets;
- bbc28: likewise by random.Random(BBC28_SEED), from those in none of them
  and round 27's.

Rounds 29 and 30 (drawn in the session that tunes against rounds 1 to 26
and scores 27 and 28 once, so that the session after it has fresh frozen
test sets too):

- bbc29: BBC29_COUNT articles drawn by random.Random(BBC29_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 28's BBC test sets;
- bbc30: likewise by random.Random(BBC30_SEED), from those in none of them
  and round 29's.

Rounds 31 and 32 (drawn in the session that tunes against rounds 1 to 28
and scores 29 and 30 once, so that the session after it has fresh frozen
test sets too):

- bbc31: BBC31_COUNT articles drawn by random.Random(BBC31_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 30's BBC test sets;
- bbc32: likewise by random.Random(BBC32_SEED), from those in none of them
  and round 31's.

Rounds 33 and 34 (drawn in the session that tunes against rounds 1 to 30
and scores 31 and 32 once, so that the session after it has fresh frozen
test sets too):

- bbc33: BBC33_COUNT articles drawn by random.Random(BBC33_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 32's BBC test sets;
- bbc34: likewise by random.Random(BBC34_SEED), from those in none of them
  and round 33's.

Rounds 35 and 36 (drawn in the session that tunes against rounds 1 to 32
and scores 33 and 34 once, so that the session after it has fresh frozen
test sets too):

- bbc35: BBC35_COUNT articles drawn by random.Random(BBC35_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 34's BBC test sets;
- bbc36: likewise by random.Random(BBC36_SEED), from those in none of them
  and round 35's.

Rounds 37 and 38 (drawn in the session that tunes against rounds 1 to 34
and scores 35 and 36 once, so that the session after it has fresh frozen
test sets too):

- bbc37: BBC37_COUNT articles drawn by random.Random(BBC37_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 36's BBC test sets;
- bbc38: likewise by random.Random(BBC38_SEED), from those in none of them
  and round 37's.

Rounds 39 and 40 (drawn in the session that scores 37 and 38 once and tunes
against rounds 1 to 36, so that the session after it has fresh frozen test
sets too):

- bbc39: BBC39_COUNT articles drawn by random.Random(BBC39_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 38's BBC test sets;
- bbc40: likewise by random.Random(BBC40_SEED), from those in none of them
  and round 39's.

Rounds 41 and 42 (drawn in the session that scores 39 and 40 once and tunes
against rounds 1 to 38, so that the session after it has fresh frozen test
sets too):

- bbc41: BBC41_COUNT articles drawn by random.Random(BBC41_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 40's BBC test sets;
- bbc42: likewise by random.Random(BBC42_SEED), from those in none of them
  and round 41's.

Rounds 43 and 44 (drawn in the session that scores 41 and 42 once and tunes
against rounds 1 to 40, so that the session after it has fresh frozen test
sets too):

- bbc43: BBC43_COUNT articles drawn by random.Random(BBC43_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 42's BBC test sets;
- bbc44: likewise by random.Random(BBC44_SEED), from those in none of them
  and round 43's.

Rounds 45 and 46 (drawn in the session that scores 43 and 44 once and tunes
against rounds 1 to 42, so that the session after it has fresh frozen test
sets too):

- bbc45: BBC45_COUNT articles drawn by random.Random(BBC45_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 44's BBC test sets;
- bbc46: likewise by random.Random(BBC46_SEED), from those in none of them
  and round 45's.

Rounds 47 and 48 (drawn in the session that scores 45 and 46 once and tunes
against rounds 1 to 44, so that the session after it has fresh frozen test
sets too):

- bbc47: BBC47_COUNT articles drawn by random.Random(BBC47_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 46's BBC test sets;
- bbc48: likewise by random.Random(BBC48_SEED), from those in none of them
  and round 47's.

Rounds 49 and 50 (drawn in the session that scores 47 and 48 once and tunes
against rounds 1 to 46, so that the session after it has fresh frozen test
sets too):

- bbc49: BBC49_COUNT articles drawn by random.Random(BBC49_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 48's BBC test sets;
- bbc50: likewise by random.Random(BBC50_SEED), from those in none of them
  and round 49's.

Rounds 51 and 52 (drawn in the session that scores 49 and 50 once and tunes
against rounds 1 to 48, so that the session after it has fresh frozen test
sets too):

- bbc51: BBC51_COUNT articles drawn by random.Random(BBC51_SEED) the same way,
  from those in none of the tuned gold and rounds 1 to 50's BBC test sets;
- bbc52: likewise by random.Random(BBC52_SEED), from those in none of them
  and round 51's.

`python -m bench.goldselect` prints the lists as JSON.
"""
from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

MIN_QUOTES = 3
MIN_WORDS = 3
WINDOW = 80
SPLIT_SEED = 31
BBC_SEED = 3131
BBC_COUNT = 30
BBC2_SEED = 3232
BBC3_SEED = 3333
BBC4_SEED = 4444
BBC5_SEED = 5555
BBC5_COUNT = 60
BBC6_SEED = 6666
BBC6_COUNT = 40
BBC7_SEED = 7777
BBC8_SEED = 8888
BBC7_COUNT = 40
BBC8_COUNT = 40
BBC9_SEED = 9999
BBC9_COUNT = 40
BBC10_SEED = 101010
BBC10_COUNT = 40
BBC11_SEED = 111111
BBC11_COUNT = 40
BBC12_SEED = 121212
BBC12_COUNT = 40
BBC13_SEED = 131313
BBC13_COUNT = 40
BBC14_SEED = 141414
BBC14_COUNT = 40
BBC15_SEED = 151515
BBC15_COUNT = 40
BBC16_SEED = 161616
BBC16_COUNT = 40
BBC17_SEED = 171717
BBC17_COUNT = 40
BBC18_SEED = 181818
BBC18_COUNT = 40
BBC19_SEED = 191919
BBC19_COUNT = 40
BBC20_SEED = 202020
BBC20_COUNT = 40
BBC21_SEED = 212121
BBC21_COUNT = 40
BBC22_SEED = 222222
BBC22_COUNT = 40
BBC23_SEED = 232323
BBC23_COUNT = 40
BBC24_SEED = 242424
BBC24_COUNT = 40
BBC25_SEED = 252525
BBC25_COUNT = 40
BBC26_SEED = 262626
BBC26_COUNT = 40
BBC27_SEED = 272727
BBC27_COUNT = 40
BBC28_SEED = 282828
BBC28_COUNT = 40
BBC29_SEED = 292929
BBC29_COUNT = 40
BBC30_SEED = 303030
BBC30_COUNT = 40
BBC31_SEED = 313131
BBC31_COUNT = 40
BBC32_SEED = 323232
BBC32_COUNT = 40
BBC33_SEED = 333333
BBC33_COUNT = 40
BBC34_SEED = 343434
BBC34_COUNT = 40
BBC35_SEED = 353535
BBC35_COUNT = 40
BBC36_SEED = 363636
BBC36_COUNT = 40
BBC37_SEED = 373737
BBC37_COUNT = 40
BBC38_SEED = 383838
BBC38_COUNT = 40
BBC39_SEED = 393939
BBC39_COUNT = 40
BBC40_SEED = 404040
BBC40_COUNT = 40
BBC41_SEED = 414141
BBC41_COUNT = 40
BBC42_SEED = 424242
BBC42_COUNT = 40
BBC43_SEED = 434343
BBC43_COUNT = 40
BBC44_SEED = 444444
BBC44_COUNT = 40
BBC45_SEED = 454545
BBC45_COUNT = 40
BBC46_SEED = 464646
BBC46_COUNT = 40
BBC47_SEED = 474747
BBC47_COUNT = 40
BBC48_SEED = 484848
BBC48_COUNT = 40
BBC49_SEED = 494949
BBC49_COUNT = 40
BBC50_SEED = 505050
BBC50_COUNT = 40
BBC51_SEED = 515151
BBC51_COUNT = 40
BBC52_SEED = 525252
BBC52_COUNT = 40

_QUOTED = re.compile(r"[\"\u201c]([^\"\u201c\u201d]{3,}?)[\"\u201d]")
_SPEECH = re.compile(r"\b(said|says|say|told|tells|added|adds|according to|explained|explains|"
                     r"stated|wrote|writes|asked|asks|noted|notes)\b", re.IGNORECASE)


def quoted_with_speech(text: str) -> int:
    """Return how many quoted passages of `text` have MIN_WORDS words and a
    speech verb within WINDOW characters of their marks."""
    count = 0
    for match in _QUOTED.finditer(text):
        if len(match.group(1).split()) < MIN_WORDS:
            continue
        around = text[max(0, match.start() - WINDOW):match.start()] + text[match.end():match.end() + WINDOW]
        count += bool(_SPEECH.search(around))
    return count


def select_web(htmleval: Path) -> dict[str, list[str]]:
    """Return {"dev": ids, "test": ids}: the quote-bearing pages, split in half."""
    chosen = []
    for path in sorted((htmleval / "gold").glob("*.json")):
        text = json.loads(path.read_text(encoding="utf-8")).get("main_content") or ""
        if quoted_with_speech(text) >= MIN_QUOTES:
            chosen.append(path.stem)
    shuffled = list(chosen)
    random.Random(SPLIT_SEED).shuffle(shuffled)
    half = len(shuffled) // 2
    return {"dev": sorted(shuffled[:half]), "test": sorted(shuffled[half:])}


def select_web2(htmleval: Path) -> list[str]:
    """Return round 2's page ids: pages with 1 to MIN_QUOTES - 1 quoted
    passages with a speech verb (disjoint from select_web's by construction)."""
    chosen = []
    for path in sorted((htmleval / "gold").glob("*.json")):
        text = json.loads(path.read_text(encoding="utf-8")).get("main_content") or ""
        if 1 <= quoted_with_speech(text) < MIN_QUOTES:
            chosen.append(path.stem)
    return chosen


def select_bbc(corpus: Path, tuned_gold: Path, *, seed: int = BBC_SEED,
               exclude: tuple[Path, ...] = ()) -> list[str]:
    """Return BBC_COUNT article paths (section/NNN.txt) drawn by `seed` from
    those in none of `tuned_gold` and the `exclude` golds."""
    taken: set[str] = set()
    for gold in (tuned_gold, *exclude):
        taken |= set(json.loads(gold.read_text(encoding="utf-8"))["articles"])
    pool = sorted(str(p.relative_to(corpus)) for p in corpus.glob("*/*.txt"))
    pool = [p for p in pool if p not in taken]
    return sorted(random.Random(seed).sample(pool, BBC_COUNT))


def select_bbc2(corpus: Path, gold_dir: Path) -> list[str]:
    """Return round 2's BBC articles: disjoint from the tuned gold and round 1."""
    return select_bbc(corpus, gold_dir / "bbc_quotes.json", seed=BBC2_SEED,
                      exclude=(gold_dir / "bbc_heldout_test.json",))


def select_bbc3(corpus: Path, gold_dir: Path) -> list[str]:
    """Return round 3's BBC articles: disjoint from the tuned gold, round 1 and round 2."""
    return select_bbc(corpus, gold_dir / "bbc_quotes.json", seed=BBC3_SEED,
                      exclude=(gold_dir / "bbc_heldout_test.json", gold_dir / "bbc_heldout_r2_test.json"))


def select_bbc4(corpus: Path, gold_dir: Path) -> list[str]:
    """Return round 4's BBC articles: disjoint from the tuned gold and rounds 1 to 3."""
    return select_bbc(corpus, gold_dir / "bbc_quotes.json", seed=BBC4_SEED,
                      exclude=(gold_dir / "bbc_heldout_test.json", gold_dir / "bbc_heldout_r2_test.json",
                               gold_dir / "bbc_heldout_r3_test.json"))


# The fresh BBC rounds drawn by select_fresh: round -> (seed, count).  Round N
# is disjoint from the golds drawn before it (_EARLIER[:N]); a round drawn
# beside another before that one's gold existed (PAIRED) skips that draw.
FRESH_ROUNDS = {5: (BBC5_SEED, BBC5_COUNT), 6: (BBC6_SEED, BBC6_COUNT), 7: (BBC7_SEED, BBC7_COUNT),
                8: (BBC8_SEED, BBC8_COUNT), 9: (BBC9_SEED, BBC9_COUNT), 10: (BBC10_SEED, BBC10_COUNT),
                11: (BBC11_SEED, BBC11_COUNT), 12: (BBC12_SEED, BBC12_COUNT),
                13: (BBC13_SEED, BBC13_COUNT), 14: (BBC14_SEED, BBC14_COUNT),
                15: (BBC15_SEED, BBC15_COUNT), 16: (BBC16_SEED, BBC16_COUNT),
                17: (BBC17_SEED, BBC17_COUNT), 18: (BBC18_SEED, BBC18_COUNT),
                19: (BBC19_SEED, BBC19_COUNT), 20: (BBC20_SEED, BBC20_COUNT),
                21: (BBC21_SEED, BBC21_COUNT), 22: (BBC22_SEED, BBC22_COUNT),
                23: (BBC23_SEED, BBC23_COUNT), 24: (BBC24_SEED, BBC24_COUNT),
                25: (BBC25_SEED, BBC25_COUNT), 26: (BBC26_SEED, BBC26_COUNT),
                27: (BBC27_SEED, BBC27_COUNT), 28: (BBC28_SEED, BBC28_COUNT),
                29: (BBC29_SEED, BBC29_COUNT), 30: (BBC30_SEED, BBC30_COUNT),
                31: (BBC31_SEED, BBC31_COUNT), 32: (BBC32_SEED, BBC32_COUNT),
                33: (BBC33_SEED, BBC33_COUNT), 34: (BBC34_SEED, BBC34_COUNT),
                35: (BBC35_SEED, BBC35_COUNT), 36: (BBC36_SEED, BBC36_COUNT),
                37: (BBC37_SEED, BBC37_COUNT), 38: (BBC38_SEED, BBC38_COUNT),
                39: (BBC39_SEED, BBC39_COUNT), 40: (BBC40_SEED, BBC40_COUNT),
                41: (BBC41_SEED, BBC41_COUNT), 42: (BBC42_SEED, BBC42_COUNT),
                43: (BBC43_SEED, BBC43_COUNT), 44: (BBC44_SEED, BBC44_COUNT),
                45: (BBC45_SEED, BBC45_COUNT), 46: (BBC46_SEED, BBC46_COUNT),
                47: (BBC47_SEED, BBC47_COUNT), 48: (BBC48_SEED, BBC48_COUNT),
                49: (BBC49_SEED, BBC49_COUNT), 50: (BBC50_SEED, BBC50_COUNT),
                51: (BBC51_SEED, BBC51_COUNT), 52: (BBC52_SEED, BBC52_COUNT)}
# A round drawn beside another -> that round; it is disjoint from the golds
# before that round and from that round's draw.
PAIRED = {12: 11, 14: 13, 16: 15, 18: 17, 20: 19, 22: 21, 24: 23, 26: 25, 28: 27, 30: 29, 32: 31, 34: 33, 36: 35,
          38: 37, 40: 39, 42: 41, 44: 43, 46: 45, 48: 47, 50: 49, 52: 51}


def select_round(number: int, corpus: Path, gold_dir: Path) -> list[str]:
    """Return fresh round `number`'s BBC articles (FRESH_ROUNDS): disjoint from
    the tuned gold and every round before it, no two of one text and none the
    text of an article of those."""
    seed, count = FRESH_ROUNDS[number]
    first = PAIRED.get(number, number)
    earlier = [gold_dir / name for name in _EARLIER[:first]]
    beside = select_round(first, corpus, gold_dir) if number in PAIRED else None
    return select_fresh(corpus, earlier, seed, count, also_taken=beside)


# The BBC golds in the order they were drawn: the tuned gold, then rounds 1 to 50.
_EARLIER = ("bbc_quotes.json", "bbc_heldout_test.json", "bbc_heldout_r2_test.json", "bbc_heldout_r3_test.json",
            "bbc_heldout_r4_test.json", "bbc_heldout_r5_test.json", "bbc_heldout_r6_test.json",
            "bbc_heldout_r7_test.json", "bbc_heldout_r8_test.json",
            "bbc_heldout_r9_test.json", "bbc_heldout_r10_test.json",
            "bbc_heldout_r11_test.json", "bbc_heldout_r12_test.json",
            "bbc_heldout_r13_test.json", "bbc_heldout_r14_test.json",
            "bbc_heldout_r15_test.json", "bbc_heldout_r16_test.json",
            "bbc_heldout_r17_test.json", "bbc_heldout_r18_test.json",
            "bbc_heldout_r19_test.json", "bbc_heldout_r20_test.json",
            "bbc_heldout_r21_test.json", "bbc_heldout_r22_test.json",
            "bbc_heldout_r23_test.json", "bbc_heldout_r24_test.json",
            "bbc_heldout_r25_test.json", "bbc_heldout_r26_test.json",
            "bbc_heldout_r27_test.json", "bbc_heldout_r28_test.json",
            "bbc_heldout_r29_test.json", "bbc_heldout_r30_test.json",
            "bbc_heldout_r31_test.json", "bbc_heldout_r32_test.json",
            "bbc_heldout_r33_test.json", "bbc_heldout_r34_test.json",
            "bbc_heldout_r35_test.json", "bbc_heldout_r36_test.json",
            "bbc_heldout_r37_test.json", "bbc_heldout_r38_test.json",
            "bbc_heldout_r39_test.json", "bbc_heldout_r40_test.json",
            "bbc_heldout_r41_test.json", "bbc_heldout_r42_test.json",
            "bbc_heldout_r43_test.json", "bbc_heldout_r44_test.json",
            "bbc_heldout_r45_test.json", "bbc_heldout_r46_test.json",
            "bbc_heldout_r47_test.json", "bbc_heldout_r48_test.json",
            "bbc_heldout_r49_test.json", "bbc_heldout_r50_test.json")


def select_fresh(corpus: Path, golds: list[Path], seed: int, count: int,
                 also_taken: list[str] | None = None) -> list[str]:
    """Return `count` article paths drawn by `seed` (a shuffle of the sorted
    pool) from those in none of `golds` nor `also_taken` (a draw whose gold is
    not built yet), skipping any whose whitespace-folded text is that of an
    article drawn before it or in one of them."""
    taken = {a for gold in golds for a in json.loads(gold.read_text(encoding="utf-8"))["articles"]}
    taken |= set(also_taken or [])
    seen = {_folded(corpus / rel) for rel in taken}
    pool = sorted(str(p.relative_to(corpus)) for p in corpus.glob("*/*.txt") if str(p.relative_to(corpus)) not in taken)
    random.Random(seed).shuffle(pool)
    chosen: list[str] = []
    for rel in pool:
        text = _folded(corpus / rel)
        if text not in seen:
            seen.add(text)
            chosen.append(rel)
        if len(chosen) == count:
            break
    return sorted(chosen)


def _folded(path: Path) -> bytes:
    """Return the file's bytes with every run of whitespace made one space."""
    return b" ".join(path.read_bytes().split())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--htmleval", type=Path, default=Path("../shared/htmleval/wcxb-dev"))
    parser.add_argument("--corpus", type=Path, default=Path("../shared/corpus/bbc"))
    parser.add_argument("--tuned-gold", type=Path, default=Path("bench/gold/bbc_quotes.json"))
    args = parser.parse_args()
    print(json.dumps({"web": select_web(args.htmleval),
                      "bbc": select_bbc(args.corpus, args.tuned_gold),
                      "web2": select_web2(args.htmleval),
                      "bbc2": select_bbc2(args.corpus, args.tuned_gold.parent),
                      "bbc3": select_bbc3(args.corpus, args.tuned_gold.parent),
                      "bbc4": select_bbc4(args.corpus, args.tuned_gold.parent),
                      **{f"bbc{n}": select_round(n, args.corpus, args.tuned_gold.parent)
                         for n in FRESH_ROUNDS}}, indent=1))


if __name__ == "__main__":
    main()
