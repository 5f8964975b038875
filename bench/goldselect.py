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

`python -m bench.goldselect` prints both lists as JSON.
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


def select_bbc(corpus: Path, tuned_gold: Path) -> list[str]:
    """Return BBC_COUNT article paths (section/NNN.txt) not in `tuned_gold`."""
    tuned = set(json.loads(tuned_gold.read_text(encoding="utf-8"))["articles"])
    pool = sorted(str(p.relative_to(corpus)) for p in corpus.glob("*/*.txt"))
    pool = [p for p in pool if p not in tuned]
    return sorted(random.Random(BBC_SEED).sample(pool, BBC_COUNT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--htmleval", type=Path, default=Path("../shared/htmleval/wcxb-dev"))
    parser.add_argument("--corpus", type=Path, default=Path("../shared/corpus/bbc"))
    parser.add_argument("--tuned-gold", type=Path, default=Path("bench/gold/bbc_quotes.json"))
    args = parser.parse_args()
    print(json.dumps({"web": select_web(args.htmleval),
                      "bbc": select_bbc(args.corpus, args.tuned_gold)}, indent=1))


if __name__ == "__main__":
    main()
