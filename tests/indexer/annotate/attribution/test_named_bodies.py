"""A body the article shows to be an organisation is its quotes' speaker even where
the registry reads its name as nobody's, a role or a shorter name (issue #31, invented
text): "Lemon said" when the article also writes "lemon", "Manchester's Quay Centre"
("Centre" a rugby position), "the British Vinyl Industry" ("British" a nationality cut
off).  A person's role before their name stays theirs, and a spokesman for a person
names nobody."""
from __future__ import annotations

import pytest

from bench.extraction import extract_text


def speakers_of(text: str) -> list[tuple[str, str | None]]:
    return [(q.kind, q.speaker) for p in extract_text(text).paragraphs for q in p.quotes if q.kind != "indirect"]


@pytest.mark.parametrize("text, speakers", [
    ("Fruit row\n\nA row over the colour lemon grew after phone giant Lemon sued a new firm.\n\n"
     '"Our brand is extremely important to us," Lemon said in a statement. "We had no choice."\n',
     [("direct", "Lemon"), ("direct", "Lemon")]),
    ("Shops busy\n\nA spokesman for Manchester's Quay Centre said it was \"the busiest Christmas yet\". "
     "The Quay Centre opened in 1998.\n", [("partial", "Quay Centre")]),
    ("Shops busy\n\nA spokesman for Manchester's Quay Centre said it was \"the busiest Christmas yet\". "
     'The Quay Centre spokeswoman said 8,000 cars had come by noon. "We predict more," she added.\n',
     [("partial", "Quay Centre"), ("direct", "Quay Centre")]),  # her "she": the body, noted once per spokesperson
    ("Chart news\n\nA spokesman for the British Vinyl Industry (BVI) said the chart was due "
     '"within the first half of this year".\n',
     [("partial", "British Vinyl Industry")]),
])
def test_a_body_the_article_shows_speaks_under_its_whole_name(text: str, speakers: list[tuple[str, str]]) -> None:
    assert speakers_of(text) == speakers


@pytest.mark.parametrize("text, speakers", [
    ('Vote row\n\n"It is red," a spokesman for Ann Vole said.\n', [("direct", None)]),
    ('Vote row\n\nHome Office Minister Ann Vole said: "It is red."\n', [("direct", "Ann Vole")]),
    ('Vote row\n\nThe Quay Centre player Tom Reed said: "It is red."\n', [("direct", "Tom Reed")]),
])
def test_a_person_and_their_role_stay_the_person(text: str, speakers: list[tuple[str, str | None]]) -> None:
    assert speakers_of(text) == speakers


@pytest.mark.parametrize("text, first", [
    ("Asylum plan\n\nThe plan may cover children from other countries. Children's charities have reacted with "
     'alarm, saying the policy was "cruel".\n\nUnder the 1989 Children Act, public bodies have a duty of care. '
     "Ann Vole of Save the Children said there were grave concerns.\n", ("partial", None)),  # an owner, no body
    ("Shops busy\n\nA spokeswoman for the St Ann's Shopping Centre in Leeds said it was \"very busy\". At the "
     'St Kit\'s Shopping Centre in York, a spokesman said trade was "brisk".\n', ("partial", None)),
])
def test_an_owner_or_a_name_written_only_after_one_is_no_body(text: str, first: tuple[str, None]) -> None:
    assert speakers_of(text)[0] == first  # not "Children", not "Shopping Centre"


def test_a_credit_line_names_no_body() -> None:
    text = ("Maths\n\nThat\u2019s often what success in math is all about.\n\nWei-An Jin for Quanta Magazine\n\n"
            "\u2018Ten Martini\u2019 Proof Uses Number Theory To Explain Quantum Fractals\n\nMath is also strange.\n")
    assert speakers_of(text) == []  # not "Wei-An Jin for Quanta Magazine" speaking a title


def test_a_run_holding_a_persons_role_is_no_body() -> None:
    text = ("Housing row\n\nThe plans were criticised by MPs, a correspondent said. Chairman of the Vole Audit "
            'Committee Tom Reed MP, said: "The housing policy is an alarming example of bad planning."\n')
    assert speakers_of(text)[-1][1] in (None, "Tom Reed")  # never "Vole Audit Committee Tom Reed MP"
