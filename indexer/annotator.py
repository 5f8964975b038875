"""The annotator: chains every annotation stage over one chunked Article.

Owns the order of the stages: institutions first (so quote attribution can
recognise institutional speakers), then dates, then quotes and speakers.
Each stage is a pure function Article -> Article in its own module.
"""
from __future__ import annotations

from collections.abc import Callable

from indexer.attribution import annotate_quotes
from indexer.dates import annotate_dates
from indexer.institutions import annotate_institutions
from search.model import Article

Stage = Callable[[Article], Article]
STAGES: tuple[Stage, ...] = (annotate_institutions, annotate_dates, annotate_quotes)


def annotate_article(article: Article) -> Article:
    """Return `article` annotated: institutions, dates, then quotes with
    speakers.  Pure: the input article is not modified."""
    for stage in STAGES:
        article = stage(article)
    return article
