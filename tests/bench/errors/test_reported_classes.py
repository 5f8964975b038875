"""bench.errors.reported_classes sorts missed PolNeAR attributions by the words
around their cue (issue #32), on invented sentences."""
from __future__ import annotations

from typing import Any

import pytest

from bench.errors.reported_classes import false_class, miss_class
from onrecord.search import Mention, Quote


def _gold(text: str, content: str, cue: str, speaker: str = "Ann Vole") -> dict[str, Any]:
    start, at = text.index(content), text.index(cue)
    return {"spans": [[start, start + len(content)]], "cue": cue, "cue_spans": [[at, at + len(cue)]],
            "speaker": speaker, "quote": content}


@pytest.mark.parametrize(("text", "content", "cue", "speaker", "expected"), [
    ("Ann Vole said that the port would close.", "that the port would close", "said", "Ann Vole", "a_that"),
    ("Ann Vole said the port would close.", "the port would close", "said", "Ann Vole", "a_bare"),
    ("The port will close, Ann Vole said.", "The port will close", "said", "Ann Vole", "b_closing"),
    ("Ann Vole asked whether the port would close.", "the port would close", "asked", "Ann Vole", "b_question"),
    ("Ann Vole vowed to reopen the port.", "to reopen the port", "vowed", "Ann Vole", "c_to"),
    ("Ann Vole announced a new plan for the port.", "a new plan for the port", "announced", "Ann Vole", "c_np"),
    ("Ann Vole boasted of her skills at the port.", "her skills at the port", "boasted of", "Ann Vole", "c_prep_np"),
    ("The port lost money, according to a new poll.", "The port lost money", "according to", "a new poll",
     "b_according/finding"),
    ("Most voters, 60 percent, said the port would close.", "the port would close", "said", "60 percent",
     "a_bare/share"),
])
def test_a_missed_attribution_is_sorted_by_the_words_around_its_cue(text: str, content: str, cue: str,
                                                                     speaker: str, expected: str) -> None:
    assert miss_class(text, _gold(text, content, cue, speaker)) == expected


def test_a_false_prediction_is_sorted_by_where_its_cue_stands() -> None:
    text = "The port will close, Ann Vole said."
    at = text.index("said")
    quote = Quote(text="The port will close", start=0, end=19, kind="indirect", cue="said",
                  cue_mention=Mention("said", at, at + 4))
    assert false_class(text, quote) == "b_closing"
