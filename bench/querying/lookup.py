"""Batch look-up benchmark: 100 names against a real index.

Owns `python -m bench.querying.lookup --index DIR [--names N] [--runs N]
[--target-s S]`.  Builds the list from the index's own speakers, as a
reporter's list would read: a third by full name, a third by initial and
surname ("T. Blair"), a third names the index does not hold.  Each run
opens a fresh index handle (empty per-commit caches: the cold case a
first look-up meets) and times search.features.lookup.lookup_speakers over
the whole list.  Prints each run, the median and the matches; exits 1 if
the median exceeds --target-s.  The BBC index:
`.venv/bin/onrecord index /work/shared/corpus/bbc --index /tmp/bbcix-desk`.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from onrecord.search import list_entities, lookup_speakers, name_tokens, open_index

DEFAULT_INDEX = Path("/tmp/bbcix-desk")


def build_names(index_dir: Path, count: int) -> list[str]:
    """Return `count` names: full names, initial + surname and unknowns."""
    index = open_index(index_dir)
    try:
        people = [v.value for v in list_entities(index, "speaker") if len(name_tokens(v.value)) >= 2]
    finally:
        index.close()
    if not people:
        raise SystemExit(f"{index_dir} has no speakers with a first name and surname")
    names: list[str] = []
    for i in range(count):
        person = people[(i // 3) % len(people)]
        first, *_rest, last = person.split()
        names.append([person, f"{first[0]}. {last}", f"Nobody{i} Unknown{i}"][i % 3])
    return names


def run_once(index_dir: Path, names: list[str]) -> tuple[float, int]:
    """Return (seconds, names matched) of one cold look-up."""
    index = open_index(index_dir)
    try:
        start = time.perf_counter()
        rows = lookup_speakers(index, names)
        return time.perf_counter() - start, sum(1 for r in rows if r.matches)
    finally:
        index.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", type=Path, default=DEFAULT_INDEX)
    parser.add_argument("--names", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--target-s", type=float, default=5.0)
    args = parser.parse_args(argv)
    names = build_names(args.index, args.names)
    times = []
    for run in range(1, args.runs + 1):
        seconds, matched = run_once(args.index, names)
        times.append(seconds)
        print(f"run {run}: {seconds:.3f} s, {matched} of {len(names)} names matched")
    median = statistics.median(times)
    verdict = "ok" if median <= args.target_s else "SLOW"
    print(f"lookup of {len(names)} names on {args.index}: median {median:.3f} s over {args.runs} runs "
          f"(target < {args.target_s:g} s) {verdict}")
    return 0 if median <= args.target_s else 1


if __name__ == "__main__":
    sys.exit(main())
