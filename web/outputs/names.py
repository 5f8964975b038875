"""How an article is named, and a speaker's or institution's page linked,
on hits, pages, feeds and the look-up.

Owns display_title(): the headline when there is one; for a headline-less
article its first words, marked as such (the template adds the "untitled"
class, the text ends in an ellipsis), so a reader never takes an opening
sentence for a headline (pure).  And entity_url(): the URL of an entity's
page, built from its endpoint's name (web.pages.entities serves it), so
the outputs that link one (lookup.py) never import the pages.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

FIRST_WORDS = 10  # words of the text that stand in for a missing headline
UNTITLED = "Untitled article"  # neither a headline nor any text
# an entity kind -> the endpoint of its page (web.pages.entities' routes)
PAGE_ENDPOINTS: dict[str, str] = {"speaker": "entities.speaker_page", "institution": "entities.institution_page"}


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


def entity_url(kind: str, name: str, page: int = 1, fmt: str = "html") -> str:
    """Return the URL of (page `page` of) the profile page of `name` (a
    speaker or an institution), or of its JSON twin when `fmt` is "json";
    template global `entity_url`."""
    endpoint = PAGE_ENDPOINTS[kind] + ("_json" if fmt == "json" else "")
    return url_for(endpoint, name=name, page=page if page > 1 else None)
