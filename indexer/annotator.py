"""The annotator: chains every annotation stage over one chunked Article.

Owns the order of the stages (institutions, then dates, then quotes and
speakers) so the pipeline calls one pure function.  The institution and
date stages live in their own modules; a stage that is missing from this
checkout is skipped rather than stopping quote extraction.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from indexer.attribution import annotate_quotes
from search.model import Article

log = logging.getLogger(__name__)
Stage = Callable[[Article], Article]


def _optional_stage(module: str, name: str) -> Stage | None:
    """Return module.name if it can be imported, else None (logged once)."""
    try:
        mod = __import__(f"indexer.{module}", fromlist=[name])
        return getattr(mod, name)
    except (ImportError, AttributeError) as exc:
        log.warning("annotation stage indexer.%s.%s unavailable: %s", module, name, exc)
        return None


def annotation_stages() -> list[Stage]:
    """Return the stages annotate_article runs, in order."""
    stages = [_optional_stage("institutions", "annotate_institutions"),
              _optional_stage("dates", "annotate_dates")]
    return [s for s in stages if s is not None] + [annotate_quotes]


_STAGES: list[Stage] | None = None


def annotate_article(article: Article) -> Article:
    """Return `article` annotated: institutions, dates, then quotes with
    speakers.  Pure: the input article is not modified."""
    global _STAGES
    if _STAGES is None:
        _STAGES = annotation_stages()
    for stage in _STAGES:
        article = stage(article)
    return article
