"""Fit the weights that choose a quote's speaker among its candidates (indexer/data/ranker_weights.json).

Run from the repo root: `python -m bench.fit_ranker [--polnear JSONL] [--instances PICKLE] [--l2 A,B]
[--gate G,H] [--write]`.

The choice it fits is indexer.annotate.attribution.ranking.ranker's: among a quote's candidates (the
rules' answer tagged with its rule, every person the article's registry mentions in the
quote's sentence, the sentence before, the previous paragraph's end and the sentence after,
the last speaker, nobody), the one with the highest weighted sum of features
(indexer.annotate.attribution.ranking.rankfeatures.FEATURES).  The weights are a conditional logit
(softmax over each quote's candidates, the likelihood of the right ones, L2-regularised,
plain gradient descent in numpy), fitted on the candidates the extractor offers, with the
rules' answer kept (ranker.Recorder), for every extracted quote that matches a gold quote of:

- the tuning golds (bench.attribution_errors.TUNING, every one): web dev (bench/gold/web_quotes_dev.json),
  the spent web test sets of rounds 1-2, every spent BBC round (bench.quality.heldout.SPENT_BBC_ROUNDS:
  bbc_heldout_test.json, bbc_heldout_rN_test.json) and the BBC gold (bbc_quotes.json).
  Right: the candidate whose value IS a gold name; else the one whose
  last word is a gold name's (the right person under another form: name forms are not this
  choice's job); nobody when the gold names no speaker.
- PolNeAR **train** (`convert.py --splits train --kinds direct,mixed --require-speaker
  --fragments`): right is what PolNeAR's score.py counts right, a candidate mentioned inside
  the gold source span or whose last word is in the gold source text.

Never a frozen test set (round 8's, once drawn), never PolNeAR dev or
test.  It prints each source's choice
accuracy (the rules' answer against the fitted choice), leave-one-source-out figures
(fitted without source S, scored on S) and, the criterion for a change, leave-one-round-out
figures over the spent BBC rounds from 3 on (fitted without round k, scored on every matched quote
of round k, quotes no candidate gets right counted wrong), per `--l2` value and `--gate`
(where the weights decide), with their totals, how many rounds the new fit helps and hurts
beside the stored table, and how many quotes have a right candidate at all or are settled (the bound on
any choice); `--write` stores them with the weights; `--misses` lists instead the held rounds'
quotes whose right speaker is no candidate (those the headline stage credits rightly later "settled"), `--disagree`
those the rules get wrong while a right candidate is offered, with every candidate's features on.
`--instances PICKLE` keeps the instances between runs (read if the file exists, else written), as
bench.fit_speakers does.  Run it with
OPENBLAS_NUM_THREADS=1 on a shared machine: BLAS threads made one fit 12x slower here.
"""
from __future__ import annotations

import argparse
import json
import pickle
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bench.attribution_errors import TUNING, bbc_articles, web_articles
from bench.extraction import REPO, extract_text, identity_ok, match_quotes
from bench.logit import fit_logit
from bench.quality.heldout import SPENT_BBC_ROUNDS
from bench.quality.polnear import convert_split
from onrecord.indexer.annotate.attribution.ranking import ranker
from onrecord.indexer.annotate.attribution.ranking.rankfeatures import FEATURES, Candidate
from onrecord.search import Quote

L2 = 0.003  # every L2 from 0.001 to 0.03 scores the same leave-one-round-out under the unnamed gate
# where the weights decide: "weak" is ranker.decides (no speaker and no speaker phrase, or the
# rules' answer came from one of ranker.WEAK_RULES); "unnamed" (the first only), "nobody" (no
# speaker) and "all" are what --gate measures against it
GATE = "weak"
GATES = ("weak", "unnamed", "nobody", "all")
STEPS = 1500
# every tuning gold (bench.attribution_errors.TUNING): each BBC round joined once it was scored
SOURCES = {"web_dev": "web dev", "web_r1": "round 1 web", "web_r2": "round 2 web", "bbc": "BBC gold",
           **{f"bbc_r{n}": f"round {n} BBC" for n in SPENT_BBC_ROUNDS}}
