"""PolNeAR's rows of bench.extraction: the split converted by PolNeAR's own
convert.py and scored by its score.py (which runs `python -m bench.extraction
extract FILE... --json`), beside bench.pronouns' two pronoun rows over the same
conversion.  Owns finding the PolNeAR directory and converting a split; the
error listers and fitters convert the train split through it."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


def polnear_dir(flag: str | None) -> Path | None:
    """Return the PolNeAR directory from flag, $ONRECORD_POLNEAR or ../shared/polnear."""
    for candidate in (flag, os.environ.get("ONRECORD_POLNEAR"), str(REPO.parent / "shared" / "polnear")):
        if candidate and (Path(candidate) / "score.py").exists():
            return Path(candidate)
    return None


def convert_split(root: Path, split: str, out: Path) -> Path:
    """Write `split` as PolNeAR's convert.py gives it (direct and mixed
    quotes with a speaker, one item per fragment) to `out`; return `out`."""
    with out.open("w", encoding="utf-8") as fh:
        subprocess.run([sys.executable, "convert.py", "--splits", split, "--kinds", "direct,mixed",
                        "--require-speaker", "--fragments"], cwd=root, stdout=fh,
                       stderr=subprocess.DEVNULL, check=True)
    return out


def score_polnear(root: Path, gold: Path) -> str:
    """Score this extractor on the converted split `gold` (convert_split)
    with PolNeAR's score.py; return score.py's last line (or its failure)."""
    command = f"{sys.executable} -m bench.extraction"
    out = subprocess.run([sys.executable, str(root / "score.py"), command, str(gold)],
                         cwd=REPO, capture_output=True, text=True, timeout=900)
    lines = out.stdout.strip().splitlines()
    return lines[-1] if lines else out.stderr.strip()[-300:]


def polnear_rows(root: Path | None, split: str) -> list[tuple[str, str]]:
    """Return the PolNeAR score row and the pronoun report's two rows, the split
    converted once for both; a 'skipped' row without a PolNeAR directory."""
    if root is None:
        return [(f"PolNeAR {split}", "skipped (no PolNeAR directory)")]
    # bench.pronouns imports bench.extraction, which imports this module
    from bench.pronouns import pronoun_report, read_docs, summarize, summarize_referents
    with tempfile.TemporaryDirectory() as tmp:
        gold = convert_split(root, split, Path(tmp) / f"{split}.jsonl")
        rows, gold_side = pronoun_report(read_docs(gold))
        return [(f"PolNeAR {split}", score_polnear(root, gold)),
                ("PolNeAR pronouns", summarize(rows)),
                ("PolNeAR pronoun referents", summarize_referents(rows, gold_side))]
