"""The extraction output of the seeds and a few invented articles, pinned by
digest: a change meant only to make extraction faster (#31 speed) must leave
every quote (span, kind, speaker, cue, role, evidence), speaker, institution
and date as it was.  A change MEANT to change what is extracted regenerates
the digests with `ONRECORD_UPDATE_GOLDEN=1 .venv/bin/python -m pytest
tests/indexer/annotate/attribution/test_golden_output.py` and says so in its commit."""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from pathlib import Path

from onrecord.indexer.annotate.annotator import annotate_article
from onrecord.indexer.chunk.chunker import chunk_article
from onrecord.search import Metadata, ParsedArticle

GOLDEN = Path(__file__).with_name("golden_output.json")
SEEDS = Path(__file__).resolve().parents[4] / "seeds"
INLINE = {
    "institutions": (
        "The North West Command Unit (NWCU) said on Monday it had met the Bank of England.\n\n"
        "\"We regret the delay,\" a NWCU spokeswoman said. The Met Office disagreed.\n\n"
        "Acme Holdings Group cut 200 jobs in March 2004. \"It is a sad day,\" the company said."),
    "people": (
        "Harbour boss Olek Tamm said the port would reopen. \"We are ready,\" he said.\n\n"
        "The Shadow Secretary of State for Ports, Ada Lowe, said: \"This is late.\"\n\n"
        "\"Nobody told us,\" said Mrs Lowe, who called the plan \"a fudge\".\n\n"
        "Lord Brandt, a former minister, went on: \"It was always going to be late.\""),
    "titles": (
        "Tamm's essay \"The Art of the Harbour\" sold well, and the so-called \"quiet revolution\" began.\n\n"
        "Yesterday Ms Lowe told the BBC that the port was \"a shambles\" and that she \"would not stand by\"."),
}


def _digest(text: str, source: str) -> str:
    meta = Metadata(published=dt.date(2004, 3, 10))  # relative dates ("on Monday") resolve too
    article = annotate_article(chunk_article(ParsedArticle(source=source, text=text, meta=meta)))
    return hashlib.sha256(json.dumps(article.to_dict(), sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _digests() -> dict[str, str]:
    found = {name: _digest(text, name) for name, text in INLINE.items()}
    found.update({p.name: _digest(p.read_text(encoding="utf-8"), p.name) for p in sorted(SEEDS.glob("*.txt"))})
    return found


def test_extraction_output_is_unchanged() -> None:
    found = _digests()
    if os.environ.get("ONRECORD_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    changed = sorted(k for k, v in json.loads(GOLDEN.read_text(encoding="utf-8")).items() if found.get(k) != v)
    assert not changed, f"extraction output changed for {changed} (see this module's docstring)"