# the fresh BBC rounds the choice is judged on: fitted without round k, scored on round k
HELD_ROUNDS = tuple(f"round {n} BBC" for n in SPENT_BBC_ROUNDS if n >= 3)
POLNEAR_WEIGHT = 0.5  # a PolNeAR quote counts half: its scorer accepts a surname, ours the full name


@dataclass(slots=True)
class Instance:
    """One choice: the candidates' feature rows, which are right, its source."""

    rows: list[list[float]]
    right: list[bool]
    source: str
    weight: float
    settled: bool = False  # no candidate is right, but the final speaker is (a headline quote credited later)

    @property
    def trainable(self) -> bool:
        """True when the choice can be learned from: a right candidate beside a wrong one."""
        return any(self.right) and not all(self.right)


Choice = tuple[int, int, list[Candidate], list[list[float]]]


def _choice_of(q: Quote, choices: list[Choice]) -> Choice | None:
    """Return the recorded choice for an extracted quote: the one whose quote
    span overlaps it most (a partial quote's extent reaches past its marks)."""
    best = max(choices, key=lambda c: min(c[1], q.end) - max(c[0], q.start), default=None)
    return best if best is not None and min(best[1], q.end) > max(best[0], q.start) else None


def _instances(quotes: list[Quote], choices: list[Choice], gold: list[dict[str, Any]], source: str,
               is_right: Callable[[Candidate, dict[str, Any]], bool], weight: float) -> Iterator[Instance]:
    """Instances from one article: each matched quote's candidates, labelled by is_right."""
    pred = [q for q in quotes if q.kind in ("direct", "partial")]
    for j, i in match_quotes(pred, gold).items():
        choice = _choice_of(pred[i], choices)
        if choice is None:
            continue
        right = [is_right(c, gold[j]) for c in choice[2]]
        if any(right) and len(right) > 1:
            yield Instance(choice[3], right, source, weight)


def _named_right(c: Candidate, g: dict[str, Any]) -> bool:
    names = g.get("speaker") or []
    if not names:
        return c.speaker is None
    return c.speaker is not None and identity_ok(c.speaker, names)


def _surname_right(c: Candidate, g: dict[str, Any]) -> bool:
    lasts = {n.split()[-1] for n in g.get("speaker") or [] if n.split()}
    return c.speaker is not None and c.speaker.split()[-1] in lasts


def _matched_choices(name: str) -> Iterator[tuple[str, Quote, Choice, dict[str, Any]]]:
    """Yield (article id, quote, its recorded choice, gold entry) for every
    direct or partial quote of one tuning gold (bench.attribution_errors'
    TUNING key) that matches a gold quote and whose choice was recorded."""
    read = web_articles if name.startswith("web") else bbc_articles
    recorder = ranker.RECORDER = ranker.Recorder()
    for ident, quotes, gold in read(TUNING[name], set()):
        choices, recorder.choices = recorder.choices, []
        gold = [g for g in gold if g["kind"] in ("direct", "partial")]
        pred = [q for q in quotes if q.kind in ("direct", "partial")]
        for j, i in match_quotes(pred, gold).items():
            choice = _choice_of(pred[i], choices)
            if choice is not None:
                yield ident, pred[i], choice, gold[j]


def gold_instances(name: str) -> Iterator[Instance]:
    """Instances from one tuning gold (bench.attribution_errors' TUNING key): every
    matched quote, so a held-out source's accuracy counts the quotes no candidate
    gets right (the candidate set's misses) as wrong, whatever candidates are offered."""
    for _ident, quote, choice, g in _matched_choices(name):
        right = [_named_right(c, g) for c in choice[2]]
        if not any(right):  # the right person under another name form: name forms are not this choice's job
            right = [_surname_right(c, g) for c in choice[2]]
        yield Instance(choice[3], right, SOURCES[name], 1.0, not any(right) and _settled(quote, g))


def _settled(quote: Quote, g: dict[str, Any]) -> bool:
    """True when the quote's final speaker is right by full name or surname: with no right
    candidate, a headline quote the headline stage credits from the body after the choice."""
    return _named_right(Candidate(quote.speaker), g) or _surname_right(Candidate(quote.speaker), g)


