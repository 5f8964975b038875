"""Fit the weights that choose a pronoun's antecedent (indexer/data/speaker_weights.json).

Run from the repo root: `python -m bench.fit_speakers [--polnear JSONL] [--l2 L2 ...]
[--instances PICKLE] [--write]` (the golds read ../shared/corpus/bbc and
../shared/htmleval/wcxb-dev, as bench.attribution_errors does).  Without --write it prints,
per L2 value, each source's accuracy with the stored table beside the refit held out (fitted
without that source), the BBC rounds' totals and how many rounds the refit helps and hurts.
--write stores the fit with the first L2 given.

The choice it fits is indexer.annotate.attribution.pronouns.antecedents': among the people of a
fitting gender mentioned last before a "he said" / "she says", the one with the highest
weighted sum of features, among the subjects of the pronoun's own sentence when there are
any (the rule antecedents.narrow; the instances are narrowed the same way).  The weights
are a conditional logit (softmax over each instance's candidates, L2-regularised, plain
gradient descent in numpy) fitted on:

- pronoun instances: a quote the extractor credits through "he"/"she" whose gold speaker
  is a name, from the tuning golds only (bench.attribution_errors.TUNING: the BBC gold and
  every spent BBC round, bench.quality.heldout.SPENT_BBC_ROUNDS, over the BBC corpus, web dev and
  rounds 1-2 web over their saved pages);
  the label is the candidate the gold names;
- named instances: a quote whose speaker is named again ("Vole said") after being named
  before, from the same golds and from PolNeAR **train** (the gold source span of each
  direct or mixed quote, `convert.py --splits train --kinds direct,mixed --require-speaker
  --fragments`): the name is read as if it were the pronoun of that person's gender, and
  the label is that person.  Writers repeat a name where a pronoun would be unclear, so
  these are the hard cases; they teach the same preferences (last speaker, subject,
  recency) from thousands of examples.  Their gender is the answer's, so whether a
  candidate's gender is known is not observed there, and a name repeated within its
  sentence is chosen against the person named before it: those features (PRONOUN_ONLY)
  are zero in them and their weights are learned from the pronoun instances alone.

Never a frozen test set (bench.quality.heldout's; none now), never PolNeAR dev or test.  `--write` stores the
weights with the sources and the accuracy on each source (the fitted choice against the
former rule, "the latest subject or speaker"), and held out: each gold's accuracy with
weights fitted without it.
"""
from __future__ import annotations

import argparse
import json
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bench.attribution_errors import TUNING, bbc_articles, web_articles
from bench.extraction import REPO, extract_text, identity_ok, match_quotes
from bench.logit import fit_logit
from bench.quality.heldout import SPENT_BBC_ROUNDS
from onrecord.indexer.annotate.attribution import attribution
from onrecord.indexer.annotate.attribution.people.people import Person
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.annotate.attribution.pronouns import antecedents, contexts
from onrecord.search import Quote

L2 = 0.01
PRONOUN_WEIGHT = 3.0  # a real pronoun counts as three named instances: it is what the choice is for
# Learned from the pronoun instances alone (zero in named ones): the gender, because a named
# instance's gender is the answer's; a mention earlier in the same sentence, because a writer
# names a speaker again where the person named before would have been read as "he": on the
# tuning golds the pronoun's own sentence named its referent 6 times in 6, in PolNeAR train's
# named instances the speaker 74 times in 193.
PRONOUN_ONLY = ("gender_exact", "in_sentence")


@dataclass(slots=True)
class Instance:
    """One choice: the candidates' feature rows, the right one, its source."""

    rows: list[list[float]]
    label: int
    source: str
    weight: float


class _Capturing(DocSpeakers):
    """DocSpeakers that remembers the last registry built (the article's)."""

    last: DocSpeakers | None = None

    def __init__(self, text: str, style: Any = None, registry: Any = None) -> None:
        super().__init__(text, style, registry)
        _Capturing.last = self


def _instance(people: DocSpeakers, pos: int, gender: str | None, is_gold: Any, source: str,
              weight: float) -> Instance | None:
    """Return the choice at pos among the people fitting `gender`, labelled
    by is_gold(person); None when the gold person is not among two or more."""
    ctx = contexts.context_at(people.text, pos)
    pool = antecedents.candidates(people.mentions, people.by_order, pos,
                                  lambda p: gender is None or p.gender in (None, gender))
    pool = antecedents.narrow(pool, ctx, people.text)
    labels = [k for k, p in enumerate(pool) if is_gold(p)]
    if len(pool) < 2 or len(labels) != 1:
        return None
    rows = antecedents.features(pool, ctx, gender, people.proxy_names, people.text)
    return Instance(rows, labels[0], source, weight)


