"""The old path of tests/indexer/annotate/attribution/articles.py, kept only so a branch
written against it still imports; new tests import from there."""
from __future__ import annotations

from tests.indexer.annotate.attribution.articles import quotes_in, speaker_of

__all__ = ["quotes_in", "speaker_of"]
