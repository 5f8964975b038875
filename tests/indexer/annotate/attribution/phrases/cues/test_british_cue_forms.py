"""British spelling doubles a final l after one vowel ("labelled",
"signalling"): those forms are cues as the American ones are
(indexer.annotate.attribution.phrases.cues.cuewords._inflect)."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text
from onrecord.indexer.annotate.attribution.phrases.cues.cuewords import CUE_WORDS


@pytest.mark.parametrize("form", ["labelled", "labelling", "signalled", "labeled"])
def test_doubled_l_forms_are_cue_words(form: str) -> None:
    assert form in CUE_WORDS


@pytest.mark.parametrize("form", ["recalled", "yelled"])
def test_a_double_l_verb_keeps_its_one_past(form: str) -> None:
    assert form in CUE_WORDS and form.replace("ll", "lll") not in CUE_WORDS


def test_a_labelled_partial_quote_is_the_labellers() -> None:
    text = ('Casinos\n\nMinister Ada Vole has hit out at critics of the bill.\n\nShe told the Herald there would '
            'be no "Vegas-style" casinos. Labour backbencher Tom Reeve labelled the plans "a pile of nonsense".')
    quotes = [q for p in extract_text(text).paragraphs for q in p.quotes if q.kind != "indirect"]
    assert [q.speaker for q in quotes] == ["Ada Vole", "Tom Reeve"]