def miss_line(source: str, ident: str, quote: Quote, candidates: list[Candidate], g: dict[str, Any]) -> str | None:
    """Return one line for a matched quote no candidate gets right (None when one does): its
    source, article, gold speaker, final speaker, speaker phrase and candidates; "settled" when
    the final speaker is right anyway (a headline quote the headline stage credits after the choice)."""
    if any(_named_right(c, g) or _surname_right(c, g) for c in candidates):
        return None
    settled = _settled(quote, g)
    phrase = quote.speaker_mention.text if quote.speaker_mention else None
    return (f"{source}\t{'settled' if settled else 'missed'}\t{ident}\tgold={g.get('speaker')}\t"
            f"final={quote.speaker}\tphrase={phrase}\tcandidates={[c.speaker for c in candidates]}")


def misses(name: str) -> Iterator[str]:
    """Yield miss_line for every matched quote of one tuning gold whose right speaker is no candidate."""
    for ident, quote, choice, g in _matched_choices(name):
        line = miss_line(SOURCES[name], ident, quote, choice[2], g)
        if line:
            yield line


def disagree_line(source: str, ident: str, candidates: list[Candidate], rows: list[list[float]],
                  g: dict[str, Any], table: np.ndarray) -> str | None:
    """Return one line for a matched quote whose rules' answer is wrong while a right candidate is
    offered (None otherwise): its source, article, gold speaker, the rules' answer with its rule
    and evidence, the `table`'s pick (scored over every candidate, as gate "all"), and each
    candidate as name[the features that are on], right ones marked "*"."""
    right = [_named_right(c, g) for c in candidates]
    if not any(right):
        right = [_surname_right(c, g) for c in candidates]
    rules = _picks(Instance(rows, right, source, 1.0), None)
    if right[rules] or not any(right):
        return None
    cascade = candidates[rules]
    rule = f"{cascade.rule}/{cascade.evidence}" if cascade.speaker else "phrase" if cascade.mention else "none"
    pick = candidates[int(np.argmax(np.array(rows) @ table))].speaker
    shown = [f"{'*' if ok else ''}{c.speaker}[{','.join(f for f, v in zip(FEATURES, row, strict=True) if v)}]"
             for c, row, ok in zip(candidates, rows, right, strict=True)]
    return (f"{source}\t{ident}\tgold={g.get('speaker')}\trules={cascade.speaker} ({rule})\t"
            f"table={pick}\t{' '.join(shown)}")


def disagreements(name: str, table: np.ndarray) -> Iterator[str]:
    """Yield disagree_line for every matched quote of one tuning gold the rules get
    wrong while a right candidate is offered."""
    for ident, _quote, choice, g in _matched_choices(name):
        line = disagree_line(SOURCES[name], ident, choice[2], choice[3], g, table)
        if line:
            yield line


def _polnear_right(c: Candidate, g: dict[str, Any]) -> bool:
    spans = g["speaker_spans"]
    at = [pos for pos, _frame in c.near.values()] + ([c.mention.start] if c.cascade and c.mention else [])
    if c.cascade and c.mention and any(c.mention.start < e and s < c.mention.end for s, e in spans):
        return True
    if any(s <= pos < e for pos in at for s, e in spans):
        return True
    last = re.findall(r"[A-Za-z]+", c.speaker or "")
    return bool(last) and last[-1].lower() in g["speaker"].lower()


def polnear_instances(jsonl: Path) -> Iterator[Instance]:
    """Instances from PolNeAR train, labelled as its score.py judges a speaker."""
    recorder = ranker.RECORDER = ranker.Recorder()
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        article = extract_text(doc["text"])
        choices, recorder.choices = recorder.choices, []
        quotes = [q for p in article.paragraphs for q in p.quotes]
        yield from _instances(quotes, choices, doc["quotes"], "PolNeAR train", _polnear_right, POLNEAR_WEIGHT)


def fit(instances: list[Instance], steps: int = STEPS, rate: float = 5.0, l2: float = L2) -> np.ndarray:
    """Return the weights maximising the weighted likelihood that the choice is
    a right candidate (bench.logit)."""
    fitted = [inst for inst in instances if inst.trainable]
    return fit_logit([inst.rows for inst in fitted], [inst.right for inst in fitted],
                     [inst.weight for inst in fitted], l2=l2, steps=steps, rate=rate)


