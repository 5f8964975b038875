"""The article page's change marks: what differs from the version first indexed.

Owns turning StoredArticle.changes into safe markup: the words a shown
paragraph gained become <ins> spans (drawn by web.pages.render with the other
marks), each changed paragraph gets a line with the earlier wording and its
dropped words in <del>, and removed paragraphs are shown struck out where
they stood.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from onrecord.search import StoredArticle
from onrecord.web.pages.render import Span, render_spans


@dataclass(slots=True)
class ChangeMarks:
    """Markup for the changes, keyed by the shown paragraph they belong to."""

    inserted: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    was: dict[int, Markup] = field(default_factory=dict)  # earlier wording of paragraph n
    removed_after: dict[int, list[Markup]] = field(default_factory=dict)  # 0: before the first


def change_marks(article: StoredArticle) -> ChangeMarks:
    """Return the change markup of `article` (empty when nothing changed
    or the version shown is the one first indexed)."""
    marks = ChangeMarks()
    for change in article.changes:
        if change.kind in ("changed", "inserted"):
            marks.inserted.setdefault(change.n, []).extend(change.inserted)
        if change.kind == "changed":
            marks.was[change.n] = _struck(change.old_text, change.removed)
        elif change.kind == "removed":
            marks.removed_after.setdefault(change.n, []).append(
                _struck(change.old_text, change.removed))
    return marks


def _struck(text: str, removed: list[tuple[int, int]]) -> Markup:
    """Return `text` escaped with the `removed` spans in <del>."""
    return render_spans(text, [Span(start, end, "del") for start, end in removed])
