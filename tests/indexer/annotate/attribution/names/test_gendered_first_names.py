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
         ("Imelda", "f"), ("Megan", "f"), ("Tiffany", "f"), ("Nina", "f"), ("Stacy", "f"), ("Brandi", "f"),
         # issue #31 (pron4): names PolNeAR train's "she"/"he" crossed over, and common ones beside them
         ("Cynthia", "f"), ("Gina", "f"), ("Betsy", "f"), ("Loretta", "f"), ("Elise", "f"), ("Arianna", "f"),
         ("Juanita", "f"), ("Brigid", "f"), ("Bridget", "f"), ("Dorothy", "f"), ("Gloria", "f"), ("Kristen", "f"),
         ("Christina", "f"), ("Marilyn", "f"), ("Carolyn", "f"), ("Beth", "f"), ("Danielle", "f"), ("Erin", "f"),
         ("Irene", "f"), ("Jasmine", "f"), ("Jeanne", "f"), ("Lillian", "f"), ("Lori", "f"), ("Marcia", "f"),
         ("Melanie", "f"), ("Monica", "f"), ("Nora", "f"), ("Norma", "f"), ("Pamela", "f"), ("Peggy", "f"),
         ("Rita", "f"), ("Roberta", "f"), ("Rosa", "f"), ("Samantha", "f"), ("Sonia", "f"), ("Stacey", "f"),
         ("Tamara", "f"), ("Tammy", "f"), ("Tanya", "f"), ("Tara", "f"), ("Veronica", "f"), ("Yolanda", "f"),
         ("Alicia", "f"), ("Alexandra", "f"), ("Angelina", "f"), ("Carla", "f"), ("Cecilia", "f"), ("Claudia", "f"),
         ("Diana", "f"), ("Edith", "f"), ("Eileen", "f"), ("Elaine", "f"), ("Elena", "f"), ("Ella", "f"),
         ("Eva", "f"), ("Anita", "f"), ("Beatrice", "f"), ("Camilla", "f"), ("Carmen", "f"), ("Connie", "f"),
         ("Doris", "f"), ("Esther", "f"), ("Geraldine", "f"), ("Gwen", "f"), ("Ingrid", "f"), ("Jacqueline", "f"),
         ("Janice", "f"), ("Josephine", "f"), ("Katie", "f"), ("Lois", "f"), ("Marianne", "f"), ("Megyn", "f"),
         ("Meghan", "f"), ("Miriam", "f"), ("Molly", "f"), ("Nadia", "f"), ("Nadine", "f"), ("Naomi", "f"),
         ("Phyllis", "f"), ("Rachael", "f"), ("Renee", "f"), ("Sabrina", "f"), ("Sara", "f"), ("Sheryl", "f"),
         ("Simone", "f"), ("Suzanne", "f"), ("Tatiana", "f"), ("Yvonne", "f"), ("Condoleezza", "f"), ("Debra", "f"),
         ("Kellyanne", "f"), ("Josh", "m"), ("Kyle", "m"), ("Denis", "m"), ("Matteo", "m"), ("Philippe", "m"),
         ("Marcel", "m"), ("Chuck", "m"), ("Ari", "m"), ("Brandon", "m"), ("Dustin", "m"), ("Eugene", "m"),
         ("Gerald", "m"), ("Harold", "m"), ("Jared", "m"), ("Joaquin", "m"), ("Jorge", "m"), ("Julio", "m"),
         ("Justin", "m"), ("Kurt", "m"), ("Manuel", "m"), ("Marvin", "m"), ("Maurice", "m"), ("Nathan", "m"),
         ("Omar", "m"), ("Pablo", "m"), ("Raul", "m"), ("Ricardo", "m"), ("Roberto", "m"), ("Rodney", "m"),
         ("Rudy", "m"), ("Seth", "m"), ("Shane", "m"), ("Timothy", "m"), ("Victor", "m"), ("Vince", "m"),
         ("Zach", "m"), ("Zachary", "m"), ("Emmanuel", "m"), ("Francesco", "m"), ("Fernando", "m"), ("Gustavo", "m"),
         ("Hector", "m"), ("Javier", "m"), ("Klaus", "m"), ("Lars", "m"), ("Nikolai", "m"), ("Sergei", "m"),
         ("Stefano", "m"), ("Wolfgang", "m"), ("Yuri", "m"), ("Dmitri", "m"), ("Alexei", "m"), ("Andrei", "m")]


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
