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

- bbc11: ROUNDS[11].count articles drawn by random.Random(ROUNDS[11].seed) the same way
  as bbc10, from those in none of the tuned gold and rounds 1 to 10's BBC
  test sets, no text twice nor the text of an article of those golds;
- bbc12: likewise by random.Random(ROUNDS[12].seed), from those in none of them
  and round 11's.

Rounds 13 and 14 (drawn while rounds 11 and 12 were the test sets of a
session's tuning, before they were scored after it; annotated blind, then
frozen, to be the next tuning's test sets):

- bbc13: ROUNDS[13].count articles drawn by random.Random(ROUNDS[13].seed) the same way
  as bbc12, from those in none of the tuned gold and rounds 1 to 12's BBC
  test sets, no text twice nor the text of an article of those golds;
- bbc14: likewise by random.Random(ROUNDS[14].seed), from those in none of them
  and round 13's.

Rounds 15 and 16 (drawn beside rounds 13 and 14, in the same session, so
that the session after it has fresh frozen test sets too):

- bbc15: ROUNDS[15].count articles drawn by random.Random(ROUNDS[15].seed) the same way,
  from those in none of the tuned gold and rounds 1 to 14's BBC test sets;
- bbc16: likewise by random.Random(ROUNDS[16].seed), from those in none of them
  and round 15's.

Rounds 17 on, two a session (ROUNDS: one row each, its seed, count and the
round it was drawn beside; drawing the next two is two rows): drawn in the
session that scores the two before them once and tunes against every round
before those, so that the session after it has fresh frozen test sets too.
The first of a pair, bbcN, is ROUNDS[N].count articles drawn by
random.Random(ROUNDS[N].seed) the same way, from those in none of the tuned
gold and rounds 1 to N-1's BBC test sets; the second, bbcN+1, likewise by its
own seed, from those in none of them and round N's.  Round 53, drawn alone,
is the 27 texts left in no gold before it: the corpus holds no fresh article
after it.

`python -m bench.quality.goldselect` prints the lists as JSON.
"""
from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path
from typing import NamedTuple

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


class Round(NamedTuple):
    """One fresh BBC round from 11 on: its draw's seed and size, and the round it
    was drawn beside (drawn before that one's gold existed: it skips that draw)."""

    seed: int
    count: int = 40
    beside: int | None = None


# Rounds 11 on, one row each.  Round 53 is the corpus's last 27 distinct texts
# (every other text is in a gold drawn before it): no round 54 can be drawn.
ROUNDS: dict[int, Round] = {
    11: Round(111111),
    12: Round(121212, beside=11),
    13: Round(131313),
    14: Round(141414, beside=13),
    15: Round(151515),
    16: Round(161616, beside=15),
    17: Round(171717),
    18: Round(181818, beside=17),
    19: Round(191919),
    20: Round(202020, beside=19),
    21: Round(212121),
    22: Round(222222, beside=21),
    23: Round(232323),
    24: Round(242424, beside=23),
    25: Round(252525),
    26: Round(262626, beside=25),
    27: Round(272727),
    28: Round(282828, beside=27),
    29: Round(292929),
    30: Round(303030, beside=29),
    31: Round(313131),
    32: Round(323232, beside=31),
    33: Round(333333),
    34: Round(343434, beside=33),
    35: Round(353535),
    36: Round(363636, beside=35),
    37: Round(373737),
    38: Round(383838, beside=37),
    39: Round(393939),
    40: Round(404040, beside=39),
    41: Round(414141),
    42: Round(424242, beside=41),
    43: Round(434343),
    44: Round(444444, beside=43),
    45: Round(454545),
    46: Round(464646, beside=45),
    47: Round(474747),
    48: Round(484848, beside=47),
    49: Round(494949),
    50: Round(505050, beside=49),
    51: Round(515151),
    52: Round(525252, beside=51),
    53: Round(535353, count=27),
}
# The fresh BBC rounds drawn by select_fresh: round -> (seed, count).  Round N
# is disjoint from the golds drawn before it (earlier_golds); a round drawn
# beside another before that one's gold existed (PAIRED) skips that draw.
FRESH_ROUNDS = {5: (BBC5_SEED, BBC5_COUNT), 6: (BBC6_SEED, BBC6_COUNT), 7: (BBC7_SEED, BBC7_COUNT),
                8: (BBC8_SEED, BBC8_COUNT), 9: (BBC9_SEED, BBC9_COUNT), 10: (BBC10_SEED, BBC10_COUNT),
                **{n: (row.seed, row.count) for n, row in ROUNDS.items()}}
# A round drawn beside another -> that round; it is disjoint from the golds
# before that round and from that round's draw.
PAIRED: dict[int, int] = {n: first for n, row in ROUNDS.items() if (first := row.beside) is not None}


def select_round(number: int, corpus: Path, gold_dir: Path) -> list[str]:
    """Return fresh round `number`'s BBC articles (FRESH_ROUNDS): disjoint from
    the tuned gold and every round before it, no two of one text and none the
    text of an article of those."""
    seed, count = FRESH_ROUNDS[number]
    first = PAIRED.get(number, number)
    earlier = [gold_dir / name for name in earlier_golds(first)]
    beside = select_round(first, corpus, gold_dir) if number in PAIRED else None
    return select_fresh(corpus, earlier, seed, count, also_taken=beside)


def earlier_golds(first: int) -> list[str]:
    """Return the names of the BBC golds drawn before round `first`, in the order
    they were drawn: the tuned gold, then rounds 1 to first - 1."""
    return ["bbc_quotes.json", "bbc_heldout_test.json", *(f"bbc_heldout_r{n}_test.json" for n in range(2, first))]


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
