"""'"...," the paper quoted Y as saying': Y spoke, not the paper nor the sentence before (invented text)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.phrases.cues.quotedas import quoted_as
from tests.indexer.annotate.attribution.test_attribution import who


def test_the_person_quoted_is_the_speaker_not_the_subject_before() -> None:
    text = ('Vexair has argued it must cut costs. "We will get the lowest costs we can," the newspaper quoted '
            'Vexair chief executive Ann Vole as saying. Early this year, Vexair hired more crew.')
    assert who(text) == ["Ann Vole"]


@pytest.mark.parametrize(("between", "phrase", "kind"), [
    (" the paper quoted Vexair boss Ann Vole as ", "Ann Vole", "name"),
    (" the paper quoted a senior executive as ", "a senior executive", "np"),
    (" the paper said as ", None, None),
])
def test_quoted_as_reads_the_person_between_quoted_and_as(between: str, phrase: str | None, kind: str | None) -> None:
    s = '"Yes,"' + between + "saying."
    found = quoted_as(s, 6, len(s) - len("saying."))
    assert ((found.text, found.kind) if found else (None, None)) == (phrase, kind)
