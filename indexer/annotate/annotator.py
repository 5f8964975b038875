"""The annotator: chains every annotation stage over one chunked Article.

Owns the order of the stages: institutions first (so quote attribution can
recognise institutional speakers), then dates, then quotes and speakers,
then the names found cleaned of hidden characters (indexer.parse.invisibles), then
the newsroom's speaker corrections (indexer.annotate.corrections).
Each stage is a pure function Article -> Article in its own module; each
takes an optional per-file Deadline and checks it per paragraph.
"""
from __future__ import annotations

from typing import Protocol

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.corrections import apply_corrections, load_corrections
from onrecord.indexer.annotate.dates import annotate_dates
from onrecord.indexer.annotate.institutions.institutions import annotate_institutions
from onrecord.indexer.annotate.institutions.registry import load_registry
from onrecord.indexer.budget import check
from onrecord.indexer.parse.invisibles import clean_names
from onrecord.search import Article, Deadline


class Stage(Protocol):
    """One annotation stage: pure, raising DeadlineExceeded past `deadline`."""

    def __call__(self, article: Article, *, deadline: Deadline | None = None) -> Article: ...


STAGES: tuple[Stage, ...] = (annotate_institutions, annotate_dates, annotate_quotes, clean_names,
                             apply_corrections)


def load_annotation_files() -> None:
    """Read the operator's files the stages use ($ONRECORD_INSTITUTIONS,
    $ONRECORD_SPEAKERS; both cached), so that a bad one stops a command
    once, before its first input file, rather than failing every file.
    Raises RegistryError or CorrectionsError (one line naming the file)."""
    load_registry()
    load_corrections()


def annotate_article(article: Article, deadline: Deadline | None = None) -> Article:
    """Return `article` annotated: institutions, dates, then quotes with
    speakers.  Pure: the input article is not modified.  Raises
    DeadlineExceeded once `deadline` (if any) has passed."""
    for stage in STAGES:
        check(deadline)
        article = stage(article, deadline=deadline)
    return article