def _decides(row: list[float], gate: str) -> bool:
    """ranker.decides on the rules' answer's feature row, widened by `gate` (GATES)."""
    unnamed = bool(row[FEATURES.index("nobody_cascade")])
    weak = gate == "weak" and any(row[FEATURES.index(f"cascade_{rule}")] for rule in ranker.WEAK_RULES)
    return gate == "all" or weak or unnamed and (gate == "nobody" or not row[FEATURES.index("nobody_phrase")])


def _picks(inst: Instance, table: np.ndarray | None, gate: str = GATE) -> int:
    """Return the candidate the table chooses where `gate` lets it decide (None:
    the rules' answer, the cascade's row or nobody's)."""
    k = FEATURES.index("nobody_cascade")
    rules = next((i for i, row in enumerate(inst.rows) if row[k]), 0)  # nobody's row, else the cascade's first
    if table is None or not _decides(inst.rows[rules], gate):
        return rules
    scores = np.array(inst.rows) @ table
    return int(np.argmax(scores))


def accuracy(instances: list[Instance], table: np.ndarray | None, gate: str = GATE) -> dict[str, str]:
    """Return per source 'right/n' of the choice (None: the rules' answer)."""
    out: dict[str, list[int]] = {}
    for inst in instances:
        tally = out.setdefault(inst.source, [0, 0])
        tally[0] += inst.right[_picks(inst, table, gate)]
        tally[1] += 1
    return {s: f"{ok}/{n}" for s, (ok, n) in sorted(out.items())}


def leave_one_out(instances: list[Instance], l2: float = L2, gate: str = GATE) -> dict[str, str]:
    """Return per source 'right/n (rules right/n)' of weights fitted without that source."""
    out = {}
    for source in sorted({inst.source for inst in instances}):
        held = [inst for inst in instances if inst.source == source]
        w = fit([inst for inst in instances if inst.source != source], l2=l2)
        out[source] = f"{accuracy(held, w, gate)[source]} (rules {accuracy(held, None)[source]})"
    return out


def _right_n(held: list[Instance], table: np.ndarray | None, gate: str) -> tuple[int, int]:
    """Return (right, n) of the choice over `held` (None: the rules' answer)."""
    return sum(inst.right[_picks(inst, table, gate)] for inst in held), len(held)


def leave_one_round_out(instances: list[Instance], old: tuple[np.ndarray, str], l2: float = L2,
                        gate: str = GATE) -> dict[str, tuple[tuple[int, int], ...]]:
    """Return per held round (HELD_ROUNDS) the (right, n) of the rules, of the
    `old` (weights, gate), of weights fitted without that round (by `l2`,
    deciding where `gate` says), scored on it, and of the quotes whose right
    speaker is a candidate at all or that the headline stage settles (`settled`): the bound on any choice."""
    out = {}
    for source in HELD_ROUNDS:
        held = [inst for inst in instances if inst.source == source]
        w = fit([inst for inst in instances if inst.source != source], l2=l2)
        offered = (sum(any(inst.right) or inst.settled for inst in held), len(held))
        out[source] = (_right_n(held, None, gate), _right_n(held, *old), _right_n(held, w, gate), offered)
    return out


def round_mean(table: dict[str, tuple[tuple[int, int], ...]], column: int) -> float:
    """Return the mean over held rounds of one column's accuracy (0 rules, 1 old, 2 new, 3 offered)."""
    return float(np.mean([ok / max(1, n) for ok, n in (row[column] for row in table.values())]))


def print_rounds(table: dict[str, tuple[tuple[int, int], ...]]) -> None:
    """Print the leave-one-round-out table, its totals and means (the criterion: the new
    column's total, and the rounds it helps against those it hurts, beside the old)."""
    print("leave one round out    rules            old weights      new weights      right offered or settled")
    for source, cols in table.items():
        print(f"  {source:<20}" + "".join(f" {ok:>4}/{n:<4} {ok / max(1, n):.3f}" for ok, n in cols))
    totals = [(sum(row[k][0] for row in table.values()), sum(row[k][1] for row in table.values())) for k in range(4)]
    print(f"  {'total':<20}" + "".join(f" {ok:>4}/{n:<4} {ok / max(1, n):.3f}" for ok, n in totals))
    print(f"  {'mean':<20}" + "".join(f"            {round_mean(table, k):.4f}" for k in range(4)))
    up = sum(row[2][0] > row[1][0] for row in table.values())
    down = sum(row[2][0] < row[1][0] for row in table.values())
    print(f"  new beside old: {totals[2][0] - totals[1][0]:+d} quotes, {up} rounds better, {down} worse")


