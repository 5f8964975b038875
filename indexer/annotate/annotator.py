"""The annotator: chains every annotation stage over one chunked Article.

Owns the order of the stages: institutions first (so quote attribution can
recognise institutional speakers), then dates, then quotes and speakers,
then no speaker value where no one person or organisation said the words
(attribution.cleanup.values: two people together, an organisation voicing nothing, a description; an office
kept before a name gives the name),
then the names found cleaned of hidden characters (indexer.parse.invisibles), then
the newsroom's speaker corrections (indexer.annotate.corrections).
Each stage is a pure function Article -> Article in its own module; each
takes an optional per-file Deadline and checks it per paragraph.  It also
owns reading the operator's files once per run (load_annotation_files: the
institutions and speakers settings' files) into AnnotationFiles, which the
run hands to every file's annotation, in this process or a worker's.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Protocol

from onrecord.indexer.annotate.attribution.attribution import annotate_quotes
from onrecord.indexer.annotate.attribution.cleanup.values import clear_speaker_values
from onrecord.indexer.annotate.corrections import Corrections, apply_corrections, load_corrections
from onrecord.indexer.annotate.dates import annotate_dates
from onrecord.indexer.annotate.institutions.institutions import annotate_institutions
from onrecord.indexer.annotate.institutions.registry import InstitutionRegistry, load_registry
from onrecord.indexer.budget import check
from onrecord.indexer.parse.invisibles import clean_names
from onrecord.search import Article, Config, Deadline


class Stage(Protocol):
    """One annotation stage: pure, raising DeadlineExceeded past `deadline`."""

    def __call__(self, article: Article, *, deadline: Deadline | None = None) -> Article: ...


STAGES: tuple[Stage, ...] = (annotate_institutions, annotate_dates, annotate_quotes, clear_speaker_values,
                             clean_names, apply_corrections)


@dataclass(frozen=True, slots=True)
class AnnotationFiles:
    """The operator's files as read: the institutions registry (the
    packaged list, then the institutions setting's files) and the speakers
    setting's corrections.  Picklable, so a cluster's workers annotate with
    the files the indexing process read, wherever they run."""

    registry: InstitutionRegistry
    corrections: Corrections


def load_annotation_files(config: Config | None = None) -> AnnotationFiles:
    """Return the files named by `config`'s institutions and speakers
    settings (os.pathsep-separated; default Config(): none, so the packaged
    institutions alone), read once (cached per list), so that a bad one
    stops a command before its first input file rather than failing every
    file.  Raises RegistryError or CorrectionsError (one line naming the file)."""
    config = config or Config()
    return AnnotationFiles(load_registry(*setting_paths(config.institutions)),
                           load_corrections(*setting_paths(config.speakers)))


def setting_paths(value: str) -> list[str]:
    """Return the paths of a setting that lists files, os.pathsep-separated (blanks left out)."""
    return [path for path in value.split(os.pathsep) if path.strip()]


def bind_stages(files: AnnotationFiles) -> tuple[Stage, ...]:
    """Return STAGES in their order, each stage that reads the operator's
    files given its part of `files`."""
    given: dict[Stage, Stage] = {
        annotate_institutions: partial(annotate_institutions, registry=files.registry),
        annotate_quotes: partial(annotate_quotes, registry=files.registry),
        apply_corrections: partial(apply_corrections, corrections=files.corrections),
    }
    return tuple(given.get(stage, stage) for stage in STAGES)


def annotate_article(article: Article, deadline: Deadline | None = None,
                     annotation_files: AnnotationFiles | None = None) -> Article:
    """Return `article` annotated: institutions, dates, then quotes with
    speakers, with the operator's `annotation_files` (default: none, the
    packaged institutions alone).  Pure: the input article is not
    modified.  Raises DeadlineExceeded once `deadline` (if any) has passed."""
    for stage in _bound_stages(annotation_files) if annotation_files else _default_stages():
        check(deadline)
        article = stage(article, deadline=deadline)
    return article


# the stages bound last and the registry and corrections they hold: a run passes the same
# files to every article, so binding them per article only rebuilt three partials
_BOUND: list[tuple[InstitutionRegistry, Corrections, tuple[Stage, ...]]] = []


def _bound_stages(files: AnnotationFiles) -> tuple[Stage, ...]:
    """Return bind_stages(files), bound again only when `files` holds another
    registry or corrections object than the last call's."""
    last = _BOUND[0] if _BOUND else None  # read once: another thread may replace it
    if last is None or last[0] is not files.registry or last[1] is not files.corrections:
        last = (files.registry, files.corrections, bind_stages(files))
        _BOUND[:] = [last]
    return last[2]


@lru_cache(maxsize=1)
def _default_stages() -> tuple[Stage, ...]:
    """Return the stages bound to the default files (load_annotation_files(): the packaged
    institutions alone), bound once: those files are cached per list, so binding them per
    article only rebuilt a Config and three partials (0.6% of annotating the BBC corpus)."""
    return bind_stages(load_annotation_files())
