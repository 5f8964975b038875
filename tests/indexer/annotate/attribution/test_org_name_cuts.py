"""An organisation's name is neither cut nor read as something else (issue #31, invented
text): a run whose words name an institution's kind ("Bureau", "College") before "of" is
the body's own name, never a person "of" a body ("Ann Vole of Acme"); a run the article
writes before a publication noun ("PC Acme magazine") is the title's name, not a constable."""
from __future__ import annotations

import pytest

from tests.indexer.annotate.attribution.test_org_speaker_values import speakers


@pytest.mark.parametrize("text, speaker", [
    ("The Federal Bureau of Inquiry said a scam was spreading.", "Federal Bureau of Inquiry"),
    ("The Harbour Museum of Maps said the map was a fake.", "Harbour Museum of Maps"),
    ("The Royal College of Quill Makers said the pens were unsafe.", "Royal College of Quill Makers"),
])
def test_an_org_word_before_of_keeps_the_whole_name(text: str, speaker: str) -> None:
    assert ("indirect", speaker) in speakers(text)


@pytest.mark.parametrize("text", [
    "A survey by PC Quill magazine looked at printers. Cheap ink fades fast, according to PC Quill.",
    "A survey by PC Quill magazine looked at printers. PC Quill said that cheap ink fades fast.",
])
def test_a_title_the_article_writes_before_a_publication_noun_is_its_name(text: str) -> None:
    assert speakers(text)[-1] == ("indirect", "PC Quill")


def test_a_constable_is_still_a_constable() -> None:
    assert speakers("PC Quill said the man was arrested.") == [("indirect", "Quill")]
