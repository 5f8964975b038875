"""Fixtures the query-array tests share (test_docarrays, test_matcharrays)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from onrecord.search.storage.store import Index
from tests.factories import indexed
from tests.search.test_quotes_mode import generated_articles


@pytest.fixture(scope="module")
def index() -> Iterator[Index]:
    """Yield an index of 40 generated articles in two commits, three of them
    written again: segments with deleted docs, which the arrays must drop."""
    articles = generated_articles(40, seed=5)
    idx = indexed(articles[:20], articles[20:], articles[:3])
    yield idx
    idx.close()
