"""How an article is named on hits, pages and feeds.

Owns display_title(): the headline when there is one; for a headline-less
article its first words, marked as such (the template adds the "untitled"
class, the text ends in an ellipsis), so a reader never takes an opening
sentence for a headline.  Pure: no Flask.
"""
from __future__ import annotations

from dataclasses import dataclass

FIRST_WORDS = 10  # words of the text that stand in for a missing headline
UNTITLED = "Untitled article"  # neither a headline nor any text


@dataclass(frozen=True, slots=True)
class DisplayTitle:
    """What to show for an article: `text`, and whether it is a real headline."""

    text: str
    untitled: bool


def display_title(title: str | None, text: str | None, words: int = FIRST_WORDS) -> DisplayTitle:
    """Return the headline `title`, or, when it is blank, the first `words`
    words of `text` followed by an ellipsis (marked untitled)."""
    if title and title.strip():
        return DisplayTitle(" ".join(title.split()), untitled=False)
    opening = (text or "").split()
    if not opening:
        return DisplayTitle(UNTITLED, untitled=True)
    # The ellipsis says "this goes on" (it is an excerpt, not a headline);
    # a full stop or comma before it would read as a typo.
    return DisplayTitle(" ".join(opening[:words]).rstrip(".,;:!?…") + "…", untitled=True)
