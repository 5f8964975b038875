"""bench.quote_errors: PolNeAR train's quote errors matched and classed as
PolNeAR's score.py matches them (30% of a gold fragment, one-to-one), and
only the train split read."""
from __future__ import annotations

import inspect

import pytest

from bench import quote_errors
from bench.quote_errors import article_errors, false_class, match_fragments, miss_class
from onrecord.search import Quote


def test_a_prediction_matches_one_fragment_at_thirty_percent() -> None:
    # one prediction over two fragments: the better covered one is matched, the other taken
    assert match_fragments([(0, 100)], [(0, 40), (50, 150)]) == {0: 0}
    assert miss_class((50, 150), [(0, 100)], []) == "taken"
    assert match_fragments([(0, 20)], [(0, 100)]) == {}


@pytest.mark.parametrize(("gold", "pred", "indirect", "expected"), [
    ((0, 100), [(0, 10)], [], "short"),
    ((0, 100), [(200, 250)], [(0, 100)], "indirect"),
    ((0, 100), [], [], "none"),
])
def test_a_missed_fragment_is_classed_by_what_overlaps_it(gold: tuple[int, int], pred: list[tuple[int, int]],
                                                          indirect: list[tuple[int, int]], expected: str) -> None:
    assert miss_class(gold, pred, indirect) == expected


@pytest.mark.parametrize(("pred", "others", "expected"), [
    ((0, 10), [], "short"),
    ((200, 250), [(190, 260)], "indirect_gold"),
    ((200, 250), [], "apart"),
    ((0, 100), [], "extra"),
])
def test_a_false_prediction_is_classed_by_the_gold_beside_it(pred: tuple[int, int], others: list[tuple[int, int]],
                                                             expected: str) -> None:
    assert false_class(pred, [(0, 100)], others) == expected


def test_article_errors_score_direct_and_partial_quotes_only() -> None:
    quotes = [Quote(text="x", start=0, end=50, kind="direct"), Quote(text="y", start=60, end=90, kind="indirect"),
              Quote(text="z", start=300, end=320, kind="partial")]
    errors = article_errors(quotes, [(0, 50), (60, 90)], [])
    assert [(what, cls, span) for what, cls, span, _ in errors] == [
        ("MISS", "indirect", (60, 90)), ("FP", "apart", (300, 320))]


def test_it_reads_the_train_split_only() -> None:
    source = inspect.getsource(quote_errors)
    assert '"train"' in source and '"dev"' not in source and '"test"' not in source