def _named(people: DocSpeakers, pos: int, name: str, source: str) -> Instance | None:
    """A name at pos read as the pronoun of its person (already mentioned before pos)."""
    last = name.split()[-1] if name.split() else ""
    known = [p for p in people.by_order if p.first and p.last == last and p.mentions.last_before(pos) >= 0]
    if len(known) != 1:
        return None
    target = known[0]
    found = _instance(people, pos, target.gender, lambda p: p is target, source, 1.0)
    if found:  # features a named instance cannot observe fairly (PRONOUN_ONLY) are zero in it
        for k in [antecedents.FEATURES.index(f) for f in PRONOUN_ONLY]:
            for row in found.rows:
                row[k] = 0.0
    return found


def _from_gold(text: str, pred: list[Quote], gold: list[dict[str, Any]], source: str) -> Iterator[Instance]:
    """Instances from one article of a names gold (BBC or web dev)."""
    people = _Capturing.last
    if people is None or people.text != text:
        return
    gold = [g for g in gold if g["kind"] in ("direct", "partial") and g.get("speaker")]
    pred = [q for q in pred if q.kind in ("direct", "partial")]
    for j, i in match_quotes(pred, gold).items():
        mention, names = pred[i].speaker_mention, gold[j]["speaker"]
        if mention is None:
            continue
        word = mention.text.lower()
        if word in ("he", "she"):
            found = _instance(people, mention.start, "m" if word == "he" else "f",
                              lambda p, names=names: _is(p, names), source + " pronoun", PRONOUN_WEIGHT)
        elif mention.text[:1].isupper() and pred[i].speaker_source == "rule:cue":
            found = _named(people, mention.start, names[0], source + " named")
        else:
            found = None
        if found:
            yield found


def _is(person: Person, names: list[str]) -> bool:
    return identity_ok(person.name, names) or any(
        person.first and n.split()[-1:] == [person.last] for n in names)


def gold_instances(name: str) -> Iterator[Instance]:
    """Instances from one tuning gold (bench.attribution_errors' TUNING key),
    BBC articles from the corpus, web pages read as a user ingests them."""
    read = web_articles if name.startswith("web") else bbc_articles
    texts: dict[str, str] = {}
    for ident, quotes, gold in read(TUNING[name], set(), texts):
        yield from _from_gold(texts[ident], quotes, gold, name)


def polnear_instances(jsonl: Path) -> Iterator[Instance]:
    """Named instances from PolNeAR train's gold source spans."""
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        extract_text(doc["text"])
        people = _Capturing.last
        if people is None:
            continue
        for g in doc["quotes"]:
            if g.get("speaker_is_pronoun") or not g.get("speaker_spans"):
                continue
            start = min(s[0] for s in g["speaker_spans"])
            name = g["speaker"].strip()
            if name[:1].isupper():
                found = _named(people, start, name, "polnear train named")
                if found:
                    yield found


def fit(instances: list[Instance], steps: int = 2000, rate: float = 1.0, l2: float = L2) -> np.ndarray:
    """Return the weights maximising the weighted softmax likelihood of the
    labels (bench.logit, one right row per instance)."""
    return fit_logit([inst.rows for inst in instances],
                     [[j == inst.label for j in range(len(inst.rows))] for inst in instances],
                     [inst.weight for inst in instances], l2=l2, steps=steps, rate=rate)


def accuracy(instances: list[Instance], table: list[float]) -> dict[str, str]:
    """Return per source 'right/n' of the choice with `table`."""
    out: dict[str, list[int]] = {}
    for inst in instances:
        scores = [sum(a * b for a, b in zip(table, row, strict=True)) for row in inst.rows]
        best = max(range(len(scores)), key=lambda k: (scores[k], -k))
        tally = out.setdefault(inst.source, [0, 0])
        tally[0], tally[1] = tally[0] + (best == inst.label), tally[1] + 1
    return {s: f"{ok}/{n}" for s, (ok, n) in sorted(out.items())}


def _group(source: str) -> str:
    return source.rsplit(" ", 1)[0]  # "bbc_r4 pronoun" -> "bbc_r4"


def leave_one_out(instances: list[Instance], l2: float = L2) -> dict[str, str]:
    """Return per source 'right/n' of weights fitted without that source's
    gold (its pronoun and named instances both left out), beside the fit on all."""
    out: dict[str, str] = {}
    for group in sorted({_group(inst.source) for inst in instances}):
        w = [float(x) for x in fit([inst for inst in instances if _group(inst.source) != group], l2=l2)]
        held = [inst for inst in instances if _group(inst.source) == group]
        out.update(accuracy(held, w))
    return out


def former_rule() -> list[float]:
    """The rule the weights replace, as a table: the latest subject or
    speaker, then the latest mentioned."""
    names = antecedents.FEATURES
    return [{"last_subject": 2.0, "last_mentioned": 1.0, "gender_exact": 0.5}.get(n, 0.0) for n in names]


