"""A first name men and women share (the lexicon's unisex_first_names) gives
its bearer no gender (people.people.gender_of): "he said" after "Kim Tavo"
is Kim Tavo, not another man named before him."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.people.people import gender_of
from onrecord.search.model import Article, Metadata, Paragraph


def speakers(text: str) -> list[str | None]:
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize("first", ["Kim", "Andrea", "Sam"])
def test_a_shared_first_name_has_no_gender(first: str) -> None:
    assert gender_of(first, None) is None
    assert gender_of(first, "Mr") == "m"


def test_he_can_mean_a_man_with_a_shared_first_name() -> None:
    text = ("Sprinter Kim Tavo will race in Leeds next month. Former champion Boris Pellow "
            "and Rolf Anker will also run. Tavo won there in 2019. "
            '"I love racing on this track," he said.')
    assert speakers(text) == ["Kim Tavo"]
