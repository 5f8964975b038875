"""subject_first_names leaves out the names of people named in full (`known`) before its
subject scan: the same words as leaving them out of its answer after it."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.names import lonespeakers
from onrecord.indexer.annotate.attribution.names.names import lowercase_words

_FILLER = "The long report on the harbour plans was written last spring with help from"
TEXTS = [
    f"{_FILLER} Ann and her team. Tom, who runs the club, agreed.",
    f"{_FILLER} Ann and her team. Tom, who runs the club, agreed. Later Ann, who runs the shop, left.",
    f"Tom, who runs the club, agreed. {_FILLER} Ann and Tom's team.",
    f"{_FILLER} Mrs Ann. Jane, who runs it, agreed. Ann's plan won.",
    f"Jane, who runs it, agreed while Tom stayed. {_FILLER} Tom.",
    "Ann Vole spoke first. Later Ann, who runs the shop, left. Tom, who runs the club, agreed.",
]
KNOWN = [set(), {"Ann"}, {"Tom"}, {"Jane"}, {"Ann", "Tom"}, {"Vole", "Ann"}, {"Ann", "Tom", "Jane"}]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("known", KNOWN, ids=lambda k: "+".join(sorted(k)) or "none")
def test_known_left_out_before_is_known_left_out_after(text: str, known: set[str]) -> None:
    common = lowercase_words(text)
    after = [w for w in lonespeakers.subject_first_names(text, common) if w not in known]
    assert lonespeakers.subject_first_names(text, common, known) == after


def test_known_names_are_left_out() -> None:
    text = TEXTS[1]
    assert lonespeakers.subject_first_names(text, lowercase_words(text)) == ["Ann", "Tom"]
    assert lonespeakers.subject_first_names(text, lowercase_words(text), {"Ann"}) == ["Tom"]