def _ratio(text: str) -> tuple[int, int]:
    ok, n = text.split("/")
    return int(ok), int(n)


def compare(stored: dict[str, str], held: dict[str, str], kind: str) -> str:
    """Return one line: over the BBC rounds' sources of `kind` ("pronoun",
    "named" or "" for both), the stored table's right answers vs the refit
    held out, and the rounds the refit helps / hurts."""
    per: dict[str, list[int]] = {}
    for source, text in held.items():
        group = _group(source)
        if not group.startswith("bbc_r") or not source.endswith(kind):
            continue
        tally = per.setdefault(group, [0, 0, 0])
        (b, n), (a, _) = _ratio(text), _ratio(stored.get(source, "0/0"))
        tally[0], tally[1], tally[2] = tally[0] + a, tally[1] + b, tally[2] + n
    total = [sum(t[k] for t in per.values()) for k in range(3)]
    helps = sum(t[1] > t[0] for t in per.values())
    hurts = sum(t[1] < t[0] for t in per.values())
    return (f"BBC rounds {kind or 'all'}: stored {total[0]}/{total[2]}, refit held out "
            f"{total[1]}/{total[2]}; helps {helps} rounds, hurts {hurts}")


def load_instances(polnear: str | None, cache: str | None) -> list[Instance]:
    """Return every tuning instance, read from / saved to the pickle `cache` when given."""
    if cache and Path(cache).exists():
        return list(pickle.loads(Path(cache).read_bytes()))
    attribution.DocSpeakers = _Capturing  # type: ignore[misc]  # read each article's registry
    instances = [inst for name in TUNING for inst in gold_instances(name)]
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(polnear) if polnear else _convert_train(Path(tmp) / "train.jsonl")
        instances += list(polnear_instances(jsonl))
    if cache:
        Path(cache).write_bytes(pickle.dumps(instances))
    return instances


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--polnear", help="PolNeAR train JSONL (default: converted from ../shared/polnear)")
    ap.add_argument("--l2", type=float, nargs="+", default=[L2], help="L2 values to compare (--write: the first)")
    ap.add_argument("--instances", help="pickle of the instances: read if it exists, else written")
    ap.add_argument("--write", action="store_true", help="store the weights in indexer/data")
    args = ap.parse_args(argv)
    instances = load_instances(args.polnear, args.instances)
    stored = accuracy(instances, list(antecedents.weights()))
    print("instances", len(instances))
    print("former rule", accuracy(instances, former_rule()))
    print("current    ", stored)  # the stored table's
    for l2 in args.l2:
        table = [round(float(x), 3) for x in fit(instances, l2=l2)]
        held = leave_one_out(instances, l2)
        print(f"L2 {l2} fitted", accuracy(instances, table))
        print(dict(zip(antecedents.FEATURES, table, strict=True)))
        print(f"L2 {l2} held out", held)
        for kind in ("pronoun", "named", ""):
            print(f"L2 {l2}", compare(stored, held, kind))
        print(f"L2 {l2} polnear train: stored {stored.get('polnear train named')}, "
              f"refit held out {held.get('polnear train named')}")
        if args.write and l2 == args.l2[0]:
            _write(table, instances, held, l2)
    return 0


def _convert_train(out: Path) -> Path:
    root = REPO.parent / "shared" / "polnear"
    with out.open("w", encoding="utf-8") as fh:
        subprocess.run([sys.executable, "convert.py", "--splits", "train", "--kinds", "direct,mixed",
                        "--require-speaker", "--fragments"], cwd=root, stdout=fh, check=True)
    return out


def _write(table: list[float], instances: list[Instance], held: dict[str, str], l2: float) -> None:
    data = {
        "_about": ("Weights of indexer.annotate.attribution.pronouns.antecedents: the choice of a pronoun's "
                   "antecedent among the people mentioned last. Fitted by bench/fit_speakers.py "
                   f"(conditional logit, L2 {l2}) on the tuning golds (bench.attribution_errors.TUNING: "
                   f"web dev, rounds 1-2 web, the BBC gold, rounds {SPENT_BBC_ROUNDS[0]}-{SPENT_BBC_ROUNDS[-1]} "
                   "BBC) and PolNeAR train (its gold "
                   "source spans); never a frozen test set or PolNeAR dev/test. held_out: fitted "
                   "without that source's gold, scored on it."),
        "instances": len(instances),
        "accuracy_former_rule": accuracy(instances, former_rule()),
        "accuracy_fitted": accuracy(instances, table),
        "held_out": held,
        "weights": dict(zip(antecedents.FEATURES, table, strict=True)),
    }
    antecedents.WEIGHTS_PATH.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
