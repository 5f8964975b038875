"""First names the lexicon's female and male lists hold (issue #31): a
person with one has a gender, so "she said" passes over a man named last
and "he said" over a woman, instead of crediting whoever was named latest
with a gender no list knew."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.names.names import first_name_gender
from onrecord.search.model import Article, Metadata, Paragraph

# one row per name the lists gained, with its gender
ADDED = [("Nate", "m"), ("Ronnie", "m"), ("Mikey", "m"), ("Fabien", "m"), ("Jaap", "m"), ("Felix", "m"),
         ("Jools", "m"), ("Mario", "m"), ("Travis", "m"), ("Bernard", "m"), ("Adrian", "m"), ("Joshua", "m"),
         ("Joel", "m"), ("Aurelien", "m"), ("Aleksander", "m"), ("Pete", "m"), ("Sharron", "f"), ("Becca", "f"),
         ("Imelda", "f"), ("Megan", "f"), ("Tiffany", "f"), ("Nina", "f"), ("Stacy", "f"), ("Brandi", "f")]


def speakers(text: str) -> list[str | None]:
    para = Paragraph(id="t-p1", n=1, start=0, end=len(text), text=text)
    article = Article(id="t", source="t.txt", text=text, meta=Metadata(), paragraphs=[para])
    return [q.speaker for p in annotate_quotes(article).paragraphs for q in p.quotes if q.kind == "direct"]


@pytest.mark.parametrize(("first", "gender"), ADDED)
def test_a_listed_first_name_has_its_gender(first: str, gender: str) -> None:
    assert first_name_gender(first) == gender


@pytest.mark.parametrize(("first", "gender"), ADDED)
def test_the_pronoun_passes_over_the_other_gender(first: str, gender: str) -> None:
    other, pronoun = ("Ann Reed", "she") if gender == "m" else ("Tom Reed", "he")
    text = (f"{other} met {first} Vole at the depot on Monday. "
            f'{first} Vole said the talks had gone well. "It was a useful day," {pronoun} said.')
    assert speakers(text) == [other]