def collect(polnear: Path | None) -> list[Instance]:
    """Return every training instance: the tuning golds, then PolNeAR train."""
    instances = [inst for name in SOURCES for inst in gold_instances(name)]
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = polnear or convert_split(REPO.parent / "shared" / "polnear", "train", Path(tmp) / "train.jsonl")
        instances += list(polnear_instances(jsonl))
    ranker.RECORDER = None
    return instances


def load_instances(polnear: Path | None, cache: Path | None) -> list[Instance]:
    """Return collect's instances, read from the pickle `cache` when it exists, else
    collected and written there: refitting again costs the fits, not the ~15k extractions."""
    if cache and cache.exists():
        return list(pickle.loads(cache.read_bytes()))
    instances = collect(polnear)
    if cache:
        cache.write_bytes(pickle.dumps(instances))
    return instances


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--polnear", help="PolNeAR train JSONL (default: converted from ../shared/polnear)")
    ap.add_argument("--write", action="store_true", help="store the weights in indexer/data")
    ap.add_argument("--instances", help="pickle of the instances: read if it exists, else written")
    ap.add_argument("--l2", default=str(L2), help="comma-separated L2 strengths: each one's rounds table")
    ap.add_argument("--gate", default=GATE, help=f"comma-separated gates ({', '.join(GATES)}) likewise")
    ap.add_argument("--misses", action="store_true",
                    help="list the held rounds' quotes whose right speaker is no candidate, and stop")
    ap.add_argument("--disagree", action="store_true",
                    help="list the held rounds' quotes the rules get wrong with a right candidate offered, and stop")
    args = ap.parse_args(argv)
    if args.misses or args.disagree:
        table = np.array(ranker.weights())
        for n in (n for n in SPENT_BBC_ROUNDS if n >= 3):
            for line in misses(f"bbc_r{n}") if args.misses else disagreements(f"bbc_r{n}", table):
                print(line)
        return 0
    instances = load_instances(Path(args.polnear) if args.polnear else None,
                               Path(args.instances) if args.instances else None)
    old = (np.array(ranker.weights()), "weak")  # the stored table as it ships: ranker.decides
    for gate in args.gate.split(","):
        for l2 in map(float, args.l2.split(",")):
            print(f"gate {gate}, L2 {l2}:")
            print_rounds(leave_one_round_out(instances, old, l2, gate))
    table = np.round(fit(instances), 3)
    held = leave_one_out(instances)
    rounds = leave_one_round_out(instances, old)
    print("instances", len(instances))
    print("rules  ", accuracy(instances, None))
    print("fitted ", accuracy(instances, table))
    print("held out", held)
    print(dict(zip(FEATURES, table.tolist(), strict=True)))
    if args.write:
        _write(table, instances, held, rounds)
    return 0


def _write(table: np.ndarray, instances: list[Instance], held: dict[str, str],
           rounds: dict[str, tuple[tuple[int, int], ...]]) -> None:
    data = {
        "_about": ("Weights of indexer.annotate.attribution.ranking.ranker: the choice of a quote's speaker among "
                   "its candidates. Fitted by bench/fit_ranker.py (conditional logit, L2 "
                   f"{L2}) on the tuning golds (web dev, web rounds 1-2, the BBC gold, the spent BBC rounds) "
                   "and PolNeAR train; never a frozen test set or PolNeAR dev/test. The weights decide "
                   "where ranker.decides says (no speaker found, or a weak rule's: ranker.WEAK_RULES). "
                   "held_out_rounds: fitted without BBC round k, scored on round k (rules, the previous table "
                   "under its gate, this fit, the quotes whose right speaker is a candidate at all), for each "
                   "spent round k >= 3: their total is the criterion. held_out: fitted without that source, "
                   "scored on it."),
        "instances": len(instances),
        "accuracy_rules": accuracy(instances, None),
        "accuracy_fitted": accuracy(instances, table),
        "held_out": held,
        "held_out_rounds": {source: ["{}/{}".format(*col) for col in cols] for source, cols in rounds.items()},
        "weights": dict(zip(FEATURES, table.tolist(), strict=True)),
    }
    ranker.WEIGHTS_PATH.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
