"""Quote spans: marks, apostrophes, nesting and unbalanced input."""
from __future__ import annotations

import pytest

from onrecord.indexer.annotate.attribution.spans.quotes import detect_quote_style, find_quote_spans


def spans(text: str) -> list[str]:
    return [text[s.start:s.end] for s in find_quote_spans(text)]


@pytest.mark.parametrize("text, expected", [
    ('He said "we will win" today.', ['"we will win"']),
    ("He said \u201cwe will win\u201d today.", ["\u201cwe will win\u201d"]),
    ("She said: 'We're sure the Met's plan works.'", ["'We're sure the Met's plan works.'"]),
    ("She said: \u2018We\u2019re sure.\u2019", ["\u2018We\u2019re sure.\u2019"]),
    ("'It hurt the sisters' family badly,' she said.", ["'It hurt the sisters' family badly,'"]),
    ("The sisters' mother called it 'shameful'.", ["'shameful'"]),
    ('He said: "Look at \'this\' now."', ['"Look at \'this\' now."']),
    ("He said ''we won'' last night.", []),
    ("He said ``we won'' and 'nothing' else.", []),
    ("\u201cMixed marks,\" she said.", ["\u201cMixed marks,\""]),
])
def test_quote_marks(text: str, expected: list[str]) -> None:
    assert spans(text) == expected


def test_unclosed_quote_ends_at_paragraph_end() -> None:
    text = 'He said "it never ends.\n\nNext paragraph "closed" here.'
    first = find_quote_spans(text, 0, 23)
    second = find_quote_spans(text, 25, len(text))
    assert [(s.start, s.end, s.closed) for s in first] == [(8, 23, False)]
    assert [text[s.start:s.end] for s in second] == ['"closed"']


def test_markup_attributes_are_not_quotes() -> None:
    assert spans('<tweet date="May 1">Hi</tweet> he said "yes please".') == ['"yes please"']


@pytest.mark.parametrize("text", ['"', "'", "\u201d stray", "no quotes at all", ""])
def test_degenerate_input_yields_no_quotes(text: str) -> None:
    assert spans(text) == []


@pytest.mark.parametrize("text, style", [
    ('He said "yes" and \'no\' and "maybe".', "double"),
    ("She said: 'No.' Then: 'Yes.' And: 'Maybe.' He said \"ok\".", "single"),
    ("no marks", "double"),
    ("''He said 'no' and 'never,' '' she said. ''Then 'maybe.' ''", "double"),
])
def test_primary_quote_style(text: str, style: str) -> None:
    assert detect_quote_style(text) == style


@pytest.mark.parametrize("text, style, expected", [
    ("Lee called it 'odd' and said \"we will see.\"", "double", ['"we will see."']),
    ("Lee called it \"odd\" and said 'we will see.'", "single", ["'we will see.'"]),
    ("Lee said \"it was 'odd' indeed.\"", "double", ['"it was \'odd\' indeed."']),
    ("Lee said 'it was \"odd\" indeed.'", "single", ["'it was \"odd\" indeed.'"]),
])
def test_only_primary_style_marks_open_quotes(text: str, style: str, expected: list[str]) -> None:
    found = find_quote_spans(text, style=style)  # type: ignore[arg-type]
    assert [text[s.start:s.end] for s in found] == expected


@pytest.mark.parametrize("text, expected", [
    # a long quote whose paragraph breaks were lost: each reopening mark stays
    ('Ann Vole said: "We tried hard. "Next year we win." Then she left.',
     ['"We tried hard. "Next year we win."']),
    ('Ann Vole said: \u201cWe tried hard. \u201cNext year we win.\u201d',
     ['\u201cWe tried hard. \u201cNext year we win.\u201d']),
    # not a reopening: a close before the next quote, or no sentence end
    ('"We tried," she said. "Next year we win."', ['"We tried,"', '"Next year we win."']),
])
def test_reopened_quote_is_one_quote(text: str, expected: list[str]) -> None:
    assert spans(text) == expected


def test_right_mark_typed_as_an_opener_opens_a_quote() -> None:
    text = "\u201dWe tried hard. Next year we win.\u201d \u2015 Ann Vole."
    assert spans(text) == ["\u201dWe tried hard. Next year we win.\u201d"]


@pytest.mark.parametrize("text, expected", [
    # before a lowercase word a right mark opens a quote only where another right mark closes it
    ("She said doing so \u201dwas an attempt to sway the vote.\u201d Then",
     ["\u201dwas an attempt to sway the vote.\u201d"]),
    ("A stray \u201d mark and \u201dnothing else.", []),
])
def test_right_mark_opener_before_a_lowercase_word(text: str, expected: list[str]) -> None:
    assert spans(text) == expected


def test_right_mark_opener_before_an_ellipsis() -> None:
    text = "Ann Vole said:\n\n\u201d \u2026 and then we won.\u201d"
    assert spans(text) == ["\u201d \u2026 and then we won.\u201d"]


def test_curly_quote_nests_inside_a_straight_one() -> None:
    text = '"ANN: It is like an episode of \u201cHarbour Watch.\u201d But it is real."'
    assert spans(text) == [text]


@pytest.mark.parametrize("text, expected", [
    # two right marks follow the inner left one: the nested quote's close, then the open one's
    ("Ann Vole wrote: \u201cPeople at the quay wearing \u201cSave Our Pier\u201d shirts. Ouch.\u201d Then",
     ["\u201cPeople at the quay wearing \u201cSave Our Pier\u201d shirts. Ouch.\u201d"]),
    ("\u201cYou care even when \u201cyour side\u201d must answer,\u201d she said, \u201cand we do.\u201d",
     ["\u201cYou care even when \u201cyour side\u201d must answer,\u201d", "\u201cand we do.\u201d"]),
    # one right mark follows: a new quote, the open one lost its close
    ("\u201cThe plan is sound. She added, \u201cThe town is with us.\u201d Then",
     ["\u201cThe plan is sound. She added,", "\u201cThe town is with us.\u201d"]),
])
def test_a_curly_quote_nests_inside_a_curly_one_closed_after_it(text: str, expected: list[str]) -> None:
    assert spans(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a colon introduces a new quote inside one that lost its close: the old one ends at its last sentence
    ('She said: "The plan is sound. "I sat on that board for a year. She added: "The town is with us." Then',
     ['"The plan is sound. "I sat on that board for a year.', '"The town is with us."']),
    # a colon inside a closed quote changes nothing
    ('She said: "We have one aim: to win." Then she left.', ['"We have one aim: to win."']),
])
def test_a_colon_introduced_mark_opens_a_new_quote(text: str, expected: list[str]) -> None:
    assert spans(text) == expected
