"""bench.errors.reported_shapes sorts missed PolNeAR attributions by how their cue
stands to the clause (issue #32), one row of SHAPES each, on invented sentences."""
from __future__ import annotations

from typing import Any

import pytest

from bench.errors.reported_shapes import SHAPES, miss_shape


def _gold(text: str, content: str, cue: str, speaker: str) -> dict[str, Any]:
    start, at = text.index(content), text.index(cue)
    return {"spans": [[start, start + len(content)]], "cue": cue, "cue_spans": [[at, at + len(cue)]],
            "speaker": speaker, "quote": content}


ROWS = [
    ("relative", "The port hired Ann Vole, who said the deal was sound.", "the deal was sound", "said", "who"),
    ("writer", "I argue that the port should close.", "that the port should close", "argue", "I"),
    ("hedged_cue", "Ann Vole wouldn't say whether the port would close.", "whether the port would close",
     "wouldn't say", "Ann Vole"),
    ("generic_subject", "Some have suggested that the port should close.", "that the port should close",
     "have suggested", "Some"),
    ("thing_subject", "The council's report said the port would close.", "the port would close", "said",
     "The council's report"),
    ("passive_by", "The port's sale was first reported by the Gazette.", "The port's sale",
     "was first reported by", "the Gazette"),
    ("colon", "A reporter asked: Will the port close?", "Will the port close?", "asked", "A reporter"),
    ("participle", "Ann Vole spoke at length, explaining that the port would close.", "that the port would close",
     "explaining", "Ann Vole"),
    ("closing_no_comma", "The port will close Ann Vole argues.", "The port will close", "argues", "Ann Vole"),
    ("closing", "The port will close, Ann Vole said.", "The port will close", "said", "Ann Vole"),
    ("words_between", "Ann Vole complained during the hearing that the port would close.",
     "that the port would close", "complained", "Ann Vole"),
    ("plain", "Ann Vole said the port would close.", "the port would close", "said", "Ann Vole"),
]


@pytest.mark.parametrize(("expected", "text", "content", "cue", "speaker"), ROWS)
def test_a_missed_attribution_takes_the_first_shape_that_holds(expected: str, text: str, content: str,
                                                               cue: str, speaker: str) -> None:
    assert miss_shape(text, _gold(text, content, cue, speaker)) == expected


def test_every_shape_has_a_row_here() -> None:
    assert [name for name, _, _ in SHAPES] == [row[0] for row in ROWS]
