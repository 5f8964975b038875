"""A definite body description no body spoke before ("The club said", "the brewer said") is the
capitalised name before it that clearly wins the ranking (descriptions.bodies.bodyranks): one test per
row of BODY_NOUNS, of SIGNALS and of the lexicon's body_act_adverbs, body_place_links and
body_object_links, and the guards (a tie, a person, a place, "a bookmaker" before:
unnamed)."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.descriptions.bodies.bodyranks import (
    BODY_NOUNS,
    SIGNALS,
    Seen,
    Where,
    _place,
    ranked_body,
)
from onrecord.indexer.annotate.attribution.people.speakers import DocSpeakers
from onrecord.indexer.lexicon import words
from tests.indexer.annotate.attribution.test_reported import reported


def _article(noun: str) -> str:
    """An article whose lead names Brannock beside `noun` and whose next paragraph's clause is "the <noun>"'s."""
    return (f"Brannock plans a sale\n\nShares in the Norland {noun} Brannock fell sharply on Monday.\n\n"
            f"The {noun} said it would sell its offices in Tamm.\n")


@pytest.mark.parametrize("noun", sorted(BODY_NOUNS))
def test_each_body_noun_is_the_name_it_stands_beside(noun: str) -> None:
    assert [(q.text, q.speaker) for q in reported(_article(noun))] == [("it would sell its offices in Tamm", "Brannock")]


def _seen(text: str, name: str, possessor: bool = False) -> Seen:
    start = text.index(name)
    return Seen(start, start + len(name) + (2 if possessor else 0), possessor)


_WHERE = Where(headline_end=20, lead_end=60, recent=100)
# (row, text, name, whether the row's test passes): a pass and a fail for each row of SIGNALS
_CASES = [
    ("appositive", "x" * 120 + " Shares in brewer Brannock fell.", "Brannock", True),
    ("appositive", "x" * 120 + " Brannock - the Norland brewer - fell.", "Brannock", True),
    ("appositive", "x" * 120 + " Shares in baker Brannock fell.", "Brannock", False),
    ("appositive", "x" * 120 + " Shares in rival brewer Brannock fell.", "Brannock", False),  # another brewer
    ("headline", "Brannock sells shops" + "x" * 120, "Brannock", True),
    ("headline", "x" * 120 + " Brannock fell.", "Brannock", False),
    ("lead", "x" * 30 + " Brannock fell." + "x" * 100, "Brannock", True),
    ("lead", "x" * 120 + " Brannock fell.", "Brannock", False),
    ("acts", "x" * 120 + " Brannock has sold its shops.", "Brannock", True),
    ("acts", "x" * 120 + " Brannock also sold its shops.", "Brannock", True),
    ("acts", "x" * 120 + " shares in Brannock fell.", "Brannock", False),
    ("recent", "x" * 120 + " shares in Brannock fell.", "Brannock", True),
    ("recent", "x" * 60 + " Brannock fell." + "x" * 100, "Brannock", False),
]


def test_every_signal_has_cases() -> None:
    assert {row for row, *_ in _CASES} == {name for name, _points, _test in SIGNALS}


@pytest.mark.parametrize(("row", "text", "name", "passes"), _CASES)
def test_each_signal(row: str, text: str, name: str, passes: bool) -> None:
    test = next(t for n, _points, t in SIGNALS if n == row)
    assert test(text, _seen(text, name), _WHERE, "brewer") is passes


def test_a_possessor_acts() -> None:
    text = "x" * 120 + " Brannock's shares fell."
    test = next(t for n, _points, t in SIGNALS if n == "acts")
    assert test(text, _seen(text, "Brannock", possessor=True), _WHERE, "brewer")


@pytest.mark.parametrize("text", [
    # two names equally placed: no clear winner
    "Brannock and Vortigen in talks\n\nBrannock met Vortigen on Monday.\n\nThe company said it would sell its offices.\n",
    # a registered person is never the body
    "Ann Vole leaves\n\nAnn Vole has resigned as chief of the board.\n\nThe company said it would sell its offices.\n",
    # a place is never the body
    "Storm hits\n\nThe storm cut the power in Tamm on Monday.\n\nThe company said it would sell its offices.\n",
    # a publication is no company
    "Shops shut\n\nThe Quill Daily newspaper has closed its shops.\n\nThe company said it would sell its offices.\n",
    # the lead's "a bookmaker": that description's body, not a ranked name
    "Brannock odds cut\n\nA bookmaker has cut its odds on Brannock.\n\nThe bookmaker said it would sell its offices.\n",
])
def test_no_clear_winner_stays_unnamed(text: str) -> None:
    assert [q.speaker for q in reported(text)] == [None]


def test_an_appositive_of_the_same_kind_outranks_the_other_subject() -> None:
    text = ("Phone deal at risk\n\nThe vote raised the risks of Vortigen's deal. If Vortigen pulls out, Brannock - the "
            "rival firm which lost the tender - may return. The company said it would accept a minority stake.\n")
    assert [q.speaker for q in reported(text)][-1] == "Brannock"


@pytest.mark.parametrize(("description", "speaker"), [("The company", "Brannock Ltd"), ("The party", None)])
def test_a_name_of_another_kind_is_never_the_body(description: str, speaker: str | None) -> None:
    text = f"Jobs cut\n\nBrannock Ltd has cut 300 jobs.\n\n{description} said it would fight the cuts.\n"
    assert ranked_body(description, text.index(description), DocSpeakers(text)) == speaker  # a firm is no party


def _acts(text: str, name: str) -> bool:
    """Return what the SIGNALS row "acts" says of the first mention of `name` in `text`."""
    test = next(t for n, _points, t in SIGNALS if n == "acts")
    return test(text, _seen(text, name), _WHERE, "brewer")


@pytest.mark.parametrize("adverb", sorted(words("body_act_adverbs")))
def test_each_act_adverb_row_keeps_the_verb_after_it_the_names(adverb: str) -> None:
    assert _acts("x" * 120 + f" Brannock {adverb} sold its shops.", "Brannock")


@pytest.mark.parametrize("link", sorted(words("body_place_links", "body_object_links")))
def test_each_link_row_makes_the_name_its_object(link: str) -> None:
    assert not _acts("x" * 120 + f" shares {link} Brannock have fallen.", "Brannock")


@pytest.mark.parametrize("link", sorted(words("body_place_links")))
def test_each_place_link_row_makes_a_name_that_never_acts_a_place(link: str) -> None:
    text = "x" * 120 + f" The storm cut the power {link} Tamm on Monday."
    assert _place(text, [_seen(text, "Tamm")])
